/**
 * Issue 12 item 13: the demo merchant's backend (the merchant kit and the shop's order hook)
 * cannot be turned against its merchant. Anonymous callbacks for payins it did not create cost the
 * platform nothing; callbacks for one of its own payins make at most one read at a time
 * (coalesced); it mints tokens only for carts its catalog prices, never for an amount a browser
 * names. Against the emulator with its real rate limit (10 requests a second per merchant).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type MerchantBackend } from '../../demo/merchant/backend.js';
import { createClient } from '../../src/api/client.js';
import { demoMerchantBackend, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let platform: TestSandbox;
let backend: MerchantBackend;

/**
 * Each test on an emulator and a backend of its own: it counts its own platform requests, and it
 * starts with the merchant's whole rate budget, not with what the test before left of it.
 */
beforeEach(async () => {
  // The emulator's default rate limit: what a crowd of anonymous requests would exhaust.
  platform = await startSandbox({ rateLimit: 10 });
  backend = demoMerchantBackend(platform.sandbox.url);
  // The test's own requests are counted (the helper's admin token, minted at start, aside).
  platform.sandbox.requests.clear();
});

afterEach(async () => {
  await backend.close();
  await platform.sandbox.close();
});

const post = (path: string, body: unknown) =>
  backend.app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
/** A cart of the shop's catalog: a preset in a currency. */
const cart = (preset: string, currency = 'INR') =>
  `/api/checkouts?preset=${encodeURIComponent(preset)}&currency=${encodeURIComponent(currency)}`;
const fakeCallback = (idPayin: string) =>
  post('/api/callbacks', { type: 'PAYIN_STATUS_CHANGED', idPayin, idPayment: 'x' });

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settled = (idPayins: string[]) => () =>
  idPayins.every((id) => {
    const records = backend.callbacks.list({ idPayin: id });
    return records.length > 0 && records.every((record) => record.read.state !== 'reading');
  });

describe('the demo backend cannot be turned against its merchant', () => {
  it('40 anonymous callbacks for payins it did not create: acknowledged, zero platform requests, and checkouts still work', async () => {
    const strangers = Array.from({ length: 40 }, () => `order-${randomUUID()}`);
    const answers = await Promise.all(strangers.map(fakeCallback));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    // Every callback's record says what became of its read: skipped, none of them in flight.
    await until(settled(strangers));
    assert.deepEqual(
      platform.sandbox.requests.list().map((r) => `${r.method} ${r.path}`),
      [],
      'no token minted, no payin read',
    );
    assert.deepEqual(backend.callbacks.list({ idPayin: strangers[0] })[0]?.read, {
      state: 'skipped',
      reason: 'not a payin this shop created',
    });

    // The merchant's budget is intact: five real checkouts at once all get their token.
    const checkouts = await Promise.all(Array.from({ length: 5 }, () => post(cart('success'), {})));
    assert.deepEqual(
      checkouts.map((c) => c.status),
      [201, 201, 201, 201, 201],
    );
  });

  it('20 callbacks at once for one of its own payins: at most 2 reads of it (one in flight, one after)', async () => {
    const session = (await (await post(cart('success'), {})).json()) as { idPayin: string; token: string };
    // The shopper's element creates the payin with its token.
    await createClient({ baseUrl: platform.sandbox.url, token: session.token }).createPayin(session.idPayin, {
      paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
    });
    await until(() => platform.sandbox.payments.get('payin', session.idPayin)?.status === 'SUCCESS');
    // The callbacks' platform requests are counted from here. The whole test stays within the
    // merchant's budget of 10 a second: the helper's admin token, the checkout's and the payin's
    // 4, the callbacks' 3 at most; a refusal (429) would show as one more request.
    assert.equal(platform.sandbox.requests.list().length, 4);
    platform.sandbox.requests.clear();

    const answers = await Promise.all(Array.from({ length: 20 }, () => fakeCallback(session.idPayin)));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    await until(settled([session.idPayin]));
    const reads = platform.sandbox.requests
      .list()
      .filter((r) => r.method === 'GET' && r.path === `/payins/${session.idPayin}`);
    assert.ok(reads.length >= 1 && reads.length <= 2, `${reads.length} reads`);
    assert.ok(
      platform.sandbox.requests.list().length <= 3,
      `${platform.sandbox.requests.list().length} platform requests (reads, and at most one token)`,
    );
    // Every one of the 20 records learnt what the shared reads found.
    const records = backend.callbacks.list({ idPayin: session.idPayin });
    assert.equal(records.length, 20);
    for (const record of records) assert.equal(record.read.state === 'read' && record.read.status, 'SUCCESS');
  });

  it('reads nothing for GET /api/checkouts/{id} of a payin it did not create', async () => {
    const response = await backend.app.request(`/api/checkouts/order-${randomUUID()}`);
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { errorCode: string }).errorCode, 'PAYIN_NOT_FOUND');
    assert.deepEqual(platform.sandbox.requests.list(), []);
  });

  const unpriced: [string, string, unknown][] = [
    ['an amount in the body, and no cart', '/api/checkouts', { amount: 1e12, currencyCode: 'INR' }],
    ['a cart with an amount of its own', '/api/checkouts?amount=1&currency=INR', {}],
    ['a product the catalog does not have', cart('__proto__'), {}],
    ['a currency the shop does not sell in', cart('success', 'XAU'), {}],
  ];
  for (const [what, path, body] of unpriced) {
    it(`mints no token for ${what}: 400 naming the cart's parameter`, async () => {
      const response = await post(path, body);
      assert.equal(response.status, 400);
      const answer = (await response.json()) as { errorCode: string; details: { field: string }[] };
      assert.equal(answer.errorCode, 'INVALID_REQUEST');
      assert.match(answer.details[0]!.field, /^query\.(preset|currency)$/);
      assert.deepEqual(platform.sandbox.requests.list(), []);
    });
  }

  it('mints for the products of its catalog, in currencies with and without decimals', async () => {
    for (const [preset, currency, amount] of [
      ['success', 'INR', 60],
      ['success', 'IDR', 60],
      ['refused', 'JPY', 48],
      ['failed', 'USDT', 10],
    ] as const) {
      const response = await post(cart(preset, currency), {});
      assert.equal(response.status, 201, `${preset} ${currency}`);
      assert.deepEqual(((await response.json()) as { money: unknown }).money, {
        amount,
        currencyCode: currency,
      });
    }
  });
});
