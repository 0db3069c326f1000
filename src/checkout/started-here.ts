/**
 * Whether a payin was started in this browser tab: a marker in sessionStorage, written before the
 * create request goes out. A fresh checkout then asks the platform for nothing but its options
 * (no speculative GET of a payin that cannot exist yet, and no 404 in every shopper's console),
 * while a reload of the tab still finds and resumes its payin. Where storage cannot be used
 * (blocked, sandboxed, not a browser), the checkout reads the payin, as if it had started here.
 */
import type { CheckoutConfig } from './config.js';

export type MarkerStorage = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (config: CheckoutConfig) => `pay-checkout:started:${config.baseUrl} ${config.idPayin}`;

/** This tab's sessionStorage, where the page may use it. */
export const sessionStore = (): MarkerStorage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export function wasStartedHere(config: CheckoutConfig, storage = sessionStore()): boolean {
  try {
    return !storage || storage.getItem(keyOf(config)) !== null;
  } catch {
    return true;
  }
}

export function markStartedHere(config: CheckoutConfig, storage = sessionStore()): void {
  try {
    storage?.setItem(keyOf(config), String(Date.now()));
  } catch {
    // Full or blocked: a reload then meets 409 at the create and resumes all the same.
  }
}
