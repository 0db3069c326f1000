/**
 * The demo pages' calls to the demo merchant's backend (demo/merchant/), same origin, under /api/.
 * Shapes come from the backend's own types.
 */
import type { CheckoutResponse, PayinDetailResponse } from 'pay-checkout';
import type { HostedConfig } from '../merchant/backend.js';
import type { CallbackRecord } from '../merchant/callback-log.js';
import { checkoutUrl, type Cart, type TokenScope } from './cart.js';

export type { Cart, CheckoutResponse, CallbackRecord, HostedConfig, TokenScope };

export class BackendError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The backend names a browser with a cookie on its first call that has none. Two first calls at
 * once would each get a name, the last one winning, and a callback stream opened under the other
 * would miss this browser's orders: so a page's first call goes alone, and the others wait for it.
 */
let named: Promise<unknown> | undefined;
const nameThisBrowser = () =>
  (named ??= fetch('/api/callbacks', { headers: { Accept: 'application/json' } }).catch(() => undefined));

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  await nameThisBrowser();
  const response = await fetch(path.startsWith('/api/') ? path : `/api${path}`, {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => undefined)) as { errorCode?: string; message?: string } | undefined;
  if (!response.ok)
    throw new BackendError(
      response.status,
      json?.errorCode ?? 'HTTP_' + response.status,
      json?.message ?? response.statusText,
    );
  return json as T;
}

/** A checkout of the cart: the server prices it, and answers with a fresh idPayin and a token for it alone. */
export const startCheckout = (cart: Cart) => call<CheckoutResponse>('POST', checkoutUrl(cart), {});

/** The payin as the merchant reads it (GET /payins/{idPayin} on the backend). */
export const readCheckout = (idPayin: string) =>
  call<{ idPayin: string; payin: PayinDetailResponse }>('GET', `/checkouts/${encodeURIComponent(idPayin)}`);

/** Emulator only: moves its clock past the payin's expiry and the two hours after it. */
export const expireNow = (idPayin: string) =>
  call<{ advancedSeconds: number; sandboxNow: string }>('POST', '/sandbox/expire', { idPayin });

/** The merchant's configuration as a hosted payment page uses it: callback URL, platform, name. */
export const hostedConfig = () => call<HostedConfig>('GET', '/hosted-config');

/**
 * Follows the callbacks the backend receives about this browser's orders: each one when it
 * arrives and again once the backend has read the payin. Returns a function that stops following.
 */
export function followCallbacks(onRecord: (record: CallbackRecord) => void): () => void {
  let source: EventSource | undefined;
  let stopped = false;
  void nameThisBrowser().then(() => {
    if (stopped) return;
    source = new EventSource('/api/callbacks/stream');
    source.addEventListener('callback', (event) =>
      onRecord(JSON.parse((event as MessageEvent<string>).data) as CallbackRecord),
    );
  });
  return () => {
    stopped = true;
    source?.close();
  };
}
