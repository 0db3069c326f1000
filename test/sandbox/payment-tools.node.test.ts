/**
 * The emulator's tools behind the dashboard and the command's verbs, each on its own over HTTP:
 * payments and a payment's page, settle / expire / resend, the clock to the next due event, the
 * request log's status filter, the event stream, and the dashboard's page (at / for browsers only,
 * never for another origin's page).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAILURE_REASON_CODES } from '../../src/api/index.js';
import {
  SETTLE_MS,
  SETTLE_SECS,
  createPayin,
  payin,
  startReceiver,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';
import { openEvents } from './event-stream.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: SETTLE_MS, callbackRetry: { attempts: 3, baseDelayMs: 20 } });
});
after(() => t.sandbox.close());

/** A tool call as a script makes it: no token, no version, JSON in and out. */
async function tool(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(t.sandbox.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, json, text };
}

describe('payments and a payment’s page', () => {
  test('GET /__sandbox/payments lists payins, top-ups and payouts newest first, with what the dashboard shows', async () => {
    const first = await createPayin(t, payin(1, 'INR'), 'tools-list-1');
    const second = await createPayin(
      t,
      payin(10, 'THB', { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '0812345678' } }),
      'tools-list-2',
    );
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    const topUp = await t.raw('POST', '/topups/tools-topup-1', {
      body: {
        topUpRequested: { moneyProvided: { amount: 1000, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
      },
    });
    assert.equal(topUp.status, 200);
    const { json } = await tool('GET', '/__sandbox/payments');
    const ids = json.data.map((p: { id: string }) => p.id);
    assert.ok(ids.indexOf('tools-topup-1') < ids.indexOf('tools-list-2'));
    assert.ok(ids.indexOf('tools-list-2') < ids.indexOf('tools-list-1'));
    const prompt = json.data.find((p: { id: string }) => p.id === 'tools-list-2');
    assert.equal(prompt.kind, 'payin');
    assert.equal(prompt.merchantCode, 'demo-merchant');
    assert.equal(prompt.methodCode, 'PROMPTPAY');
    assert.deepEqual(prompt.money, { amount: 10, currencyCode: 'THB' });
    // PromptPay asks a decreased amount: the summary says it, as it differs.
    assert.equal(prompt.moneyRequired.currencyCode, 'THB');
    assert.ok(prompt.moneyRequired.amount < 10);
    assert.equal(prompt.status, 'PROCESSING');
    assert.equal(prompt.scenario, 'failed');
    assert.equal(prompt.next.status, 'FAILED');
    assert.ok(Date.parse(prompt.expireAt) > Date.parse(prompt.createdAt));
    const upi = json.data.find((p: { id: string }) => p.id === 'tools-list-1');
    assert.equal(upi.moneyRequired, undefined, 'no moneyRequired where it does not differ');
    assert.equal(upi.scenario, 'expires');
    const top = json.data.find((p: { id: string }) => p.id === 'tools-topup-1');
    assert.equal(top.kind, 'topup');
    assert.equal(top.moneyCredited.currencyCode, 'USDT');
    assert.deepEqual(
      (await tool('GET', '/__sandbox/payments?kind=topup')).json.data.map((p: { id: string }) => p.id),
      ['tools-topup-1'],
    );
    assert.equal((await tool('GET', '/__sandbox/payments?kind=nothing')).status, 400);
  });

  test('GET /__sandbox/payments/{id}: its request as received, the answer as sent, GET now, the timeline', async () => {
    const body = payin(60, 'INR', { paymentMethodCode: 'UPIQR' });
    const created = await createPayin(t, body, 'tools-page-1');
    const page = await tool('GET', '/__sandbox/payments/tools-page-1');
    assert.equal(page.status, 200);
    assert.deepEqual(page.json.request, body);
    assert.deepEqual(page.json.answer, created.json);
    assert.equal(page.json.current.status, 'PROCESSING');
    assert.deepEqual(
      page.json.timeline.map((e: { status: string; cause: string }) => [e.status, e.cause]),
      [['PROCESSING', 'created']],
    );
    assert.deepEqual(page.json.deliveries, []);
    const missing = await tool('GET', '/__sandbox/payments/nobody-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.errorCode, 'PAYMENT_NOT_FOUND');
    assert.match(missing.json.message, /No payin, top-up or payout "nobody-here"/);
  });

  test('an id shared by a payin and a top-up: 409 AMBIGUOUS names both; kind says which', async () => {
    await createPayin(t, payin(60), 'tools-twice');
    await t.raw('POST', '/topups/tools-twice', {
      body: {
        topUpRequested: { moneyProvided: { amount: 1000, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
      },
    });
    const both = await tool('GET', '/__sandbox/payments/tools-twice');
    assert.equal(both.status, 409);
    assert.equal(both.json.errorCode, 'AMBIGUOUS');
    assert.match(both.json.message, /a payin of demo-merchant, a top-up of demo-merchant/);
    const topUp = await tool('GET', '/__sandbox/payments/tools-twice?kind=topup');
    assert.equal(topUp.json.summary.kind, 'topup');
    const settled = await tool('POST', '/__sandbox/payments/tools-twice/settle', { status: 'SUCCESS', kind: 'payin' });
    assert.equal(settled.json.kind, 'payin');
    assert.equal(settled.json.status, 'SUCCESS');
  });
});

describe('settle, expire, resend', () => {
  test('settle FAILED with a reason from the platform’s list; the timeline says who; 409 once final', async () => {
    await createPayin(t, payin(60), 'tools-settle-1');
    const refused = await tool('POST', '/__sandbox/payments/tools-settle-1/settle', {
      status: 'FAILED',
      failureReasonCode: 'NOT_A_REASON',
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.details[0].field, 'failureReasonCode');
    const settled = await tool('POST', '/__sandbox/payments/tools-settle-1/settle', {
      status: 'FAILED',
      failureReasonCode: FAILURE_REASON_CODES.at(-1),
    });
    assert.equal(settled.status, 200);
    assert.equal(settled.json.failureReasonCode, FAILURE_REASON_CODES.at(-1));
    assert.equal((await t.raw('GET', '/payins/tools-settle-1')).json.status, 'FAILED');
    const page = await tool('GET', '/__sandbox/payments/tools-settle-1');
    assert.equal(page.json.timeline.at(-1).cause, 'settled FAILED by the sandbox tools');
    assert.ok(page.json.summary.finalAt);
    const again = await tool('POST', '/__sandbox/payments/tools-settle-1/settle', { status: 'SUCCESS' });
    assert.equal(again.status, 409);
    assert.match(again.json.message, /already FAILED/);
  });

  test('expire: the request runs out now and it fails with the expiry reason; payouts have none to expire', async () => {
    await createPayin(t, payin(60), 'tools-expire-1');
    const before = t.sandbox.clock.now();
    const expired = await tool('POST', '/__sandbox/payments/tools-expire-1/expire');
    assert.equal(expired.status, 200);
    assert.equal(expired.json.status, 'FAILED');
    assert.equal(expired.json.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
    assert.ok(
      Date.parse(expired.json.expireAt) >= before && Date.parse(expired.json.expireAt) <= t.sandbox.clock.now(),
    );
    const read = await t.raw('GET', '/payins/tools-expire-1');
    assert.equal(read.json.paymentMethodResponse.expireAt, expired.json.expireAt);
    const payout = await t.raw('POST', '/payouts/tools-payout-1', {
      body: {
        paymentRequested: { money: { amount: 200, currencyCode: 'INR' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Asha Devi', accountNumber: '001234567890', bankCode: 'HDFC0001234' },
        },
      },
    });
    assert.equal(payout.status, 200);
    const noExpiry = await tool('POST', '/__sandbox/payments/tools-payout-1/expire');
    assert.equal(noExpiry.status, 409);
    assert.match(noExpiry.json.message, /payout has no payment request to expire/);
  });

  test('resend: a new delivery of the same notification, answered with its first attempt; 409 while PROCESSING or without a callbackUrl', async () => {
    const receiver = await startReceiver();
    try {
      await createPayin(
        t,
        payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }),
        'tools-resend-1',
      );
      const early = await tool('POST', '/__sandbox/payments/tools-resend-1/resend');
      assert.equal(early.status, 409);
      assert.match(early.json.message, /still PROCESSING/);
      await tool('POST', '/__sandbox/payments/tools-resend-1/settle', { status: 'SUCCESS' });
      await receiver.waitFor(1);
      const resent = await tool('POST', '/__sandbox/payments/tools-resend-1/resend');
      assert.equal(resent.status, 200);
      assert.equal(resent.json.resent, true);
      assert.equal(resent.json.state, 'delivered');
      assert.equal(resent.json.attempts[0].status, 200);
      assert.equal(resent.json.attempts[0].body, 'ok');
      const [first, second] = await receiver.waitFor(2);
      assert.deepEqual(second!.body, first!.body);
      const page = await tool('GET', '/__sandbox/payments/tools-resend-1');
      assert.equal(page.json.deliveries.length, 2);
      await createPayin(t, payin(60), 'tools-resend-2');
      await tool('POST', '/__sandbox/payments/tools-resend-2/settle', { status: 'SUCCESS' });
      const nowhere = await tool('POST', '/__sandbox/payments/tools-resend-2/resend');
      assert.equal(nowhere.status, 409);
      assert.match(nowhere.json.message, /no callbackUrl/);
    } finally {
      await receiver.close();
    }
  });

  test('a receiver answering 500: every attempt recorded with its status, the first bytes of its body and the next retry', async () => {
    const receiver = await startReceiver(10);
    try {
      const events = await openEvents(t.sandbox.url);
      await createPayin(
        t,
        payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }),
        'tools-500',
      );
      await tool('POST', '/__sandbox/payments/tools-500/settle', { status: 'SUCCESS' });
      const second = await events.waitFor('delivery', (d) => d.payment?.id === 'tools-500' && d.attempts.length === 1);
      assert.equal(second.data.state, 'pending');
      assert.ok(
        Date.parse(second.data.nextAttemptAt) > Date.parse(second.data.attempts[0].at),
        'the next retry is due later',
      );
      await events.waitFor('delivery', (d) => d.payment?.id === 'tools-500' && d.state === 'failed');
      events.close();
      const [delivery] = (await tool('GET', '/__sandbox/payments/tools-500')).json.deliveries;
      assert.deepEqual(
        delivery.attempts.map((a: { status: number; body: string }) => [a.status, a.body]),
        [
          [500, 'try again'],
          [500, 'try again'],
          [500, 'try again'],
        ],
      );
      assert.equal(delivery.nextAttemptAt, undefined, 'no retry after the last attempt');
      assert.deepEqual(delivery.payment, { kind: 'payin', merchantCode: 'demo-merchant', id: 'tools-500' });
    } finally {
      await receiver.close();
    }
  });
});

describe('the clock and the request log', () => {
  test('POST /__sandbox/clock/next moves to the next due event, and a 2 h expiry after it', async () => {
    await tool('POST', '/__sandbox/reset');
    await t.advance(SETTLE_SECS);
    assert.equal((await tool('POST', '/__sandbox/clock/next')).status, 409, 'nothing is due');
    await createPayin(t, payin(1, 'INR', { paymentMethodCode: 'UPIQR' }), 'tools-next-1');
    const clock = await tool('GET', '/__sandbox/clock');
    assert.equal(clock.json.next.what, 'expiry');
    assert.deepEqual(clock.json.next.payment, { kind: 'payin', merchantCode: 'demo-merchant', id: 'tools-next-1' });
    const toExpiry = await tool('POST', '/__sandbox/clock/next');
    assert.equal(toExpiry.status, 200);
    assert.ok(Date.parse(toExpiry.json.now) >= Date.parse(clock.json.next.at));
    assert.equal(toExpiry.json.reached.what, 'expiry');
    assert.equal((await t.raw('GET', '/payins/tools-next-1')).json.status, 'PROCESSING');
    const toFailure = await tool('POST', '/__sandbox/clock/next');
    assert.equal(toFailure.json.reached.what, 'FAILED');
    assert.ok(Math.abs(toFailure.json.advancedSeconds - 7200) < 2, `${toFailure.json.advancedSeconds} s`);
    assert.equal((await t.raw('GET', '/payins/tools-next-1')).json.status, 'FAILED');
  });

  test('GET /__sandbox/requests?status=4xx|429 filters the log', async () => {
    await tool('DELETE', '/__sandbox/requests');
    await t.raw('GET', '/payins/tools-never-made');
    await t.raw('GET', '/merchant-info');
    const refused = (await tool('GET', '/__sandbox/requests?status=4xx')).json.data;
    assert.deepEqual(
      refused.map((r: { path: string; status: number }) => [r.path, r.status]),
      [['/payins/tools-never-made', 404]],
    );
    assert.deepEqual((await tool('GET', '/__sandbox/requests?status=429')).json.data, []);
    assert.equal((await tool('GET', '/__sandbox/requests?status=200')).json.data.length, 1);
  });
});

describe('the event stream and the dashboard’s page', () => {
  test('GET /__sandbox/events: a snapshot, then a payment as it is created and as it changes', async () => {
    const head = await fetch(`${t.sandbox.url}/__sandbox/events`);
    assert.equal(head.headers.get('content-type'), 'text/event-stream');
    await head.body!.cancel();
    const events = await openEvents(t.sandbox.url);
    try {
      const snapshot = await events.waitFor('snapshot');
      assert.deepEqual(snapshot.data.failureReasonCodes, [...FAILURE_REASON_CODES]);
      assert.ok(snapshot.data.clock.now && Array.isArray(snapshot.data.payments));
      await createPayin(t, payin(60), 'tools-stream-1');
      await events.waitFor('payment', (p) => p.id === 'tools-stream-1' && p.status === 'PROCESSING');
      await events.waitFor('request', (r) => r.path === '/payins/tools-stream-1' && r.status === 200);
      await tool('POST', '/__sandbox/payments/tools-stream-1/settle', { status: 'SUCCESS' });
      await events.waitFor('payment', (p) => p.id === 'tools-stream-1' && p.status === 'SUCCESS');
      await tool('POST', '/__sandbox/clock/advance', { seconds: 60 });
      const clock = await events.waitFor('clock', (c) => c.offsetSeconds >= 60);
      assert.ok(Date.parse(clock.data.now) > Date.now() + 59_000);
    } finally {
      events.close();
    }
  });

  test('GET / from a browser is the dashboard, under a strict CSP; a platform client still gets 404', async () => {
    const page = await tool('GET', '/', undefined, { Accept: 'text/html,application/xhtml+xml' });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    assert.match(page.text, /<sandbox-dashboard>/);
    assert.match(page.text, /<script type="module" src="\/__sandbox\/dashboard\/dashboard\.js"><\/script>/);
    const csp = page.headers.get('content-security-policy')!;
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.equal((await tool('GET', '/__sandbox/dashboard')).status, 200);
    const platform = await tool('GET', '/', undefined, { Accept: 'application/json' });
    assert.equal(platform.status, 404);
    assert.equal(platform.json.errorCode, 'VERSION_UNSUPPORTED');
  });

  test('a page of another origin gets neither the dashboard, its stream nor its actions', async () => {
    const origin = { Origin: 'https://evil.example', Accept: 'text/html' };
    assert.equal((await tool('GET', '/', undefined, origin)).status, 403);
    assert.equal((await tool('GET', '/__sandbox/events', undefined, origin)).status, 403);
    assert.equal((await tool('GET', '/__sandbox/payments', undefined, origin)).status, 403);
    await createPayin(t, payin(60), 'tools-origin-1');
    const settle = await tool('POST', '/__sandbox/payments/tools-origin-1/settle', { status: 'SUCCESS' }, origin);
    assert.equal(settle.status, 403);
    assert.equal(settle.json.errorCode, 'ORIGIN_NOT_ALLOWED');
    assert.equal((await t.raw('GET', '/payins/tools-origin-1')).json.status, 'PROCESSING');
    const own = { Origin: t.sandbox.url };
    assert.equal(
      (await tool('POST', '/__sandbox/payments/tools-origin-1/settle', { status: 'SUCCESS' }, own)).status,
      200,
    );
  });
});
