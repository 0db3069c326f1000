/**
 * The kit and the relay through OpenTelemetry, read with the SDK's in-memory exporters: one trace
 * per request (the checkout and its mint; the callback, the read token and the read after it),
 * each platform request a client span named and attributed by the HTTP semantic conventions with
 * the platform's status, a 429 visible as such, its context carried to the platform (traceparent),
 * and the metrics pay.platform.requests, pay.mint.queue and pay.streams.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { context, metrics, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import type { CheckoutBackendOptions } from '../../src/server/index.js';
import { startSandbox, type TestSandbox } from '../support/sandbox-node.js';
import { pay, serveKit, type ServedKit } from './checkout-kit.js';
import { until } from './sse-reader.js';

const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const metricReader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const contextManager = new AsyncLocalStorageContextManager();

let platform: TestSandbox;
const kits: ServedKit[] = [];
before(async () => {
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [metricReader] }));
  platform = await startSandbox();
});
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
  spans.reset();
});
after(async () => {
  platform.sandbox.close();
  await metricReader.shutdown();
  trace.disable();
  metrics.disable();
  propagation.disable();
  context.disable();
});

/** Every request the kit sends the platform, with the traceparent it carried. */
const sent: { url: string; traceparent: string | null }[] = [];

async function kit(options: Partial<CheckoutBackendOptions> = {}) {
  const served = await serveKit(platform, {
    provideOptions: false,
    minReadGapMs: 0,
    fetch: (input, init) => {
      sent.push({ url: String(input), traceparent: new Headers(init?.headers).get('traceparent') });
      return fetch(input, init);
    },
    ...options,
  });
  kits.push(served);
  return served;
}

const named = (name: string) => spans.getFinishedSpans().filter((span) => span.name === name);
const traceOf = (root: ReadableSpan) =>
  spans.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const clientSpans = (root: ReadableSpan) => traceOf(root).filter((span) => span.kind === SpanKind.CLIENT);

/** A metric's data points as [attributes, value], after a collection. */
async function points(name: string) {
  await metricReader.forceFlush();
  const last = metricExporter.getMetrics().at(-1);
  const metric = last?.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === name);
  return (metric?.dataPoints ?? []).map((point) => [point.attributes, point.value] as const);
}

describe('traces', () => {
  it('a checkout and its mint are one trace; the callback, the read token and the read after it another; every client span has the platform status', async () => {
    const shop = await kit();
    const checkout = await shop.checkout();
    const [checkoutSpan] = named('pay.checkout');
    assert.ok(checkoutSpan, 'a pay.checkout span');
    assert.equal(checkoutSpan.attributes['pay.payment.id'], checkout.idPayin);
    assert.equal(checkoutSpan.attributes['pay.payment.kind'], 'payin');
    assert.equal(checkoutSpan.attributes['http.response.status_code'], 201);
    const [mint, ...others] = clientSpans(checkoutSpan);
    assert.deepEqual(others, [], 'the checkout made one platform request');
    assert.equal(mint!.name, 'POST /auth-tokens');
    assert.equal(parentOf(mint!), checkoutSpan.spanContext().spanId);
    assert.equal(mint!.attributes['http.request.method'], 'POST');
    assert.equal(mint!.attributes['url.full'], `${platform.sandbox.url}/auth-tokens`);
    assert.equal(mint!.attributes['url.template'], '/auth-tokens');
    assert.equal(mint!.attributes['http.response.status_code'], 200);
    assert.equal(traceOf(checkoutSpan).length, 2, 'the trace holds the checkout and its mint only');

    // The shopper's element creates the payin with its token (amount 60: SUCCESS shortly), and
    // the platform calls back: the kit reads the payin once, in the callback's trace.
    await pay(checkout);
    await until(() => shop.backend.stats().reads === 1, 5000, 'the read after the callback');
    await until(() => named('pay.callback').length > 0);
    const callbackSpan = named('pay.callback').find((span) => span.attributes['pay.payment.id'] === checkout.idPayin)!;
    assert.equal(callbackSpan.attributes['pay.callback.type'], 'PAYIN_STATUS_CHANGED');
    assert.equal(callbackSpan.attributes['http.response.status_code'], 200);
    assert.notEqual(callbackSpan.spanContext().traceId, checkoutSpan.spanContext().traceId);
    await until(() => clientSpans(callbackSpan).length === 2, 5000, 'the read token and the read');
    const [readToken, read] = clientSpans(callbackSpan).sort(
      (a, b) => a.startTime[1] - b.startTime[1] + (a.startTime[0] - b.startTime[0]) * 1e9,
    );
    assert.equal(readToken!.name, 'POST /auth-tokens');
    assert.equal(read!.name, 'GET /payins/{idPayin}');
    assert.equal(
      read!.attributes['url.full'],
      `${platform.sandbox.url}/payins/${encodeURIComponent(checkout.idPayin)}`,
    );
    assert.equal(read!.attributes['http.response.status_code'], 200);
    for (const span of [readToken!, read!]) assert.equal(parentOf(span), callbackSpan.spanContext().spanId, span.name);

    // Each request carried its client span's context to the platform.
    for (const span of [mint!, readToken!, read!]) {
      const { traceId, spanId } = span.spanContext();
      assert.ok(
        sent.some((request) => request.traceparent === `00-${traceId}-${spanId}-01`),
        `${span.name} carried its traceparent`,
      );
    }
    const counted = await points('pay.platform.requests');
    assert.ok(
      counted.some(
        ([attributes, value]) =>
          attributes['http.request.method'] === 'GET' &&
          attributes['url.template'] === '/payins/{idPayin}' &&
          attributes['http.response.status_code'] === 200 &&
          (value as number) >= 1,
      ),
      JSON.stringify(counted),
    );
  });

  it("a 429 from the platform is a failed client span with its status, and the retry after it another, in the checkout's trace", async () => {
    const shop = await kit();
    await platform.raw('POST', '/__sandbox/faults', { body: { rateLimitBurst: 1 } });
    const checkout = await shop.checkout();
    const checkoutSpan = named('pay.checkout').find((span) => span.attributes['pay.payment.id'] === checkout.idPayin)!;
    const mints = clientSpans(checkoutSpan);
    assert.deepEqual(
      mints.map((span) => [span.name, span.attributes['http.response.status_code'], span.attributes['error.type']]),
      [
        ['POST /auth-tokens', 429, '429'],
        ['POST /auth-tokens', 200, undefined],
      ],
    );
    assert.equal(mints[0]!.status.code, SpanStatusCode.ERROR);
    assert.notEqual(mints[1]!.status.code, SpanStatusCode.ERROR);
    assert.equal(checkoutSpan.attributes['http.response.status_code'], 201);
    const limited = (await points('pay.platform.requests')).filter(
      ([attributes]) =>
        attributes['http.response.status_code'] === 429 && attributes['url.template'] === '/auth-tokens',
    );
    assert.equal(limited.length, 1);
    assert.ok((limited[0]![1] as number) >= 1);
  });

  it('a renewal is pay.renewal; a refused one ends with its 403', async () => {
    const shop = await kit();
    const checkout = await shop.checkout();
    assert.equal((await shop.post({ handle: checkout.handle })).status, 200);
    assert.equal((await shop.post({ handle: 'forged' })).status, 403);
    const renewals = named('pay.renewal');
    assert.deepEqual(
      renewals.map((span) => [span.attributes['pay.payment.id'], span.attributes['http.response.status_code']]),
      [
        [checkout.idPayin, 200],
        [undefined, 403],
      ],
    );
    assert.equal(clientSpans(renewals[0]!).length, 1, "the renewal's mint");
  });
});

describe('metrics', () => {
  it('pay.streams counts the open status streams; pay.stream spans last as long as their stream', async () => {
    const shop = await kit();
    const checkout = await shop.checkout();
    const before = (await points('pay.streams')).reduce((sum, [, value]) => sum + (value as number), 0);
    const stream = await shop.follow(checkout.statusUrl!);
    assert.equal(
      (await points('pay.streams')).reduce((sum, [, value]) => sum + (value as number), 0),
      before + 1,
    );
    assert.deepEqual(named('pay.stream'), [], 'the stream span is open while its stream is');
    stream.close();
    await until(() => shop.backend.stats().streams === 0);
    assert.equal(
      (await points('pay.streams')).reduce((sum, [, value]) => sum + (value as number), 0),
      before,
    );
    const [streamSpan] = named('pay.stream');
    assert.equal(streamSpan!.attributes['pay.payment.id'], checkout.idPayin);
    assert.equal(streamSpan!.attributes['pay.stream.authorized'], true);
    assert.equal(streamSpan!.attributes['http.response.status_code'], 200);
  });

  it('pay.mint.queue counts the checkouts waiting for their token', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const shop = await kit({
      concurrentMints: 1,
      fetch: async (input, init) => {
        if (String(input).endsWith('/auth-tokens')) await held;
        return fetch(input, init);
      },
    });
    const waiting = async () => (await points('pay.mint.queue')).reduce((sum, [, value]) => sum + (value as number), 0);
    const before = await waiting();
    const checkouts = [shop.checkout(), shop.checkout(), shop.checkout()];
    await until(() => shop.backend.stats().mints.waiting === 2);
    assert.equal(await waiting(), before + 2);
    release();
    await Promise.all(checkouts);
    assert.equal(await waiting(), before);
  });
});
