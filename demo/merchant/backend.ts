/**
 * The demo merchant's backend: the merchant kit of `pay-checkout/server` (`createCheckoutBackend`)
 * mounted at /api, as a shop's server mounts it, plus what only this demo needs.
 *
 * The kit does the merchant's whole server side of a checkout:
 *   POST /api/checkouts?preset=…&currency=…   a new checkout (or a renewal, `{"handle": …}`): the
 *                                             order hook prices the cart the page names from the
 *                                             shop's own catalog (order.ts), the kit mints a token
 *                                             for that payin alone through its patient queue
 *   POST /api/checkouts?deposit=…&pay=…       the wallet's "Add funds" (wallet.ts): a top-up of the
 *                                             preset in USD, paid in INR or THB
 *   GET  /api/topups/{idTopUp}/events         a deposit's status stream
 *   POST /api/callbacks                       the platform's callbacks, then one read of the payin
 *   GET  /api/payins/{idPayin}/events         the payin's status stream (`statusUrl`)
 *   GET  /api/payins/{idPayin}/status         the payin as the kit last read it, for an element
 *                                             without the stream (`statusPollUrl`; a deposit's
 *                                             under /api/topups/{idTopUp}/status)
 *
 * The demo's own extras, around it:
 *   GET  /api/checkouts/{idPayin}             the payin as the shop reads it now (a shopper back
 *                                             from the hosted page or a bank page)
 *   GET  /api/callbacks, /api/callbacks/stream   the callbacks of this browser's orders (a cookie
 *                                             names the browser), fed by the kit's hooks: the relay's
 *                                             `onCallback` as each arrives, `onPaymentRead` once read
 *   GET  /api/hosted-config                   what the hosted payment page takes from the merchant's
 *                                             configuration (pay.html)
 *   GET  /api/wallet[?wait=idTopUp]           this browser's wallet: its USD balance, credited only by
 *                                             the kit's onPaymentUpdate with the platform's moneyRequired;
 *                                             `wait` holds the answer until that deposit settles (10 s at most)
 *   POST /api/sandbox/expire                  emulator only: moves its clock past a payin's expiry
 *
 * Every answer is JSON; bad input gets a 4xx with `{errorCode, message, details?}`, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import * as z from 'zod/mini';
import {
  createCheckoutBackend,
  HttpError,
  idSchema,
  isPlatformError,
  readJsonBody,
  validateInput,
  type CheckoutBackendOptions,
  type PayinDetailResponse,
  type PaymentRead,
  type StatusCallback,
} from 'pay-checkout/server';
import { API_PREFIX } from '../lib/cart.js';
import { shopCatalog } from '../shop-catalog.js';
import { createCallbackLog, type CallbackRead, type CallbackRecord } from './callback-log.js';
import { cartOfRequest, priceCart } from './order.js';
import { createWallets, isDepositRequest } from './wallet.js';

/** The kit's settings the demo leaves to whoever starts it (tests, the load benchmark). */
export type KitSettings = Partial<
  Pick<
    CheckoutBackendOptions,
    | 'tokenValiditySecs'
    | 'provideOptions'
    | 'concurrentMints'
    | 'maxQueue'
    | 'minReadGapMs'
    | 'bus'
    | 'store'
    | 'handleSecret'
    | 'handleValiditySecs'
    | 'fetch'
    | 'now'
  >
> & { relay?: Omit<NonNullable<CheckoutBackendOptions['relay']>, 'onCallback'> };

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
   * The shop's name: each checkout carries it (the element then sends no `GET /merchant-info`),
   * and the hosted payment page shows it. Default: none with checkouts, the merchant code on the
   * hosted page.
   */
  merchantName?: string;
  /** The kit's own settings (bus, store, token validity, …); the kit's defaults otherwise. */
  kit?: KitSettings;
  log?: (line: string) => void;
}

/** The expiry scenario's FAILED is registered this long after expireAt (document: "about 2 hours"). */
const EXPIRY_FAILURE_AFTER_SECS = 2 * 3600;
/** A little more, so the move lands past the registration, not on it. */
const ADVANCE_MARGIN_SECS = 60;
const expireRequestSchema = z.object({ idPayin: idSchema });

/** What the hosted payment page reads from the merchant's configuration (`GET /api/hosted-config`). */
export interface HostedConfig {
  callbackUrl: string;
  platformUrl: string;
  merchantName: string;
}

/** Orders remembered with their browser, newest last; the oldest are forgotten beyond the bound. */
const REMEMBERED_ORDERS = 10_000;
const NOT_OURS = 'not a payin this shop created';

/**
 * The cookie that names a browser to the backend, so that each one sees the callbacks of its own
 * orders only. A random id, readable by the backend alone (HttpOnly), sent with the pages' own
 * requests only (SameSite=Lax, path /api), for the browser session.
 */
export const SHOPPER_COOKIE = 'pay-demo-shopper';
const SHOPPER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SHOPPER_COOKIE_OPTIONS = { path: API_PREFIX, httpOnly: true, sameSite: 'Lax' } as const;

/** The browser's shopper id from its cookie, or a new one (no cookie, or a forged one) with the cookie that names it. */
function shopperCookie(c: Context): { shopper: string; cookie?: string } {
  const known = getCookie(c, SHOPPER_COOKIE);
  if (known && SHOPPER_ID.test(known)) return { shopper: known };
  const shopper = randomUUID();
  return { shopper, cookie: generateCookie(SHOPPER_COOKIE, shopper, SHOPPER_COOKIE_OPTIONS) };
}

/** The browser's shopper id; a browser without one gets a new one, named in the answer's cookie. */
function shopperOf(c: Context): string {
  const { shopper, cookie } = shopperCookie(c);
  if (cookie) c.header('Set-Cookie', cookie, { append: true });
  return shopper;
}

/** The largest request body the demo's own routes read (413 beyond). */
const MAX_BODY_BYTES = 64 * 1024;
const jsonBody = (request: Request) => readJsonBody(request, MAX_BODY_BYTES);

/** What the callback log keeps of a payin read after a callback. */
function readOf(payin: PayinDetailResponse, changed: boolean): CallbackRead {
  const response = payin.paymentMethodResponse;
  return {
    state: 'read',
    status: payin.status,
    changed,
    ...(payin.failureReasonCode ? { failureReasonCode: payin.failureReasonCode } : {}),
    ...('moneyReceived' in payin && payin.moneyReceived ? { moneyReceived: payin.moneyReceived } : {}),
    paymentMethodCode: response.paymentMethodCode,
    money: payin.paymentRequested?.money ?? response.money,
  };
}

export function createMerchantBackend(options: MerchantBackendOptions) {
  const log = options.log ?? (() => {});
  const catalog = shopCatalog();
  const callbacks = createCallbackLog();
  const wallets = createWallets(log);
  /** The browser (shopper id) of each order the shop priced. */
  const owners = new Map<string, string>();
  /** The shopper of a checkout request, from the route to the order hook (the same Request). */
  const shopperOfRequest = new WeakMap<Request, string>();
  /** Streams to close when the backend stops, so the HTTP server can close. */
  const streams = new Set<() => void>();
  let closed = false;

  function remember(idPayin: string, shopper: string | undefined): void {
    owners.set(idPayin, shopper ?? '');
    if (owners.size > REMEMBERED_ORDERS) owners.delete(owners.keys().next().value!);
  }

  /** A callback about one of this shopper's orders: the only ones their pages are shown. */
  const isShoppers = (shopper: string) => (record: CallbackRecord) =>
    record.idPayin !== undefined && owners.get(record.idPayin) === shopper;

  /** Each callback as it arrives (the relay's onCallback): a record, read once the kit has read the payin. */
  function recordCallback(callback: StatusCallback, request: Request): void {
    const attempt = Number(request.headers.get('x-sandbox-delivery-attempt'));
    const deliveryId = request.headers.get('x-sandbox-delivery-id');
    const idPayin = callback.idPayin ?? callback.idTopUp ?? callback.idPayout;
    const aboutPayin = callback.type === 'PAYIN_STATUS_CHANGED';
    const ours = aboutPayin && owners.has(callback.idPayin!);
    const read: CallbackRead = ours
      ? { state: 'reading' }
      : aboutPayin
        ? { state: 'skipped', reason: NOT_OURS }
        : { state: 'skipped' };
    callbacks.add(
      {
        type: callback.type,
        ...(idPayin ? { idPayin } : {}),
        ...(callback.idPayment ? { idPayment: callback.idPayment } : {}),
        ...(deliveryId ? { deliveryId } : {}),
        ...(Number.isInteger(attempt) && attempt > 0 ? { attempt } : {}),
      },
      read,
    );
    log(
      `[merchant] callback ${callback.type} ${idPayin ?? ''} received${aboutPayin && !ours ? ` (${NOT_OURS}: ignored)` : ''}`,
    );
  }

  /** Each read of a payin after callbacks (the kit's onPaymentRead): the callbacks waiting for it learn what it said. */
  function recordRead(result: PaymentRead): void {
    // The callback log follows the shop's orders; a deposit is followed by its wallet.
    if (result.kind !== 'payin') return;
    const read: CallbackRead =
      'payment' in result
        ? readOf(result.payment as PayinDetailResponse, result.changed)
        : {
            state: 'error',
            errorCode: isPlatformError(result.error) ? result.error.code : 'NETWORK',
            message: (result.error as Error)?.message ?? String(result.error),
          };
    callbacks.settleReading(result.id, read);
    log(
      `[merchant] payin ${result.id} read after its callback: ${read.state === 'read' ? `${read.status}${read.failureReasonCode ? ` (${read.failureReasonCode})` : ''}${read.changed ? '' : ', no change'}` : read.state === 'error' ? `failed: ${read.errorCode}` : ''}`,
    );
  }

  const kit = createCheckoutBackend({
    platformUrl: options.platformUrl,
    merchantCode: options.merchantCode,
    privateKey: options.privateKey,
    prefix: API_PREFIX,
    callbackUrl: () => options.callbackUrl(),
    ...(options.merchantName ? { merchantName: options.merchantName } : {}),
    // The cart the page names, priced from the shop's catalog: never the browser's amount.
    order: (request) => {
      let priced;
      try {
        // A deposit into the wallet the page names, priced by the wallet (wallet.ts).
        if (isDepositRequest(request)) return wallets.depositOrder(request, shopperOfRequest.get(request) ?? '');
        priced = priceCart(cartOfRequest(request, catalog), catalog);
      } catch (error) {
        // A refusal is the shop's answer as it is (the kit sends a Response on).
        if (error instanceof HttpError) return error.toResponse();
        throw error;
      }
      const { cart, ...order } = priced;
      remember(order.idPayin, shopperOfRequest.get(request));
      log(
        `[merchant] checkout ${order.idPayin}: ${cart.preset}, ${order.money.amount} ${order.money.currencyCode}, ${order.tokenScope ?? 'checkout'} token`,
      );
      return order;
    },
    onPaymentRead: recordRead,
    // An order would be fulfilled here, and a wallet is credited, after the platform's callback,
    // with the platform's moneyRequired.
    onPaymentUpdate: (update) =>
      update.kind === 'payin'
        ? log(`[merchant] payin ${update.id} is now ${update.payment.status}: the shop would fulfil the order here`)
        : wallets.onTopUpUpdate(update.payment, update.id),
    ...options.kit,
    relay: { ...options.kit?.relay, onCallback: recordCallback },
    log: (message, error) => log(`[merchant] ${message}${error instanceof Error ? `: ${error.message}` : ''}`),
  });

  /** A payin of this shop, as the platform has it now; 404 for another id, or one not created yet. */
  async function readPayin(idPayin: string, signal: AbortSignal): Promise<PayinDetailResponse> {
    let payin: PayinDetailResponse | undefined;
    try {
      payin = await kit.readPayment(idPayin, { signal });
    } catch (error) {
      if (isPlatformError(error) && error.code === 'NOT_FOUND')
        throw new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${idPayin}" exists yet`);
      if (isPlatformError(error))
        throw new HttpError(
          502,
          error.code,
          `Reading the payin failed: the platform answered ${error.httpStatus ?? 'nothing'} ${error.code} (${error.message})`,
        );
      throw error;
    }
    if (!payin) throw new HttpError(404, 'PAYIN_NOT_FOUND', `No checkout "${idPayin}" was started here`);
    return payin;
  }

  const app = new Hono({ strict: false }).basePath(API_PREFIX);

  /**
   * A new checkout or a renewal, by the kit. The route names the browser first (its cookie), so
   * that the order hook can remember whose order it prices.
   */
  app.post('/checkouts', async (c) => {
    const { shopper, cookie } = shopperCookie(c);
    shopperOfRequest.set(c.req.raw, shopper);
    const answer = await kit.handleCheckout(c.req.raw);
    // The kit's answer, with the cookie that names a new browser.
    if (cookie) answer.headers.append('Set-Cookie', cookie);
    return answer;
  });

  /** The payin as the merchant reads it (after the customer returns from the hosted page, say). */
  app.get('/checkouts/:idPayin', async (c) => {
    const idPayin = validateInput(idSchema, c.req.param('idPayin'), ['idPayin']);
    return c.json({ idPayin, payin: await readPayin(idPayin, c.req.raw.signal) });
  });

  /** This browser's wallet; with `?wait=idTopUp`, once that deposit has settled (or 10 s passed). */
  app.get('/wallet', async (c) => {
    const shopper = shopperOf(c);
    const wait = c.req.query('wait');
    if (wait !== undefined) await wallets.waitFor(shopper, validateInput(idSchema, wait, ['wait']), c.req.raw.signal);
    return c.json(wallets.view(shopper));
  });

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
        if (mine(record))
          void stream.writeSSE({ event: 'callback', id: String(record.id), data: JSON.stringify(record) });
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
    c.json({
      callbackUrl: options.callbackUrl(),
      platformUrl: options.platformUrl,
      merchantName: options.merchantName ?? options.merchantCode,
    } satisfies HostedConfig),
  );

  /**
   * Emulator only: moves the sandbox clock past the payin's expiry and the two hours after which
   * its FAILED is registered, so the expiry scenario ends now.
   */
  app.post('/sandbox/expire', async (c) => {
    if (!options.sandboxTools)
      throw new HttpError(404, 'NOT_FOUND', 'The platform is not the local emulator: its clock cannot be moved');
    const { idPayin } = validateInput(expireRequestSchema, await jsonBody(c.req.raw));
    const payin = await readPayin(idPayin, c.req.raw.signal);
    const expireAt = Date.parse(String(payin.paymentMethodResponse.expireAt ?? ''));
    if (!Number.isFinite(expireAt)) throw new HttpError(409, 'NO_EXPIRY', `Payin "${idPayin}" has no expireAt`);
    const clock = (await (await fetch(`${options.platformUrl}/__sandbox/clock`)).json()) as { now: string };
    const seconds =
      Math.max(0, Math.ceil((expireAt - Date.parse(clock.now)) / 1000)) +
      EXPIRY_FAILURE_AFTER_SECS +
      ADVANCE_MARGIN_SECS;
    const advanced = await fetch(`${options.platformUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (!advanced.ok)
      throw new HttpError(502, 'SANDBOX_CLOCK', `The emulator refused to move its clock (${advanced.status})`);
    const state = (await advanced.json()) as { now: string };
    log(`[merchant] sandbox clock advanced ${seconds} s, past the expiry of ${idPayin}`);
    return c.json({ idPayin, advancedSeconds: seconds, sandboxNow: state.now, statusBefore: payin.status });
  });

  /** The rest of /api is the kit's: the platform's callbacks (POST /api/callbacks) and the status streams. */
  app.all('*', (c) => kit.fetch(c.req.raw));

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body(), error.status as 400, error.headers);
    console.error('[merchant] unexpected error', error);
    return c.json({ errorCode: 'INTERNAL_ERROR', message: 'The merchant backend failed to handle this request' }, 500);
  });

  return {
    app,
    /** The merchant kit itself (its handlers, stats, lastPayment). */
    kit,
    callbacks,
    /** Ends the event streams (an HTTP server waits for them otherwise), the kit's streams and reads, and its bus and store. */
    async close(): Promise<void> {
      closed = true;
      for (const stop of streams) stop();
      wallets.close();
      await kit.close();
      // The kit leaves a bus or a store it was given open: the demo closes what it was handed.
      await Promise.all([options.kit?.bus?.close(), options.kit?.store?.close?.()]);
    },
  };
}

export type MerchantBackend = ReturnType<typeof createMerchantBackend>;
