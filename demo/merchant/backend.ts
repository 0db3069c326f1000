/**
 * The demo merchant's backend: what a shop's own server does around <pay-checkout>.
 *
 * - Holds the merchant's private key and mints one payment-scoped token per checkout with the
 *   package's server helper (never a token with general privileges: that one stays here).
 * - Chooses a fresh idPayin for each checkout.
 * - Receives the platform's status-change callbacks and then reads the payin with
 *   GET /payins/{idPayin} (platform document, direct flow step 5), using a PAYIN_INFO token.
 * - Lets the demo pages follow those callbacks (a list, and Server-Sent Events).
 *
 * Every answer is JSON; bad input gets 400 with `{errorCode, message, details?}`, never 500.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { createClient, isPlatformError, type Money } from '../../src/api/index.js';
import { idSchema } from '../../src/api/schemas/payin-request.js';
import { currencyCodeSchema } from '../../src/api/schemas/request-common.js';
import * as z from 'zod/mini';
import { opt } from '../../src/api/zod.js';
import { createTokenIssuer } from '../../src/server/index.js';
import { ApiError } from '../sandbox/errors.js';
import { parseJson, readBodyText } from '../sandbox/http-body.js';
import { validate } from '../sandbox/platform.js';
import { createCallbackLog, type CallbackRecord } from './callback-log.js';

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
  /** Validity of checkout tokens. Default 1800 s (the platform's default). */
  tokenValiditySecs?: number;
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

const positiveAmount = z.number().check(z.gt(0), z.lte(1e12));
const checkoutRequestSchema = z.object({
  amount: positiveAmount,
  currencyCode: currencyCodeSchema,
  tokenScope: opt(z.enum(TOKEN_SCOPES)),
});
const callbackSchema = z.object({
  type: z.string().check(z.minLength(1), z.maxLength(64)),
  idPayin: opt(idSchema),
  idTopUp: opt(idSchema),
  idPayout: opt(idSchema),
  idPayment: opt(z.string().check(z.maxLength(128))),
});
const expireRequestSchema = z.object({ idPayin: idSchema });

export interface CheckoutSession {
  idPayin: string;
  token: string;
  tokenScope: TokenScope;
  baseUrl: string;
  callbackUrl: string;
  money: Money;
}

async function jsonBody(request: Request): Promise<unknown> {
  return parseJson(await readBodyText(request));
}

export function createMerchantBackend(options: MerchantBackendOptions) {
  const log = options.log ?? (() => {});
  const callbacks = createCallbackLog();
  const issuer = createTokenIssuer({ baseUrl: options.platformUrl, merchantCode: options.merchantCode, privateKey: options.privateKey, apiVersion: API_VERSION });
  const retry = { retry: { retries: 3, maxDelayMs: 2000 } } as const;
  /** Streams to close when the backend stops, so the HTTP server can close. */
  const streams = new Set<() => void>();
  let closed = false;

  /** The merchant's own read of a payin: a PAYIN_INFO token for it, then GET /payins/{idPayin}. */
  async function readPayin(idPayin: string) {
    const token = await issuer.byAction({ action: 'PAYIN_INFO', idPayment: idPayin }, retry);
    return createClient({ baseUrl: options.platformUrl, token, apiVersion: API_VERSION }).getPayin(idPayin, retry);
  }

  async function readAfterCallback(record: CallbackRecord): Promise<void> {
    if (record.type !== 'PAYIN_STATUS_CHANGED' || !record.idPayin) return callbacks.settle(record, { state: 'skipped' });
    try {
      const payin = await readPayin(record.idPayin);
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
      throw new ApiError(502, error.code, `${what}: the platform answered ${error.httpStatus ?? 'nothing'} ${error.code} (${error.message})`);
    }
    throw error;
  }

  const app = new Hono({ strict: false }).basePath('/api');

  /** Starts a checkout: a fresh idPayin and a token for it alone. */
  app.post('/checkouts', async (c) => {
    const request = validate(checkoutRequestSchema, await jsonBody(c.req.raw));
    const idPayin = `order-${randomUUID()}`;
    const money: Money = { amount: request.amount, currencyCode: request.currencyCode };
    const tokenScope = request.tokenScope ?? 'checkout';
    const validitySecs = options.tokenValiditySecs ?? 1800;
    let token: string;
    try {
      token =
        tokenScope === 'by-action'
          ? await issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money, validitySecs }, retry)
          : await issuer.forCheckout(idPayin, { merchantInfo: true, externalReference: true, money, validitySecs }, retry);
    } catch (error) {
      platformFailure(error, 'Minting the checkout token failed');
    }
    log(`[merchant] checkout ${idPayin}: ${money.amount} ${money.currencyCode}, ${tokenScope} token`);
    const session: CheckoutSession = { idPayin, token, tokenScope, baseUrl: options.platformUrl, callbackUrl: options.callbackUrl(), money };
    return c.json(session, 201);
  });

  /** The payin as the merchant reads it (after the customer returns from the hosted page, say). */
  app.get('/checkouts/:idPayin', async (c) => {
    const idPayin = validate(idSchema, c.req.param('idPayin'), ['idPayin']);
    try {
      return c.json({ idPayin, payin: await readPayin(idPayin) });
    } catch (error) {
      if (isPlatformError(error) && error.code === 'NOT_FOUND') throw new ApiError(404, 'PAYIN_NOT_FOUND', `No payin "${idPayin}" exists yet`);
      platformFailure(error, 'Reading the payin failed');
    }
  });

  /** The platform's status-change notification: acknowledged at once, then the payin is read. */
  app.post('/callbacks', async (c) => {
    const body = validate(callbackSchema, await jsonBody(c.req.raw));
    const attempt = Number(c.req.header('x-sandbox-delivery-attempt'));
    const record = callbacks.add({
      type: body.type,
      idPayin: body.idPayin ?? body.idTopUp ?? body.idPayout,
      ...(body.idPayment ? { idPayment: body.idPayment } : {}),
      ...(c.req.header('x-sandbox-delivery-id') ? { deliveryId: c.req.header('x-sandbox-delivery-id') } : {}),
      ...(Number.isInteger(attempt) && attempt > 0 ? { attempt } : {}),
    });
    log(`[merchant] callback ${body.type} ${record.idPayin ?? ''} received`);
    void readAfterCallback(record);
    return c.json({ received: true, id: record.id });
  });

  app.get('/callbacks', (c) => {
    const idPayin = c.req.query('idPayin');
    if (idPayin !== undefined) validate(idSchema, idPayin, ['idPayin']);
    return c.json({ data: callbacks.list({ idPayin }) });
  });

  /** Every callback so far, then each new or updated one, as Server-Sent Events named `callback`. */
  app.get('/callbacks/stream', (c) =>
    streamSSE(c, async (stream) => {
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      streams.add(stop);
      stream.onAbort(stop);
      const send = (record: CallbackRecord) => void stream.writeSSE({ event: 'callback', id: String(record.id), data: JSON.stringify(record) });
      for (const record of callbacks.list()) send(record);
      const unsubscribe = callbacks.subscribe(send);
      // A comment now and then keeps proxies from closing an idle stream.
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n'), 15_000);
      if (closed) stop();
      await stopped;
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(stop);
    }),
  );

  /**
   * What the hosted payment page needs from the merchant's configuration: the callback URL (and the
   * platform it belongs to). A real hosted application knows it from the merchant's settings; a
   * customer cannot change it.
   */
  app.get('/hosted-config', (c) => c.json({ callbackUrl: options.callbackUrl(), platformUrl: options.platformUrl }));

  /**
   * Emulator only: moves the sandbox clock past the payin's expiry and the two hours after which
   * its FAILED is registered, so the expiry scenario ends now.
   */
  app.post('/sandbox/expire', async (c) => {
    if (!options.sandboxTools) throw new ApiError(404, 'NOT_FOUND', 'The platform is not the local emulator: its clock cannot be moved');
    const { idPayin } = validate(expireRequestSchema, await jsonBody(c.req.raw));
    let payin;
    try {
      payin = await readPayin(idPayin);
    } catch (error) {
      if (isPlatformError(error) && error.code === 'NOT_FOUND') throw new ApiError(404, 'PAYIN_NOT_FOUND', `No payin "${idPayin}" exists yet`);
      platformFailure(error, 'Reading the payin failed');
    }
    const expireAt = Date.parse(String(payin.paymentMethodResponse.expireAt ?? ''));
    if (!Number.isFinite(expireAt)) throw new ApiError(409, 'NO_EXPIRY', `Payin "${idPayin}" has no expireAt`);
    const clock = (await (await fetch(`${options.platformUrl}/__sandbox/clock`)).json()) as { now: string };
    const seconds = Math.max(0, Math.ceil((expireAt - Date.parse(clock.now)) / 1000)) + EXPIRY_FAILURE_AFTER_SECS + ADVANCE_MARGIN_SECS;
    const advanced = await fetch(`${options.platformUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (!advanced.ok) throw new ApiError(502, 'SANDBOX_CLOCK', `The emulator refused to move its clock (${advanced.status})`);
    const state = (await advanced.json()) as { now: string };
    log(`[merchant] sandbox clock advanced ${seconds} s, past the expiry of ${idPayin}`);
    return c.json({ idPayin, advancedSeconds: seconds, sandboxNow: state.now, statusBefore: payin.status });
  });

  app.notFound((c) => c.json({ errorCode: 'NOT_FOUND', message: `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status as 400, error.headers);
    console.error('[merchant] unexpected error', error);
    return c.json({ errorCode: 'INTERNAL_ERROR', message: 'The merchant backend failed to handle this request' }, 500);
  });

  return {
    app,
    callbacks,
    /** Ends the event streams (an HTTP server waits for them otherwise). */
    close() {
      closed = true;
      for (const stop of streams) stop();
    },
  };
}

export type MerchantBackend = ReturnType<typeof createMerchantBackend>;
