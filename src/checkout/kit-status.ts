/**
 * The merchant kit's status route, polled in place of the platform: a checkout's `statusPollUrl`
 * (`GET {prefix}/payins/{idPayin}/status?handle=…`, docs/server.md) answers the payment as the
 * shop last read it after the platform's callback, from the kit's store, so polling it costs the
 * platform nothing and needs no token. The StatusPoller keeps its cadence; this is only what one
 * poll asks. A chunk of its own: only a checkout whose answer names the route fetches it.
 *
 * - `If-None-Match` with the last `ETag`: 304, like `{}` (nothing read yet), is no news.
 * - 429, 5xx, no answer: a failure that passes (the poller backs off as it does from the platform).
 * - Any other 4xx (400, 403, 404, …): this route will not answer this element (an expired handle,
 *   a server without the route): it warns once and follows the payment on the platform from then on.
 */
import { PlatformError, parseRetryAfter } from '../api/errors.js';
import { DEFAULT_TIMEOUT_MS } from '../api/transport.js';

export interface KitStatusOptions<R> {
  /** The kit's status URL of this payment, absolute. */
  url: string;
  /** The payment the kit answered, checked as a read's answer is: it throws when it is not this payment's. */
  parse: (data: unknown) => R;
  /** The platform's read, for a route that refuses this element. */
  fallback: (signal: AbortSignal) => Promise<R>;
  fetch?: typeof fetch;
}

/** Reads the status from the kit: the payment, or undefined for no news. */
export type KitStatusRead<R> = (signal: AbortSignal) => Promise<R | undefined>;

export function kitStatusReader<R>(options: KitStatusOptions<R>): KitStatusRead<R> {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let etag: string | undefined;
  let refused = false;

  const failure = (code: string, message: string, response?: Response) =>
    new PlatformError({
      code,
      message,
      httpStatus: response?.status,
      retryable: true,
      retryAfterMs: parseRetryAfter(response?.headers.get('Retry-After') ?? null),
    });

  return async (signal) => {
    if (refused) return options.fallback(signal);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(options.url, {
        headers: etag ? { Accept: 'application/json', 'If-None-Match': etag } : { Accept: 'application/json' },
        // The answer is a shopper's payment behind a handle: no cache keeps it, the ETag revalidates.
        cache: 'no-store',
        signal: AbortSignal.any([signal, AbortSignal.timeout(DEFAULT_TIMEOUT_MS)]),
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw failure('NETWORK', `The shop's status route could not be reached (${String(error)})`);
    }
    if (response.status === 304) return undefined;
    if (response.status === 429) throw failure('RATE_LIMITED', "The shop's status route is busy", response);
    if (response.status >= 500)
      throw failure('SERVER_ERROR', `The shop's status route answered ${response.status}`, response);
    if (response.status >= 400) {
      refused = true;
      console.warn(
        `<pay-checkout>: the shop's status route answered ${response.status} (${text.slice(0, 120)}); following the payment on the platform instead`,
      );
      return options.fallback(signal);
    }
    try {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = JSON.parse(text) as { payin?: unknown; topUp?: unknown } | null;
      const data = body?.payin ?? body?.topUp;
      const payment = data === undefined ? undefined : options.parse(data);
      etag = response.headers.get('ETag') ?? undefined;
      return payment;
    } catch (error) {
      throw new PlatformError({
        code: 'BAD_RESPONSE',
        httpStatus: response.status,
        message: `The shop's status route answered what is not this payment's status: ${String(error).slice(0, 160)}`,
        cause: error,
      });
    }
  };
}
