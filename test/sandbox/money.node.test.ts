import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  availableOptionsResponseSchema,
  balancesResponseSchema,
  currenciesResponseSchema,
  fxRatePairsResponseSchema,
  fxRatesResponseSchema,
  paymentOperatorsResponseSchema,
  payoutCreateResponseSchema,
  payoutDetailResponseSchema,
  settlementOptionsResponseSchema,
  topUpOptionsResponseSchema,
  topUpResponseSchema,
} from '../../src/api/index.js';
import { startReceiver, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const SETTLE_SECS = 61;
let t: TestSandbox;
before(async () => {
  t = await startSandbox({
    settleDelayMs: 60_000,
    merchants: [{ merchantCode: 'poor-merchant', secrets: ['poor'], balances: { INR: 100 } }],
  });
});
after(() => t.sandbox.close());

const balanceOf = async (currency: string) =>
  (await t.raw('GET', `/balances?currencies=${currency}`)).json.data.find(
    (b: { currencyCode: string }) => b.currencyCode === currency,
  )?.amount as number;

describe('FX', () => {
  test('pairs and rates: buyRate below sellRate, validUpTo in the future; filters by base, quote or both', async () => {
    const pairs = fxRatePairsResponseSchema.parse((await t.raw('GET', '/fx-rate-pairs')).json).data;
    assert.ok(pairs.some((p) => p.baseCurrencyCode === 'USDT' && p.quoteCurrencyCode === 'INR'));
    const all = fxRatesResponseSchema.parse((await t.raw('GET', '/fx-rates')).json).data;
    assert.equal(all.length, pairs.length);
    for (const rate of all) {
      assert.ok(rate.buyRate > 0 && rate.buyRate < rate.sellRate);
      assert.ok(Date.parse(rate.validUpTo) > t.sandbox.clock.now());
    }
    const both = (await t.raw('GET', '/fx-rates?baseCurrencyCode=USDT&quoteCurrencyCode=INR')).json.data;
    assert.equal(both.length, 1);
    assert.equal(both[0].baseCurrencyCode, 'USDT');
    assert.equal(both[0].quoteCurrencyCode, 'INR');
    const byBase = (await t.raw('GET', '/fx-rates?baseCurrencyCode=EUR')).json.data;
    assert.ok(byBase.length > 1 && byBase.every((r: { baseCurrencyCode: string }) => r.baseCurrencyCode === 'EUR'));
    const byQuote = (await t.raw('GET', '/fx-rates?quoteCurrencyCode=THB')).json.data;
    assert.deepEqual(byQuote.map((r: { baseCurrencyCode: string }) => r.baseCurrencyCode).sort(), [
      'EUR',
      'USD',
      'USDC',
      'USDT',
    ]);
    // An unsupported value is ignored, as the document says of query parameters.
    assert.equal((await t.raw('GET', '/fx-rates?baseCurrencyCode=XXX&quoteCurrencyCode=THB')).json.data.length, 4);
  });
});

describe('top-ups', () => {
  const method = { paymentMethodCode: 'UPIQR' };
  const rateOf = async (base: string, quote: string) =>
    (await t.raw('GET', `/fx-rates?baseCurrencyCode=${base}&quoteCurrencyCode=${quote}`)).json.data[0];

  test('money provided: the customer pays exactly that; what arrives is converted with the published rate', async () => {
    const { sellRate } = await rateOf('USDT', 'INR');
    const answer = await t.raw('POST', '/topups/tu-provided', {
      body: {
        topUpRequested: { moneyProvided: { amount: 1000, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: method,
      },
    });
    assert.equal(answer.status, 200);
    const topUp = topUpResponseSchema.parse(answer.json);
    assert.deepEqual(topUp.moneyProvided, { amount: 1000, currencyCode: 'INR' });
    // USDT carries 6 decimals (src/api/money.ts).
    assert.deepEqual(topUp.moneyRequired, {
      amount: Math.round((1000 / sellRate) * 1e6) / 1e6,
      currencyCode: 'USDT',
    });
    assert.ok(Math.abs(topUp.rate! - 1 / sellRate) < 1e-12);
    assert.equal(topUp.paymentMethodResponse!.money!.amount, 1000);
    assert.match(topUp.paymentMethodResponse!.upiQrDeepLink!, /am=1000\.00/);
  });

  test('money required: the merchant receives exactly that; what the customer pays is converted', async () => {
    const { sellRate } = await rateOf('USDT', 'INR');
    await t.advance(SETTLE_SECS); // settle the earlier top-up first
    const before = await balanceOf('USDT');
    const answer = await t.raw('POST', '/topups/tu-required', {
      body: {
        topUpRequested: { moneyRequired: { amount: 60, currencyCode: 'USDT' }, currencyProvided: 'INR' },
        paymentMethod: method,
      },
    });
    const topUp = topUpResponseSchema.parse(answer.json);
    assert.deepEqual(topUp.moneyRequired, { amount: 60, currencyCode: 'USDT' });
    assert.deepEqual(topUp.moneyProvided, {
      amount: Math.round(60 * sellRate * 100) / 100,
      currencyCode: 'INR',
    });
    assert.equal((await t.raw('GET', '/topups/tu-required')).json.status, 'PROCESSING');
    await t.advance(SETTLE_SECS);
    const done = topUpResponseSchema.parse((await t.raw('GET', '/topups/tu-required')).json);
    assert.equal(done.status, 'SUCCESS');
    assert.equal(
      await balanceOf('USDT'),
      Math.round((before + 60) * 1e6) / 1e6,
      'a successful top-up credits what the merchant receives',
    );
  });

  test('same validation and scenarios as payins; 409 on a repeated idTopUp; unknown → 404; callbacks', async () => {
    const invalid = await t.raw('POST', '/topups/tu-bad', {
      body: {
        topUpRequested: { moneyProvided: { amount: 10, currencyCode: 'GHS' } },
        paymentMethod: { paymentMethodCode: 'MOBILE_MONEY' },
      },
    });
    assert.equal(invalid.status, 400);
    assert.ok(invalid.json.details.length >= 1);
    const rejected = await t.raw('POST', '/topups/tu-41', {
      body: {
        topUpRequested: { moneyProvided: { amount: 41, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: method,
      },
    });
    assert.equal(rejected.status, 406);
    assert.equal(rejected.json.errorCode, 'SECURITY_CHECK_FAILED');
    const notOffered = await t.raw('POST', '/topups/tu-thb', {
      body: {
        topUpRequested: { moneyProvided: { amount: 60, currencyCode: 'THB' }, currencyRequired: 'USDT' },
        paymentMethod: method,
      },
    });
    assert.equal(notOffered.json.errorCode, 'PAYMENT_OPERATOR_UNAVAILABLE');
    const unknownCurrency = await t.raw('POST', '/topups/tu-xyz', {
      body: {
        topUpRequested: { moneyProvided: { amount: 60, currencyCode: 'INR' }, currencyRequired: 'XYZ' },
        paymentMethod: method,
      },
    });
    assert.equal(unknownCurrency.status, 400);

    const receiver = await startReceiver();
    try {
      const body = {
        topUpRequested: { moneyProvided: { amount: 10, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: method,
        callbackUrl: receiver.url,
      };
      assert.equal((await t.raw('POST', '/topups/tu-cb', { body })).status, 200);
      assert.equal((await t.raw('POST', '/topups/tu-cb', { body })).status, 409);
      await t.advance(SETTLE_SECS);
      const [callback] = await receiver.waitFor(1);
      assert.deepEqual(Object.keys(callback!.body as object).sort(), ['idPayment', 'idTopUp', 'type']);
      assert.equal((callback!.body as { type: string }).type, 'TOPUP_STATUS_CHANGED');
      const failed = await t.raw('GET', '/topups/tu-cb');
      assert.equal(failed.json.status, 'FAILED');
      assert.equal(failed.json.failureReasonCode, 'CUSTOMER_VERIFICATION_FAILED');
    } finally {
      await receiver.close();
    }
    const missing = await t.raw('GET', '/topups/nobody');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.errorCode, 'NOT_FOUND');
  });

  test('WALLET_OPERATION_CREATE token permits exactly the top-up equivalents; money in it restricts the amount', async () => {
    const token = await t.issuer.byAction({
      action: 'WALLET_OPERATION_CREATE',
      idPayment: 'tu-scoped',
      money: { amount: 70, currencyCode: 'INR' },
    });
    const body = (amount: number) => ({
      topUpRequested: { moneyProvided: { amount, currencyCode: 'INR' }, currencyRequired: 'USDT' },
      paymentMethod: method,
    });
    assert.equal(
      (
        await t.raw('POST', '/topups/!availablePaymentOptions', {
          token,
          body: { money: { amount: 70, currencyCode: 'INR' } },
        })
      ).status,
      200,
    );
    assert.equal((await t.raw('POST', '/topups/tu-scoped', { token, body: body(71) })).status, 403);
    assert.equal((await t.raw('POST', '/topups/tu-scoped', { token, body: body(70) })).status, 200);
    assert.equal((await t.raw('GET', '/topups/tu-scoped', { token })).status, 200);
    assert.equal((await t.raw('GET', '/topups/other', { token })).status, 403);
    assert.equal((await t.raw('POST', '/payins/tu-scoped', { token, body: {} })).status, 403);
  });

  test('top-up options and customer options', async () => {
    const options = availableOptionsResponseSchema.parse(
      (
        await t.raw('POST', '/topups/!availablePaymentOptions', {
          body: { money: { amount: 10, currencyCode: 'IDR' } },
        })
      ).json,
    );
    assert.deepEqual(
      options.data.map((o) => o.paymentMethodCode),
      ['EWALLET', 'QRISPAY', 'VAPAY'],
    );
    assert.deepEqual(topUpOptionsResponseSchema.parse((await t.raw('GET', '/topup-options')).json), {
      paymentTypeCode: 'TOPUP_WALLET',
    });
    assert.deepEqual((await t.raw('GET', '/topup-options?idCustomer=c-9')).json, {
      paymentTypeCode: 'TOPUP_WALLET',
      customer: { idCustomer: 'c-9' },
    });
  });
});

describe('payouts and balances', () => {
  const payout = (amount: number, currencyCode = 'INR', extra: Record<string, unknown> = {}) => ({
    paymentRequested: { money: { amount, currencyCode } },
    paymentMethod: {
      paymentMethodCode: 'BANK_TRANSFER',
      account: { accountName: 'Asha Devi', accountNumber: '001234567890', bankCode: 'HDFC0001234' },
    },
    ...extra,
  });

  test('balances move: a payin success credits, a payout debits at once and a failed one is refunded', async () => {
    await t.advance(SETTLE_SECS);
    const start = await balanceOf('INR');
    assert.equal(
      (
        await t.raw('POST', '/payins/bal-in', {
          body: {
            paymentRequested: { money: { amount: 500, currencyCode: 'INR' } },
            paymentMethod: { paymentMethodCode: 'UPIQR' },
          },
        })
      ).status,
      200,
    );
    assert.equal(await balanceOf('INR'), start, 'not before success');
    await t.advance(SETTLE_SECS);
    assert.equal(await balanceOf('INR'), start + 500);

    const created = await t.raw('POST', '/payouts/po-1', { body: payout(200) });
    assert.equal(created.status, 200);
    const response = payoutCreateResponseSchema.parse(created.json);
    assert.ok(response.idPayment && response.reference);
    assert.equal(await balanceOf('INR'), start + 300);
    assert.equal(payoutDetailResponseSchema.parse((await t.raw('GET', '/payouts/po-1')).json).status, 'PROCESSING');

    assert.equal((await t.raw('POST', '/payouts/po-fail', { body: payout(10) })).status, 200);
    assert.equal(await balanceOf('INR'), start + 290);
    await t.advance(SETTLE_SECS);
    assert.equal((await t.raw('GET', '/payouts/po-1')).json.status, 'SUCCESS');
    const failed = payoutDetailResponseSchema.parse((await t.raw('GET', '/payouts/po-fail')).json);
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.failureReasonCode, 'PAYMENT_OPERATOR_INVALID');
    assert.equal(await balanceOf('INR'), start + 300, 'the failed payout is refunded');
  });

  test('406 BALANCE_INSUFFICIENT when the balance is short, and nothing moves; 409 on a repeated idPayout', async () => {
    const issuer = (await import('../../src/server/index.js')).createTokenIssuer({
      baseUrl: t.sandbox.url,
      merchantCode: 'poor-merchant',
      secret: 'poor',
    });
    const token = await issuer.withOperations({ operations: ['POST /payouts/.*', 'GET /balances'] });
    const short = await t.raw('POST', '/payouts/po-poor', { token, body: payout(150) });
    assert.equal(short.status, 406);
    assert.equal(short.json.errorCode, 'BALANCE_INSUFFICIENT');
    const noCurrency = await t.raw('POST', '/payouts/po-poor-2', { token, body: payout(1, 'THB') });
    assert.equal(noCurrency.json.errorCode, 'BALANCE_INSUFFICIENT');
    assert.deepEqual((await t.raw('GET', '/balances', { token })).json.data, [{ amount: 100, currencyCode: 'INR' }]);
    assert.equal((await t.raw('POST', '/payouts/po-poor', { token, body: payout(60) })).status, 200);
    assert.equal((await t.raw('POST', '/payouts/po-poor', { token, body: payout(10) })).status, 409);
    assert.deepEqual((await t.raw('GET', '/balances', { token })).json.data, [{ amount: 40, currencyCode: 'INR' }]);
    assert.equal((await t.raw('GET', '/payouts/nobody')).json.errorCode, 'NOT_FOUND');
  });

  test('payout validation names each field (payout notes included)', async () => {
    const answer = await t.raw('POST', '/payouts/po-bad', {
      body: {
        paymentRequested: { money: { amount: 10, currencyCode: 'COP' } },
        paymentMethod: { paymentMethodCode: 'BANK_TRANSFER' },
        callbackUrl: 'nope',
      },
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.json.details.map((d: { field: string }) => d.field).sort(), [
      'callbackUrl',
      'paymentMethod.account.accountType',
      'paymentMethod.identifyingReference',
      'paymentMethod.phoneNumber',
    ]);
  });

  test('a payout with a callbackUrl is announced when it ends', async () => {
    const receiver = await startReceiver();
    try {
      assert.equal(
        (await t.raw('POST', '/payouts/po-cb', { body: payout(60, 'INR', { callbackUrl: receiver.url }) })).status,
        200,
      );
      await t.advance(SETTLE_SECS);
      const [callback] = await receiver.waitFor(1);
      assert.deepEqual(callback!.body, {
        type: 'PAYOUT_STATUS_CHANGED',
        idPayout: 'po-cb',
        idPayment: (await t.raw('GET', '/payouts/po-cb')).json.idPayment,
      });
    } finally {
      await receiver.close();
    }
  });

  test('GET /balances: every currency, or those of the filter; invalid codes are ignored', async () => {
    const all = balancesResponseSchema.parse((await t.raw('GET', '/balances')).json).data;
    assert.ok(all.length > 20);
    const filtered = (await t.raw('GET', '/balances?currencies=THB,inr,XXX,,USDT')).json.data;
    assert.deepEqual(
      filtered.map((b: { currencyCode: string }) => b.currencyCode),
      ['THB', 'USDT'],
    );
    assert.equal(
      (await t.raw('GET', '/balances?currencies=XXX')).json.data.length,
      all.length,
      'nothing valid: no filter',
    );
  });
});

describe('code lists and settlement options', () => {
  test('currencies, payment operators, settlement payment options parse with their schemas', async () => {
    const currencies = currenciesResponseSchema.parse((await t.raw('GET', '/currencies')).json).data;
    assert.ok(currencies.some((c) => c.code === 'USDT' && c.crypto === true));
    assert.ok(currencies.some((c) => c.code === 'INR' && c.crypto === false));
    const operators = paymentOperatorsResponseSchema.parse((await t.raw('GET', '/payment-operators')).json).data;
    assert.ok(operators.some((o) => o.code === 'MPESA_KE' && o.paymentMethodCode === 'MOBILE_MONEY'));
    const settlement = settlementOptionsResponseSchema.parse((await t.raw('GET', '/settlement-payment-options')).json);
    assert.ok(
      settlement.data.some(
        (o) =>
          o.paymentMethodCode === 'CRYPTO_TRANSFER' && (o.paymentOperators ?? []).some((op) => op.code === 'TRC20'),
      ),
    );
  });
});
