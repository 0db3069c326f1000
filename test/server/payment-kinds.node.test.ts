/**
 * A payment has a kind: the kit's and the relay's kind-neutral calls (onPaymentUpdate,
 * onPaymentRead, readPayment, lastPayment, handleEvents with a kind; knownPayment and
 * onPaymentChange) serve payins and top-ups alike, the deprecated twins still work beside them, the
 * two are never given together, and a handle signed before payments had a kind still renews.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { createClient } from '../../src/api/client.js';
import { topUpCheckoutResponseSchema } from '../../src/api/schemas/topup-checkout-response.js';
import { deriveHandleKey } from '../../src/server/kit/handle.js';
import {
  createCheckoutBackend,
  createStatusRelay,
  memoryBus,
  type CheckoutBackendOptions,
  type CheckoutOrder,
  type PaymentRead,
  type PaymentUpdate,
  type TopUpCheckoutOrder,
} from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE, demoPrivateKey } from '../support/sandbox-node.js';
import { callback, pay, PREFIX, shopsOnEmulator } from './checkout-kit.js';
import { sseReader, until } from './sse-reader.js';

const shops = shopsOnEmulator();

const HANDLE_SECRET = 'a handle secret of at least thirty-two bytes';

/** A shop whose next order is a payin (amount 1: PROCESSING until it expires) or a USD 100 deposit paid in rupees. */
async function kit(options: Partial<CheckoutBackendOptions> = {}) {
  let next: 'payin' | 'topup' = 'payin';
  const served = await shops.serve({
    minReadGapMs: 0,
    handleSecret: HANDLE_SECRET,
    order: async (): Promise<CheckoutOrder | TopUpCheckoutOrder> =>
      next === 'payin'
        ? { idPayin: `order-${randomUUID()}`, money: { amount: 1, currencyCode: 'INR' } }
        : {
            kind: 'topup',
            idTopUp: `dep-${randomUUID()}`,
            topUpRequested: { moneyRequired: { amount: 100, currencyCode: 'USD' }, currencyProvided: 'INR' },
          },
    ...options,
  });
  return Object.assign(served, {
    async topUpCheckout() {
      next = 'topup';
      const response = await served.post({});
      next = 'payin';
      assert.equal(response.status, 201);
      return topUpCheckoutResponseSchema.parse(await response.json());
    },
  });
}

describe('the kit, one call for both kinds', () => {
  it('onPaymentUpdate and onPaymentRead hear a payin and a top-up, each by its kind; readPayment and lastPayment take the kind', async () => {
    const updates: PaymentUpdate[] = [];
    const reads: PaymentRead[] = [];
    const shop = await kit({
      onPaymentUpdate: (update) => void updates.push(update),
      onPaymentRead: (read) => void reads.push(read),
    });
    const payinCheckout = await shop.checkout();
    await pay(payinCheckout);
    assert.equal((await callback(shop, payinCheckout.idPayin)).status, 200);
    await until(() => updates.length === 1);
    assert.equal(updates[0]!.kind, 'payin');
    assert.equal(updates[0]!.id, payinCheckout.idPayin);
    assert.equal(updates[0]!.kind === 'payin' && updates[0]!.payment.status, 'PROCESSING');
    assert.equal(updates[0]!.previous, undefined);

    const topUpCheckout = await shop.topUpCheckout();
    await createClient({ baseUrl: topUpCheckout.baseUrl, token: topUpCheckout.token }).createTopUp(
      topUpCheckout.idTopUp,
      {
        topUpRequested: topUpCheckout.topUpRequested as never,
        paymentMethod: { paymentMethodCode: 'UPIQR' } as never,
        callbackUrl: topUpCheckout.callbackUrl,
      },
    );
    // Amount 100: SUCCESS shortly, and the emulator's TOPUP_STATUS_CHANGED callback.
    await until(() => updates.some((update) => update.kind === 'topup' && update.payment.status === 'SUCCESS'));
    const topUpUpdate = updates.find((update) => update.kind === 'topup' && update.payment.status === 'SUCCESS')!;
    assert.equal(topUpUpdate.id, topUpCheckout.idTopUp);
    assert.ok(topUpUpdate.kind === 'topup' && topUpUpdate.payment.moneyRequired?.currencyCode === 'USD');
    assert.deepEqual(
      reads.map((read) => [read.kind, read.id, 'changed' in read && read.changed]),
      updates.map((update) => [update.kind, update.id, true]),
      'every read changed something, and was told with its kind',
    );

    assert.equal((await shop.backend.readPayment(payinCheckout.idPayin))?.status, 'PROCESSING');
    const read = await shop.backend.readPayment(topUpCheckout.idTopUp, { kind: 'topup' });
    assert.equal(read?.status, 'SUCCESS');
    assert.equal(read?.moneyRequired?.amount, 100);
    assert.equal(await shop.backend.readPayment(topUpCheckout.idTopUp), undefined, 'no payin of that id is ours');
    assert.equal(await shop.backend.readPayment(payinCheckout.idPayin, { kind: 'topup' }), undefined);
    assert.deepEqual(await shop.backend.lastPayment(topUpCheckout.idTopUp, { kind: 'topup' }), topUpUpdate.payment);
    assert.deepEqual(await shop.backend.lastPayment(payinCheckout.idPayin), updates[0]!.payment);
    assert.equal(await shop.backend.lastPayment(payinCheckout.idPayin, { kind: 'topup' }), undefined);
    // The deprecated twins read the same.
    assert.deepEqual(await shop.backend.lastTopUp(topUpCheckout.idTopUp), topUpUpdate.payment);
    assert.deepEqual(await shop.backend.lastPayin(payinCheckout.idPayin), updates[0]!.payment);
  });

  it("handleEvents takes the kind: a top-up's id opens the top-up's stream, and no payin's", async () => {
    const shop = await kit();
    const checkout = await shop.topUpCheckout();
    const leave = new AbortController();
    const stream = (kind: 'payin' | 'topup') =>
      shop.backend.handleEvents(
        new Request(`${shop.url}${checkout.statusUrl}`, { signal: leave.signal }),
        checkout.idTopUp,
        { kind },
      );
    const topUps = await stream('topup');
    assert.equal(topUps.status, 200);
    const events = sseReader(topUps.body!);
    assert.deepEqual(await events.next(), { retry: 3000 });
    assert.equal((await events.next())?.event, 'ready');
    assert.equal(shop.backend.stats().streams, 1);
    // No payin of that id was given a checkout: its payin stream is 404, handle or not.
    assert.equal((await stream('payin')).status, 404);
    leave.abort();
    await until(() => shop.backend.stats().streams === 0);
  });

  it('giving a kind-neutral hook with its deprecated twin is a TypeError at creation', () => {
    const base = {
      platformUrl: shops.platform.sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
      callbackUrl: 'https://shop.example/pay/callbacks',
      order: () => ({ idPayin: 'o-1', money: { amount: 1, currencyCode: 'INR' } }),
    };
    assert.throws(
      () => createCheckoutBackend({ ...base, onPaymentUpdate: () => {}, onTopUpUpdate: () => {} }),
      /give onPaymentUpdate, or the deprecated onPayinUpdate and onTopUpUpdate, not both/,
    );
    assert.throws(
      () => createCheckoutBackend({ ...base, onPaymentRead: () => {}, onPayinRead: () => {} }),
      /give onPaymentRead, or the deprecated onPayinRead, not both/,
    );
    assert.throws(
      () => createCheckoutBackend({ ...base, onPaymentUpdate: 'x' as never }),
      /onPaymentUpdate must be a function/,
    );
  });
});

describe('handles', () => {
  /** A handle as a version that keyed every payment by `idPayin` signed it: `{ v: 1, idPayin, … }`. */
  async function versionOneHandle(claims: Record<string, unknown>) {
    const key = await deriveHandleKey({ merchantCode: DEMO_MERCHANT_CODE, handleSecret: HANDLE_SECRET });
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(JSON.stringify({ v: 1, ...claims, iat: now, exp: now + 3600 })).toString('base64url');
    const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body));
    return `${body}.${Buffer.from(signature).toString('base64url')}`;
  }

  it('a handle signed before payments had a kind still renews its payin and its top-up, by the kind its claims tell', async () => {
    const shop = await kit();
    const payin = await shop.checkout();
    const payinHandle = await versionOneHandle({ idPayin: payin.idPayin, money: payin.money, scope: 'checkout' });
    const renewed = await shop.post({ handle: payinHandle, idPayin: payin.idPayin });
    assert.equal(renewed.status, 200);
    assert.equal((await renewed.json()).idPayin, payin.idPayin);

    const topUp = await shop.topUpCheckout();
    const topUpHandle = await versionOneHandle({
      idPayin: topUp.idTopUp,
      money: { amount: 100, currencyCode: 'USD' },
      topUpRequested: topUp.topUpRequested,
      scope: 'checkout',
    });
    const renewedTopUp = await shop.post({ handle: topUpHandle });
    assert.equal(renewedTopUp.status, 200);
    const answer = topUpCheckoutResponseSchema.parse(await renewedTopUp.json());
    assert.equal(answer.idTopUp, topUp.idTopUp);
    // A version 2 handle names its kind: it is a top-up's, so it refuses to renew a payin of that id.
    assert.equal((await shop.post({ handle: answer.handle, idPayin: topUp.idTopUp })).status, 403);
    const claims = JSON.parse(Buffer.from(answer.handle!.split('.')[0]!, 'base64url').toString());
    assert.deepEqual([claims.v, claims.kind, claims.id, claims.idPayin], [2, 'topup', topUp.idTopUp, undefined]);
    // A version 1 top-up's handle opens the top-up's authorized stream, not a payin's.
    const stream = await fetch(`${shop.url}${PREFIX}/topups/${topUp.idTopUp}/events?handle=${topUpHandle}`);
    assert.equal(stream.status, 200);
    await stream.body!.cancel();
  });
});

describe('the relay, one call for both kinds', () => {
  const BASE = 'http://relay.test';
  const changed = (body: unknown) => new Request(`${BASE}/callbacks`, { method: 'POST', body: JSON.stringify(body) });

  it('knownPayment and onPaymentChange are told the kind; handleEvents opens the kind asked for', async () => {
    const asked: string[] = [];
    const changes: string[] = [];
    const relay = createStatusRelay({
      bus: memoryBus(),
      knownPayment: (id, kind) => (asked.push(`${kind} ${id}`), id !== 'stranger'),
      onPaymentChange: (id, kind, body) => void changes.push(`${kind} ${id} ${body.type}`),
    });
    const topUpStream = await relay.handleEvents(new Request(`${BASE}/topups/t-1/events`), 't-1', { kind: 'topup' });
    assert.equal(topUpStream.status, 200);
    const events = sseReader(topUpStream.body!);
    await events.next();
    await events.next();
    assert.equal((await relay.handleCallback(changed({ type: 'PAYIN_STATUS_CHANGED', idPayin: 't-1' }))).status, 200);
    assert.equal((await relay.handleCallback(changed({ type: 'TOPUP_STATUS_CHANGED', idTopUp: 't-1' }))).status, 200);
    const stranger = await relay.handleCallback(changed({ type: 'TOPUP_STATUS_CHANGED', idTopUp: 'stranger' }));
    assert.deepEqual(await stranger.json(), { received: true, published: false });
    // The top-up's stream heard its own change only, not the payin's of the same id.
    assert.deepEqual(await events.next(), { event: 'changed', data: '{}' });
    assert.deepEqual(changes, ['payin t-1 PAYIN_STATUS_CHANGED', 'topup t-1 TOPUP_STATUS_CHANGED']);
    assert.deepEqual(asked, ['topup t-1', 'payin t-1', 'topup t-1', 'topup stranger']);
    assert.equal(
      (await relay.handleEvents(new Request(`${BASE}/topups/x/events`), 'stranger', { kind: 'topup' })).status,
      404,
    );
    relay.close();
  });

  it('giving knownPayment or onPaymentChange with a deprecated twin is a TypeError', () => {
    assert.throws(
      () => createStatusRelay({ bus: memoryBus(), knownPayment: () => true, knownPayin: () => true }),
      /give knownPayment, or the deprecated knownPayin and knownTopUp, not both/,
    );
    assert.throws(
      () => createStatusRelay({ bus: memoryBus(), onPaymentChange: () => {}, onTopUpChange: () => {} }),
      /give onPaymentChange, or the deprecated onChange and onTopUpChange, not both/,
    );
  });
});
