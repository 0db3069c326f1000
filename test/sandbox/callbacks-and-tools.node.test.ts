import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SETTLE_MS,
  SETTLE_SECS,
  createPayin,
  fieldsOf,
  getPayin,
  payin,
  startReceiver,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: SETTLE_MS });
});
after(() => t.sandbox.close());

const create = (body: unknown, id?: string) => createPayin(t, body, id);
const get = (id: string) => getPayin(t, id);

describe('callbacks', () => {
  test('a notification without changed data on each final status: SUCCESS, FAILED, REFUSED', async () => {
    const receiver = await startReceiver();
    try {
      const ids: string[] = [];
      for (const amount of [60, 10, 48])
        ids.push(
          (await create(payin(amount, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }))).id,
        );
      await t.advance(SETTLE_SECS);
      const received = await receiver.waitFor(3);
      const bodies = received
        .map((r) => r.body as Record<string, string>)
        .sort((a, b) => ids.indexOf(a.idPayin!) - ids.indexOf(b.idPayin!));
      for (const [index, body] of bodies.entries()) {
        assert.deepEqual(Object.keys(body).sort(), ['idPayin', 'idPayment', 'type']);
        assert.equal(body.type, 'PAYIN_STATUS_CHANGED');
        assert.equal(body.idPayin, ids[index]);
        assert.equal(body.idPayment, (await get(ids[index]!)).json.idPayment);
      }
      assert.equal(received[0]!.headers['content-type'], 'application/json');
    } finally {
      await receiver.close();
    }
  });

  test('retried with backoff while the receiver answers 500', async () => {
    const receiver = await startReceiver(2);
    try {
      const answer = await create(payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }));
      await t.advance(SETTLE_SECS);
      const received = await receiver.waitFor(3);
      assert.equal(received.length, 3);
      assert.deepEqual(
        received.map((r) => r.headers['x-sandbox-delivery-attempt']),
        ['1', '2', '3'],
      );
      const log = await t.raw('GET', '/__sandbox/callbacks');
      const delivery = log.json.data.find((d: { body: { idPayin: string } }) => d.body.idPayin === answer.id);
      assert.equal(delivery.state, 'delivered');
      assert.deepEqual(
        delivery.attempts.map((a: { status: number }) => a.status),
        [500, 500, 200],
      );
    } finally {
      await receiver.close();
    }
  });

  test('bounded attempts against a receiver that never answers', async () => {
    const few = await startSandbox({
      settleDelayMs: SETTLE_MS,
      callbackRetry: { attempts: 3, baseDelayMs: 5 },
    });
    try {
      await few.raw('POST', '/payins/cb-dead', {
        body: payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: 'http://127.0.0.1:9/closed' }),
      });
      await few.advance(SETTLE_SECS);
      const deadline = Date.now() + 3000;
      let delivery;
      do {
        await new Promise((resolve) => setTimeout(resolve, 20));
        delivery = few.sandbox.callbacks.deliveries()[0];
      } while (delivery?.state === 'pending' && Date.now() < deadline);
      assert.equal(delivery!.state, 'failed');
      assert.equal(delivery!.attempts.length, 3);
      assert.ok(delivery!.attempts.every((a) => a.error));
    } finally {
      await few.sandbox.close();
    }
  });
});

describe('sandbox tools', () => {
  test('POST /__sandbox/payins/{id}/status forces a final status now, with its callback; once only', async () => {
    const receiver = await startReceiver();
    try {
      const answer = await create(payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }));
      const forced = await t.raw('POST', `/__sandbox/payins/${answer.id}/status`, {
        token: null,
        version: null,
        body: { status: 'FAILED', failureReasonCode: 'INCORRECT_CURRENCY' },
      });
      assert.equal(forced.status, 200);
      const detail = await get(answer.id);
      assert.equal(detail.json.status, 'FAILED');
      assert.equal(detail.json.failureReasonCode, 'INCORRECT_CURRENCY');
      await receiver.waitFor(1);
      assert.equal(
        (await t.raw('POST', `/__sandbox/payins/${answer.id}/status`, { body: { status: 'SUCCESS' } })).status,
        409,
      );
      assert.equal(
        (await t.raw('POST', '/__sandbox/payins/nobody/status', { body: { status: 'SUCCESS' } })).status,
        404,
      );
      const bad = await t.raw('POST', `/__sandbox/payins/${answer.id}/status`, { body: { status: 'DONE' } });
      assert.equal(bad.status, 400);
      assert.deepEqual(fieldsOf(bad), ['status']);
    } finally {
      await receiver.close();
    }
  });

  test('clock: advance validates its body, and the Date header follows the sandbox clock', async () => {
    for (const body of [{}, { seconds: -1 }, { seconds: 'ten' }]) {
      const answer = await t.raw('POST', '/__sandbox/clock/advance', { body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.deepEqual(fieldsOf(answer), ['seconds']);
    }
    assert.equal((await t.raw('POST', '/__sandbox/clock/advance', { text: '{' })).json.errorCode, 'MALFORMED_JSON');
    const moved = await t.advance(86_400);
    assert.equal(moved.status, 200);
    const answer = await t.raw('GET', '/merchant-info');
    const date = Date.parse(answer.headers.get('date')!);
    assert.ok(Math.abs(date - t.sandbox.clock.now()) < 2000);
    assert.ok(date - Date.now() > 86_000_000, 'a day (at least) ahead of the wall clock');
  });

  test('memory cap: beyond maxPayments the oldest payment is forgotten', async () => {
    const small = await startSandbox({ maxPayments: 3 });
    try {
      for (const id of ['cap-1', 'cap-2', 'cap-3', 'cap-4'])
        assert.equal((await small.raw('POST', `/payins/${id}`, { body: payin(60) })).status, 200);
      assert.equal(small.sandbox.payments.count(), 3);
      assert.equal((await small.raw('GET', '/payins/cap-1')).json.errorCode, 'PAYIN_NOT_FOUND');
      for (const id of ['cap-2', 'cap-3', 'cap-4']) assert.equal((await small.raw('GET', `/payins/${id}`)).status, 200);
    } finally {
      await small.sandbox.close();
    }
  });
});
