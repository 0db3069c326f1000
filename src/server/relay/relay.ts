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
import { consoleBusLog } from '../shared/log.js';
import { invalidId, isPaymentId, KIND_WORDS, subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import { StatusBusUnavailableError } from './bus.js';
import { parseStatusCallback, PAYIN_STATUS_CHANGED, TOPUP_STATUS_CHANGED, type StatusCallback } from './callback.js';
import { originCheck } from './origins.js';
import type { StatusRelay, StatusRelayOptions, StreamOptions } from './relay-api.js';
import { openStream } from './stream.js';
import {
  countStreams,
  loadOpenTelemetry,
  paymentAttributes,
  startSpan,
  traced,
  type PaySpan,
} from '../telemetry/telemetry.js';

export type { StatusCallback };
export type { StatusRelay, StatusRelayOptions, StatusRelayStats, StreamAccess, StreamOptions } from './relay-api.js';

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
  // Loaded now, so the first request does not wait for the module.
  void loadOpenTelemetry();
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

  const handleCallback = (request: Request) => traced('pay.callback', {}, (span) => callbackAnswer(request, span));

  async function callbackAnswer(request: Request, span: PaySpan): Promise<Response> {
    try {
      if (request.method !== 'POST') throw methodNotAllowed('POST');
      const callback = parseStatusCallback(await readJsonBody(request, maxCallbackBytes));
      runHook('onCallback', () => options.onCallback?.(callback, request));
      // Other event types (payouts, types added later) are acknowledged and left alone.
      const change = CHANGES[callback.type]?.(callback);
      span.set({ 'pay.callback.type': callback.type, ...(change ? paymentAttributes(change.kind, change.id) : {}) });
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

  /** `pay.stream` lasts as long as the stream: it ends with a refusal, or when the open stream ends. */
  async function handleEvents(request: Request, id: string, streamOptions: StreamOptions = {}): Promise<Response> {
    const kind = streamOptions.kind ?? 'payin';
    await loadOpenTelemetry();
    const span = startSpan('pay.stream', {
      ...paymentAttributes(kind, id),
      'pay.stream.authorized': streamOptions.authorized === true,
    });
    let opened = false;
    const life = {
      onOpen() {
        opened = true;
        countStreams(1);
      },
      onEnd() {
        countStreams(-1);
        span.end({ status: 200 });
      },
    };
    const response = await span.run(() => streamAnswer(request, kind, id, streamOptions, life));
    if (!opened) span.end({ status: response.status });
    return response;
  }

  async function streamAnswer(
    request: Request,
    kind: PaymentKind,
    id: string,
    streamOptions: StreamOptions,
    life: { onOpen(): void; onEnd(): void },
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
      const settings = { bus, heartbeatMs, retryMs, dataWaitMs, open: streams, ...life };
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
