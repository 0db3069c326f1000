/**
 * The status relay across instances on a real `redis-server` (started here on a free port): a
 * callback on one instance reaches a stream held by another; a Redis outage ends open streams and
 * refuses new ones (the element then polls) without crashing anything, and the relay recovers
 * when Redis comes back. Also: node-redis is loaded only when a redisBus is used.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createStatusRelay, redisBus, type StatusBus } from '../../src/server/index.js';
import { freePort, startRedisServer, type TestRedisServer } from './redis-server.js';
import { sseReader, until } from './sse-reader.js';

let redis: TestRedisServer;
const buses: StatusBus[] = [];
const relays: ReturnType<typeof createStatusRelay>[] = [];
const logged: string[] = [];

before(async () => {
  redis = await startRedisServer();
});

after(async () => {
  for (const relay of relays) relay.close();
  await Promise.all(buses.map((bus) => bus.close()));
  await redis.stop();
});

/** One server instance of the merchant: its own relay, its own connection to the shared Redis. */
function instance(url = redis.url, options: { connectTimeoutMs?: number } = {}) {
  const bus = redisBus({
    url,
    maxReconnectDelayMs: 200,
    connectTimeoutMs: options.connectTimeoutMs ?? 1000,
    log: (message) => void logged.push(message),
  });
  const relay = createStatusRelay({ bus, log: (message) => void logged.push(message) });
  buses.push(bus);
  relays.push(relay);
  return { bus, relay };
}

const changed = (idPayin: string) =>
  new Request('http://shop.test/callback', {
    method: 'POST',
    body: JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin }),
  });

async function stream(relay: ReturnType<typeof createStatusRelay>, idPayin: string) {
  const controller = new AbortController();
  const response = await relay.handleEvents(
    new Request(`http://shop.test/payins/${idPayin}/events`, { signal: controller.signal }),
    idPayin,
  );
  const events = response.status === 200 ? sseReader(response.body!) : undefined;
  if (events) {
    assert.deepEqual(await events.next(), { retry: 3000 });
    assert.equal((await events.next())?.event, 'ready');
  }
  return { response, events, abort: () => controller.abort() };
}

describe('redisBus', () => {
  it('delivers a change from the instance that got the callback to the stream another instance holds', async () => {
    const a = instance();
    const b = instance();
    const onB = await stream(b.relay, 'order-42');
    const otherPayin = await stream(b.relay, 'order-43');
    const onA = await stream(a.relay, 'order-42');
    assert.equal(onB.response.status, 200);

    const answer = await a.relay.handleCallback(changed('order-42'));
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { received: true, published: true });
    assert.deepEqual(await onB.events!.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.deepEqual(await onA.events!.nextExceptPing(), { event: 'changed', data: '{}' }, 'and to its own streams');
    await assert.rejects(otherPayin.events!.nextExceptPing(300), /No event/, 'not to the stream of another payin');

    // The other way round too.
    await b.relay.handleCallback(changed('order-43'));
    assert.deepEqual(await otherPayin.events!.nextExceptPing(), { event: 'changed', data: '{}' });

    for (const s of [onB, otherPayin, onA]) s.abort();
    await until(() => a.bus.subscriptions === 0 && b.bus.subscriptions === 0);
  });

  it('ends open streams and refuses new ones while Redis is down, then recovers when it is back', async () => {
    const a = instance();
    const b = instance();
    const open = await Promise.all([
      stream(b.relay, 'order-7'),
      stream(b.relay, 'order-8'),
      stream(a.relay, 'order-7'),
    ]);
    assert.equal(b.bus.subscriptions, 2);

    await redis.kill();
    const killedAt = Date.now();
    for (const s of open) await s.events!.ended(3000);
    assert.ok(Date.now() - killedAt < 3000, 'streams end within seconds of the outage');
    assert.equal(b.relay.stats().streams, 0);
    assert.equal(b.bus.subscriptions, 0);

    // New streams get 503 at once (the element polls), and a callback gets 503 (the platform retries it).
    const refusedAt = Date.now();
    const refused = await stream(b.relay, 'order-7');
    assert.equal(refused.response.status, 503);
    assert.equal(refused.response.headers.get('retry-after'), '3');
    assert.equal(((await refused.response.json()) as { errorCode: string }).errorCode, 'STATUS_BUS_UNAVAILABLE');
    const callback = await a.relay.handleCallback(changed('order-7'));
    assert.equal(callback.status, 503);
    assert.ok(Date.now() - refusedAt < 500, `refused without waiting (${Date.now() - refusedAt} ms)`);
    assert.ok(
      logged.some((line) => /connection lost/.test(line)),
      'the outage is reported',
    );

    await redis.restart();
    let again: Awaited<ReturnType<typeof stream>> | undefined;
    await until(
      async () => {
        again = await stream(b.relay, 'order-7');
        return again.response.status === 200;
      },
      5000,
      'a stream to open again after Redis restarted',
    );
    await until(
      async () => (await a.relay.handleCallback(changed('order-7'))).status === 200,
      5000,
      'callbacks to publish again',
    );
    assert.deepEqual(await again!.events!.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.ok(
      logged.some((line) => /reachable again/.test(line)),
      'the recovery is reported',
    );
    again!.abort();
  });

  // Neither case waits on the wall clock: a refused connection is an answer in itself (no timer
  // is needed, so none so long that it could be what answered within the test's bound), and a
  // silent Redis is answered by connectTimeoutMs, never sooner.
  it(
    'refuses streams at once when Redis is not there at all, without waiting for connectTimeoutMs',
    { timeout: 15_000 },
    async () => {
      const nowhere = `redis://127.0.0.1:${await freePort()}`;
      const { relay, bus } = instance(nowhere, { connectTimeoutMs: 120_000 });
      assert.equal((await stream(relay, 'order-1')).response.status, 503);
      await bus.close();
      assert.equal((await stream(relay, 'order-1')).response.status, 503);
    },
  );

  it(
    'refuses streams and callbacks after connectTimeoutMs when Redis accepts the connection but never answers',
    { timeout: 15_000 },
    async () => {
      const held: Socket[] = [];
      const silent = createServer((socket) => void held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const { relay, bus } = instance(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
          connectTimeoutMs: 500,
        });
        const started = performance.now();
        assert.equal((await stream(relay, 'order-1')).response.status, 503);
        assert.ok(performance.now() - started >= 499, 'refused by connectTimeoutMs, not before');
        assert.ok(held.length > 0, 'the connection was accepted, and left unanswered');
        assert.equal((await relay.handleCallback(changed('order-1'))).status, 503);
        await bus.close();
      } finally {
        for (const socket of held) socket.destroy();
        silent.close();
      }
    },
  );

  it('refuses a missing url', () => {
    assert.throws(() => redisBus({ url: '' }), /needs a url/);
  });
});

describe('loading node-redis', () => {
  it('happens only when a redisBus is used', async () => {
    const script = `
      const server = await import('./src/server/index.ts');
      const loaded = () => Object.keys(require('node:module')._cache).some((file) => file.includes('/node_modules/@redis/'));
      const relay = server.createStatusRelay({ bus: server.memoryBus() });
      await relay.handleCallback(new Request('http://x/', { method: 'POST', body: '{"type":"PAYIN_STATUS_CHANGED","idPayin":"a"}' }));
      const before = loaded();
      const bus = server.redisBus({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 100, log: () => {} });
      const afterCreate = loaded();
      await bus.subscribe('a', { changed() {}, lost() {} }).catch(() => {});
      console.log(JSON.stringify({ before, afterCreate, afterUse: loaded() }));
      await bus.close();
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ${script}`,
      ],
      {
        cwd: new URL('../..', import.meta.url).pathname,
      },
    );
    assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop()!), {
      before: false,
      afterCreate: false,
      afterUse: true,
    });
  });
});
