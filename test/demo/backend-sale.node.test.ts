/**
 * The demo backend in a sale (issue 13, items 2 and 6): it gives each checkout the payment options
 * it fetched once per currency and amount (for the element's `options` property), and it asks the
 * platform for checkout tokens a few at a time, each patient with a 429, so a crowd of shoppers
 * neither fails at the shop nor spends the merchant's budget on 429s.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type MerchantBackend } from '../../demo/merchant/backend.js';
import { createOptionsCache } from '../../demo/merchant/options-cache.js';
import { createCallQueue } from '../../demo/merchant/platform-calls.js';
import { DEMO_MERCHANT_CODE } from '../../src/sandbox/index.js';
import { createTokenIssuer } from '../../src/server/index.js';
import { demoMerchantBackend, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OPTIONS_PATH = '/payins/!availablePaymentOptions';

describe('createCallQueue', () => {
  it('runs at most `limit` tasks at once, the others in the order they came', async () => {
    const queued = createCallQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(i);
      await sleep(10);
      running--;
      return i;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => queued(task(i))));
    assert.deepEqual(results, [0, 1, 2, 3, 4, 5]);
    assert.equal(most, 2);
    assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
  });

  it('a caller who leaves while waiting is out of the queue, and the others go on', async () => {
    const queued = createCallQueue(1);
    const started: string[] = [];
    let release!: () => void;
    const first = queued(() => (started.push('first'), new Promise<void>((resolve) => (release = resolve))));
    const leaving = new AbortController();
    const left = queued(async () => void started.push('left'), leaving.signal);
    const last = queued(async () => void started.push('last'));
    leaving.abort(new Error('the shopper left'));
    await assert.rejects(left, /the shopper left/);
    release();
    await Promise.all([first, last]);
    assert.deepEqual(started, ['first', 'last']);
  });

  it('an errand that fails frees its place', async () => {
    const queued = createCallQueue(1);
    await assert.rejects(queued(() => Promise.reject(new Error('platform down'))), /platform down/);
    assert.equal(await queued(async () => 'next'), 'next');
  });
});

describe('the options of a sale', () => {
  let platform: TestSandbox;
  let backend: MerchantBackend;

  before(async () => {
    platform = await startSandbox({ rateLimit: 10 });
    backend = demoMerchantBackend(platform.sandbox.url, { provideOptions: true });
  });
  after(async () => {
    backend.close();
    await platform.sandbox.close();
  });

  const checkout = async (amount: number) => {
    const answer = await backend.app.request('/api/checkouts', { method: 'POST', body: JSON.stringify({ amount, currencyCode: 'INR' }), headers: { 'Content-Type': 'application/json' } });
    assert.equal(answer.status, 201);
    return (await answer.json()) as { options?: { data: { paymentMethodCode: string }[] } };
  };

  it('every checkout carries the options; one options request per amount, whoever asks meanwhile', async () => {
    platform.sandbox.requests.clear();
    const first = await Promise.all([checkout(60), checkout(60), checkout(60)]);
    for (const session of first) assert.ok(session.options?.data.some((option) => option.paymentMethodCode === 'UPIQR'));
    await checkout(60);
    await checkout(75);
    const asked = platform.sandbox.requests.list().filter((r) => r.path === OPTIONS_PATH);
    assert.equal(asked.length, 2, 'once for 60 INR, once for 75 INR');
  });

  it('a crowd of 25 at once under the limit of 10 a second: every checkout gets its token, at most 4 asked at once', async () => {
    await sleep(1100);
    platform.sandbox.requests.clear();
    const sessions = await Promise.all(Array.from({ length: 25 }, () => checkout(60)));
    assert.equal(sessions.length, 25);
    const mints = platform.sandbox.requests.list().filter((r) => r.path.startsWith('/auth-tokens'));
    assert.equal(mints.filter((r) => r.status === 200).length, 25);
    // Four waiting token requests retry after each 429, not 25.
    const limited = mints.filter((r) => r.status === 429).length;
    assert.ok(limited <= 4 * 4, `${limited} token requests answered 429`);
  });
});

describe('createOptionsCache', () => {
  let platform: TestSandbox;
  before(async () => {
    platform = await startSandbox();
  });
  after(() => platform.sandbox.close());

  it('past its time an answer still serves at once while the next is fetched', async () => {
    const issuer = createTokenIssuer({ baseUrl: platform.sandbox.url, merchantCode: DEMO_MERCHANT_CODE, privateKey: demoPrivateKey });
    const cache = createOptionsCache({ platformUrl: platform.sandbox.url, issuer, apiVersion: '2', ttlMs: 50 });
    const money = { amount: 60, currencyCode: 'INR' };
    const fresh = await cache.get(money);
    assert.ok(fresh?.data.length);
    assert.equal(cache.fetches, 1);
    await sleep(80);
    platform.sandbox.faults.replace({ latencyMs: 300 });
    try {
      const started = Date.now();
      assert.deepEqual(await cache.get(money), fresh);
      assert.ok(Date.now() - started < 200, 'served without waiting for the platform');
      assert.equal(cache.fetches, 2, 'and a new answer is on its way');
    } finally {
      platform.sandbox.faults.reset();
    }
  });
});
