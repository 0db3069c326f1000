/**
 * The demo backend in a sale (issue 13, items 2 and 6), on the merchant kit: it gives each checkout
 * the payment options it fetched once per currency and amount (for the element's `options`
 * property), and it asks the platform for checkout tokens a few at a time, each patient with a
 * 429, so a crowd of shoppers neither fails at the shop nor spends the merchant's budget on 429s.
 * (The kit's queue and options cache on their own: test/server/call-queue, options-cache and
 * checkout-backend-sale.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type MerchantBackend } from '../../demo/merchant/backend.js';
import { demoMerchantBackend, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const OPTIONS_PATH = '/payins/!availablePaymentOptions';

/**
 * A platform limited to 10 requests a second and the demo backend on it, fresh for each test:
 * a test starts with the whole of the merchant's budget, not with what the one before left of it.
 */
function sale() {
  let platform: TestSandbox;
  let backend: MerchantBackend;
  before(async () => {
    platform = await startSandbox({ rateLimit: 10 });
    // The kit's default: options with every checkout.
    backend = demoMerchantBackend(platform.sandbox.url);
  });
  after(async () => {
    await backend.close();
    await platform.sandbox.close();
  });
  const checkout = async (preset: string) => {
    const answer = await backend.app.request(`/api/checkouts?preset=${preset}&currency=INR`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(answer.status, 201);
    return (await answer.json()) as { options?: { data: { paymentMethodCode: string }[] } };
  };
  return { platform: () => platform, checkout };
}

describe('the options of a sale', () => {
  const { platform: sandbox, checkout } = sale();

  it('every checkout carries the options; one options request per amount, whoever asks meanwhile', async () => {
    const platform = sandbox();
    platform.sandbox.requests.clear();
    const first = await Promise.all([checkout('success'), checkout('success'), checkout('success')]);
    for (const session of first)
      assert.ok(session.options?.data.some((option) => option.paymentMethodCode === 'UPIQR'));
    await checkout('success');
    await checkout('refused');
    const asked = platform.sandbox.requests.list().filter((r) => r.path === OPTIONS_PATH);
    assert.equal(asked.length, 2, 'once for 60 INR, once for 48 INR');
  });
});

describe('the tokens of a sale', () => {
  const { platform: sandbox, checkout } = sale();

  it('a crowd of 25 at once under the limit of 10 a second: every checkout gets its token, at most 4 asked at once', async () => {
    const platform = sandbox();
    const sessions = await Promise.all(Array.from({ length: 25 }, () => checkout('success')));
    assert.equal(sessions.length, 25);
    const mints = platform.sandbox.requests.list().filter((r) => r.path.startsWith('/auth-tokens'));
    // One token per checkout, and the two server tokens of the backend's own calls, minted once
    // when its first checkout needs them (this backend is new: the test before had them minted).
    assert.equal(mints.filter((r) => r.status === 200).length, 25 + 2);
    // Four waiting token requests retry after each 429, not 25.
    const limited = mints.filter((r) => r.status === 429).length;
    assert.ok(limited <= 4 * 4, `${limited} token requests answered 429`);
  });
});
