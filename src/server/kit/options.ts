/**
 * The options of `createCheckoutBackend`, and their check at creation: a mistake in the merchant's
 * configuration is a TypeError naming the option, before any request is served.
 */
import { MAX_AMOUNT } from '../../api/money.js';
import type { Money } from '../../api/schemas/request-common.js';
import type { StatusBus } from '../relay/bus.js';
import type { BusLog } from '../shared/log.js';
import { MIN_HANDLE_SECRET_BYTES, TOKEN_SCOPES, type TokenScope } from './handle.js';
import type { CheckoutCustomer } from '../../api/schemas/checkout-response.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import type { PayinReadHook, PayinUpdateHook, TopUpUpdateHook } from './payment-reader.js';
import type { TopUpRequested } from '../../api/schemas/topup.js';
import type { StatusRelayOptions } from '../relay/relay.js';
import { importPrivateKey } from '../tokens/issuer.js';
import type { WebCryptoKey } from '../tokens/web-crypto-key.js';

/** What the merchant's `order` hook decides for a new checkout. */
export interface CheckoutOrder {
  /** The merchant's Order ID for the payin (a UUID or another high-entropy string is best). */
  idPayin: string;
  /** What the customer pays: from the merchant's own cart, never from the browser's word. */
  money: Money;
  /** Customer data the element shows (read-only unless the page allows changes). */
  customer?: CheckoutCustomer;
  /**
   * The token this checkout gets, when not the backend's `tokenScope` (a hosted-payment link that
   * needs the smallest token, say). Its renewals keep it: the handle carries it.
   */
  tokenScope?: TokenScope;
}

/**
 * What the merchant's `order` hook decides for a new top-up checkout (a wallet deposit): the
 * top-up's id and one of the platform's two modes, priced by the merchant, never by the browser.
 *
 * @example
 * ```ts
 * // The wallet receives exactly USD 100; the customer pays it in rupees at the platform's rate.
 * { kind: 'topup', idTopUp: deposit.id, topUpRequested: { moneyRequired: { amount: 100, currencyCode: 'USD' }, currencyProvided: 'INR' } }
 * // The customer pays exactly THB 2,000; the wallet receives it converted to USD.
 * { kind: 'topup', idTopUp: deposit.id, topUpRequested: { moneyProvided: { amount: 2000, currencyCode: 'THB' }, currencyRequired: 'USD' } }
 * ```
 */
export interface TopUpCheckoutOrder {
  kind: 'topup';
  /** The merchant's idTopUp (a UUID or another high-entropy string is best). */
  idTopUp: string;
  /**
   * The platform's request mode, sent as it is with POST /topups/{idTopUp}: `moneyProvided` (the
   * customer pays exactly this) with `currencyRequired`, or `moneyRequired` (the wallet receives
   * exactly this) with `currencyProvided`. The token limits the create to the amount it states.
   */
  topUpRequested: TopUpRequested;
  customer?: CheckoutCustomer;
  /**
   * `checkout` (the backend's default): the top-up's literal operations with `GET /fx-rates`, so
   * the element reads the rate again itself when it expires. `by-action`: WALLET_OPERATION_CREATE,
   * which does not permit GET /fx-rates; the rate then comes only with the checkout (`fxRate`),
   * renewed through the handle.
   */
  tokenScope?: TokenScope;
}

export interface CheckoutBackendOptions {
  /** The platform's base URL (sandbox, live, or the local emulator). */
  platformUrl: string;
  merchantCode: string;
  /** PKCS#8 PEM or an imported key: signs token requests (preferred). Stays on the server. */
  privateKey?: string | WebCryptoKey;
  /** Deprecated authentication by merchant secret, used only when no private key is given. */
  secret?: string;
  /** X-API-Version. Default `2`. */
  apiVersion?: string;
  /** Where `backend.fetch` is mounted: `/pay` serves `/pay/checkouts`, … Default `` (the root). */
  prefix?: string;
  /**
   * A new checkout: the payin and its money, from the merchant's own session or cart (the request
   * carries the shopper's cookies and headers; its body has been read by the backend). Return a
   * Response to refuse (an empty cart, a shopper not signed in): it is sent as it is. An order id
   * given again (a reload of the same cart) gets a fresh token for the same payin, and the
   * platform refuses to create it twice. Not called for renewals: the handle names the payin.
   */
  order: (
    request: Request,
  ) => CheckoutOrder | TopUpCheckoutOrder | Response | Promise<CheckoutOrder | TopUpCheckoutOrder | Response>;
  /**
   * Each fresh payin read after a callback, once per change (a callback delivered twice does not
   * call it twice): fulfil the order here. A hook that throws is called again with the same payin
   * after the next callback.
   */
  onPayinUpdate?: PayinUpdateHook;
  /**
   * Every read of a payin after a callback, changed or not (`changed`), and every read that failed
   * for good (`error`): for logs and metrics. Not awaited; fulfil orders in `onPayinUpdate`.
   */
  onPayinRead?: PayinReadHook;
  /**
   * Each fresh top-up read after its callback (GET /topups/{idTopUp}), once per change: credit the
   * wallet here with the platform's `moneyRequired` when its status is SUCCESS, never with what the
   * browser says. A hook that throws is called again with the same top-up after the next callback.
   */
  onTopUpUpdate?: TopUpUpdateHook;
  /**
   * Where the platform calls back: this backend's `{prefix}/callbacks`, as the platform reaches it
   * (an absolute http(s) URL), or a function of the checkout request that says so.
   */
  callbackUrl: string | ((request: Request) => string | Promise<string>);
  /** The shop's name, shown as text with each checkout; the element then sends no GET /merchant-info. */
  merchantName?: string;
  /** The largest amount a checkout may have, in its currency's units. Default: the platform's bound (10^12). */
  maxAmount?: number;
  /** Validity of checkout tokens. Default 1800 s (the platform's default). */
  tokenValiditySecs?: number;
  /** Default `checkout` (see TokenScope). */
  tokenScope?: TokenScope;
  /** Fetch the payment options on the server (cached per currency and amount) and give them with each checkout. Default true. */
  provideOptions?: boolean;
  /** Checkout tokens asked of the platform at once; more checkouts wait their turn. Default 4. */
  concurrentMints?: number;
  /** Checkouts allowed to wait for a token; past it 503 with Retry-After at once. Default 300 (about 30 s at 10 a second). */
  maxQueue?: number;
  /**
   * The key that signs handles, at least 32 bytes. Default: derived from the private key or the
   * secret (HKDF), so every instance with the same credentials agrees. Give one to keep handles
   * valid across a key rotation.
   */
  handleSecret?: string | Uint8Array;
  /** Validity of a handle, and how long a payin is remembered after its checkout or renewal. Default 72 h. */
  handleValiditySecs?: number;
  /** What the backend remembers. Default `memoryCheckoutStore()`; `redisCheckoutStore({ url })` across instances. */
  store?: CheckoutStore;
  /** How changes reach the streams. Default `memoryBus()`; `redisBus({ url })` across instances. */
  bus?: StatusBus;
  /**
   * The status relay's settings (stream heartbeat, origins, bounds), and its `onCallback`: every
   * well-formed callback as it arrives, whatever its type and whoever's payin it names, for your
   * logs (not awaited).
   */
  relay?: Pick<
    StatusRelayOptions,
    | 'heartbeatMs'
    | 'retryMs'
    | 'maxStreams'
    | 'allowOrigins'
    | 'maxCallbackBytes'
    | 'publishTimeoutMs'
    | 'dataWaitMs'
    | 'onCallback'
  >;
  /** Reads of one payin start at least this far apart. Default 1000 ms. */
  minReadGapMs?: number;
  /** Where failures of hooks, of the platform and of the store are reported. Default: console.warn. */
  log?: BusLog;
  /** The fetch of platform calls. Default: the global fetch. */
  fetch?: typeof fetch;
  /** The clock of handles, in milliseconds since the epoch; for tests. */
  now?: () => number;
}

/** The options, checked and with their defaults. */
export interface ResolvedOptions {
  platformUrl: string;
  apiVersion: string;
  prefix: string;
  maxAmount: number;
  tokenValiditySecs: number;
  tokenScope: TokenScope;
  provideOptions: boolean;
  concurrentMints: number;
  maxQueue: number;
  handleValiditySecs: number;
  minReadGapMs: number;
  merchantName?: string;
}

const fail = (message: string): never => {
  throw new TypeError(`createCheckoutBackend: ${message}`);
};

function integer(
  options: CheckoutBackendOptions,
  name: keyof CheckoutBackendOptions,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return value as number;
}

function absoluteHttpUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    fail(`${name} must be an absolute http(s) URL, such as https://shop.example/pay/callbacks`);
  return String(value);
}

const STORE_METHODS = [
  'remember',
  'recall',
  'lastPayin',
  'setLastPayin',
  'requestRead',
  'acquireReadLock',
  'extendReadLock',
  'takeReadRequest',
  'releaseReadLock',
] as const;
const BUS_METHODS = ['publish', 'subscribe', 'close'] as const;
const isFunction = (value: unknown) => typeof value === 'function';

export function resolveOptions(options: CheckoutBackendOptions): ResolvedOptions {
  if (!options || typeof options !== 'object')
    fail('needs options: { platformUrl, merchantCode, privateKey, order, callbackUrl, … }');
  const platformUrl = absoluteHttpUrl(options.platformUrl, 'platformUrl').replace(/\/+$/, '');
  if (typeof options.merchantCode !== 'string' || options.merchantCode.trim() === '')
    fail('merchantCode must be your merchant ID, a non-empty string');
  if (options.privateKey === undefined && options.secret === undefined)
    fail('needs a privateKey (preferred) or a secret to sign token requests');
  // A PEM that is not PKCS#8 throws here, with the openssl line that converts it.
  if (typeof options.privateKey === 'string') {
    try {
      importPrivateKey(options.privateKey).catch(() => {});
    } catch (error) {
      fail(`privateKey: ${(error as Error).message}`);
    }
  } else if (
    options.privateKey !== undefined &&
    (typeof options.privateKey !== 'object' || options.privateKey === null)
  )
    fail('privateKey must be a PKCS#8 PEM string or an imported key');
  if (options.secret !== undefined && (typeof options.secret !== 'string' || options.secret === ''))
    fail('secret must be a non-empty string');
  const apiVersion = options.apiVersion ?? '2';
  if (typeof apiVersion !== 'string' || !/^\d+$/.test(apiVersion))
    fail('apiVersion must be the major version as a string, such as "2"');
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  if (typeof options.prefix !== 'undefined' && typeof options.prefix !== 'string')
    fail('prefix must be a path such as "/pay"');
  if (prefix !== '' && !/^\/[^\s?#]*$/.test(prefix))
    fail(`prefix must be a path starting with "/", such as "/pay" (got ${JSON.stringify(options.prefix)})`);
  if (!isFunction(options.order))
    fail(
      'order must be a function of the request returning { idPayin, money, customer? } (or a Response that refuses)',
    );
  if (options.onPayinUpdate !== undefined && !isFunction(options.onPayinUpdate))
    fail('onPayinUpdate must be a function');
  if (options.onPayinRead !== undefined && !isFunction(options.onPayinRead)) fail('onPayinRead must be a function');
  if (options.onTopUpUpdate !== undefined && !isFunction(options.onTopUpUpdate))
    fail('onTopUpUpdate must be a function');
  if (options.relay?.onCallback !== undefined && !isFunction(options.relay.onCallback))
    fail('relay.onCallback must be a function');
  if (typeof options.callbackUrl === 'string') absoluteHttpUrl(options.callbackUrl, 'callbackUrl');
  else if (!isFunction(options.callbackUrl))
    fail(
      'callbackUrl must be an absolute http(s) URL the platform can reach, or a function of the request returning one',
    );
  let merchantName: string | undefined;
  if (options.merchantName !== undefined) {
    merchantName = typeof options.merchantName === 'string' ? options.merchantName.trim() : '';
    if (merchantName === '' || merchantName.length > 200)
      fail("merchantName must be the shop's name, 1 to 200 characters");
  }
  const maxAmount = options.maxAmount ?? MAX_AMOUNT;
  if (typeof maxAmount !== 'number' || !(maxAmount > 0) || maxAmount > MAX_AMOUNT)
    fail(`maxAmount must be a number above 0 and at most ${MAX_AMOUNT}`);
  const tokenScope = options.tokenScope ?? 'checkout';
  if (!TOKEN_SCOPES.includes(tokenScope))
    fail(`tokenScope must be one of ${TOKEN_SCOPES.map((scope) => `"${scope}"`).join(', ')}`);
  if (options.provideOptions !== undefined && typeof options.provideOptions !== 'boolean')
    fail('provideOptions must be true or false');
  if (options.handleSecret !== undefined) {
    const bytes =
      typeof options.handleSecret === 'string'
        ? new TextEncoder().encode(options.handleSecret).length
        : options.handleSecret instanceof Uint8Array
          ? options.handleSecret.length
          : -1;
    if (bytes < MIN_HANDLE_SECRET_BYTES)
      fail(
        `handleSecret must be a string or bytes of at least ${MIN_HANDLE_SECRET_BYTES} bytes (a random one: openssl rand -base64 32)`,
      );
  }
  if (
    options.store !== undefined &&
    !STORE_METHODS.every((method) => isFunction((options.store as unknown as Record<string, unknown>)?.[method]))
  ) {
    fail(
      `store must be a CheckoutStore (memoryCheckoutStore(), redisCheckoutStore({ url }) or one with ${STORE_METHODS.join(', ')})`,
    );
  }
  if (
    options.bus !== undefined &&
    !BUS_METHODS.every((method) => isFunction((options.bus as unknown as Record<string, unknown>)?.[method]))
  ) {
    fail('bus must be a StatusBus: memoryBus() or redisBus({ url })');
  }
  for (const name of ['log', 'fetch', 'now'] as const)
    if (options[name] !== undefined && !isFunction(options[name])) fail(`${name} must be a function`);
  const minReadGapMs = options.minReadGapMs ?? 1000;
  if (typeof minReadGapMs !== 'number' || !(minReadGapMs >= 0) || !Number.isFinite(minReadGapMs))
    fail('minReadGapMs must be a number of milliseconds, 0 or more');
  return {
    platformUrl,
    apiVersion,
    prefix,
    maxAmount,
    tokenValiditySecs: integer(options, 'tokenValiditySecs', 1800, 60, 86_400),
    tokenScope,
    provideOptions: options.provideOptions ?? true,
    concurrentMints: integer(options, 'concurrentMints', 4, 1, 64),
    maxQueue: integer(options, 'maxQueue', 300, 0, 100_000),
    handleValiditySecs: integer(options, 'handleValiditySecs', 72 * 3600, 60, 30 * 86_400),
    minReadGapMs,
    ...(merchantName ? { merchantName } : {}),
  };
}
