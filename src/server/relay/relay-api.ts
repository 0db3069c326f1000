/** What `createStatusRelay` takes and gives: its options, its handlers and its numbers. */
import type { BusLog } from '../shared/log.js';
import type { PaymentKind } from '../shared/payment-kind.js';
import type { StatusBus } from './bus.js';
import type { StatusCallback } from './callback.js';

export interface StatusRelayOptions {
  /** How changes reach every instance: `memoryBus()` in one process, `redisBus({ url })` across several. */
  bus: StatusBus;
  /** A `ping` event this often on every stream. Default 15 000 ms; sent in the `ready` event's data. */
  heartbeatMs?: number;
  /** The `retry:` of the stream: how long a browser's EventSource waits before reconnecting. Default 3000 ms. */
  retryMs?: number;
  /** Streams open at once on this instance; beyond it, 503 with Retry-After. Default 10 000. */
  maxStreams?: number;
  /**
   * Origins (`https://shop.example`) whose pages may open a stream from another origin, or `['*']`
   * for any. Default none: same-origin pages only; other origins get 403.
   */
  allowOrigins?: readonly string[];
  /**
   * Whether the payment is one of yours. Callbacks about other payments are acknowledged and
   * dropped (nothing published, `onPaymentChange` not called), and their streams are 404. Default:
   * every payment.
   */
  knownPayment?: (id: string, kind: PaymentKind) => boolean | Promise<boolean>;
  /**
   * A payment of yours changed (a callback arrived on this instance): read it here, with
   * GET /payins/{idPayin} or GET /topups/{idTopUp}, as the platform document asks. Not awaited:
   * the callback is answered without waiting for your read.
   */
  onPaymentChange?: (id: string, kind: PaymentKind, callback: StatusCallback) => unknown;
  /** Every well-formed callback, whatever its type, before anything else (for your logs). Not awaited. */
  onCallback?: (callback: StatusCallback, request: Request) => unknown;
  /** Largest callback body read. Default 16 KiB (413 beyond). */
  maxCallbackBytes?: number;
  /** How long publishing a change may take before the callback is answered 503 (the platform retries it). Default 2000 ms. */
  publishTimeoutMs?: number;
  /**
   * How long an authorized stream waits, after a change without data, for the change with data
   * that should follow (the payment read after the callback) before it sends a data-free
   * `changed`. Default 30 000 ms.
   */
  dataWaitMs?: number;
  /** Where failures of your hooks and of the bus are reported. Default: console.warn. */
  log?: BusLog;
  /** @deprecated Use `knownPayment(id, kind)`; asked about payins only. */
  knownPayin?: (idPayin: string) => boolean | Promise<boolean>;
  /** @deprecated Use `knownPayment(id, kind)`; asked about top-ups only. */
  knownTopUp?: (idTopUp: string) => boolean | Promise<boolean>;
  /** @deprecated Use `onPaymentChange(id, kind, callback)`; called for payins only. */
  onChange?: (idPayin: string, callback: StatusCallback) => unknown;
  /** @deprecated Use `onPaymentChange(id, kind, callback)`; called for top-ups only. */
  onTopUpChange?: (idTopUp: string, callback: StatusCallback) => unknown;
}

/** Who may see what on one stream: decided by the caller of handleEvents. */
export interface StreamAccess {
  /**
   * The caller has checked that this client may see the payment (a valid handle of the checkout):
   * the stream carries the data published with changes. Default false: data-free.
   */
  authorized?: boolean;
}

/** Which payment's stream, and who may see what on it. */
export interface StreamOptions extends StreamAccess {
  /** Default `payin`. */
  kind?: PaymentKind;
}

export interface StatusRelayStats {
  /** Streams open now on this instance. */
  streams: number;
  maxStreams: number;
}

export interface StatusRelay {
  /** The platform's status callback (POST). */
  handleCallback(request: Request): Promise<Response>;
  /** The status stream of one payment (GET, and OPTIONS for a cross-origin page's preflight). */
  handleEvents(request: Request, id: string, options?: StreamOptions): Promise<Response>;
  /** @deprecated Use `handleEvents(request, idTopUp, { kind: 'topup', … })`. */
  handleTopUpEvents(request: Request, idTopUp: string, access?: StreamAccess): Promise<Response>;
  stats(): StatusRelayStats;
  /** Ends every open stream and refuses new ones (503); the bus stays open (it may be shared). */
  close(): void;
}
