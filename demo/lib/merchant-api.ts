/**
 * The demo pages' calls to the demo merchant's backend (demo/merchant/), same origin, under /api/.
 * Shapes come from the backend's own types.
 */
import type { CheckoutSession, HostedConfig, TokenScope } from '../merchant/backend.js';
import type { CallbackRecord } from '../merchant/callback-log.js';
import type { PayinDetailResponse } from '../../src/pay-checkout.js';

export type { CheckoutSession, CallbackRecord, HostedConfig, TokenScope };

export class BackendError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => undefined)) as { errorCode?: string; message?: string } | undefined;
  if (!response.ok) throw new BackendError(response.status, json?.errorCode ?? 'HTTP_' + response.status, json?.message ?? response.statusText);
  return json as T;
}

/** A fresh idPayin and a token for it alone. */
export const startCheckout = (request: { amount: number; currencyCode: string; tokenScope?: TokenScope }) =>
  call<CheckoutSession>('POST', '/checkouts', request);

/** The payin as the merchant reads it (GET /payins/{idPayin} on the backend). */
export const readCheckout = (idPayin: string) => call<{ idPayin: string; payin: PayinDetailResponse }>('GET', `/checkouts/${encodeURIComponent(idPayin)}`);

/** Emulator only: moves its clock past the payin's expiry and the two hours after it. */
export const expireNow = (idPayin: string) => call<{ advancedSeconds: number; sandboxNow: string }>('POST', '/sandbox/expire', { idPayin });

/** The merchant's configuration as a hosted payment page uses it: callback URL, platform, name. */
export const hostedConfig = () => call<HostedConfig>('GET', '/hosted-config');

/**
 * Follows the callbacks the backend receives about this browser's orders: each one when it
 * arrives and again once the backend has read the payin. Returns a function that stops following.
 * The backend knows the browser by a cookie it sets on the first call that has none.
 */
export function followCallbacks(onRecord: (record: CallbackRecord) => void): () => void {
  const source = new EventSource('/api/callbacks/stream');
  source.addEventListener('callback', (event) => onRecord(JSON.parse((event as MessageEvent<string>).data) as CallbackRecord));
  return () => source.close();
}
