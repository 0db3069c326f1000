/**
 * The merchant kit's top-ups (issue 22) against the emulator over real HTTP: a top-up checkout
 * carries its mode, the rate the server read (cached until validUpTo, fresh after it) and the
 * top-up options; the element's create on that token equals the quote; the callback is read once
 * with GET /topups/{id}, reaches onTopUpUpdate and the top-up's authorized stream as {"topUp": …};
 * renewals by handle; handles of one kind never open the other's stream; bad orders are 422.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { createClient } from '../../src/api/client.js';
import { quoteTopUp } from '../../src/api/fx.js';
import {
  topUpCheckoutResponseSchema,
  type TopUpCheckoutResponse,
} from '../../src/api/schemas/topup-checkout-response.js';
import { decodeToken } from '../../src/api/token.js';
import {
  topUpOperations,
  type CheckoutBackendOptions,
  type TopUpRequested,
  type TopUpResponse,
} from '../../src/server/index.js';
import { PREFIX, shopsOnEmulator, type ServedKit } from './checkout-kit.js';
import { until } from './sse-reader.js';

const shops = shopsOnEmulator();

/** The wallet receives exactly `credit` USD, paid in `paidIn`. */
const deposit = (credit: number, paidIn = 'INR'): TopUpRequested => ({
  moneyRequired: { amount: credit, currencyCode: 'USD' },
  currencyProvided: paidIn,
});
const walletOrder =
  (requested: TopUpRequested, extra: Record<string, unknown> = {}) =>
  async () => ({
    kind: 'topup' as const,
    idTopUp: `dep-${randomUUID()}`,
    topUpRequested: requested,
    ...extra,
  });

async function kit(options: Partial<CheckoutBackendOptions> = {}) {
  const served = await shops.serve({ order: walletOrder(deposit(100)), ...options });
  return served;
}

async function topUpCheckout(shop: ServedKit, body: unknown = {}, status = 201): Promise<TopUpCheckoutResponse> {
  const response = await shop.post(body);
  assert.equal(response.status, status, await response.clone().text());
  return topUpCheckoutResponseSchema.parse(await response.json());
}

const publishedRate = async (base: string, quote: string) =>
  (await shops.platform.raw('GET', `/fx-rates?baseCurrencyCode=${base}&quoteCurrencyCode=${quote}`)).json.data[0];

/** What the element does: quote from the answer's rate, then create the top-up with the answer's token. */
async function payTopUp(checkout: TopUpCheckoutResponse, paymentMethodCode = 'UPIQR') {
  const requested = checkout.topUpRequested as TopUpRequested;
  return createClient({ baseUrl: checkout.baseUrl, token: checkout.token }).createTopUp(checkout.idTopUp, {
    topUpRequested: requested,
    paymentMethod: { paymentMethodCode } as never,
    callbackUrl: checkout.callbackUrl,
  });
}

describe('a top-up checkout', () => {
  it('carries its mode, the published rate, the top-up options for what the customer pays, an operations token with GET /fx-rates, the stream', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const recording: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push({
        path: url.pathname + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return fetch(input, init);
    };
    const shop = await kit({ merchantName: 'Demo Wallet', fetch: recording });
    const checkout = await topUpCheckout(shop);
    assert.equal(checkout.kind, 'topup');
    assert.deepEqual(checkout.topUpRequested, deposit(100));
    assert.deepEqual(checkout.fxRate, await publishedRate('USD', 'INR'));
    assert.ok(checkout.options!.data.some((option) => option.paymentMethodCode === 'UPIQR'));
    assert.equal(checkout.merchantName, 'Demo Wallet');
    assert.equal(checkout.statusUrl, `${PREFIX}/topups/${checkout.idTopUp}/events?handle=${checkout.handle}`);
    const payload = decodeToken(checkout.token)!;
    assert.deepEqual(payload.operations, topUpOperations(checkout.idTopUp));
    assert.deepEqual(
      payload.money,
      { amount: 100, currencyCode: 'USD' },
      'the token limits the create to the amount the shop priced',
    );

    // The options were asked for the rupees the quote says the customer pays.
    const quote = quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, checkout.fxRate!)!;
    const asked = sent.filter((r) => r.path === '/topups/!availablePaymentOptions');
    assert.equal(asked.length, 1);
    assert.deepEqual((asked[0]!.body as { money: unknown }).money, quote.moneyProvided);
    assert.deepEqual(
      sent.filter((r) => r.path.startsWith('/fx-rates')).map((r) => r.path),
      ['/fx-rates?baseCurrencyCode=USD&quoteCurrencyCode=INR'],
    );
    assert.ok(!sent.some((r) => r.path.startsWith('/payins')), 'no payin endpoint is asked for a top-up');

    // A second checkout of the same deposit: no new rate nor options request.
    await topUpCheckout(shop);
    assert.equal(shop.backend.stats().fxRateFetches, 1);
    assert.equal(shop.backend.stats().optionsFetches, 1);
  });

  it('by-action scope: the WALLET_OPERATION_CREATE token (no GET /fx-rates), so the rate comes with the answer', async () => {
    const shop = await kit({
      tokenScope: 'by-action',
      order: walletOrder({ moneyProvided: { amount: 2000, currencyCode: 'THB' }, currencyRequired: 'USD' }),
    });
    const checkout = await topUpCheckout(shop);
    const payload = decodeToken(checkout.token)!;
    assert.equal(payload.action, 'WALLET_OPERATION_CREATE');
    assert.equal(payload.idPayment, checkout.idTopUp);
    assert.equal((await shops.platform.raw('GET', '/fx-rates', { token: checkout.token })).status, 403);
    assert.deepEqual(checkout.fxRate, await publishedRate('USD', 'THB'));
    assert.ok(checkout.options!.data.some((option) => option.paymentMethodCode === 'PROMPTPAY'));
  });

  it('a wallet paid in its own currency needs no rate; a pair the platform does not publish gets none (the element cannot quote)', async () => {
    const same = await kit({
      order: walletOrder({ moneyProvided: { amount: 5000, currencyCode: 'INR' }, currencyRequired: 'INR' }),
    });
    const own = await topUpCheckout(same);
    assert.equal(own.fxRate, undefined);
    assert.equal(same.backend.stats().fxRateFetches, 0);
    const cross = await kit({
      order: walletOrder({ moneyProvided: { amount: 5000, currencyCode: 'INR' }, currencyRequired: 'THB' }),
    });
    const answer = await topUpCheckout(cross);
    assert.equal(answer.fxRate, undefined);
    assert.equal(cross.backend.stats().fxRateFetches, 2, 'THB/INR, then INR/THB');
  });
});

describe('the payment, the callback, the stream', () => {
  it('the created top-up equals the quote; its callback is read once, reaches onTopUpUpdate and the authorized stream as {"topUp": …}', async () => {
    const updates: TopUpResponse[] = [];
    const shop = await kit({
      minReadGapMs: 0,
      onTopUpUpdate: (topUp, context) => void updates.push({ ...topUp, seenBefore: context.previous !== undefined }),
    });
    const checkout = await topUpCheckout(shop);
    const authorized = await shop.follow(checkout.statusUrl!);
    const dataFree = await shop.follow(`${PREFIX}/topups/${checkout.idTopUp}/events`);

    const quote = quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, checkout.fxRate!)!;
    const created = await payTopUp(checkout);
    assert.deepEqual(created.moneyProvided, quote.moneyProvided);
    assert.deepEqual(created.moneyRequired, quote.moneyRequired);

    // Amount 100: SUCCESS shortly, and the emulator's TOPUP_STATUS_CHANGED callback.
    const changed = await authorized.events
      .next(5000)
      .catch(async (error) =>
        assert.fail(
          `${error}; the shop logged ${JSON.stringify(shop.logged)}; callbacks ${JSON.stringify((await shops.platform.raw('GET', '/__sandbox/callbacks')).json)} topup ${JSON.stringify((await shops.platform.raw('GET', '/topups/' + checkout.idTopUp)).json.status)}`,
        ),
      );
    assert.equal(changed?.event, 'changed');
    const { topUp } = JSON.parse(changed!.data!) as { topUp: TopUpResponse };
    assert.equal(topUp.status, 'SUCCESS');
    assert.deepEqual(topUp.moneyRequired, { amount: 100, currencyCode: 'USD' });
    assert.deepEqual(await dataFree.events.next(5000), { event: 'changed', data: '{}' });
    await until(() => updates.length === 1);
    assert.equal(updates[0]!.status, 'SUCCESS');
    assert.equal(updates[0]!.seenBefore, false);
    assert.deepEqual(updates[0]!.moneyProvided, quote.moneyProvided);
    assert.deepEqual(await shop.backend.lastTopUp(checkout.idTopUp), topUp);
    assert.equal(
      shops.platform.sandbox.requests
        .list()
        .filter((r) => r.method === 'GET' && r.path === `/topups/${checkout.idTopUp}`).length,
      1,
      'one read after the callback',
    );
    assert.equal((await shop.backend.readTopUp(checkout.idTopUp))?.status, 'SUCCESS');
    assert.equal(await shop.backend.readTopUp('dep-not-ours'), undefined);
    authorized.close();
    dataFree.close();
  });

  it('callbacks about top-ups the shop never gave a checkout for cost the platform nothing; a stream of one is 404', async () => {
    const shop = await kit();
    await topUpCheckout(shop);
    shops.platform.sandbox.requests.clear();
    const answer = await fetch(`${shop.url}${PREFIX}/callbacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'TOPUP_STATUS_CHANGED', idTopUp: 'dep-unknown', idPayment: 'p-1' }),
    });
    assert.deepEqual(await answer.json(), { received: true, published: false });
    const noId = await fetch(`${shop.url}${PREFIX}/callbacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'TOPUP_STATUS_CHANGED' }),
    });
    assert.equal(noId.status, 400);
    assert.equal(shops.platform.sandbox.requests.list().length, 0);
    const stream = await fetch(`${shop.url}${PREFIX}/topups/dep-unknown/events`);
    assert.equal(stream.status, 404);
    assert.equal(((await stream.json()) as { errorCode: string }).errorCode, 'TOPUP_NOT_FOUND');
  });
});

describe('renewal and handles', () => {
  it('a handle renews the top-up: a fresh token, the same mode; a rate past validUpTo is read again', async () => {
    const shop = await kit();
    const first = await topUpCheckout(shop);
    const renewed = await topUpCheckout(shop, { handle: first.handle }, 200);
    assert.equal(renewed.idTopUp, first.idTopUp);
    assert.deepEqual(renewed.topUpRequested, first.topUpRequested);
    assert.deepEqual(renewed.fxRate, first.fxRate);
    assert.equal(shop.backend.stats().fxRateFetches, 1);
    assert.equal((await shop.post({ handle: first.handle, idTopUp: 'dep-other' })).status, 403);
    assert.equal((await shop.post({ handle: first.handle, idPayin: first.idTopUp })).status, 403);

    // The platform's clock passes validUpTo: the next answer carries the rate published since.
    await shops.platform.advance(
      Math.ceil((Date.parse(first.fxRate!.validUpTo) - shops.platform.sandbox.clock.now()) / 1000) + 1,
    );
    const later = await topUpCheckout(shop, { handle: first.handle }, 200);
    assert.ok(Date.parse(later.fxRate!.validUpTo) > Date.parse(first.fxRate!.validUpTo));
    // Read twice in all. The emulator's tokens live in its time, so the kit's own read token may
    // have expired on the way (a 401, then a fresh token and the read again): stats count every
    // request sent, the platform accepted two.
    const rateReads = shops.platform.sandbox.requests.list().filter((r) => r.path === '/fx-rates');
    assert.equal(shop.backend.stats().fxRateFetches, rateReads.length);
    assert.deepEqual(
      rateReads.filter((r) => r.status !== 401).map((r) => r.status),
      [200, 200],
    );
  });

  it("a payin's handle never opens a top-up's authorized stream, nor renews it", async () => {
    let next: 'payin' | 'topup' = 'payin';
    const id = `same-${randomUUID()}`;
    const shop = await kit({
      order: async () =>
        next === 'payin'
          ? { idPayin: id, money: { amount: 60, currencyCode: 'INR' } }
          : { kind: 'topup' as const, idTopUp: id, topUpRequested: deposit(100) },
    });
    const payin = (await (await shop.post({})).json()) as { handle: string };
    next = 'topup';
    const topUp = await topUpCheckout(shop);
    assert.equal(topUp.idTopUp, id, 'one id, two kinds: kept apart');
    // The payin's handle on the top-up's stream: data-free, never {"topUp": …}.
    const stream = await shop.follow(`${PREFIX}/topups/${id}/events?handle=${payin.handle}`);
    stream.close();
    const renewed = await shop.post({ handle: payin.handle, idTopUp: id });
    assert.equal(renewed.status, 403);
  });
});

describe('bad top-up orders are 422 before any platform request', () => {
  for (const [why, order, field] of [
    ['no mode', { kind: 'topup', idTopUp: 'dep-1' }, 'topUpRequested'],
    [
      'both modes mixed',
      {
        kind: 'topup',
        idTopUp: 'dep-1',
        topUpRequested: { moneyProvided: { amount: 10, currencyCode: 'INR' }, currencyProvided: 'INR' },
      },
      'topUpRequested',
    ],
    [
      'decimals the currency has not',
      {
        kind: 'topup',
        idTopUp: 'dep-1',
        topUpRequested: { moneyProvided: { amount: 10.5, currencyCode: 'IDR' }, currencyRequired: 'USD' },
      },
      'topUpRequested.moneyProvided.amount',
    ],
    ['an id with a slash', { kind: 'topup', idTopUp: 'dep/1', topUpRequested: deposit(10) }, 'idTopUp'],
    [
      'a payin field on a top-up',
      {
        kind: 'topup',
        idTopUp: 'dep-1',
        topUpRequested: deposit(10),
        money: { amount: 10, currencyCode: 'USD' },
      },
      '(body)',
    ],
  ] as const) {
    it(why, async () => {
      const shop = await kit({ order: async () => order as never });
      shops.platform.sandbox.requests.clear();
      const response = await shop.post({});
      assert.equal(response.status, 422);
      const body = (await response.json()) as { errorCode: string; details: { field: string }[] };
      assert.equal(body.errorCode, 'INVALID_ORDER');
      assert.ok(
        body.details.some((d) => d.field.startsWith(field)),
        JSON.stringify(body.details),
      );
      assert.equal(shops.platform.sandbox.requests.list().length, 0);
    });
  }
});
