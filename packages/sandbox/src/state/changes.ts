/**
 * The emulator's live feed: every change the dashboard shows, as it happens (a payment created or
 * changed, a platform request logged, a callback attempted, the clock moved, the faults set, all
 * forgotten). Listeners are called synchronously and must not throw; the dashboard's event stream
 * (tools/events.ts) is one.
 */
import type { Delivery } from './callbacks.js';
import type { PaymentRecord } from './payments.js';
import type { LoggedRequest } from './request-log.js';

export type SandboxChange =
  | { type: 'payment'; record: PaymentRecord }
  | { type: 'request'; entry: LoggedRequest }
  | { type: 'delivery'; delivery: Delivery }
  | { type: 'clock' }
  | { type: 'faults' }
  | { type: 'reset' };

export function createChangeFeed() {
  const listeners = new Set<(change: SandboxChange) => void>();
  return {
    emit(change: SandboxChange) {
      for (const listener of listeners) listener(change);
    },
    /** Listens until the returned function is called. */
    subscribe(listener: (change: SandboxChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
