/**
 * The demo merchant's backend: what a shop's own server does around <pay-checkout>.
 *
 * - Holds the merchant's private key and mints one payment-scoped token per checkout with the
 *   package's server helper (never a token with general privileges: its own read token stays
 *   here), for bounded orders only (order-rules.ts).
 * - Chooses a fresh idPayin for each checkout, and remembers it: it acts only for payins it
 *   created, so anonymous callbacks or reads about other ids cost the platform nothing.
 * - Mounts the status relay of `pay-checkout/server`: the platform's callbacks arrive at
 *   POST /api/callbacks, and each shopper's element follows its payin at
 *   GET /api/payins/{idPayin}/events (its `status-url`) instead of polling the platform.
 * - After each callback reads the payin with GET /payins/{idPayin} (platform document, direct flow
 *   step 5), at most one read of a payin at a time (payin-reader.ts).
 * - Lets the demo pages follow those callbacks (a list, and Server-Sent Events), each browser
 *   only those of its own orders: a cookie names the browser (a shopper), and each checkout
 *   remembers the shopper that started it.
 *
 * Every answer is JSON; bad input gets 400 with `{errorCode, message, details?}`, never 500.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import {
  createStatusRelay,
  createTokenIssuer,
  HttpError,
  idSchema,
  isPlatformError,
  memoryBus,
  readJsonBody,
  validateInput,
  type CheckoutResponse,
  type Money,
  type StatusBus,
  type StatusCallback,
} from 'pay-checkout/server';
import { createCallbackLog, type CallbackRead, type CallbackRecord } from './callback-log.js';
import { checkoutRequestSchema } from './order-rules.js';
import { createOptionsCache } from './options-cache.js';
import { createPayinReader } from './payin-reader.js';
import { createCallQueue, PLATFORM_RETRY } from './platform-calls.js';

export interface MerchantBackendOptions {
  /** The platform's base URL: the local emulator, or a real sandbox. */
  platformUrl: string;
  merchantCode: string;
  /** PKCS#8 PEM. Stays on the server. */
  privateKey: string;
  /**
   * Where the platform should send callbacks: this backend's `/api/callbacks`, as the platform
   * can reach it. A function, because the address is known only once the server listens.
   */
  callbackUrl: () => string;
  /** Whether platformUrl is the local emulator, whose `/__sandbox/` tools the demo may use. */
  sandboxTools?: boolean;
  /**
   * The shop's name: the hosted payment page shows it, and each checkout carries it
   * (`merchantName`) for the element's `merchant-name`, which then sends no `GET /merchant-info`.
   * Default: none with checkouts (the element asks the platform), the merchant code on the hosted page.
   */
  merchantName?: string;
  /** Validity of checkout tokens. Default 1800 s (the platform's default). */
  tokenValiditySecs?: number;
  /**
   * How a callback reaches the shoppers' status streams: in this process by default; a
   * `redisBus({ url })` when several backend instances share the work. The backend closes it.
   */
  bus?: StatusBus;
  /** Heartbeat of the status streams. Default 15 000 ms. */
  heartbeatMs?: number;
  /** Reads of one payin start at least this far apart. Default 1000 ms. */
  minReadGapMs?: number;
  /**
   * Fetch the payment options on the server, once per currency and amount every few minutes
   * (options-cache.ts), and give them with each checkout (`options`), for the element's `options`
   * property: it then sends no options request. Default false (the demo's pages let the element ask).
   */
  provideOptions?: boolean;
  /** Checkout tokens requested from the platform at once; more checkouts wait their turn. Default 4. */
  concurrentMints?: number;
  log?: (line: string) => void;
}

/** An API version of the platform the backend speaks; the same default as the element's. */
const API_VERSION = '2';
/** The expiry scenario's FAILED is registered this long after expireAt (document: "about 2 hours"). */
const EXPIRY_FAILURE_AFTER_SECS = 2 * 3600;
/** A little more, so the move lands past the registration, not on it. */
const ADVANCE_MARGIN_SECS = 60;

/**
 * `checkout` (default): an operations token for this payin only, which also permits
 * GET /merchant-info (the merchant's name) and the external-reference step (P2A_V2 and UPI UTR).
 * `by-action`: the PAYIN_CREATE token of POST /auth-tokens-by-action, the smallest there is.
 */
export const TOKEN_SCOPES = ['checkout', 'by-action'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

const orderSchema = checkoutRequestSchema(TOKEN_SCOPES);
const expireRequestSchema = z.object({ idPayin: idSchema });

/** What the hosted payment page reads from the merchant's configuration (`GET /api/hosted-config`). */
export interface HostedConfig {
  callbackUrl: string;
  platformUrl: string;
  merchantName: string;
}

/** The status stream of a payin, as the pages reach it (same origin). */
export const statusStreamPath = (idPayin: string) => `/api/payins/${encodeURIComponent(idPayin)}/events`;

/** Payins this backend created, newest last; the oldest are forgotten beyond the bound. */
const REMEMBERED_CHECKOUTS = 10_000;
const NOT_OURS = 'not a payin this shop created';

/**
 * The cookie that names a browser to the backend, so that each one sees the callbacks of its own
 * orders only. A random id, readable by the backend alone (HttpOnly), sent with the pages' own
 * requests only (SameSite=Lax, path /api), for the browser session.
 */
export const SHOPPER_COOKIE = 'pay-demo-shopper';
const SHOPPER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The browser's shopper id from its cookie; a browser without one (or with a forged one) gets a new one. */
function shopperOf(c: Context): string {
  const known = getCookie(c, SHOPPER_COOKIE);
  if (known && SHOPPER_ID.test(known)) return known;
  const shopper = randomUUID();
  setCookie(c, SHOPPER_COOKIE, shopper, { path: '/api', httpOnly: true, sameSite: 'Lax' });
  return shopper;
}

/** The largest request body the backend reads (413 beyond). */
const MAX_BODY_BYTES = 64 * 1024;

const jsonBody = (request: Request) => readJsonBody(request, MAX_BODY_BYTES);

export function createMerchantBackend(options: MerchantBackendOptions) {
  const log = options.log ?? (() => {});
  const callbacks = createCallbackLog();
  const issuer = createTokenIssuer({ baseUrl: options.platformUrl, merchantCode: options.merchantCode, privateKey: options.privateKey, apiVersion: API_VERSION });
  const payins = createPayinReader({ platformUrl: options.platformUrl, issuer, apiVersion: API_VERSION, minGapMs: options.minReadGapMs });
  const mintQueue = createCallQueue(options.concurrentMints ?? 4);
  const paymentOptions = options.provideOptions ? createOptionsCache({ platformUrl: options.platformUrl, issuer, apiVersion: API_VERSION }) : undefined;
  /** The idPayins this backend minted checkouts for (the only ones it acts for), and whose they are. */
  const created = new Map<string, string>();
  /** Streams to close when the backend stops, so the HTTP server can close. */
  const streams = new Set<() => void>();
  let closed = false;

  function remember(idPayin: string, shopper: string): void {
    created.set(idPayin, shopper);
    if (created.size > REMEMBERED_CHECKOUTS) created.delete(created.keys().next().value!);
  }

  /** A callback about one of this shopper's orders: the only ones their pages are shown. */
  const isShoppers = (shopper: string) => (record: CallbackRecord) => record.idPayin !== undefined && created.get(record.idPayin) === shopper;

  /** A payin of this shop, or 404 without asking the platform. */
  function ownPayin(idPayin: string): string {
    if (!created.has(idPayin)) throw new HttpError(404, 'PAYIN_NOT_FOUND', `No checkout "${idPayin}" was started here`);
    return idPayin;
  }

  async function readPayin(idPayin: string) {
    try {
      return await payins.read(idPayin);
    } catch (error) {
      if (isPlatformError(error) && error.code === 'NOT_FOUND') throw new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${idPayin}" exists yet`);
      platformFailure(error, 'Reading the payin failed');
    }
  }

  /** The callback's record in the log, by the callback the relay hands to both hooks. */
  const recordOf = new WeakMap<StatusCallback, CallbackRecord>();

  function recordCallback(callback: StatusCallback, request: Request): void {
    const attempt = Number(request.headers.get('x-sandbox-delivery-attempt'));
    const deliveryId = request.headers.get('x-sandbox-delivery-id');
    const idPayin = callback.idPayin ?? callback.idTopUp ?? callback.idPayout;
    const aboutPayin = callback.type === 'PAYIN_STATUS_CHANGED';
    const ours = aboutPayin && created.has(callback.idPayin!);
    const read: CallbackRead = ours ? { state: 'reading' } : aboutPayin ? { state: 'skipped', reason: NOT_OURS } : { state: 'skipped' };
    const record = callbacks.add(
      {
        type: callback.type,
        ...(idPayin ? { idPayin } : {}),
        ...(callback.idPayment ? { idPayment: callback.idPayment } : {}),
        ...(deliveryId ? { deliveryId } : {}),
        ...(Number.isInteger(attempt) && attempt > 0 ? { attempt } : {}),
      },
      read,
    );
    recordOf.set(callback, record);
    log(`[merchant] callback ${callback.type} ${idPayin ?? ''} received${aboutPayin && !ours ? ` (${NOT_OURS}: ignored)` : ''}`);
  }

  async function readAfterCallback(record: CallbackRecord | undefined): Promise<void> {
    if (!record?.idPayin) return;
    try {
      const payin = await payins.read(record.idPayin);
      const response = payin.paymentMethodResponse;
      callbacks.settle(record, {
        state: 'read',
        status: payin.status,
        ...(payin.failureReasonCode ? { failureReasonCode: payin.failureReasonCode } : {}),
        ...('moneyReceived' in payin && payin.moneyReceived ? { moneyReceived: payin.moneyReceived } : {}),
        paymentMethodCode: response.paymentMethodCode,
        money: payin.paymentRequested?.money ?? response.money,
      });
      log(`[merchant] callback ${record.type} ${record.idPayin}: read ${payin.status}${payin.failureReasonCode ? ` (${payin.failureReasonCode})` : ''}`);
    } catch (error) {
      const errorCode = isPlatformError(error) ? error.code : 'NETWORK';
      callbacks.settle(record, { state: 'error', errorCode, message: (error as Error).message });
      log(`[merchant] callback ${record.type} ${record.idPayin}: reading the payin failed: ${errorCode}`);
    }
  }

  /** A platform failure while serving the page: 502 with the platform's code, never a bare 500. */
  function platformFailure(error: unknown, what: string): never {
    if (isPlatformError(error)) {
      throw new HttpError(502, error.code, `${what}: the platform answered ${error.httpStatus ?? 'nothing'} ${error.code} (${error.message})`);
    }
    throw error;
  }

  const bus = options.bus ?? memoryBus();
  const relay = createStatusRelay({
    bus,
    heartbeatMs: options.heartbeatMs,
    knownPayin: (idPayin) => created.has(idPayin),
    onCallback: recordCallback,
    onChange: (_idPayin, callback) => readAfterCallback(recordOf.get(callback)),
    log: (message, error) => log(`[merchant] ${message}${error instanceof Error ? `: ${error.message}` : ''}`),
  });

  const app = new Hono({ strict: false }).basePath('/api');

  /** Starts a checkout: a fresh idPayin and a token for it alone. */
  app.post('/checkouts', async (c) => {
    const request = validateInput(orderSchema, await jsonBody(c.req.raw));
    const shopper = shopperOf(c);
    const idPayin = `order-${randomUUID()}`;
    const money: Money = { amount: request.amount, currencyCode: request.currencyCode };
    const tokenScope = request.tokenScope ?? 'checkout';
    const validitySecs = options.tokenValiditySecs ?? 1800;
    // Patient with a busy platform (a sale's crowd shares the merchant's budget); a shopper who
    // leaves ends the wait.
    const call = { retry: PLATFORM_RETRY, signal: c.req.raw.signal };
    const offered = paymentOptions?.get(money);
    let token: string;
    try {
      token = await mintQueue(
        () =>
          tokenScope === 'by-action'
            ? issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money, validitySecs }, call)
            : issuer.forCheckout(idPayin, { merchantInfo: true, externalReference: true, money, validitySecs }, call),
        call.signal,
      );
    } catch (error) {
      if (c.req.raw.signal.aborted) throw new HttpError(499, 'CLIENT_CLOSED', 'The shopper left before the checkout token was minted');
      platformFailure(error, 'Minting the checkout token failed');
    }
    const checkoutOptions = await offered;
    remember(idPayin, shopper);
    log(`[merchant] checkout ${idPayin}: ${money.amount} ${money.currencyCode}, ${tokenScope} token`);
    // The checkout protocol of pay-checkout/server (CheckoutResponse), plus the token's scope.
    const reply: CheckoutResponse = {
      idPayin,
      token,
      tokenScope,
      baseUrl: options.platformUrl,
      callbackUrl: options.callbackUrl(),
      statusUrl: statusStreamPath(idPayin),
      money,
      ...(checkoutOptions ? { options: checkoutOptions } : {}),
      ...(options.merchantName ? { merchantName: options.merchantName } : {}),
    };
    return c.json(reply, 201);
  });

  /** The payin as the merchant reads it (after the customer returns from the hosted page, say). */
  app.get('/checkouts/:idPayin', async (c) => {
    const idPayin = ownPayin(validateInput(idSchema, c.req.param('idPayin'), ['idPayin']));
    return c.json({ idPayin, payin: await readPayin(idPayin) });
  });

  /**
   * The platform's status-change notification, through the relay: acknowledged at once, published
   * to the payin's streams, then (onChange) the payin is read. Callbacks about payins this shop did
   * not create are acknowledged and ignored.
   */
  app.post('/callbacks', (c) => relay.handleCallback(c.req.raw));

  /** A payin's status stream (Server-Sent Events): the element's `status-url`. */
  app.get('/payins/:idPayin/events', (c) => relay.handleEvents(c.req.raw, c.req.param('idPayin')));

  /** The callbacks about this browser's orders (its cookie), oldest first. */
  app.get('/callbacks', (c) => {
    const idPayin = c.req.query('idPayin');
    if (idPayin !== undefined) validateInput(idSchema, idPayin, ['idPayin']);
    return c.json({ data: callbacks.list({ idPayin }).filter(isShoppers(shopperOf(c))) });
  });

  /**
   * The callbacks about this browser's orders so far, then each new or updated one, as
   * Server-Sent Events named `callback`. Another browser's orders never reach this stream.
   */
  app.get('/callbacks/stream', (c) => {
    const mine = isShoppers(shopperOf(c));
    return streamSSE(c, async (stream) => {
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      streams.add(stop);
      stream.onAbort(stop);
      const send = (record: CallbackRecord) => {
        if (mine(record)) void stream.writeSSE({ event: 'callback', id: String(record.id), data: JSON.stringify(record) });
      };
      for (const record of callbacks.list()) send(record);
      const unsubscribe = callbacks.subscribe(send);
      // A comment now and then keeps proxies from closing an idle stream.
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n'), 15_000);
      if (closed) stop();
      await stopped;
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(stop);
    });
  });

  /**
   * What the hosted payment page needs from the merchant's configuration: the callback URL, the
   * platform it belongs to, and the name it shows the customer. A real hosted application knows
   * them from the merchant's settings; a customer cannot change them.
   */
  app.get('/hosted-config', (c) =>
    c.json({ callbackUrl: options.callbackUrl(), platformUrl: options.platformUrl, merchantName: options.merchantName ?? options.merchantCode } satisfies HostedConfig),
  );

  /**
   * Emulator only: moves the sandbox clock past the payin's expiry and the two hours after which
   * its FAILED is registered, so the expiry scenario ends now.
   */
  app.post('/sandbox/expire', async (c) => {
    if (!options.sandboxTools) throw new HttpError(404, 'NOT_FOUND', 'The platform is not the local emulator: its clock cannot be moved');
    const idPayin = ownPayin(validateInput(expireRequestSchema, await jsonBody(c.req.raw)).idPayin);
    const payin = await readPayin(idPayin);
    const expireAt = Date.parse(String(payin.paymentMethodResponse.expireAt ?? ''));
    if (!Number.isFinite(expireAt)) throw new HttpError(409, 'NO_EXPIRY', `Payin "${idPayin}" has no expireAt`);
    const clock = (await (await fetch(`${options.platformUrl}/__sandbox/clock`)).json()) as { now: string };
    const seconds = Math.max(0, Math.ceil((expireAt - Date.parse(clock.now)) / 1000)) + EXPIRY_FAILURE_AFTER_SECS + ADVANCE_MARGIN_SECS;
    const advanced = await fetch(`${options.platformUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (!advanced.ok) throw new HttpError(502, 'SANDBOX_CLOCK', `The emulator refused to move its clock (${advanced.status})`);
    const state = (await advanced.json()) as { now: string };
    log(`[merchant] sandbox clock advanced ${seconds} s, past the expiry of ${idPayin}`);
    return c.json({ idPayin, advancedSeconds: seconds, sandboxNow: state.now, statusBefore: payin.status });
  });

  app.notFound((c) => c.json({ errorCode: 'NOT_FOUND', message: `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body(), error.status as 400, error.headers);
    console.error('[merchant] unexpected error', error);
    return c.json({ errorCode: 'INTERNAL_ERROR', message: 'The merchant backend failed to handle this request' }, 500);
  });

  return {
    app,
    callbacks,
    relay,
    /** Ends the event streams (an HTTP server waits for them otherwise) and the status bus. */
    close() {
      closed = true;
      for (const stop of streams) stop();
      relay.close();
      payins.close();
      void bus.close();
    },
  };
}

export type MerchantBackend = ReturnType<typeof createMerchantBackend>;
