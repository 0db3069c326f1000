/**
 * The sandbox bank page (/__sandbox/redirect/{id}, where ONLINE and NETBANKING lead): a person
 * decides the outcome with Approve, Decline or Let it expire; each sends the callback and returns
 * the shopper to the returnUrl. Over real HTTP, posting the page's own form as a browser would.
 * Decisions here come before the amount table settles (2 s of sandbox time; the clock is still).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { completeMethod, startReceiver, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  [t, receiver] = await Promise.all([startSandbox({ settleDelayMs: 2000 }), startReceiver()]);
});
after(() => Promise.all([t.sandbox.close(), receiver.close()]));

const RETURN_URL = 'https://shop.example/return?order=1';
let counter = 0;

async function createOnline(options: { amount?: number; returnUrl?: string | null; code?: string } = {}) {
  const id = `bank-${++counter}`;
  const code = options.code ?? 'ONLINE';
  const body = {
    paymentRequested: { money: { amount: options.amount ?? 60, currencyCode: 'INR' } },
    paymentMethod: completeMethod(code, 'INR'),
    callbackUrl: receiver.url,
    ...(options.returnUrl === null ? {} : { returnUrl: options.returnUrl ?? RETURN_URL }),
  };
  const answer = await t.raw('POST', `/payins/${id}`, { body });
  assert.equal(answer.status, 200, answer.text);
  const method = answer.json.paymentMethodResponse;
  return { id, pageUrl: (method.redirectTo ?? method.deeplink) as string };
}

/** Submits the page's form as a browser does: urlencoded, with the page's own Origin, no redirect followed. */
function decide(pageUrl: string, decision: string) {
  const url = new URL(pageUrl);
  return fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin },
    body: new URLSearchParams({ decision }).toString(),
  });
}

const payinOf = async (id: string) => (await t.raw('GET', `/payins/${id}`)).json;
const callbacksFor = (id: string) => receiver.received.filter((r) => (r.body as { idPayin?: string }).idPayin === id);

describe('the sandbox bank page', () => {
  test('shows the payment and three labelled buttons in a form that posts back, under a CSP with no script at all', async () => {
    const { id, pageUrl } = await createOnline();
    const page = await fetch(pageUrl);
    assert.equal(page.status, 200);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy')!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self' https:\/\/shop\.example/);
    assert.doesNotMatch(csp, /unsafe-inline|script-src/);
    assert.ok(!/<script/i.test(html), 'no script: forms only');
    assert.match(
      html,
      new RegExp(`<form method="post" action="/__sandbox/redirect/${id}\\?merchantCode=demo-merchant">`),
    );
    assert.match(html, /<legend>Decide the outcome of this payment<\/legend>/);
    for (const [value, label] of [
      ['approve', 'Approve'],
      ['decline', 'Decline'],
      ['expire', 'Let it expire'],
    ]) {
      assert.match(
        html,
        new RegExp(
          `<button type="submit" name="decision" value="${value}" aria-describedby="decision-help">${label}</button>`,
        ),
      );
    }
    assert.match(html, /id="decision-help"/);
    assert.match(html, /60 INR/);
    assert.match(
      html,
      /Without a decision, .* at \d{2}:\d{2} UTC on \d{1,2} \w+ \d{4}/,
      'what happens without a decision, and when',
    );
  });

  test('by default the amount table decides unless someone decides first, and the page says when', async () => {
    const { id, pageUrl } = await createOnline();
    assert.match(
      await (await fetch(pageUrl)).text(),
      /Without a decision, the sandbox&#39;s amount table makes it SUCCESS at \d{2}:\d{2} UTC/,
    );
    await t.advance(60);
    assert.equal((await payinOf(id)).status, 'SUCCESS');
  });

  test('with bankPageDecides (npm run demo), a payment that leads here waits for a person; without a decision it fails at expireAt', async () => {
    const decides = await startSandbox({ settleDelayMs: 2000, bankPageDecides: true });
    try {
      const create = async (id: string, code: string) => {
        const answer = await decides.raw('POST', `/payins/${id}`, {
          body: {
            paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
            paymentMethod: completeMethod(code, 'INR'),
          },
        });
        assert.equal(answer.status, 200, answer.text);
        return answer.json.paymentMethodResponse;
      };
      const online = await create('waits-1', 'ONLINE');
      await create('qr-1', 'UPIQR');
      await decides.advance(60);
      assert.equal(
        (await decides.raw('GET', '/payins/qr-1')).json.status,
        'SUCCESS',
        'a method that does not lead to the page follows the amount table',
      );
      assert.equal(
        (await decides.raw('GET', '/payins/waits-1')).json.status,
        'PROCESSING',
        'the bank page has not decided yet',
      );
      assert.match(
        await (await fetch(online.redirectTo)).text(),
        /The payment waits for your decision here; without one it expires at/,
      );
      await decides.advance(31 * 60);
      const expired = (await decides.raw('GET', '/payins/waits-1')).json;
      assert.equal(expired.status, 'FAILED');
      assert.equal(expired.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
      const approved = await create('waits-2', 'NETBANKING');
      assert.equal((await decide(approved.deeplink, 'approve')).status, 200);
      assert.equal((await decides.raw('GET', '/payins/waits-2')).json.status, 'SUCCESS');
    } finally {
      await decides.sandbox.close();
    }
  });

  test('Approve → SUCCESS, the callback, and 303 back to the returnUrl', async () => {
    const { id, pageUrl } = await createOnline();
    await fetch(pageUrl);
    const answer = await decide(pageUrl, 'approve');
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), RETURN_URL);
    const payin = await payinOf(id);
    assert.equal(payin.status, 'SUCCESS');
    await waitUntil(() => callbacksFor(id).length === 1);
    assert.deepEqual(callbacksFor(id)[0]!.body, {
      type: 'PAYIN_STATUS_CHANGED',
      idPayin: id,
      idPayment: payin.idPayment,
    });
  });

  test('Decline → FAILED with CUSTOMER_VERIFICATION_REJECTED, and its callback', async () => {
    const { id, pageUrl } = await createOnline({ code: 'NETBANKING' });
    assert.match(pageUrl, /\/__sandbox\/redirect\//, 'NETBANKING leads here too (deeplink)');
    const answer = await decide(pageUrl, 'decline');
    assert.equal(answer.status, 303);
    const payin = await payinOf(id);
    assert.equal(payin.status, 'FAILED');
    assert.equal(payin.failureReasonCode, 'CUSTOMER_VERIFICATION_REJECTED');
    await waitUntil(() => callbacksFor(id).length === 1);
  });

  test("Let it expire → the payment's time runs out now: FAILED as the expiry scenario, expireAt not after now", async () => {
    const { id, pageUrl } = await createOnline();
    const answer = await decide(pageUrl, 'expire');
    assert.equal(answer.status, 303);
    const payin = await payinOf(id);
    assert.equal(payin.status, 'FAILED');
    assert.equal(payin.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
    assert.ok(Date.parse(payin.paymentMethodResponse.expireAt) <= t.sandbox.clock.now());
    await waitUntil(() => callbacksFor(id).length === 1);
  });

  test('without a returnUrl the page shows the outcome instead', async () => {
    const { id, pageUrl } = await createOnline({ returnUrl: null });
    const answer = await decide(pageUrl, 'approve');
    assert.equal(answer.status, 200);
    const html = await answer.text();
    assert.match(html, /role="status">Approved: the payment succeeded\. The merchant was notified/);
    assert.equal((await payinOf(id)).status, 'SUCCESS');
  });

  test('a payment already final is never changed: 409 with a clear message, and the page offers no buttons', async () => {
    const { id, pageUrl } = await createOnline();
    assert.equal((await decide(pageUrl, 'decline')).status, 303);
    const again = await decide(pageUrl, 'approve');
    assert.equal(again.status, 409);
    assert.match(await again.text(), /already FAILED: it was decided before, and nothing was changed/);
    assert.equal((await payinOf(id)).status, 'FAILED');
    const page = await (await fetch(pageUrl)).text();
    assert.match(page, /already FAILED: there is nothing left to decide/);
    assert.ok(!page.includes('<button'), 'no buttons on a final payment');
    // The emulator queues a callback as a status changes, before it answers: its queue is final.
    const queued = t.sandbox.callbacks.deliveries().filter((delivery) => delivery.body.idPayin === id);
    assert.equal(queued.length, 1, 'one callback, for the one change');
    await waitUntil(() => callbacksFor(id).length === 1);
    assert.equal(callbacksFor(id).length, 1);
  });

  test('Approve settles a different-amount scenario at the amount asked; top-ups have the page too; a bad decision or id is refused', async () => {
    const { id, pageUrl } = await createOnline({ amount: 25 });
    assert.equal((await decide(pageUrl, 'approve')).status, 303);
    const payin = await payinOf(id);
    assert.equal(payin.status, 'SUCCESS');
    assert.equal(payin.moneyReceived, undefined);

    const topUp = await t.raw('POST', '/topups/bank-topup', {
      body: {
        topUpRequested: { moneyProvided: { amount: 60, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: completeMethod('ONLINE', 'INR'),
      },
    });
    const topUpPage = topUp.json.paymentMethodResponse.redirectTo as string;
    assert.match(topUpPage, /kind=topup/);
    assert.match(await (await fetch(topUpPage)).text(), /name="decision" value="approve"/);
    assert.equal((await decide(topUpPage, 'approve')).status, 200);
    assert.equal((await t.raw('GET', '/topups/bank-topup')).json.status, 'SUCCESS');

    const other = await createOnline();
    assert.equal((await decide(other.pageUrl, 'refund')).status, 400);
    assert.equal((await payinOf(other.id)).status, 'PROCESSING');
    assert.equal((await decide(`${t.sandbox.url}/__sandbox/redirect/nobody`, 'approve')).status, 404);
  });

  test("a page of another origin cannot decide (the form is the emulator's own tool)", async () => {
    const { id, pageUrl } = await createOnline();
    const answer = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'decision=approve',
    });
    assert.equal(answer.status, 403);
    assert.equal((await payinOf(id)).status, 'PROCESSING');
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
