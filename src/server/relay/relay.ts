/**
 * The status relay (CONTRACT §3): the platform calls the merchant back when a payin's status
 * changes, and shoppers' elements hear it over Server-Sent Events instead of polling the platform.
 *
 *   handleCallback(request)        the platform's status callback: answered at once, then
 *                                  "payin X changed" goes out on the bus
 *   handleEvents(request, idPayin) the stream of one payin, for the element's `status-url`
 *
 * Framework-neutral: a Web `Request` in, a `Response` out, no DOM. The stream carries no payin
 * data — only that the payin changed — so a stranger who guesses an idPayin learns nothing more;
 * the element reads the payin from the platform with its own payment-scoped token.
 *
 * The stream's protocol (the element's client side is written against exactly this):
 *   200, `Content-Type: text/event-stream`, `Cache-Control: no-store`, `X-Accel-Buffering: no`;
 *   `retry: 3000`, then `event: ready` / `data: {"heartbeatMs":15000}` once the bus subscription
 *   is live; `event: changed` / `data: {}` for each change; `event: ping` / `data: {}` every
 *   heartbeatMs. A bad idPayin is 400 JSON; a bus that cannot deliver is 503 JSON (and an open
 *   stream ends when its bus connection is lost), so the element polls instead of waiting.
 *
 * An authorized stream (`handleEvents(request, idPayin, { authorized: true })`, for a caller that
 * has checked who asks, as `createCheckoutBackend` does with the checkout's handle) hears the
 * changes published with data instead: `event: changed` / `data: <that data>`. A change announced
 * without data (the callback itself) is followed by one with data once it has been read; when
 * none follows within `dataWaitMs`, the stream sends `changed` / `{}` and the element reads the
 * payin itself. An unauthorized stream never sees data.
 */
import type { ChangeData, StatusBus } from './bus.js';
import type { BusLog } from '../shared/log.js';
import { StatusBusUnavailableError } from './bus.js';
import { consoleBusLog } from '../shared/log.js';
import { readJsonBody } from '../http/body.js';
import { HttpError, jsonResponse } from '../http/error.js';
import { paymentOf, subjectOf } from '../shared/payment-kind.js';
import {
  invalidId,
  isPayinId,
  methodNotAllowed,
  parseStatusCallback,
  PAYIN_STATUS_CHANGED,
  TOPUP_STATUS_CHANGED,
  SSE_HEADERS,
  sseEvent,
  sseRetry,
  type StatusCallback,
} from './relay-http.js';

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
   * Whether the payin is one of yours. Callbacks about other payins are acknowledged and dropped
   * (nothing published, `onChange` not called), and their streams are 404. Default: every payin.
   */
  knownPayin?: (idPayin: string) => boolean | Promise<boolean>;
  /**
   * Whether the top-up is one of yours, as knownPayin for payins: callbacks about other top-ups are
   * dropped and their streams (`handleTopUpEvents`) are 404. Default: every top-up.
   */
  knownTopUp?: (idTopUp: string) => boolean | Promise<boolean>;
  /** A top-up of yours changed (TOPUP_STATUS_CHANGED): read it with GET /topups/{idTopUp}. Not awaited. */
  onTopUpChange?: (idTopUp: string, callback: StatusCallback) => unknown;
  /** Every well-formed callback, whatever its type, before anything else (for your logs). Not awaited. */
  onCallback?: (callback: StatusCallback, request: Request) => unknown;
  /**
   * A payin changed (a callback of yours arrived on this instance): read it here, with
   * GET /payins/{idPayin}, as the platform document asks. Not awaited: the callback is answered
   * without waiting for your read.
   */
  onChange?: (idPayin: string, callback: StatusCallback) => unknown;
  /** Largest callback body read. Default 16 KiB (413 beyond). */
  maxCallbackBytes?: number;
  /** How long publishing a change may take before the callback is answered 503 (the platform retries it). Default 2000 ms. */
  publishTimeoutMs?: number;
  /**
   * How long an authorized stream waits, after a change without data, for the change with data
   * that should follow (the payin read after the callback) before it sends a data-free `changed`.
   * Default 30 000 ms.
   */
  dataWaitMs?: number;
  /** Where failures of your hooks and of the bus are reported. Default: console.warn. */
  log?: BusLog;
}

/** Who may see what on one stream: decided by the caller of handleEvents. */
export interface StreamAccess {
  /**
   * The caller has checked that this client may see the payin (a valid handle of the checkout):
   * the stream carries the data published with changes. Default false: data-free.
   */
  authorized?: boolean;
}

export interface StatusRelayStats {
  /** Streams open now on this instance. */
  streams: number;
  maxStreams: number;
}

const positive = (value: number | undefined, fallback: number, name: string) => {
  const chosen = value ?? fallback;
  if (!Number.isFinite(chosen) || chosen <= 0)
    throw new TypeError(`createStatusRelay: ${name} must be a positive number`);
  return chosen;
};

/** Chunks a client may leave unread before its stream is ended (it is not reading at all). */
const MAX_UNREAD_EVENTS = 256;

export function createStatusRelay(options: StatusRelayOptions) {
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
  const allowAnyOrigin = options.allowOrigins?.includes('*') ?? false;
  const allowedOrigins = new Set((options.allowOrigins ?? []).filter((origin) => origin !== '*').map(originOf));
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

  /** Whether a payin, or a top-up by its key (`topup/{idTopUp}`, subjects.ts), is known. */
  async function isKnown(subject: string): Promise<boolean> {
    const payment = paymentOf(subject);
    const known = payment.kind === 'topup' ? options.knownTopUp : options.knownPayin;
    if (!known) return true;
    try {
      return await known(payment.id);
    } catch (error) {
      log('The relay could not tell whether a payin is known (knownPayin failed)', error);
      throw new HttpError(503, 'UNAVAILABLE', 'Cannot tell now whether this payin is known; try again', {
        headers: { 'Retry-After': retryAfter },
      });
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

  function publishWithin(idPayin: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new StatusBusUnavailableError(`Publishing the change took more than ${publishTimeoutMs} ms`)),
        publishTimeoutMs,
      );
      bus
        .publish(idPayin)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  }

  /** CORS headers for a stream request, or 403 for a cross-origin page that is not allowed. */
  function corsHeaders(request: Request): Record<string, string> {
    const origin = request.headers.get('origin');
    if (origin === null) return {};
    if (allowAnyOrigin) return { 'Access-Control-Allow-Origin': '*' };
    if (allowedOrigins.has(origin)) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    if (request.headers.get('sec-fetch-site') === 'same-origin' || origin === new URL(request.url).origin) return {};
    throw new HttpError(
      403,
      'ORIGIN_NOT_ALLOWED',
      `Pages of ${origin} may not open this stream (see the relay's allowOrigins)`,
    );
  }

  async function handleCallback(request: Request): Promise<Response> {
    try {
      if (request.method !== 'POST') throw methodNotAllowed('POST');
      const callback = parseStatusCallback(await readJsonBody(request, maxCallbackBytes));
      runHook('onCallback', () => options.onCallback?.(callback, request));
      if (callback.type === TOPUP_STATUS_CHANGED) {
        const subject = subjectOf('topup', callback.idTopUp!);
        if (!(await isKnown(subject))) return jsonResponse(200, { received: true, published: false });
        runHook('onTopUpChange', () => options.onTopUpChange?.(callback.idTopUp!, callback));
        await publishWithin(subject);
        return jsonResponse(200, { received: true, published: true });
      }
      // Other event types (payouts, types added later) are acknowledged and left alone.
      if (callback.type !== PAYIN_STATUS_CHANGED) return jsonResponse(200, { received: true, published: false });
      const idPayin = callback.idPayin!;
      if (!(await isKnown(idPayin))) return jsonResponse(200, { received: true, published: false });
      runHook('onChange', () => options.onChange?.(idPayin, callback));
      // A change that cannot be published is answered 503, so the platform delivers it again.
      await publishWithin(idPayin);
      return jsonResponse(200, { received: true, published: true });
    } catch (error) {
      return errorResponse(error);
    }
  }

  const handleEvents = (request: Request, idPayin: string, access: StreamAccess = {}) =>
    streamFor(request, 'payin', idPayin, access);

  async function streamFor(
    request: Request,
    kind: 'payin' | 'topup',
    id: string,
    access: StreamAccess,
  ): Promise<Response> {
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
      if (!isPayinId(id)) throw invalidId(kind === 'topup' ? 'idTopUp' : 'idPayin');
      if (closed) throw new StatusBusUnavailableError('The status relay is closed');
      if (streams.size >= maxStreams) {
        throw new HttpError(
          503,
          'TOO_MANY_STREAMS',
          `This server holds ${maxStreams} status streams already; poll instead for now`,
          { headers: { 'Retry-After': retryAfter } },
        );
      }
      return await openStream(request, subjectOf(kind, id), cors, access.authorized === true);
    } catch (error) {
      return errorResponse(error, cors);
    }
  }

  async function openStream(
    request: Request,
    idPayin: string,
    cors: Record<string, string>,
    authorized: boolean,
  ): Promise<Response> {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let ready = false;
    let ended = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    /** An authorized stream's wait for the data of a change announced without it. */
    let dataWait: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;

    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(dataWait);
      unsubscribe?.();
      request.signal.removeEventListener('abort', end);
      streams.delete(end);
      try {
        controller.close();
      } catch {
        // Already closed or cancelled by the reader.
      }
    };
    const send = (chunk: Uint8Array) => {
      if (ended) return;
      // A client that reads nothing would make the queue grow for ever.
      if ((controller.desiredSize ?? 0) < -MAX_UNREAD_EVENTS) return end();
      try {
        controller.enqueue(chunk);
      } catch {
        end();
      }
    };
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: end });
    // The slot is taken before the first await, so a crowd arriving at once cannot overshoot maxStreams.
    streams.add(end);
    try {
      if (!(await isKnown(idPayin))) {
        const payment = paymentOf(idPayin);
        throw payment.kind === 'topup'
          ? new HttpError(404, 'TOPUP_NOT_FOUND', `No top-up "${payment.id}" is known here`)
          : new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${idPayin}" is known here`);
      }
      // A change before `ready` is covered by the read the element makes on `ready`.
      const changed = authorized
        ? (data?: ChangeData) => {
            if (!ready) return;
            if (data !== undefined) {
              clearTimeout(dataWait);
              dataWait = undefined;
              return send(sseEvent('changed', data));
            }
            dataWait ??= setTimeout(() => {
              dataWait = undefined;
              send(sseEvent('changed'));
            }, dataWaitMs);
          }
        : (data?: ChangeData) => ready && data === undefined && send(sseEvent('changed'));
      const subscription = await bus.subscribe(idPayin, { changed, lost: end });
      // The stream may have ended while subscribing (the client left, or close()).
      if (ended) subscription();
      else unsubscribe = subscription;
    } catch (error) {
      end();
      throw error;
    }
    if (ended || request.signal.aborted) {
      end();
      return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...cors } });
    }
    ready = true;
    send(sseRetry(retryMs));
    send(sseEvent('ready', { heartbeatMs }));
    heartbeat = setInterval(() => send(sseEvent('ping')), heartbeatMs);
    request.signal.addEventListener('abort', end, { once: true });
    return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...cors } });
  }

  return {
    handleCallback,
    handleEvents,
    /** The stream of one top-up: the same protocol as a payin's, `changed` data `{ topUp }` when authorized. */
    handleTopUpEvents: (request: Request, idTopUp: string, access: StreamAccess = {}): Promise<Response> =>
      streamFor(request, 'topup', idTopUp, access),
    stats(): StatusRelayStats {
      return { streams: streams.size, maxStreams };
    },
    /** Ends every open stream and refuses new ones (503); the bus stays open (it may be shared). */
    close(): void {
      closed = true;
      for (const end of [...streams]) end();
    },
  };
}

export type StatusRelay = ReturnType<typeof createStatusRelay>;

function originOf(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new TypeError(
      `createStatusRelay: allowOrigins holds "${origin}", which is not an origin such as https://shop.example`,
    );
  }
}
