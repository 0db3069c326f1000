/**
 * The kit's status poll across instances on a real `redis-server` (started here on a free port):
 * both stores keep the safety net's contract (noteRead, takeStaleRead), pollers on two instances
 * at once have a stale payin read once in all, and while that read is fresh in the store no poll
 * on either instance costs the platform a request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  memoryCheckoutStore,
  type CheckoutBackendOptions,
  type CheckoutStore,
  type PayinDetailResponse,
} from '../../src/server/index.js';
import { cartOf, pay, requestsFor, shopsOnRedis } from './checkout-kit.js';
import { until } from './sse-reader.js';

const shops = shopsOnRedis();
const redisStore = (keyPrefix: string) => shops.store({ keyPrefix });

describe("the safety net's store contract, in memory and in Redis", () => {
  let made = 0;
  const makers: [string, () => CheckoutStore][] = [
    ['memoryCheckoutStore', () => memoryCheckoutStore()],
    ['redisCheckoutStore', () => redisStore(`contract-${++made}:`)],
  ];
  for (const [name, make] of makers) {
    it(`${name}: a stale read is taken once per payin's bound, and once per gap for all payins`, async () => {
      const store = make();
      assert.equal(await store.takeStaleRead!('p-1', 60_000, 60_000), true);
      assert.equal(await store.takeStaleRead!('p-1', 60_000, 0), false, 'p-1 counts as read now');
      assert.equal(await store.takeStaleRead!('p-2', 60_000, 60_000), false, "the merchant's turn is taken");

      const other = make();
      await other.noteRead!('p-3', 60_000);
      assert.equal(await other.takeStaleRead!('p-3', 60_000, 0), false, 'p-3 was read just now');
      // Both expire: a read noted for 30 ms, and a turn taken for 30 ms.
      await other.noteRead!('p-4', 30);
      await until(() => other.takeStaleRead!('p-4', 60_000, 30), 2000, "p-4's read to grow old");
      await until(() => other.takeStaleRead!('p-5', 60_000, 0), 2000, "the merchant's turn to come again");
    });
  }
});

describe('two instances on one Redis', () => {
  it('pollers on both at once have a stale payin read once in all; while that read is fresh, polls cost the platform nothing', async () => {
    const shared = (options: Partial<CheckoutBackendOptions> = {}) =>
      shops.serve({
        store: redisStore('poll:'),
        bus: shops.bus(),
        order: cartOf(1),
        minReadGapMs: 0,
        ...options,
      });
    // The shop's checkouts come from an instance whose reads are fresh for no time: its payin is
    // stale from the start for the pollers' instances (60 s, the default).
    const [shop, a, b] = [await shared({ pollReadAfterMs: 0 }), await shared(), await shared()];
    const checkout = await shop.checkout();
    await pay(checkout);
    shops.platform.sandbox.requests.clear();

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fetch((i % 2 ? a : b).url + checkout.statusPollUrl!)),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(12).fill(200),
    );
    const reads = () => a.backend.stats().reads + b.backend.stats().reads;
    const idle = () => a.backend.stats().following + b.backend.stats().following === 0;
    await until(() => reads() === 1 && idle(), 5000, 'the safety-net read');
    assert.equal(a.backend.stats().pollReads + b.backend.stats().pollReads, 1);
    assert.equal(requestsFor(shops.platform, checkout.idPayin, 'GET').length, 1, 'one read in all');

    shops.platform.sandbox.requests.clear();
    const polls = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fetch((i % 2 ? a : b).url + checkout.statusPollUrl!)),
    );
    const tags = new Set(polls.map((poll) => poll.headers.get('etag')));
    assert.equal(tags.size, 1, 'both instances answer the same read, under the same ETag');
    for (const poll of polls) {
      const { payin } = (await poll.json()) as { payin: PayinDetailResponse };
      assert.equal(payin.status, 'PROCESSING');
      assert.equal(payin.paymentMethodResponse.idPayin, checkout.idPayin);
    }
    const unchanged = await fetch(b.url + checkout.statusPollUrl!, { headers: { 'If-None-Match': [...tags][0]! } });
    assert.equal(unchanged.status, 304);
    assert.deepEqual(shops.platform.sandbox.requests.list(), [], 'no platform request while the read is fresh');
    assert.equal(reads(), 1);
  });
});
