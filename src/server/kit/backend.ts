/**
 * `createCheckoutBackend(options)`: the merchant's whole server side of a checkout,
 * framework-neutral: a Web `Request` in, a `Response` out, no DOM (docs/server.md).
 *
 * A new checkout: the merchant's `order(request)` decides the payment (a payin, or a top-up:
 * `kind: 'topup'`) and its money, never the browser; a payment-scoped token is minted through a
 * bounded, patient queue, and the answer carries it with a handle. The browser holding the handle
 * renews its token, and opens the payment's authorized stream, whose `changed` events carry the
 * payment read after each callback (`{"payin": …}` or `{"topUp": …}`), or, without a stream, polls
 * the payment's status from the kit's store (status-poll.ts).
 *
 * Refusals are JSON `{errorCode, message, details?}`: 400 (malformed), 403 `FORBIDDEN` (a handle
 * that is not this backend's, another payment's or expired), 404, 405, 413, 415, 422
 * `INVALID_ORDER` (the order hook's answer breaks the id or money rule), 502 with the platform's
 * code when the platform fails, 503 with Retry-After when too many checkouts wait (`maxQueue`) or
 * the store cannot be reached. Bad input never gets a 500.
 *
 * Only payments it gave checkouts for are acted on: a callback about another id is acknowledged
 * and costs the platform nothing. The browser never receives more than a token for its one payment.
 */
import { PlatformClock, platformNow } from '../../api/platform-clock.js';
import type { Money } from '../../api/schemas/request-common.js';
import { memoryBus } from '../relay/bus-memory.js';
import { originCheck } from '../relay/origins.js';
import { createStatusRelay, type StreamOptions } from '../relay/relay.js';
import { consoleBusLog } from '../shared/log.js';
import { isPaymentId, subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import { memoryCheckoutStore } from '../stores/checkout-store.js';
import { countMintQueue } from '../telemetry/telemetry.js';
import { refuseInBrowser } from '../tokens/browser-guard.js';
import { createTokenIssuer } from '../tokens/issuer.js';
import type { CheckoutBackend, PaymentCallOptions } from './backend-api.js';
import { createCallQueue, MINT_RETRY } from './call-queue.js';
import { createCheckoutAnswers } from './checkout-answers.js';
import { createCheckouts } from './checkouts.js';
import { createFxRateCache } from './fx-rate-cache.js';
import { createCheckoutHandles, deriveHandleKey, type TokenScope } from './handle.js';
import { HttpError } from '../http/error.js';
import { createOptionsCache } from './options-cache.js';
import type { CheckoutBackendOptions } from './options.js';
import { kindHooks, type Payment } from './payment-hooks.js';
import { createPaymentReader } from './payment-reader.js';
import { createPlatformFetch } from './platform-fetch.js';
import { resolveOptions } from './resolve-options.js';
import { kitRouter } from './routes.js';
import { createStatusPolls } from './status-poll.js';

/**
 * The merchant's server side of a checkout. One per server process; every instance of a server
 * that runs several shares a Redis (`store: redisCheckoutStore({ url })`, `bus: redisBus({ url })`).
 *
 * @example
 * ```ts
 * import { createCheckoutBackend, memoryCheckoutStore, memoryBus } from 'pay-checkout/server';
 *
 * export const checkout = createCheckoutBackend({
 *   platformUrl: process.env.PLATFORM_URL!,
 *   merchantCode: process.env.MERCHANT_CODE!,
 *   privateKey: process.env.MERCHANT_PRIVATE_KEY!,        // PKCS#8 PEM; stays on the server
 *   prefix: '/pay',
 *   callbackUrl: 'https://shop.example/pay/callbacks',     // this backend, as the platform reaches it
 *   merchantName: 'Shop Example',
 *   // The order from the shop's own session, never from the browser's word.
 *   order: async (request) => {
 *     const cart = await carts.fromCookie(request.headers.get('cookie'));
 *     if (!cart) return Response.json({ errorCode: 'CART_EMPTY', message: 'Your cart is empty' }, { status: 409 });
 *     return { idPayin: cart.orderId, money: { amount: cart.total, currencyCode: 'INR' } };
 *   },
 *   onPaymentUpdate: async ({ kind, id, payment }) => {
 *     if (kind === 'payin' && payment.status === 'SUCCESS') await orders.markPaid(id, payment);
 *   },
 * });
 *
 * // Hono, Bun, Deno, a Next.js route handler: anything that hands over a Web Request.
 * app.all('/pay/*', (c) => checkout.fetch(c.req.raw));
 * ```
 *
 * The page: `<pay-checkout checkout-url="/pay/checkouts"></pay-checkout>`.
 */
export function createCheckoutBackend(options: CheckoutBackendOptions): CheckoutBackend {
  refuseInBrowser('createCheckoutBackend');
  const config = resolveOptions(options);
  const log = options.log ?? consoleBusLog;
  const clock = new PlatformClock();
  const platformFetch = createPlatformFetch(clock, () => options.fetch ?? fetch, config.platformUrl);
  const platform = { platformUrl: config.platformUrl, apiVersion: config.apiVersion, fetch: platformFetch };
  const issuer = createTokenIssuer({
    baseUrl: config.platformUrl,
    merchantCode: options.merchantCode,
    privateKey: options.privateKey,
    secret: options.secret,
    apiVersion: config.apiVersion,
    fetch: platformFetch,
  });
  const store = options.store ?? memoryCheckoutStore();
  const bus = options.bus ?? memoryBus({ log });
  const keepMs = config.handleValiditySecs * 1000;
  const queue = createCallQueue({
    concurrency: config.concurrentMints,
    maxWaiting: config.maxQueue,
    onWaiting: countMintQueue,
  });
  const optionsCaches = config.provideOptions
    ? {
        payin: createOptionsCache({ ...platform, issuer }),
        topup: createOptionsCache({ ...platform, issuer, kind: 'topup' }),
      }
    : undefined;
  const fxRates = createFxRateCache({ ...platform, issuer, platformNow: () => platformNow(clock) });
  const handleKey = deriveHandleKey(options);
  handleKey.catch((error) =>
    log(
      'The key of checkout handles could not be made (privateKey, secret or handleSecret): checkouts fail until it is fixed',
      error,
    ),
  );
  const handles = createCheckoutHandles({
    key: handleKey,
    validitySecs: config.handleValiditySecs,
    now: options.now ?? Date.now,
  });
  const reader = createPaymentReader({
    ...platform,
    ...kindHooks(options),
    issuer,
    store,
    bus,
    minReadGapMs: config.minReadGapMs,
    pollReadAfterMs: config.pollReadAfterMs,
    keepMs,
    log,
  });
  if (!store.noteRead || !store.takeStaleRead)
    log('The checkout store has no noteRead and takeStaleRead: status polls answer from it, with no safety-net read');
  const counts = { checkouts: 0, renewals: 0, forbidden: 0 };
  const outcomes = { checkout: 'checkouts', renewal: 'renewals', forbidden: 'forbidden' } as const;

  /** A store call; its failure is 503 (the shopper or the platform tries again), never a 500. */
  async function remembered<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      log('The checkout store failed', error);
      throw new HttpError(503, 'STORE_UNAVAILABLE', 'The shop cannot reach its checkout store now; try again', {
        headers: { 'Retry-After': '1' },
      });
    }
  }
  const isKnown = async (kind: PaymentKind, id: string) => (await store.recall(subjectOf(kind, id))) !== undefined;

  const relay = createStatusRelay({
    bus,
    ...options.relay,
    log,
    knownPayment: (id, kind) => isKnown(kind, id),
    onPaymentChange: (id, kind) => reader.follow(subjectOf(kind, id)),
  });

  async function callbackUrlFor(request: Request): Promise<string> {
    let url: unknown;
    try {
      url = typeof options.callbackUrl === 'string' ? options.callbackUrl : await options.callbackUrl(request);
      if (typeof url === 'string' && /^https?:$/.test(new URL(url).protocol)) return url;
    } catch (error) {
      log('The callbackUrl function failed', error);
    }
    log(`callbackUrl gave ${JSON.stringify(url)}, not an absolute http(s) URL`);
    throw new HttpError(500, 'CONFIGURATION', 'The shop has no valid callback URL for the platform');
  }

  /** A checkout token for one payment, in its turn: a payin's or a top-up's, by the checkout's scope. */
  function mint(kind: PaymentKind, id: string, money: Money, scope: TokenScope, signal: AbortSignal) {
    const call = { retry: MINT_RETRY, signal };
    const validitySecs = config.tokenValiditySecs;
    const byAction = scope === 'by-action';
    return queue.run(() => {
      if (kind === 'topup') return issuer.forTopUp(id, { fxRates: !byAction, money, validitySecs }, call);
      return byAction
        ? issuer.byAction({ action: 'PAYIN_CREATE', idPayment: id, money, validitySecs }, call)
        : issuer.forCheckout(id, { merchantInfo: true, externalReference: true, money, validitySecs }, call);
    }, signal);
  }

  const answer = createCheckoutAnswers({
    config,
    fxRates,
    options: optionsCaches,
    callbackUrlFor,
    // A payment given a checkout counts as read: polls ask for no read until the bound has passed.
    remember: (subject, checkout) =>
      remembered(async () => {
        await store.remember(subject, checkout, keepMs);
        await store.noteRead?.(subject, config.pollReadAfterMs);
      }),
    mint,
    handles,
  });
  const handleCheckout = createCheckouts({
    options,
    config,
    log,
    handles,
    store,
    answer,
    remembered,
    count: (outcome) => counts[outcomes[outcome]]++,
  });

  /** Whether the request's `?handle=` is a valid handle of this payment: a payin's never opens a top-up's stream, nor the reverse. */
  async function authorizedBy(request: Request, kind: PaymentKind, id: string): Promise<boolean> {
    const handle = new URL(request.url).searchParams.get('handle');
    if (handle === null) return false;
    try {
      const claims = await handles.verify(handle);
      return claims?.id === id && claims.kind === kind;
    } catch (error) {
      log('A stream handle could not be verified', error);
      return false;
    }
  }

  const polls = createStatusPolls({
    handles,
    store,
    reader,
    cors: originCheck(options.relay?.allowOrigins, 'poll this status'),
    remembered,
    busy: () => queue.stats().waiting > 0,
    pollReadAfterMs: config.pollReadAfterMs,
    pollReadGapMs: config.pollReadGapMs,
    log,
  });
  const { handleStatus } = polls;

  const handleCallback = (request: Request) => relay.handleCallback(request);
  async function handleEvents(request: Request, id: string, { kind = 'payin' }: Pick<StreamOptions, 'kind'> = {}) {
    return relay.handleEvents(request, id, { kind, authorized: await authorizedBy(request, kind, id) });
  }

  async function readPayment<K extends PaymentKind = 'payin'>(id: string, call: PaymentCallOptions<K> = {}) {
    const kind = (call.kind ?? 'payin') as K;
    if (!isPaymentId(id) || !(await isKnown(kind, id))) return undefined;
    return reader.read(kind, id, call.signal);
  }
  const lastPayment = async <K extends PaymentKind = 'payin'>(id: string, { kind }: { kind?: K } = {}) =>
    (await reader.last(subjectOf(kind ?? 'payin', id))) as Payment<K> | undefined;

  return {
    fetch: kitRouter({ handleCheckout, handleCallback, handleEvents, handleStatus }, config.prefix),
    handleCheckout,
    handleCallback,
    handleEvents,
    handleStatus,
    readPayment,
    lastPayment,
    stats: () => ({
      ...counts,
      ...reader.stats(),
      ...polls.stats(),
      mints: queue.stats(),
      optionsFetches: (optionsCaches?.payin.fetches ?? 0) + (optionsCaches?.topup.fetches ?? 0),
      fxRateFetches: fxRates.fetches,
      streams: relay.stats().streams,
    }),
    async close() {
      relay.close();
      reader.close();
      if (!options.bus) await bus.close();
      if (!options.store) await store.close?.();
    },
    handleTopUpEvents: (request, idTopUp) => handleEvents(request, idTopUp, { kind: 'topup' }),
    readPayin: (idPayin, call) => readPayment(idPayin, { ...call, kind: 'payin' }),
    readTopUp: (idTopUp, call) => readPayment(idTopUp, { ...call, kind: 'topup' }),
    lastPayin: (idPayin) => lastPayment(idPayin, { kind: 'payin' }),
    lastTopUp: (idTopUp) => lastPayment(idTopUp, { kind: 'topup' }),
  };
}
