/** The options of `createCheckoutBackend`, and what the merchant's `order` hook answers. */
import type { Money } from '../../api/schemas/request-common.js';
import type { StatusBus } from '../relay/bus.js';
import type { BusLog } from '../shared/log.js';
import type { TokenScope } from './handle.js';
import type { CheckoutCustomer } from '../../api/schemas/checkout-response.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import type {
  PayinReadHook,
  PayinUpdateHook,
  PaymentReadHook,
  PaymentUpdateHook,
  TopUpUpdateHook,
} from './payment-hooks.js';
import type { TopUpRequested } from '../../api/schemas/topup.js';
import type { StatusRelayOptions } from '../relay/relay.js';
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
   * Each fresh payment read after its callback (GET /payins/{idPayin}, GET /topups/{idTopUp}), once
   * per change (a callback delivered twice does not call it twice): `{ kind, id, payment,
   * previous? }`. Fulfil the order here; credit a top-up's wallet with the platform's
   * `moneyRequired` when its status is SUCCESS, never with what the browser says. A hook that
   * throws is called again with the same payment after the next callback.
   *
   * @example
   * ```ts
   * onPaymentUpdate: async (update) => {
   *   if (update.payment.status !== 'SUCCESS') return;
   *   if (update.kind === 'payin') await orders.markPaid(update.id, update.payment);
   *   else await wallets.credit(update.id, update.payment.moneyRequired);
   * },
   * ```
   */
  onPaymentUpdate?: PaymentUpdateHook;
  /**
   * Every read of a payment after a callback, changed or not (`changed`), and every read that
   * failed for good (`error`): for logs and metrics. Not awaited; fulfil orders in `onPaymentUpdate`.
   */
  onPaymentRead?: PaymentReadHook;
  /** @deprecated Use `onPaymentUpdate`, which hears payins as `{ kind: 'payin', id, payment, previous? }`. */
  onPayinUpdate?: PayinUpdateHook;
  /** @deprecated Use `onPaymentRead`, which hears reads of both kinds. */
  onPayinRead?: PayinReadHook;
  /** @deprecated Use `onPaymentUpdate`, which hears top-ups as `{ kind: 'topup', id, payment, previous? }`. */
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
  /**
   * The status polls' safety net, for a callback that never comes: a poll of a pending payment
   * whose last read (or checkout) is older than this has the kit read it once, whatever the number
   * of pollers and instances. Default 60 000 ms.
   */
  pollReadAfterMs?: number;
  /**
   * Such reads start at least this far apart for the whole merchant, however many payments wait,
   * so the safety net takes at most a small share of the platform's 10 requests a second.
   * Default 2000 ms (a twentieth of it).
   */
  pollReadGapMs?: number;
  /** Where failures of hooks, of the platform and of the store are reported. Default: console.warn. */
  log?: BusLog;
  /** The fetch of platform calls. Default: the global fetch. */
  fetch?: typeof fetch;
  /** The clock of handles, in milliseconds since the epoch; for tests. */
  now?: () => number;
}
