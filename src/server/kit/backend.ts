/**
 * `createCheckoutBackend(options)`: the merchant's whole server side of a checkout
 * (CONTRACT §5), framework-neutral: a Web `Request` in, a `Response` out, no DOM.
 *
 *   POST {prefix}/checkouts            body {}: a new checkout. The merchant's `order(request)`
 *                                      decides the payin and its money; a payment-scoped token is
 *                                      minted through a bounded, patient queue. 201 CheckoutResponse.
 *                                      body {"handle": …}: a renewal, for the browser holding the
 *                                      checkout's handle (also after a reload). 200 CheckoutResponse.
 *   POST {prefix}/callbacks            the platform's status callback (createStatusRelay's): then the
 *                                      payin is read once, handed to `onPayinUpdate` when it changed,
 *                                      and sent to the payin's authorized streams
 *   GET  {prefix}/payins/{id}/events   the payin's status stream: with `?handle=` of that payin its
 *                                      `changed` events carry `{"payin": …}`; without, data-free
 *   GET  {prefix}/topups/{id}/events   a top-up's, the same: `{"topUp": …}` with its handle
 *
 * Top-ups (an order of `kind: 'topup'`, TopUpCheckoutOrder): the answer is
 * src/api/schemas/topup-checkout-response.ts (`kind`, `idTopUp`, `topUpRequested`, `fxRate` read by
 * the server and cached until its validUpTo, the top-up options); renewals by handle alike; each
 * callback of a top-up makes one GET /topups/{idTopUp}, handed to `onTopUpUpdate` when it changed.
 *
 * The answer of a checkout (src/api/schemas/checkout-response.ts): `token`, `baseUrl`,
 * `apiVersion`, `idPayin`, `money`, `options` (cached per currency and amount), `merchantName`,
 * `callbackUrl`, `handle`, `statusUrl` (the authorized stream, a path under the prefix: resolve it
 * against the checkout URL), `customer`.
 *
 * Refusals are JSON `{errorCode, message, details?}`: 400 (malformed), 403 `FORBIDDEN` (a handle
 * that is not this backend's, another payin's or expired), 404, 405, 413, 415, 422
 * `INVALID_ORDER` (the order hook's answer breaks the id or money rule), 502 with the platform's
 * code when the platform fails, 503 with Retry-After when too many checkouts wait (`maxQueue`) or
 * the store cannot be reached. Bad input never gets a 500. A shopper who leaves ends their wait.
 *
 * Only payins it gave checkouts for are acted on: a callback about another id is acknowledged and
 * costs the platform nothing. The browser never receives more than a token for its one payin.
 */
import { isPlatformError } from '../../api/errors.js';
import type { CheckoutResponse } from '../../api/schemas/checkout-response.js';
import type { PayinDetailResponse } from '../../api/schemas/payin.js';
import type { Money } from '../../api/schemas/request-common.js';
import { refuseInBrowser } from '../tokens/browser-guard.js';
import { memoryBus } from '../relay/bus-memory.js';
import { consoleBusLog } from '../shared/log.js';
import { createCallQueue, MINT_RETRY, QueueFullError, type CallQueueStats } from './call-queue.js';
import { createCheckoutHandles, deriveHandleKey, type TokenScope } from './handle.js';
import { resolveOptions, type CheckoutBackendOptions } from './options.js';
import { checkOrder, readCheckoutBody, statedMoney, type CheckoutRequestBody } from './request.js';
import type { TopUpResponse } from '../../api/schemas/topup.js';
import { PlatformClock, platformNow } from '../../api/platform-clock.js';
import { createFxRateCache } from './fx-rate-cache.js';
import { clockedFetch } from './platform-fetch.js';
import { createTopUpCheckouts } from './topup-checkout.js';
import { subjectOf } from '../shared/payment-kind.js';
import { memoryCheckoutStore, type RememberedCheckout } from '../stores/checkout-store.js';
import { createOptionsCache } from './options-cache.js';
import { createPayinFollower, type PayinFollowerStats } from './payment-reader.js';
import { createStatusRelay } from '../relay/relay.js';
import { invalidId, isPayinId } from '../relay/relay-http.js';
import { HttpError, jsonResponse } from '../http/error.js';
import { createTokenIssuer } from '../tokens/issuer.js';

export interface CheckoutBackendStats extends PayinFollowerStats {
  /** New checkouts answered 201, and renewals answered 200. */
  checkouts: number;
  renewals: number;
  /** Renewals and requests refused 403 (no, a bad, a foreign or an expired handle). */
  forbidden: number;
  /** The queue of checkout tokens. */
  mints: CallQueueStats;
  /** Payment options requests sent (payins' and top-ups'). */
  optionsFetches: number;
  /** GET /fx-rates requests sent (rates handed to top-up checkouts). */
  fxRateFetches: number;
  /** Status streams open on this instance. */
  streams: number;
}

const EVENTS_PATH = /^\/(payins|topups)\/([^/]+)\/events$/;
const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);

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
 *   onPayinUpdate: async (payin, { idPayin }) => {
 *     if (payin.status === 'SUCCESS') await orders.markPaid(idPayin, payin);
 *   },
 * });
 *
 * // Hono, Bun, Deno, a Next.js route handler: anything that hands over a Web Request.
 * app.all('/pay/*', (c) => checkout.fetch(c.req.raw));
 * ```
 *
 * The page: `<pay-checkout checkout-url="/pay/checkouts"></pay-checkout>`.
 */
export function createCheckoutBackend(options: CheckoutBackendOptions) {
  refuseInBrowser('createCheckoutBackend');
  const config = resolveOptions(options);
  const log = options.log ?? consoleBusLog;
  // The platform's clock, from the Date header of each of its answers: a top-up's rate holds until
  // validUpTo in the platform's time.
  const clock = new PlatformClock();
  const platformFetch = clockedFetch(clock, () => options.fetch ?? fetch);
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
  const queue = createCallQueue({ concurrency: config.concurrentMints, maxWaiting: config.maxQueue });
  const paymentOptions = config.provideOptions ? createOptionsCache({ ...platform, issuer }) : undefined;
  const topUpOptions = config.provideOptions ? createOptionsCache({ ...platform, issuer, kind: 'topup' }) : undefined;
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
  const follower = createPayinFollower({
    ...platform,
    issuer,
    store,
    bus,
    onPayinUpdate: options.onPayinUpdate,
    onPayinRead: options.onPayinRead,
    onTopUpUpdate: options.onTopUpUpdate,
    minReadGapMs: config.minReadGapMs,
    keepMs,
    log,
  });
  const counts = { checkouts: 0, renewals: 0, forbidden: 0 };

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

  const relay = createStatusRelay({
    bus,
    ...options.relay,
    log,
    knownPayin: async (idPayin) => (await store.recall(idPayin)) !== undefined,
    onChange: (idPayin) => follower.follow(idPayin),
    knownTopUp: async (idTopUp) => (await store.recall(subjectOf('topup', idTopUp))) !== undefined,
    onTopUpChange: (idTopUp) => follower.follow(subjectOf('topup', idTopUp)),
  });

  /** A checkout token for one payin, in its turn; the shopper leaving (the request's signal) ends the wait. */
  function mint(idPayin: string, money: Money, scope: TokenScope, signal: AbortSignal): Promise<string> {
    const call = { retry: MINT_RETRY, signal };
    const validitySecs = config.tokenValiditySecs;
    return queue.run(
      () =>
        scope === 'by-action'
          ? issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money, validitySecs }, call)
          : issuer.forCheckout(idPayin, { merchantInfo: true, externalReference: true, money, validitySecs }, call),
      signal,
    );
  }

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

  const topUpCheckoutFor = createTopUpCheckouts({
    config,
    fxRates,
    topUpOptions,
    callbackUrlFor,
    remember: (idTopUp, checkout) => remembered(() => store.remember(subjectOf('topup', idTopUp), checkout, keepMs)),
    // A checkout token for one top-up, in its turn: its literal operations with GET /fx-rates, or by action.
    mint: (idTopUp, money, scope, signal) =>
      queue.run(
        () =>
          issuer.forTopUp(
            idTopUp,
            { fxRates: scope !== 'by-action', money, validitySecs: config.tokenValiditySecs },
            { retry: MINT_RETRY, signal },
          ),
        signal,
      ),
    sign: (claims) => handles.sign(claims),
  });

  /** Everything an element needs for one payin: a fresh token and handle, the cached options. */
  async function checkoutFor(
    request: Request,
    idPayin: string,
    checkout: RememberedCheckout,
    scope: TokenScope,
  ): Promise<CheckoutResponse> {
    const { money, customer } = checkout;
    const callbackUrl = await callbackUrlFor(request);
    await remembered(() => store.remember(idPayin, checkout, keepMs));
    const offered = paymentOptions?.get(money);
    const token = await mint(idPayin, money, scope, request.signal);
    const { handle } = await handles.sign({ idPayin, money, scope });
    const options = await offered;
    return {
      token,
      baseUrl: config.platformUrl,
      apiVersion: config.apiVersion,
      idPayin,
      money,
      ...(options ? { options } : {}),
      ...(config.merchantName ? { merchantName: config.merchantName } : {}),
      callbackUrl,
      handle,
      statusUrl: `${config.prefix}/payins/${encodeURIComponent(idPayin)}/events?handle=${handle}`,
      ...(customer ? { customer } : {}),
    };
  }

  async function newCheckout(request: Request): Promise<Response> {
    let answer: unknown;
    try {
      answer = await options.order(request);
    } catch (error) {
      log('The order hook failed', error);
      throw new HttpError(500, 'ORDER_FAILED', 'The shop could not prepare this order');
    }
    // The merchant's own refusal (an empty cart, a shopper not signed in), as it is.
    if (answer instanceof Response) return answer;
    let order;
    try {
      order = checkOrder(answer, config.maxAmount);
    } catch (error) {
      log(`The order hook's answer cannot be paid: ${(error as Error).message}`);
      throw error;
    }
    const body =
      'kind' in order
        ? await topUpCheckoutFor(
            request,
            order.idTopUp,
            {
              money: statedMoney(order.topUpRequested),
              topUpRequested: order.topUpRequested,
              ...(order.customer ? { customer: order.customer } : {}),
            },
            order.tokenScope ?? config.tokenScope,
          )
        : await checkoutFor(
            request,
            order.idPayin,
            { money: order.money, ...(order.customer ? { customer: order.customer } : {}) },
            order.tokenScope ?? config.tokenScope,
          );
    counts.checkouts++;
    return jsonResponse(201, body);
  }

  async function renewal(request: Request, body: CheckoutRequestBody & { handle: string }): Promise<Response> {
    const claims = await handles.verify(body.handle);
    if (!claims) throw forbidden('This handle is not one this shop gave, or it has expired: start a new checkout');
    if (claims.topUpRequested) {
      if (body.idPayin !== undefined) throw forbidden('This handle is the handle of a top-up, not of a payin');
      if (body.idTopUp !== undefined && body.idTopUp !== claims.idPayin)
        throw forbidden('This handle is not the handle of that top-up');
      const kept = await remembered(() => store.recall(subjectOf('topup', claims.idPayin)));
      const answer = await topUpCheckoutFor(
        request,
        claims.idPayin,
        { ...kept, money: claims.money, topUpRequested: claims.topUpRequested },
        claims.scope,
      );
      counts.renewals++;
      return jsonResponse(200, answer);
    }
    if (body.idTopUp !== undefined) throw forbidden('This handle is the handle of a payin, not of a top-up');
    if (body.idPayin !== undefined && body.idPayin !== claims.idPayin)
      throw forbidden('This handle is not the handle of that payin');
    // Remembered again (or again at all, after the store forgot it): the handle vouches for it.
    const checkout = (await remembered(() => store.recall(claims.idPayin))) ?? { money: claims.money };
    const answer = await checkoutFor(request, claims.idPayin, { ...checkout, money: claims.money }, claims.scope);
    counts.renewals++;
    return jsonResponse(200, answer);
  }

  function errorResponse(error: unknown, request: Request): Response {
    if (error instanceof HttpError) {
      if (error.status === 403) counts.forbidden++;
      return error.toResponse();
    }
    if (error instanceof QueueFullError) {
      return jsonResponse(
        503,
        { errorCode: 'BUSY', message: error.message },
        { 'Retry-After': String(error.retryAfterSecs) },
      );
    }
    if (request.signal.aborted)
      return jsonResponse(499, {
        errorCode: 'CLIENT_CLOSED',
        message: 'The shopper left before the checkout was ready',
      });
    if (isPlatformError(error)) {
      log(`The platform refused a checkout token: ${error.httpStatus ?? 'no answer'} ${error.code}`, error);
      return jsonResponse(502, {
        errorCode: error.code,
        message: `The platform answered ${error.httpStatus ?? 'nothing'} ${error.code}: ${error.message}`,
      });
    }
    log('The checkout backend failed unexpectedly', error);
    return jsonResponse(500, {
      errorCode: 'INTERNAL_ERROR',
      message: 'The checkout backend failed to handle this request',
    });
  }

  /** `POST {prefix}/checkouts`: a new checkout (`{}`) or a renewal (`{"handle": …}`). */
  async function handleCheckout(request: Request): Promise<Response> {
    try {
      if (request.method !== 'POST')
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Only POST is allowed here', {
          headers: { Allow: 'POST' },
        });
      const body = await readCheckoutBody(request);
      if (body.handle !== undefined) return await renewal(request, body as CheckoutRequestBody & { handle: string });
      if (body.idPayin !== undefined || body.idTopUp !== undefined)
        throw forbidden("Renewing a checkout's token needs the handle its checkout gave; {} starts a new checkout");
      return await newCheckout(request);
    } catch (error) {
      return errorResponse(error, request);
    }
  }

  /** `POST {prefix}/callbacks`: the platform's status callback. */
  const handleCallback = (request: Request): Promise<Response> => relay.handleCallback(request);

  /**
   * `GET {prefix}/payins/{idPayin}/events`: the payin's status stream, authorized (its `changed`
   * events carry the payin read after the callback) when `?handle=` is that payin's valid handle,
   * data-free otherwise.
   */
  async function handleEvents(request: Request, idPayin: string): Promise<Response> {
    return relay.handleEvents(request, idPayin, {
      authorized: await authorizedBy(request, 'payin', idPayin),
    });
  }

  /**
   * `GET {prefix}/topups/{idTopUp}/events`: the top-up's status stream, authorized (its `changed`
   * events carry `{"topUp": …}`, read after the callback) with `?handle=` of that top-up.
   */
  async function handleTopUpEvents(request: Request, idTopUp: string): Promise<Response> {
    return relay.handleTopUpEvents(request, idTopUp, {
      authorized: await authorizedBy(request, 'topup', idTopUp),
    });
  }

  /** Whether the request's `?handle=` is a valid handle of this payin (or top-up): a payin's never opens a top-up's stream, nor the reverse. */
  async function authorizedBy(request: Request, kind: 'payin' | 'topup', id: string): Promise<boolean> {
    const handle = new URL(request.url).searchParams.get('handle');
    if (handle === null) return false;
    try {
      const claims = await handles.verify(handle);
      return claims?.idPayin === id && (claims.topUpRequested !== undefined) === (kind === 'topup');
    } catch (error) {
      log('A stream handle could not be verified', error);
      return false;
    }
  }

  /** Routes a request under the prefix; any other path is 404 JSON. */
  async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const rest = path.startsWith(`${config.prefix}/`) ? path.slice(config.prefix.length) : undefined;
    if (rest === '/checkouts') return handleCheckout(request);
    if (rest === '/callbacks') return handleCallback(request);
    const events = rest === undefined ? null : EVENTS_PATH.exec(rest);
    if (events) {
      const topUp = events[1] === 'topups';
      let id: string;
      try {
        id = decodeURIComponent(events[2]!);
      } catch {
        return invalidId(topUp ? 'idTopUp' : 'idPayin').toResponse();
      }
      if (!isPayinId(id)) return invalidId(topUp ? 'idTopUp' : 'idPayin').toResponse();
      return topUp ? handleTopUpEvents(request, id) : handleEvents(request, id);
    }
    return jsonResponse(404, { errorCode: 'NOT_FOUND', message: `No endpoint ${request.method} ${path}` });
  }

  return {
    /** The whole backend: mount it under `prefix` in any framework that gives a Web Request. */
    fetch: route,
    handleCheckout,
    handleCallback,
    handleEvents,
    handleTopUpEvents,
    /** The last top-up read after a callback (what onTopUpUpdate last got), with no platform request. */
    lastTopUp: async (idTopUp: string): Promise<TopUpResponse | undefined> =>
      (await follower.lastPayin(subjectOf('topup', idTopUp))) as TopUpResponse | undefined,
    /**
     * The top-up as the platform has it now (one GET /topups/{idTopUp}), for a page of the shop's
     * own; only for top-ups this backend gave a checkout for (another id is undefined, with no
     * platform request). It calls no hook: wallets are credited by `onTopUpUpdate`.
     */
    async readTopUp(idTopUp: string, { signal }: { signal?: AbortSignal } = {}): Promise<TopUpResponse | undefined> {
      if (!isPayinId(idTopUp) || (await store.recall(subjectOf('topup', idTopUp))) === undefined) return undefined;
      return follower.readTopUp(idTopUp, signal);
    },
    /** The last payin read after a callback (what onPayinUpdate last got), with no platform request. */
    lastPayin: (idPayin: string): Promise<PayinDetailResponse | undefined> => follower.lastPayin(idPayin),
    /**
     * The payin as the platform has it now, for a page of the shop's own (the shopper back from a
     * bank page, say): one `GET /payins/{idPayin}` with the backend's read token, patient with a
     * busy platform until `signal` aborts. Only for payins this backend gave a checkout for:
     * another id is undefined, with no platform request. Rejects with the platform's error
     * (`NOT_FOUND` while the payin has not been created). It calls no hook: orders are fulfilled
     * by `onPayinUpdate`, after the platform's callback.
     */
    async readPayin(
      idPayin: string,
      { signal }: { signal?: AbortSignal } = {},
    ): Promise<PayinDetailResponse | undefined> {
      if (!isPayinId(idPayin) || (await store.recall(idPayin)) === undefined) return undefined;
      return follower.read(idPayin, signal);
    },
    stats(): CheckoutBackendStats {
      return {
        ...counts,
        ...follower.stats(),
        mints: queue.stats(),
        optionsFetches: (paymentOptions?.fetches ?? 0) + (topUpOptions?.fetches ?? 0),
        fxRateFetches: fxRates.fetches,
        streams: relay.stats().streams,
      };
    },
    /** Ends the streams and the reads under way; closes the bus and the store it created itself (not those given). */
    async close(): Promise<void> {
      relay.close();
      follower.close();
      if (!options.bus) await bus.close();
      if (!options.store) await store.close?.();
    },
  };
}

export type CheckoutBackend = ReturnType<typeof createCheckoutBackend>;
