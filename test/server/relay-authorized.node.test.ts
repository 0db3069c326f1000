/**
 * Changes with data (issue 21): the bus may carry a JSON object with a change, and only the
 * streams the caller authorized hear it; createStatusRelay's unauthorized streams stay data-free.
 * An authorized stream that hears a change without data waits `dataWaitMs` for the data, then
 * says `changed` / `{}` so the element reads itself. (Across instances on Redis:
 * checkout-backend-redis.node.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeChange, encodeChange } from '../../src/server/relay/bus.js';
import { createStatusRelay, memoryBus, type StatusRelayOptions } from '../../src/server/index.js';
import { sseReader } from './sse-reader.js';

const quiet = () => {};

function setUp(options: Partial<StatusRelayOptions> = {}) {
  const bus = memoryBus({ log: quiet });
  return { bus, relay: createStatusRelay({ bus, log: quiet, ...options }) };
}

async function open(relay: ReturnType<typeof createStatusRelay>, idPayin: string, authorized?: boolean) {
  const controller = new AbortController();
  const request = new Request(`http://shop.test/payins/${idPayin}/events`, { signal: controller.signal });
  const response = await (authorized === undefined
    ? relay.handleEvents(request, idPayin)
    : relay.handleEvents(request, idPayin, { authorized }));
  assert.equal(response.status, 200);
  const events = sseReader(response.body!);
  assert.deepEqual(await events.next(), { retry: 3000 });
  assert.equal((await events.next())?.event, 'ready');
  return { events, close: () => controller.abort() };
}

const callback = (idPayin: string) =>
  new Request('http://shop.test/callbacks', {
    method: 'POST',
    body: JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin }),
  });

describe('changes with data', () => {
  it('reach only the authorized streams; the data-free change reaches only the others', async () => {
    const { bus, relay } = setUp({ heartbeatMs: 60_000 });
    const authorized = await open(relay, 'order-1', true);
    const plain = await open(relay, 'order-1');
    const explicitlyPlain = await open(relay, 'order-1', false);

    assert.equal((await relay.handleCallback(callback('order-1'))).status, 200);
    await bus.publish('order-1', { payin: { status: 'SUCCESS', nested: { list: [1, 'two'] } } });

    assert.deepEqual(await authorized.events.next(), {
      event: 'changed',
      data: '{"payin":{"status":"SUCCESS","nested":{"list":[1,"two"]}}}',
    });
    assert.deepEqual(await plain.events.next(), { event: 'changed', data: '{}' });
    assert.deepEqual(await explicitlyPlain.events.next(), { event: 'changed', data: '{}' });
    // The change with data is not theirs at all: one changed each, and never the data.
    for (const stream of [plain, explicitlyPlain, authorized]) {
      stream.close();
      await stream.events.ended();
      assert.equal(stream.events.raw.match(/event: changed/g)?.length, 1);
    }
    assert.doesNotMatch(plain.events.raw + explicitlyPlain.events.raw, /SUCCESS/);
  });

  it('an authorized stream sends a data-free changed when no data follows a change within dataWaitMs', async () => {
    const { relay } = setUp({ dataWaitMs: 50, heartbeatMs: 60_000 });
    const authorized = await open(relay, 'order-2', true);
    await relay.handleCallback(callback('order-2'));
    assert.deepEqual(await authorized.events.next(), { event: 'changed', data: '{}' });
    authorized.close();
  });

  it('the data that follows in time is the only changed the authorized stream sends', async () => {
    const { bus, relay } = setUp({ dataWaitMs: 50, heartbeatMs: 300 });
    const authorized = await open(relay, 'order-3', true);
    await relay.handleCallback(callback('order-3'));
    await bus.publish('order-3', { payin: { status: 'FAILED' } });
    assert.deepEqual(await authorized.events.next(), {
      event: 'changed',
      data: '{"payin":{"status":"FAILED"}}',
    });
    // Had the wait not ended, its changed {} would come at 50 ms, before the ping at 300 ms.
    assert.deepEqual(await authorized.events.next(), { event: 'ping', data: '{}' });
    authorized.close();
  });

  it('a stream that ends clears its wait', async () => {
    const { relay } = setUp({ dataWaitMs: 60_000 });
    const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const authorized = await open(relay, 'order-4', true);
    await relay.handleCallback(callback('order-4'));
    authorized.close();
    await authorized.events.ended();
    assert.equal(relay.stats().streams, 0);
    assert.equal(process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length, before);
  });

  it('what the bus cannot carry is refused at publish', async () => {
    const { bus } = setUp();
    await assert.rejects(bus.publish('order-5', { amount: 10n } as never), TypeError);
    await assert.rejects(bus.publish('order-5', [1, 2] as never), /JSON object/);
    await assert.rejects(bus.publish('order\n5', { a: 1 }), /newline/);
  });
});

describe('a change as one bus message', () => {
  it('is the idPayin alone without data, as every version sent it', () => {
    assert.equal(encodeChange('order-1'), 'order-1');
    assert.deepEqual(decodeChange('order-1'), { idPayin: 'order-1' });
    // Ids may hold any character but whitespace, "/", "?" and "#": JSON-looking ones too.
    assert.deepEqual(decodeChange('{"a":1}'), { idPayin: '{"a":1}' });
  });

  it('is the idPayin, a newline and the JSON with data', () => {
    const message = encodeChange('order-1', { payin: { status: 'SUCCESS' } });
    assert.equal(message, 'order-1\n{"payin":{"status":"SUCCESS"}}');
    assert.deepEqual(decodeChange(message), { idPayin: 'order-1', data: { payin: { status: 'SUCCESS' } } });
  });

  it('is dropped when it cannot be read', () => {
    assert.equal(decodeChange('order-1\nnot json'), undefined);
    assert.equal(decodeChange('order-1\n[1]'), undefined);
    assert.equal(decodeChange('order-1\nnull'), undefined);
  });
});
