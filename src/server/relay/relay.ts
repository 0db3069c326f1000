/**
 * The status relay: the platform calls the merchant back when a payment's status changes, and
 * shoppers' elements hear it over Server-Sent Events instead of polling the platform.
 *
 *   handleCallback(request)          the platform's status callback: answered at once, then
 *                                    "payment X changed" goes out on the bus
 *   handleEvents(request, id, { kind? }) the stream of one payin (or top-up), for the element
 *
 * Framework-neutral: a Web `Request` in, a `Response` out, no DOM. The stream carries no payment
 * data, only that the payment changed, so a stranger who guesses an id learns nothing more; the
 * element reads the payment from the platform with its own payment-scoped token.
 *
 * The stream's protocol (the element's client side is written against exactly this):
 *   200, `Content-Type: text/event-stream`, `Cache-Control: no-store`, `X-Accel-Buffering: no`;
 *   `retry: 3000`, then `event: ready` / `data: {"heartbeatMs":15000}` once the bus subscription
 *   is live; `event: changed` / `data: {}` for each change; `event: ping` / `data: {}` every
 *   heartbeatMs. A bad id is 400 JSON; a bus that cannot deliver is 503 JSON (and an open stream
 *   ends when its bus connection is lost), so the element polls instead of waiting.
 *
 * An authorized stream (`{ authorized: true }`, for a caller that has checked who asks, as
 * `createCheckoutBackend` does with the checkout's handle) hears the changes published with data:
 * `event: changed` / `data: <that data>`. A change announced without data (the callback itself)
 * is followed by one with data once it has been read; when none follows within `dataWaitMs`, the
 * stream sends `changed` / `{}` and the element reads the payment itself. An unauthorized stream
 * never sees data.
 */
import { HttpError, jsonResponse, methodNotAllowed } from '../http/error.js';
import { readJsonBody } from '../http/body.js';
import { consoleBusLog, type BusLog } from '../shared/log.js';
import { invalidId, isPaymentId, KIND_WORDS, subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import { StatusBusUnavailableError, type StatusBus } from './bus.js';
import { parseStatusCallback, PAYIN_STATUS_CHANGED, TOPUP_STATUS_CHANGED, type StatusCallback } from './callback.js';
import { originCheck } from './origins.js';
import { openStream } from './stream.js';

export type { StatusCallback };

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

const positive = (value: number | undefined, fallback: number, name: string) => {
  const chosen = value ?? fallback;
  if (!Number.isFinite(chosen) || chosen <= 0)
    throw new TypeError(`createStatusRelay: ${name} must be a positive number`);
  return chosen;
};

/** The callback types the relay acts on, and the kind and id each names. */
const CHANGES: Record<string, (callback: StatusCallback) => { kind: PaymentKind; id: string }> = {
  [PAYIN_STATUS_CHANGED]: (callback) => ({ kind: 'payin', id: callback.idPayin! }),
  [TOPUP_STATUS_CHANGED]: (callback) => ({ kind: 'topup', id: callback.idTopUp! }),
};

/** The merchant's hooks, the kind-neutral ones or else the deprecated twins. */
function kindHooks(options: StatusRelayOptions) {
  if (options.knownPayment && (options.knownPayin || options.knownTopUp))
    throw new TypeError('createStatusRelay: give knownPayment, or the deprecated knownPayin and knownTopUp, not both');
  if (options.onPaymentChange && (options.onChange || options.onTopUpChange))
    throw new TypeError(
      'createStatusRelay: give onPaymentChange, or the deprecated onChange and onTopUpChange, not both',
    );
  const known =
    options.knownPayment ??
    ((id: string, kind: PaymentKind) => (kind === 'topup' ? options.knownTopUp : options.knownPayin)?.(id) ?? true);
  const changed =
    options.onPaymentChange ??
    ((id: string, kind: PaymentKind, callback: StatusCallback) =>
      kind === 'topup' ? options.onTopUpChange?.(id, callback) : options.onChange?.(id, callback));
  /** The hook's name as the merchant gave it, for the log. */
  const changedName = (kind: PaymentKind) =>
    options.onPaymentChange ? 'onPaymentChange' : kind === 'topup' ? 'onTopUpChange' : 'onChange';
  return { known, changed, changedName };
}

export function createStatusRelay(options: StatusRelayOptions): StatusRelay {
  if (!options?.bus) throw new TypeError('createStatusRelay needs a bus: memoryBus() or redisBus({ url })');
  const { bus } = options;
  const heartbeatMs = positive(options.heartbeatMs, 15_000, 'heartbeatMs');
  const retryMs = positive(options.retryMs, 3000, 'retryMs');
  const maxStreams = positive(options.maxStreams, 10_000, 'maxStreams');
  const maxCallbackBytes = positive(options.maxCallbackBytes, 16 * 1024, 'maxCallbackBytes');
  const publishTimeoutMs = positive(options.publishTimeoutMs, 2000, 'publishTimeoutMs');
  const dataWaitMs = positive(options.dataWaitMs, 30_000, 'dataWaitMs');
  const log = options.log ?? consoleBusLog;
  const retryAfter = String(Math.max(1, Math.ceil(retryMs / 1000)));
  const corsHeaders = originCheck(options.allowOrigins);
  const hooks = kindHooks(options);
  /** Each open stream's end function, so close() can end them all. */
  const streams = new Set<() => void>();
  let closed = false;

  /** Runs a merchant hook without waiting for it; its failure is reported, never thrown. */
  function runHook(name: string, hook: () => unknown): void {
    try {
      const result = hook();
      if (result instanceof Promise) result.catch((error) => log(`The relay's ${name} hook failed`, error));
    } catch (error) {
      log(`The relay's ${name} hook failed`, error);
    }
  }

  async function isKnown(kind: PaymentKind, id: string): Promise<boolean> {
    try {
      return await hooks.known(id, kind);
    } catch (error) {
      log(`The relay could not tell whether a ${KIND_WORDS[kind].noun} is known (knownPayment failed)`, error);
      throw new HttpError(
        503,
        'UNAVAILABLE',
        `Cannot tell now whether this ${KIND_WORDS[kind].noun} is known; try again`,
        {
          headers: { 'Retry-After': retryAfter },
        },
      );
    }
  }

  function errorResponse(error: unknown, headers: Record<string, string> = {}): Response {
    if (error instanceof HttpError) return error.toResponse(headers);
    if (error instanceof StatusBusUnavailableError) {
      return jsonResponse(
        503,
        { errorCode: 'STATUS_BUS_UNAVAILABLE', message: error.message },
        { 'Retry-After': retryAfter, ...headers },
      );
    }
    log('The status relay failed unexpectedly', error);
    return jsonResponse(
      500,
      { errorCode: 'INTERNAL_ERROR', message: 'The status relay failed to handle this request' },
      headers,
    );
  }

  function publishWithin(subject: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new StatusBusUnavailableError(`Publishing the change took more than ${publishTimeoutMs} ms`)),
        publishTimeoutMs,
      );
      bus
        .publish(subject)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  }

  async function handleCallback(request: Request): Promise<Response> {
    try {
      if (request.method !== 'POST') throw methodNotAllowed('POST');
      const callback = parseStatusCallback(await readJsonBody(request, maxCallbackBytes));
      runHook('onCallback', () => options.onCallback?.(callback, request));
      // Other event types (payouts, types added later) are acknowledged and left alone.
      const change = CHANGES[callback.type]?.(callback);
      if (!change || !(await isKnown(change.kind, change.id)))
        return jsonResponse(200, { received: true, published: false });
      runHook(hooks.changedName(change.kind), () => hooks.changed(change.id, change.kind, callback));
      // A change that cannot be published is answered 503, so the platform delivers it again.
      await publishWithin(subjectOf(change.kind, change.id));
      return jsonResponse(200, { received: true, published: true });
    } catch (error) {
      return errorResponse(error);
    }
  }

  async function handleEvents(request: Request, id: string, streamOptions: StreamOptions = {}): Promise<Response> {
    const kind = streamOptions.kind ?? 'payin';
    let cors: Record<string, string> = {};
    try {
      cors = corsHeaders(request);
      if (request.method === 'OPTIONS') {
        return new Response(null, {
          status: 204,
          headers: { ...cors, 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Max-Age': '600' },
        });
      }
      if (request.method !== 'GET') throw methodNotAllowed('GET');
      if (!isPaymentId(id)) throw invalidId(kind);
      if (closed) throw new StatusBusUnavailableError('The status relay is closed');
      if (streams.size >= maxStreams) {
        throw new HttpError(
          503,
          'TOO_MANY_STREAMS',
          `This server holds ${maxStreams} status streams already; poll instead for now`,
          { headers: { 'Retry-After': retryAfter } },
        );
      }
      const subject = subjectOf(kind, id);
      const settings = { bus, heartbeatMs, retryMs, dataWaitMs, open: streams };
      return await openStream(request, subject, cors, streamOptions.authorized === true, settings, async () => {
        if (await isKnown(kind, id)) return;
        throw kind === 'topup'
          ? new HttpError(404, 'TOPUP_NOT_FOUND', `No top-up "${id}" is known here`)
          : new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${id}" is known here`);
      });
    } catch (error) {
      return errorResponse(error, cors);
    }
  }

  return {
    handleCallback,
    handleEvents,
    handleTopUpEvents: (request, idTopUp, access = {}) => handleEvents(request, idTopUp, { ...access, kind: 'topup' }),
    stats: () => ({ streams: streams.size, maxStreams }),
    close() {
      closed = true;
      for (const end of [...streams]) end();
    },
  };
}
