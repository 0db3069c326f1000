/**
 * The kit's options cache (src/server/options-cache.ts), which came from the demo backend: an
 * answer past its time still serves at once while the next one is fetched, so only the first
 * checkout of an amount ever waits for the platform.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { install } from '@sinonjs/fake-timers';
import { createOptionsCache } from '../../src/server/kit/options-cache.js';
import { createTokenIssuer } from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

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
    // The cache's requests to the platform, held while `held` is set: an answer served meanwhile
    // did not wait for the platform.
    let held: Promise<void> | undefined;
    const sent: string[] = [];
    const fetchHeld: typeof fetch = async (input, init) => {
      sent.push(String(input));
      await held;
      return fetch(input, init);
    };
    // The cache's time (Date) moves only when the test moves it.
    const clock = install({ now: Date.now(), toFake: ['Date'] });
    let release = () => {};
    try {
      const cache = createOptionsCache({
        platformUrl: platform.sandbox.url,
        issuer,
        apiVersion: '2',
        ttlMs: 50,
        fetch: fetchHeld,
      });
      const money = { amount: 60, currencyCode: 'INR' };
      const fresh = await cache.get(money);
      assert.ok(fresh?.data.length);
      assert.equal(cache.fetches, 1);
      clock.tick(49);
      assert.equal(await cache.get(money), fresh);
      assert.equal(cache.fetches, 1, 'within its time an answer serves with no request');
      clock.tick(1);
      held = new Promise((resolve) => (release = resolve));
      assert.deepEqual(await cache.get(money), fresh, 'served while the platform is held');
      assert.equal(cache.fetches, 2, 'and a new answer is on its way');
      assert.equal(sent.length, 2);
    } finally {
      release();
      clock.uninstall();
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
