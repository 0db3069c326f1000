/**
 * The status relay with the in-process bus: the stream's protocol byte for byte, the callback's
 * refusals (JSON 4xx, never a 500), the merchant's hooks, bounds, CORS, and no leaks (streams,
 * subscriptions and timers all return to zero). The last part runs it behind a real HTTP server.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { createStatusRelay, memoryBus, type StatusRelayOptions } from '../../src/server/index.js';
import { sseReader, until } from './sse-reader.js';

const BASE = 'http://shop.test';
const quiet = () => {};

function setUp(options: Partial<StatusRelayOptions> = {}) {
  const bus = memoryBus({ log: quiet });
  const relay = createStatusRelay({ bus, log: quiet, ...options });
  return { bus, relay };
}

const callback = (body: unknown, init: RequestInit = {}) =>
  new Request(`${BASE}/payments/callback`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
const changed = (idPayin: string) => callback({ type: 'PAYIN_STATUS_CHANGED', idPayin, idPayment: 'p-1' });

/** A stream request and its reader; abort() is the shopper closing the page. */
async function openStream(
  relay: ReturnType<typeof createStatusRelay>,
  idPayin: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await relay.handleEvents(
    new Request(`${BASE}/payins/${idPayin}/events`, { headers, signal: controller.signal }),
    idPayin,
  );
  return {
    response,
    events: response.status === 200 ? sseReader(response.body!) : undefined,
    abort: () => controller.abort(),
  };
}

async function json(response: Response): Promise<any> {
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return response.json();
}

const activeTimeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('the stream of one payin', () => {
  it('speaks the protocol: headers, retry, ready with the heartbeat, changed per change, ping per heartbeat; no payin data', async () => {
    const { relay } = setUp({ heartbeatMs: 80 });
    const { response, events } = await openStream(relay, 'order-1');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('x-accel-buffering'), 'no');
    assert.deepEqual(await events!.next(), { retry: 3000 });
    assert.deepEqual(await events!.next(), { event: 'ready', data: '{"heartbeatMs":80}' });

    const answer = await relay.handleCallback(changed('order-1'));
    assert.equal(answer.status, 200);
    assert.deepEqual(await json(answer), { received: true, published: true });
    assert.deepEqual(await events!.nextExceptPing(), { event: 'changed', data: '{}' });
    // Another payin's change is not this stream's.
    await relay.handleCallback(changed('order-2'));
    const started = Date.now();
    assert.deepEqual(await events!.next(), { event: 'ping', data: '{}' });
    assert.ok(Date.now() - started < 200, 'a ping within the heartbeat');
    assert.deepEqual(await events!.next(), { event: 'ping', data: '{}' });
    assert.equal(
      events!.raw,
      'retry: 3000\n\nevent: ready\ndata: {"heartbeatMs":80}\n\nevent: changed\ndata: {}\n\nevent: ping\ndata: {}\n\nevent: ping\ndata: {}\n\n',
    );
    assert.doesNotMatch(events!.raw, /p-1|order|SUCCESS/, 'nothing about the payin');
    relay.close();
    await events!.ended();
  });

  it('has a 15 s heartbeat and a 3 s retry by default', async () => {
    const { relay } = setUp();
    const { events, abort } = await openStream(relay, 'order-1');
    assert.equal((await events!.next())?.retry, 3000);
    assert.deepEqual(JSON.parse((await events!.next())!.data!), { heartbeatMs: 15000 });
    abort();
  });

  it('refuses a bad idPayin with 400 JSON naming it, and other methods with 405', async () => {
    const { relay, bus } = setUp();
    for (const id of ['', 'a b', 'a/b', 'x?y', 'x#y', 'x'.repeat(129)]) {
      const { response } = await openStream(relay, id);
      assert.equal(response.status, 400, JSON.stringify(id));
      const body = await json(response);
      assert.equal(body.errorCode, 'INVALID_REQUEST');
      assert.equal(body.details[0].field, 'idPayin');
    }
    const post = await relay.handleEvents(new Request(`${BASE}/payins/o/events`, { method: 'POST' }), 'o');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
    assert.equal(bus.subscriptions, 0);
  });

  it('ends cleanly when the client leaves: subscriptions, streams and timers return to zero', async () => {
    const { relay, bus } = setUp();
    const timersBefore = activeTimeouts();
    const streams = await Promise.all(Array.from({ length: 50 }, (_, i) => openStream(relay, `order-${i % 5}`)));
    assert.equal(bus.subscriptions, 50);
    assert.equal(relay.stats().streams, 50);
    assert.equal(activeTimeouts(), timersBefore + 50, 'one heartbeat each');
    for (const stream of streams) stream.abort();
    for (const stream of streams) await stream.events!.ended();
    assert.equal(bus.subscriptions, 0);
    assert.equal(relay.stats().streams, 0);
    assert.equal(activeTimeouts(), timersBefore);
  });

  it('ends when the reader cancels the body (a server that drops the response)', async () => {
    const { relay, bus } = setUp();
    const { events } = await openStream(relay, 'order-1');
    await events!.next();
    await events!.cancel();
    assert.equal(bus.subscriptions, 0);
    assert.equal(relay.stats().streams, 0);
  });

  it('answers 503 JSON with Retry-After when the bus cannot deliver, and ends open streams when it is lost', async () => {
    const { relay, bus } = setUp();
    const open = await openStream(relay, 'order-1');
    await open.events!.next();
    await bus.close();
    await open.events!.ended();
    assert.equal(relay.stats().streams, 0);
    const { response } = await openStream(relay, 'order-1');
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '3');
    assert.equal((await json(response)).errorCode, 'STATUS_BUS_UNAVAILABLE');
    // A change that cannot be published is refused, so the platform delivers it again.
    const answer = await relay.handleCallback(changed('order-1'));
    assert.equal(answer.status, 503);
    assert.equal((await json(answer)).errorCode, 'STATUS_BUS_UNAVAILABLE');
  });

  it('bounds the open streams: beyond maxStreams 503 with Retry-After, and room again once one ends', async () => {
    const { relay, bus } = setUp({ maxStreams: 3 });
    // A crowd at once cannot overshoot the bound while subscriptions are on their way.
    const crowd = await Promise.all(Array.from({ length: 5 }, () => openStream(relay, 'order-1')));
    assert.deepEqual(
      crowd.map((s) => s.response.status),
      [200, 200, 200, 503, 503],
    );
    const refused = crowd[3]!.response;
    assert.equal(refused.headers.get('retry-after'), '3');
    assert.equal((await json(refused)).errorCode, 'TOO_MANY_STREAMS');
    assert.equal(bus.subscriptions, 3);
    crowd[0]!.abort();
    await crowd[0]!.events!.ended();
    const again = await openStream(relay, 'order-1');
    assert.equal(again.response.status, 200);
    relay.close();
  });

  it('serves same-origin pages; another origin only when allowed (403 JSON otherwise)', async () => {
    const { relay } = setUp();
    const same = await openStream(relay, 'o', { Origin: BASE });
    assert.equal(same.response.status, 200);
    assert.equal(same.response.headers.get('access-control-allow-origin'), null);
    const other = await openStream(relay, 'o', { Origin: 'https://evil.test' });
    assert.equal(other.response.status, 403);
    assert.equal((await json(other.response)).errorCode, 'ORIGIN_NOT_ALLOWED');

    const { relay: open } = setUp({ allowOrigins: ['https://pay.shop.test/'] });
    const allowed = await openStream(open, 'o', { Origin: 'https://pay.shop.test' });
    assert.equal(allowed.response.status, 200);
    assert.equal(allowed.response.headers.get('access-control-allow-origin'), 'https://pay.shop.test');
    assert.equal(allowed.response.headers.get('vary'), 'Origin');
    assert.equal((await openStream(open, 'o', { Origin: 'https://evil.test' })).response.status, 403);
    const preflight = await open.handleEvents(
      new Request(`${BASE}/payins/o/events`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://pay.shop.test' },
      }),
      'o',
    );
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET');

    const { relay: any } = setUp({ allowOrigins: ['*'] });
    const anyone = await openStream(any, 'o', { Origin: 'https://elsewhere.test' });
    assert.equal(anyone.response.headers.get('access-control-allow-origin'), '*');
    for (const r of [relay, open, any]) r.close();
    assert.throws(() => setUp({ allowOrigins: ['shop.test'] }), /not an origin/);
  });

  it('ends every stream on close() and then refuses new ones', async () => {
    const { relay, bus } = setUp();
    const streams = await Promise.all([openStream(relay, 'a'), openStream(relay, 'b')]);
    relay.close();
    for (const stream of streams) await stream.events!.ended();
    assert.equal(bus.subscriptions, 0);
    assert.equal((await openStream(relay, 'a')).response.status, 503);
  });
});

describe('the callback', () => {
  const bad: [string, string | undefined, number, string][] = [
    ['no body', undefined, 400, 'MALFORMED_JSON'],
    ['blank text', '   ', 400, 'MALFORMED_JSON'],
    ['not JSON', 'type=PAYIN_STATUS_CHANGED', 400, 'MALFORMED_JSON'],
    ['an array', '[1]', 400, 'INVALID_REQUEST'],
    ['null', 'null', 400, 'INVALID_REQUEST'],
    ['a string', '"PAYIN_STATUS_CHANGED"', 400, 'INVALID_REQUEST'],
    ['no type', '{"idPayin":"o-1"}', 400, 'INVALID_REQUEST'],
    ['an empty type', '{"type":""}', 400, 'INVALID_REQUEST'],
    ['a number for the type', '{"type":5}', 400, 'INVALID_REQUEST'],
    ['a payin change without idPayin', '{"type":"PAYIN_STATUS_CHANGED"}', 400, 'INVALID_REQUEST'],
    ['an idPayin with a slash', '{"type":"PAYIN_STATUS_CHANGED","idPayin":"a/b"}', 400, 'INVALID_REQUEST'],
    ['an idPayin that is a number', '{"type":"PAYIN_STATUS_CHANGED","idPayin":5}', 400, 'INVALID_REQUEST'],
    [
      'a body over 16 KiB',
      JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: 'o', pad: 'x'.repeat(17_000) }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ];
  for (const [what, body, status, errorCode] of bad) {
    it(`answers ${status} ${errorCode} JSON to ${what}, and publishes nothing`, async () => {
      const onChange: string[] = [];
      const { relay } = setUp({ onChange: (id) => void onChange.push(id) });
      const response = await relay.handleCallback(new Request(`${BASE}/cb`, { method: 'POST', body }));
      assert.equal(response.status, status);
      const answer = await json(response);
      assert.equal(answer.errorCode, errorCode);
      assert.equal(typeof answer.message, 'string');
      assert.deepEqual(onChange, []);
    });
  }

  it('answers 400 to a body that is not UTF-8, and 413 to a declared length over the bound without reading it', async () => {
    const { relay } = setUp();
    const latin1 = await relay.handleCallback(
      new Request(`${BASE}/cb`, { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) }),
    );
    assert.equal(latin1.status, 400);
    const stream = new ReadableStream({ pull: () => assert.fail('the body was read') });
    const declared = await relay.handleCallback(
      new Request(`${BASE}/cb`, {
        method: 'POST',
        body: stream,
        headers: { 'Content-Length': '999999' },
        duplex: 'half',
      } as RequestInit),
    );
    assert.equal(declared.status, 413);
    assert.equal(declared.headers.get('connection'), 'close');
  });

  it('refuses other methods with 405 and Allow: POST', async () => {
    const { relay } = setUp();
    const response = await relay.handleCallback(new Request(`${BASE}/cb`));
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
  });

  it('tolerates unknown event types and properties: acknowledged, nothing published', async () => {
    const seen: string[] = [];
    const changes: string[] = [];
    const { relay } = setUp({
      onCallback: (c) => void seen.push(c.type),
      onChange: (id) => void changes.push(id),
    });
    const { events } = await openStream(relay, 'o-1');
    await events!.next();
    await events!.next();
    for (const body of [
      { type: 'PAYIN_REFUND_ISSUED', idPayin: 'o-1', amount: 5 },
      { type: 'PAYOUT_STATUS_CHANGED', idPayout: 'po-1' },
    ]) {
      const response = await relay.handleCallback(callback(body));
      assert.equal(response.status, 200);
      assert.deepEqual(await json(response), { received: true, published: false });
    }
    // A payin change with properties added later still counts.
    const response = await relay.handleCallback(
      callback({ type: 'PAYIN_STATUS_CHANGED', idPayin: 'o-1', occurredAt: '2026-01-01T00:00:00Z' }),
    );
    assert.deepEqual(await json(response), { received: true, published: true });
    assert.deepEqual(await events!.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.deepEqual(seen, ['PAYIN_REFUND_ISSUED', 'PAYOUT_STATUS_CHANGED', 'PAYIN_STATUS_CHANGED']);
    assert.deepEqual(changes, ['o-1']);
    relay.close();
  });

  it("a top-up's callback (issue 22) reaches the top-up's stream only: never a payin's of the same id, nor onChange", async () => {
    const topUpChanges: string[] = [];
    const changes: string[] = [];
    const { relay } = setUp({
      onChange: (id) => void changes.push(id),
      onTopUpChange: (id) => void topUpChanges.push(id),
      knownTopUp: (id) => id !== 'tu-stranger',
    });
    const payinStream = await openStream(relay, 'tu-1');
    const controller = new AbortController();
    const topUpResponse = await relay.handleTopUpEvents(
      new Request(`${BASE}/topups/tu-1/events`, { signal: controller.signal }),
      'tu-1',
    );
    assert.equal(topUpResponse.status, 200);
    const topUpEvents = sseReader(topUpResponse.body!);
    for (const events of [payinStream.events!, topUpEvents]) {
      await events.next();
      await events.next();
    }
    const response = await relay.handleCallback(
      callback({ type: 'TOPUP_STATUS_CHANGED', idTopUp: 'tu-1', idPayment: 'p-9' }),
    );
    assert.deepEqual(await json(response), { received: true, published: true });
    assert.deepEqual(await topUpEvents.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.deepEqual(
      await relay.handleCallback(callback({ type: 'TOPUP_STATUS_CHANGED', idTopUp: 'tu-stranger' })).then(json),
      { received: true, published: false },
    );
    assert.equal(
      (await relay.handleTopUpEvents(new Request(`${BASE}/topups/tu-stranger/events`), 'tu-stranger')).status,
      404,
    );
    assert.equal((await relay.handleTopUpEvents(new Request(`${BASE}/topups/x/events`), 'a/b')).status, 400);
    // The payin tu-1's stream heard nothing of the top-up: its next event is the payin's own change.
    await relay.handleCallback(changed('tu-1'));
    assert.deepEqual(await payinStream.events!.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.equal(
      await payinStream.events!.nextExceptPing(300).catch(() => 'nothing'),
      'nothing',
      'one change on the payin stream: its own',
    );
    assert.equal(await topUpEvents.nextExceptPing(300).catch(() => 'nothing'), 'nothing');
    assert.deepEqual(topUpChanges, ['tu-1']);
    assert.deepEqual(changes, ['tu-1']);
    controller.abort();
    relay.close();
  });

  it('answers before the merchant hook finishes, and a hook that fails changes nothing', async () => {
    const logged: string[] = [];
    let finishRead!: () => void;
    const read = new Promise<void>((resolve) => (finishRead = resolve));
    const { relay } = setUp({
      onChange: () => read,
      onCallback: () => {
        throw new Error('the log is full');
      },
      log: (message) => void logged.push(message),
    });
    const response = await relay.handleCallback(changed('o-1'));
    assert.equal(response.status, 200, 'answered while the read is still pending');
    finishRead();
    assert.deepEqual(logged, ["The relay's onCallback hook failed"]);
    const rejecting = setUp({
      onChange: () => Promise.reject(new Error('platform down')),
      log: (message) => void logged.push(message),
    });
    assert.equal((await rejecting.relay.handleCallback(changed('o-1'))).status, 200);
    await until(() => logged.length === 2);
    assert.equal(logged[1], "The relay's onChange hook failed");
  });

  it('acts only for known payins when told which: others are acknowledged, unpublished, and their streams 404', async () => {
    const changes: string[] = [];
    const known = new Set(['mine']);
    const { relay, bus } = setUp({
      knownPayin: async (id) => known.has(id),
      onChange: (id) => void changes.push(id),
    });
    const { events } = await openStream(relay, 'mine');
    await events!.next();
    await events!.next();
    assert.deepEqual(await json(await relay.handleCallback(changed('stranger'))), {
      received: true,
      published: false,
    });
    assert.deepEqual(await json(await relay.handleCallback(changed('mine'))), {
      received: true,
      published: true,
    });
    assert.deepEqual(changes, ['mine']);
    const { response } = await openStream(relay, 'stranger');
    assert.equal(response.status, 404);
    assert.equal((await json(response)).errorCode, 'PAYIN_NOT_FOUND');
    assert.equal(bus.subscriptions, 1);
    relay.close();
    // When the merchant's own store cannot answer: 503, so the platform retries.
    const failing = setUp({ knownPayin: () => Promise.reject(new Error('db down')) });
    assert.equal((await failing.relay.handleCallback(changed('mine'))).status, 503);
    assert.equal((await openStream(failing.relay, 'mine')).response.status, 503);
    assert.equal(failing.relay.stats().streams, 0);
  });

  it('answers 503 when publishing hangs longer than publishTimeoutMs', async () => {
    const relay = createStatusRelay({
      bus: {
        subscriptions: 0,
        publish: () => new Promise(() => {}),
        subscribe: async () => () => {},
        close: async () => {},
      },
      publishTimeoutMs: 50,
      log: quiet,
    });
    const started = Date.now();
    const response = await relay.handleCallback(changed('o-1'));
    assert.equal(response.status, 503);
    assert.ok(Date.now() - started < 1000);
  });

  it('refuses options that make no sense', () => {
    assert.throws(() => createStatusRelay({} as StatusRelayOptions), /needs a bus/);
    assert.throws(() => setUp({ heartbeatMs: 0 }), /heartbeatMs/);
    assert.throws(() => setUp({ maxStreams: Number.NaN }), /maxStreams/);
  });
});

describe('behind a real HTTP server', () => {
  async function serve(relay: ReturnType<typeof createStatusRelay>) {
    const listener = getRequestListener(
      (request) => {
        const url = new URL(request.url);
        const events = url.pathname.match(/^\/payins\/([^/]+)\/events$/);
        if (events) return relay.handleEvents(request, decodeURIComponent(events[1]!));
        if (url.pathname === '/callback') return relay.handleCallback(request);
        return new Response('not found', { status: 404 });
      },
      { overrideGlobalObjects: false },
    );
    const server: Server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('delivers a callback to a stream over HTTP, and cleans up when the client disconnects', async () => {
    const { relay, bus } = setUp({ heartbeatMs: 60_000 });
    const { server, url } = await serve(relay);
    const timersBefore = activeTimeouts();
    const clients = Array.from({ length: 20 }, () => new AbortController());
    const responses = await Promise.all(
      clients.map((client) => fetch(`${url}/payins/order-9/events`, { signal: client.signal })),
    );
    const readers = responses.map((response) => sseReader(response.body!));
    for (const reader of readers) {
      assert.deepEqual(await reader.next(), { retry: 3000 });
      assert.equal((await reader.next())?.event, 'ready');
    }
    assert.equal(bus.subscriptions, 20);

    const answer = await fetch(`${url}/callback`, {
      method: 'POST',
      body: JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: 'order-9' }),
    });
    assert.equal(answer.status, 200);
    for (const reader of readers) assert.deepEqual(await reader.nextExceptPing(), { event: 'changed', data: '{}' });

    for (const client of clients) client.abort();
    await until(
      () => bus.subscriptions === 0 && relay.stats().streams === 0,
      3000,
      'the server to notice the disconnects',
    );
    assert.equal(activeTimeouts(), timersBefore, 'no heartbeat left running');

    const bad = await fetch(`${url}/payins/a%20b/events`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).errorCode, 'INVALID_REQUEST');
    const notJson = await fetch(`${url}/callback`, { method: 'POST', body: '{' });
    assert.equal(notJson.status, 400);
    relay.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
