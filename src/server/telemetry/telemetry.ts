/**
 * What the kit and the relay report through OpenTelemetry (docs/server.md): spans `pay.checkout`,
 * `pay.renewal`, `pay.callback` and `pay.stream`, a client span for each platform request, and the
 * metrics `pay.platform.requests`, `pay.mint.queue` and `pay.streams`.
 *
 * `@opentelemetry/api` is an optional peer: it is imported on first use, and without it every call
 * here does nothing. With it and no SDK registered, its own no-op tracer and meter answer, which
 * cost next to nothing; the merchant's SDK, registered at start-up, receives everything.
 */
import type * as OpenTelemetry from '@opentelemetry/api';

type Api = typeof OpenTelemetry;
export type Attributes = Record<string, string | number | boolean>;

/** The instrumentation scope the merchant's SDK sees. */
const SCOPE = 'pay-checkout';

let api: Api | undefined;
let loading: Promise<Api | undefined> | undefined;

/** `@opentelemetry/api` when it is installed; loaded once, and undefined for good when it is not. */
export function loadOpenTelemetry(): Promise<Api | undefined> {
  loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ '@opentelemetry/api').then(
    (module: Api) => (api = module),
    () => undefined,
  );
  return loading;
}

/** A span of ours, or nothing at all when OpenTelemetry is not installed. */
export interface PaySpan {
  /** Runs `work` with this span active, so what it causes (platform requests) are its children. */
  run<T>(work: () => T): T;
  rename(name: string): void;
  set(attributes: Attributes): void;
  /** Ends the span with the answer's status (an error from 500 on, or when `failed`), or with the error thrown. */
  end(outcome: { status?: number; error?: unknown; failed?: boolean }): void;
}

const NO_SPAN: PaySpan = { run: (work) => work(), rename() {}, set() {}, end() {} };

/** Starts a span, a child of the active one; a no-op span until the API has loaded. */
export function startSpan(name: string, attributes: Attributes = {}, kind?: OpenTelemetry.SpanKind): PaySpan {
  if (!api) return NO_SPAN;
  const { context, trace, SpanStatusCode } = api;
  const span = trace.getTracer(SCOPE).startSpan(name, { attributes, ...(kind !== undefined ? { kind } : {}) });
  const active = trace.setSpan(context.active(), span);
  let ended = false;
  return {
    run: (work) => context.with(active, work),
    rename: (next) => span.updateName(next),
    set: (more) => span.setAttributes(more),
    end({ status, error, failed }) {
      if (ended) return;
      ended = true;
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (error !== undefined) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      } else if (failed || (status !== undefined && status >= 500)) {
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}

/** The attributes that name a span's payment. */
export const paymentAttributes = (kind: string, id: string): Attributes => ({
  'pay.payment.kind': kind,
  'pay.payment.id': id,
});

/** Runs a request's handler in a span of its own, which ends with its answer. */
export async function traced(
  name: string,
  attributes: Attributes,
  work: (span: PaySpan) => Promise<Response>,
): Promise<Response> {
  await loadOpenTelemetry();
  const span = startSpan(name, attributes);
  try {
    const response = await span.run(() => work(span));
    span.end({ status: response.status });
    return response;
  } catch (error) {
    span.end({ error });
    throw error;
  }
}

type Instruments = {
  platformRequests: OpenTelemetry.Counter;
  mintQueue: OpenTelemetry.UpDownCounter;
  streams: OpenTelemetry.UpDownCounter;
};
let instruments: { provider: OpenTelemetry.MeterProvider; made: Instruments } | undefined;

/**
 * The metric instruments of the meter provider registered now. A meter from before the merchant
 * registers an SDK would record nothing for ever, so they are made again when the provider changes.
 */
function meters(): Instruments | undefined {
  if (!api) return undefined;
  const provider = api.metrics.getMeterProvider();
  if (instruments?.provider !== provider) {
    const meter = provider.getMeter(SCOPE);
    instruments = {
      provider,
      made: {
        platformRequests: meter.createCounter('pay.platform.requests', {
          description: 'Requests to the payment platform, by method, route and status',
          unit: '{request}',
        }),
        mintQueue: meter.createUpDownCounter('pay.mint.queue', {
          description: 'Checkouts waiting for their payment-scoped token',
          unit: '{checkout}',
        }),
        streams: meter.createUpDownCounter('pay.streams', {
          description: 'Status streams open on this instance',
          unit: '{stream}',
        }),
      },
    };
  }
  return instruments.made;
}

/** `pay.mint.queue`: a checkout started (+1) or stopped (-1) waiting for a token. */
export const countMintQueue = (delta: number) => meters()?.mintQueue.add(delta);
/** `pay.streams`: a status stream opened (+1) or ended (-1). */
export const countStreams = (delta: number) => meters()?.streams.add(delta);

/**
 * A fetch whose every request to the platform is a client span named and attributed by the HTTP
 * semantic conventions (`GET /payins/{idPayin}`), a child of the span that caused it and carrying
 * its context to the platform, and one `pay.platform.requests`.
 */
export function tracedFetch(base: typeof fetch, route: (url: URL) => string): typeof fetch {
  return async (input, init) => {
    const otel = await loadOpenTelemetry();
    if (!otel) return base(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const template = route(url);
    const attributes: Attributes = {
      'http.request.method': method,
      'url.full': url.href,
      'url.template': template,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    };
    const span = startSpan(`${method} ${template}`, attributes, otel.SpanKind.CLIENT);
    const counted = { 'http.request.method': method, 'url.template': template };
    let response: Response;
    try {
      response = await span.run(() => base(input, withContext(otel, init)));
    } catch (error) {
      const type = error instanceof Error ? error.name : 'Error';
      span.set({ 'error.type': type });
      span.end({ error });
      meters()?.platformRequests.add(1, { ...counted, 'error.type': type });
      throw error;
    }
    // A client span is an error from 400 on: the platform refused what was asked.
    const failed = response.status >= 400;
    if (failed) span.set({ 'error.type': String(response.status) });
    span.end({ status: response.status, failed });
    meters()?.platformRequests.add(1, { ...counted, 'http.response.status_code': response.status });
    return response;
  };
}

/** The request's init with the active context's propagation headers (`traceparent`), when a propagator adds any. */
function withContext(otel: Api, init: RequestInit | undefined): RequestInit | undefined {
  const carrier: Record<string, string> = {};
  otel.propagation.inject(otel.context.active(), carrier);
  if (Object.keys(carrier).length === 0) return init;
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(carrier)) headers.set(name, value);
  return { ...init, headers };
}
