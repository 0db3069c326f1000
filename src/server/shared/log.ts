/**
 * Where the server side reports what it cannot throw (a hook or listener that failed, a lost
 * connection, a platform that refused): the merchant's `log` option, console.warn by default.
 */
export type BusLog = (message: string, error?: unknown) => void;

export const consoleBusLog: BusLog = (message, error) =>
  console.warn(`[pay-checkout] ${message}`, ...(error === undefined ? [] : [error]));
