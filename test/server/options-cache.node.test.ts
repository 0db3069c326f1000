/**
 * The kit's options cache (src/server/options-cache.ts), which came from the demo backend: an
 * answer past its time still serves at once while the next one is fetched, so only the first
 * checkout of an amount ever waits for the platform.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOptionsCache } from '../../src/server/kit/options-cache.js';
import { createTokenIssuer } from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createOptionsCache', () => {
  let platform: TestSandbox;
  before(async () => {
    platform = await startSandbox();
  });
  after(() => platform.sandbox.close());

  it('past its time an answer still serves at once while the next is fetched', async () => {
    const issuer = createTokenIssuer({
      baseUrl: platform.sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
    });
    const cache = createOptionsCache({
      platformUrl: platform.sandbox.url,
      issuer,
      apiVersion: '2',
      ttlMs: 50,
    });
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

  it('one request per currency and amount, whoever asks meanwhile', async () => {
    const issuer = createTokenIssuer({
      baseUrl: platform.sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
    });
    const cache = createOptionsCache({ platformUrl: platform.sandbox.url, issuer, apiVersion: '2' });
    const answers = await Promise.all([60, 60, 60, 75].map((amount) => cache.get({ amount, currencyCode: 'INR' })));
    for (const answer of answers) assert.ok(answer?.data.some((option) => option.paymentMethodCode === 'UPIQR'));
    assert.equal(cache.fetches, 2, 'once for 60 INR, once for 75 INR');
  });
});
