/**
 * Loading the emulator's server half (start.ts) when a sandbox starts. Its packages — hono,
 * @hono/node-server and re2js — serve the emulator alone, so they are optional peer dependencies
 * of pay-checkout: an element user's install does not carry them, and a sandbox user who has not
 * installed them is told which to install.
 */

/** The emulator's own packages: optional peer dependencies of pay-checkout, which element users never load. */
export const EMULATOR_PACKAGES = ['hono', '@hono/node-server', 're2js'] as const;

/**
 * The error of a missing emulator package, naming what to install; any other error as it is.
 * Node says `Cannot find package 'hono' imported from …` (ERR_MODULE_NOT_FOUND).
 */
export function emulatorLoadError(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code !== 'ERR_MODULE_NOT_FOUND' || typeof message !== 'string') return error;
  const missing = EMULATOR_PACKAGES.filter((name) => message.includes(`'${name}'`));
  if (!missing.length) return error;
  return new Error(
    `pay-checkout/sandbox needs the emulator's packages, optional peer dependencies of pay-checkout that are not installed (${missing.join(', ')} missing): npm install --save-dev ${EMULATOR_PACKAGES.join(' ')}`,
    { cause: error },
  );
}

export async function loadEmulator(): Promise<typeof import('./start.js')> {
  try {
    return await import('./start.js');
  } catch (error) {
    throw emulatorLoadError(error);
  }
}
