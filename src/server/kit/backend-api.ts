/** What `createCheckoutBackend` gives the merchant: its handlers, its reads and its numbers. */
import type { StreamOptions } from '../relay/relay.js';
import type { PaymentKind } from '../shared/payment-kind.js';
import type { CallQueueStats } from './call-queue.js';
import type { Payment } from './payment-hooks.js';
import type { PaymentReaderStats } from './payment-reader.js';
import type { StatusPollStats } from './status-poll.js';

export interface CheckoutBackendStats extends PaymentReaderStats, StatusPollStats {
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

/** Which payment a call is about, and when the caller stops waiting. */
export interface PaymentCallOptions<K extends PaymentKind = 'payin'> {
  /** Default `payin`. */
  kind?: K;
  signal?: AbortSignal;
}

export interface CheckoutBackend {
  /** The whole backend: mount it under `prefix` in any framework that gives a Web Request. */
  fetch(request: Request): Promise<Response>;
  /** `POST {prefix}/checkouts`: a new checkout (`{}`) or a renewal (`{"handle": …}`). */
  handleCheckout(request: Request): Promise<Response>;
  /** `POST {prefix}/callbacks`: the platform's status callback. */
  handleCallback(request: Request): Promise<Response>;
  /**
   * `GET {prefix}/payins/{idPayin}/events` (or a top-up's, `{ kind: 'topup' }`): the payment's
   * status stream, authorized (its `changed` events carry the payment read after the callback)
   * when `?handle=` is that payment's valid handle, data-free otherwise.
   */
  handleEvents(request: Request, id: string, options?: Pick<StreamOptions, 'kind'>): Promise<Response>;
  /**
   * `GET {prefix}/payins/{idPayin}/status?handle=…` (or a top-up's, `{ kind: 'topup' }`): the
   * payment as the kit last read it, for an element that cannot follow the stream: `ETag` and 304,
   * 403 to a handle that is not this payment's. No platform request, but for the safety net: a
   * poll of a pending payment whose last read is older than `pollReadAfterMs` has it read.
   */
  handleStatus(request: Request, id: string, options?: Pick<StreamOptions, 'kind'>): Promise<Response>;
  /**
   * The payment as the platform has it now (one GET /payins/{idPayin} or GET /topups/{idTopUp}
   * with the backend's read token, patient with a busy platform until `signal` aborts), for a page
   * of the shop's own (the shopper back from a bank page, say). Only for payments this backend
   * gave a checkout for: another id is undefined, with no platform request. Rejects with the
   * platform's error (`NOT_FOUND` while the payment has not been created). It calls no hook:
   * orders are fulfilled by `onPaymentUpdate`, after the platform's callback.
   */
  readPayment<K extends PaymentKind = 'payin'>(
    id: string,
    options?: PaymentCallOptions<K>,
  ): Promise<Payment<K> | undefined>;
  /** The last payment read after a callback (what `onPaymentUpdate` last got), with no platform request. */
  lastPayment<K extends PaymentKind = 'payin'>(id: string, options?: { kind?: K }): Promise<Payment<K> | undefined>;
  stats(): CheckoutBackendStats;
  /** Ends the streams and the reads under way; closes the bus and the store it created itself (not those given). */
  close(): Promise<void>;
  /** @deprecated Use `handleEvents(request, idTopUp, { kind: 'topup' })`. */
  handleTopUpEvents(request: Request, idTopUp: string): Promise<Response>;
  /** @deprecated Use `readPayment(idPayin, { signal })`. */
  readPayin(idPayin: string, options?: { signal?: AbortSignal }): Promise<Payment<'payin'> | undefined>;
  /** @deprecated Use `readPayment(idTopUp, { kind: 'topup', signal })`. */
  readTopUp(idTopUp: string, options?: { signal?: AbortSignal }): Promise<Payment<'topup'> | undefined>;
  /** @deprecated Use `lastPayment(idPayin)`. */
  lastPayin(idPayin: string): Promise<Payment<'payin'> | undefined>;
  /** @deprecated Use `lastPayment(idTopUp, { kind: 'topup' })`. */
  lastTopUp(idTopUp: string): Promise<Payment<'topup'> | undefined>;
}
