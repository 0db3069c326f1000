/**
 * The merchant kit across instances on a real `redis-server` (started here on a free port): two
 * instances share one Redis for their store and their bus. A checkout on A, the platform's
 * callback on B, and A's authorized stream gets the payin B read: one read in total. Handles agree
 * across instances with no setting. Both stores keep one contract (the read lock), and a store
 * that cannot be reached is 503, never a hang.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  memoryCheckoutStore,
  type CheckoutResponse,
  type CheckoutStore,
  type PayinDetailResponse,
} from '../../src/server/index.js';
import { callback, pay, PREFIX, requestsFor, shopsOnRedis, type ServedKit } from './checkout-kit.js';
import { freePort } from './redis-server.js';
import { until } from './sse-reader.js';

const shops = shopsOnRedis();
const redisStore = (keyPrefix: string) => shops.store({ keyPrefix });

describe('the store contract, in memory and in Redis', () => {
  const makers: [string, () => CheckoutStore][] = [
    ['memoryCheckoutStore', () => memoryCheckoutStore()],
    ['redisCheckoutStore', () => redisStore(`contract-${Date.now()}:`)],
  ];
  for (const [name, make] of makers) {
    it(`${name}: remembers payins and last reads, and lets one reader hold a payin's read`, async () => {
      const store = make();
      assert.equal(await store.recall('order-1'), undefined);
      await store.remember(
        'order-1',
        { money: { amount: 60, currencyCode: 'INR' }, customer: { accountName: 'Asha' } },
        60_000,
      );
      assert.deepEqual(await store.recall('order-1'), {
        money: { amount: 60, currencyCode: 'INR' },
        customer: { accountName: 'Asha' },
      });
      await store.setLastPayin('order-1', '{"status":"SUCCESS"}', 60_000);
      assert.equal(await store.lastPayin('order-1'), '{"status":"SUCCESS"}');

      // A asks and reads; B asks meanwhile and cannot take the lock; A cannot let go before reading again.
      await store.requestRead('order-1', 60_000);
      assert.equal(await store.acquireReadLock('order-1', 'A', 60_000), true);
      assert.equal(await store.takeReadRequest('order-1'), true);
      assert.equal(await store.takeReadRequest('order-1'), false);
      await store.requestRead('order-1', 60_000);
      assert.equal(await store.acquireReadLock('order-1', 'B', 60_000), false);
      assert.equal(await store.releaseReadLock('order-1', 'A'), false, 'a read was asked meanwhile: A keeps the lock');
      assert.equal(await store.extendReadLock('order-1', 'A', 60_000), true);
      assert.equal(await store.extendReadLock('order-1', 'B', 60_000), false);
      assert.equal(await store.takeReadRequest('order-1'), true);
      assert.equal(await store.releaseReadLock('order-1', 'A'), true);
      assert.equal(await store.acquireReadLock('order-1', 'B', 60_000), true, 'free again');
      assert.equal(await store.releaseReadLock('order-1', 'A'), true, "not A's any more: nothing to do");
      assert.equal(await store.acquireReadLock('order-1', 'C', 60_000), false, "B's still");
      assert.equal(await store.releaseReadLock('order-1', 'B'), true);

      // Everything expires.
      await store.remember('order-2', { money: { amount: 1, currencyCode: 'INR' } }, 30);
      await store.requestRead('order-2', 30);
      assert.equal(await store.acquireReadLock('order-2', 'A', 30), true);
      await until(async () => (await store.recall('order-2')) === undefined, 2000, 'the payin to expire');
      // The lock was set last, each key expiring 30 ms after its own SET: on a busy machine the
      // payin's can be gone while the lock's 30 ms still run. B takes it once it has expired.
      await until(
        () => store.acquireReadLock('order-2', 'B', 60_000),
        2000,
        'an abandoned lock to expire and B to take it',
      );
      assert.equal(await store.takeReadRequest('order-2'), false, 'the read asked for before the lock expired with it');
    });
  }
});

describe('two instances on one Redis', () => {
  let a: ServedKit;
  let b: ServedKit;
  const updates: { on: string; payin: PayinDetailResponse }[] = [];

  before(async () => {
    const shared = (name: string) => ({
      store: redisStore('kit:'),
      bus: shops.bus(),
      merchantName: 'Two Instances',
      minReadGapMs: 0,
      onPayinUpdate: (payin: PayinDetailResponse) => void updates.push({ on: name, payin }),
    });
    a = await shops.serve(shared('A'));
    b = await shops.serve(shared('B'));
  });

  it("a checkout on A, the callback on B: A's authorized stream gets the payin B read, one read in total", async () => {
    const given = await a.checkout();
    // The platform calls B back (a load balancer's choice).
    const checkout: CheckoutResponse = { ...given, callbackUrl: `${b.url}${PREFIX}/callbacks` };
    const onA = await a.follow(given.statusUrl!);
    const plainOnA = await a.follow(`${PREFIX}/payins/${given.idPayin}/events`);
    shops.platform.sandbox.requests.clear();
    await pay(checkout);

    const changed = await onA.events.nextExceptPing(5000);
    assert.equal(changed?.event, 'changed');
    const { payin } = JSON.parse(changed!.data!) as { payin: PayinDetailResponse };
    assert.equal(payin.status, 'SUCCESS');
    assert.equal(payin.paymentMethodResponse.idPayin, given.idPayin);
    assert.deepEqual(await plainOnA.events.nextExceptPing(), { event: 'changed', data: '{}' });
    await until(() => updates.length === 1);
    assert.deepEqual(updates, [{ on: 'B', payin }]);
    assert.equal(requestsFor(shops.platform, given.idPayin, 'GET').length, 1, 'one read in total');
    assert.equal(a.backend.stats().reads + b.backend.stats().reads, 1);
    assert.deepEqual(await a.backend.lastPayin(given.idPayin), payin, 'A knows what B read');
    onA.close();
    plainOnA.close();
  });

  it('the same callback on both at once: at most one read at a time, and no second update', async () => {
    const checkout = await a.checkout();
    await pay({ ...checkout, callbackUrl: `${b.url}${PREFIX}/callbacks` });
    await until(() => updates.some((update) => update.payin.paymentMethodResponse.idPayin === checkout.idPayin), 5000);
    const readsBefore = a.backend.stats().reads + b.backend.stats().reads;
    const answers = await Promise.all([
      callback(a, checkout.idPayin),
      callback(b, checkout.idPayin),
      callback(a, checkout.idPayin),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    const idle = () => a.backend.stats().following + b.backend.stats().following === 0;
    await until(
      () => a.backend.stats().reads + b.backend.stats().reads > readsBefore && idle(),
      5000,
      'the reads to end',
    );
    const reads = a.backend.stats().reads + b.backend.stats().reads - readsBefore;
    assert.ok(reads >= 1 && reads <= 2, `${reads} reads for 3 callbacks at once`);
    assert.equal(updates.filter((update) => update.payin.paymentMethodResponse.idPayin === checkout.idPayin).length, 1);
  });

  it('a handle from A renews on B, with no setting shared but the credentials', async () => {
    const checkout = await a.checkout();
    const response = await b.post({ handle: checkout.handle });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as CheckoutResponse).idPayin, checkout.idPayin);
  });

  it('forged callbacks on B about ids A never gave cost the platform nothing', async () => {
    shops.platform.sandbox.requests.clear();
    for (const id of ['order-nobody-1', 'order-nobody-2']) assert.equal((await callback(b, id)).status, 200);
    assert.equal(shops.platform.sandbox.requests.list().length, 0);
  });
});

describe('a store that cannot be reached', () => {
  it('answers checkouts 503 STORE_UNAVAILABLE within its connect timeout, before any platform request', async () => {
    const store = shops.store({
      url: `redis://127.0.0.1:${await freePort()}`,
      connectTimeoutMs: 300,
    });
    const shop = await shops.serve({ store, provideOptions: false });
    shops.platform.sandbox.requests.clear();
    const started = Date.now();
    const response = await shop.post({});
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '1');
    assert.equal(((await response.json()) as { errorCode: string }).errorCode, 'STORE_UNAVAILABLE');
    assert.ok(Date.now() - started < 2000, `answered in ${Date.now() - started} ms`);
    assert.equal(shops.platform.sandbox.requests.list().length, 0);
    // A callback then is 503 too, so the platform delivers it again.
    assert.equal((await callback(shop, 'order-1')).status, 503);
  });
});
