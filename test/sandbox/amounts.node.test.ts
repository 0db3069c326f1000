/**
 * Bad amounts are bad input, wherever money enters the emulator: more decimals than the currency
 * has, zero, negative, not finite, above MAX_AMOUNT → 400 naming the field. Never stored, so a
 * balance never becomes Infinity (JSON null).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_AMOUNT, amountProblem, currencyDigits } from '../../src/api/money.js';
import { completeMethod, payin, SETTLE_SECS, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: 60_000 });
});
after(() => t.sandbox.close());

const METHOD_FOR: Record<string, Record<string, unknown>> = {
  KRW: completeMethod('VAPAY', 'KRW'),
  IDR: completeMethod('QRISPAY', 'IDR'),
  INR: { paymentMethodCode: 'UPIQR' },
  USDT: completeMethod('CRYPTO_OFFLINE', 'USDT'),
};

/** Bad amounts, with what the answer must say about each. */
const BAD: [number, string, RegExp][] = [
  [590.5, 'KRW', /whole number: KRW has no decimals/],
  [150000.5, 'IDR', /whole number: IDR has no decimals/],
  [60.123, 'INR', /at most 2 decimals for INR/],
  [12.3456789, 'USDT', /at most 6 decimals for USDT/],
  [0, 'INR', /greater than 0/],
  [-5, 'INR', /greater than 0/],
  [1e308, 'INR', /at most 1,000,000,000,000/],
  [MAX_AMOUNT + 1, 'INR', /at most/],
];

const balances = async () => (await t.raw('GET', '/balances')).json.data as { amount: unknown; currencyCode: string }[];

describe('the amount rule (src/api/money.ts)', () => {
  test("currency digits: CLDR for the platform's currencies, 6 for USDT and USDC, Intl for other ISO codes, 2 for unknown codes", () => {
    assert.deepEqual(
      ['KRW', 'IDR', 'VND', 'JPY', 'LAK', 'COP', 'INR', 'THB', 'USD', 'USDT', 'USDC', 'BHD', 'CLP', 'XYZ'].map(
        currencyDigits,
      ),
      [0, 0, 0, 0, 0, 0, 2, 2, 2, 6, 6, 3, 0, 2],
    );
    assert.equal(amountProblem(590, 'KRW'), undefined);
    assert.equal(amountProblem(60.1, 'INR'), undefined);
    assert.equal(amountProblem(MAX_AMOUNT, 'INR'), undefined);
    assert.equal(amountProblem(0.000001, 'USDT'), undefined);
    assert.match(amountProblem(1e-7, 'USDT')!, /at most 6 decimals/);
    assert.match(amountProblem(Infinity, 'INR')!, /finite/);
    assert.match(amountProblem(Number.NaN, 'INR')!, /number/);
    assert.match(amountProblem('60', 'INR')!, /number/);
  });
});

describe('the emulator answers 400 to bad amounts', () => {
  test('payin create: each bad amount → 400 naming paymentRequested.money.amount, and nothing is stored', async () => {
    for (const [amount, currencyCode, message] of BAD) {
      const id = `bad-${currencyCode}-${String(amount).replace(/\W/g, '_')}`;
      const answer = await t.raw('POST', `/payins/${id}`, {
        body: payin(amount, currencyCode, METHOD_FOR[currencyCode]),
      });
      assert.equal(answer.status, 400, `${amount} ${currencyCode}`);
      assert.equal(answer.json.errorCode, 'INVALID_REQUEST');
      assert.deepEqual(
        answer.json.details.map((d: { field: string }) => d.field),
        ['paymentRequested.money.amount'],
        `${amount} ${currencyCode}`,
      );
      assert.match(answer.json.details[0].message, message);
      assert.equal(t.sandbox.payments.get('payin', id), undefined);
    }
    // 1e400 in the JSON text reads as Infinity.
    const infinite = await t.raw('POST', '/payins/bad-infinite', {
      text: '{"paymentRequested":{"money":{"amount":1e400,"currencyCode":"INR"}},"paymentMethod":{"paymentMethodCode":"UPIQR"}}',
    });
    assert.equal(infinite.status, 400);
    assert.deepEqual(
      infinite.json.details.map((d: { field: string }) => d.field),
      ['paymentRequested.money.amount'],
    );
  });

  test('the same amounts in their right precision are accepted', async () => {
    for (const [amount, currencyCode] of [
      [590, 'KRW'],
      [150000, 'IDR'],
      [60.12, 'INR'],
      [12.345678, 'USDT'],
      [MAX_AMOUNT, 'INR'],
    ] as const) {
      const answer = await t.raw('POST', `/payins/good-${currencyCode}-${amount}`, {
        body: payin(amount, currencyCode, METHOD_FOR[currencyCode]),
      });
      assert.equal(answer.status, 200, `${amount} ${currencyCode}: ${answer.text}`);
    }
  });

  test('options request, token money, top-ups and payouts name their own field', async () => {
    const options = await t.raw('POST', '/payins/!availablePaymentOptions', {
      body: { money: { amount: 590.5, currencyCode: 'KRW' } },
    });
    assert.equal(options.status, 400);
    assert.equal(options.json.details[0].field, 'money.amount');

    const token = await t.raw('POST', '/auth-tokens-by-action', {
      token: null,
      body: {
        merchantCode: 'demo-merchant',
        secret: 'demo-secret',
        action: 'PAYIN_CREATE',
        idPayment: 'o-1',
        money: { amount: 60.123, currencyCode: 'INR' },
      },
    });
    assert.equal(token.status, 400);
    assert.equal(token.json.details[0].field, 'money.amount');
    assert.match(token.json.details[0].message, /at most 2 decimals/);

    const method = { paymentMethodCode: 'UPIQR' };
    const provided = await t.raw('POST', '/topups/tu-bad-1', {
      body: {
        topUpRequested: { moneyProvided: { amount: -5, currencyCode: 'INR' }, currencyRequired: 'USDT' },
        paymentMethod: method,
      },
    });
    assert.equal(provided.status, 400);
    assert.equal(provided.json.details[0].field, 'topUpRequested.moneyProvided.amount');
    const required = await t.raw('POST', '/topups/tu-bad-2', {
      body: {
        topUpRequested: { moneyRequired: { amount: 1e308, currencyCode: 'USDT' }, currencyProvided: 'INR' },
        paymentMethod: method,
      },
    });
    assert.equal(required.status, 400);
    assert.equal(required.json.details[0].field, 'topUpRequested.moneyRequired.amount');
    // Within the bound in USDT, beyond it once converted to INR.
    const converted = await t.raw('POST', '/topups/tu-bad-3', {
      body: {
        topUpRequested: {
          moneyRequired: { amount: 900_000_000_000, currencyCode: 'USDT' },
          currencyProvided: 'INR',
        },
        paymentMethod: method,
      },
    });
    assert.equal(converted.status, 400);
    assert.equal(converted.json.details[0].field, 'topUpRequested');
    assert.match(converted.json.details[0].message, /converted to INR, moneyProvided\.amount .* must be at most/);

    const payout = await t.raw('POST', '/payouts/po-bad-1', {
      body: {
        paymentRequested: { money: { amount: 0, currencyCode: 'INR' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Asha', accountNumber: '1234567890' },
        },
      },
    });
    assert.equal(payout.status, 400);
    assert.ok(payout.json.details.some((d: { field: string }) => d.field === 'paymentRequested.money.amount'));
  });

  test('a success of 1e308 never reaches a balance: every balance stays a finite number', async () => {
    await t.advance(SETTLE_SECS); // earlier payins settle first
    const before = await balances();
    const answer = await t.raw('POST', '/payins/huge', { body: payin(1e308, 'INR') });
    assert.equal(answer.status, 400);
    await t.advance(SETTLE_SECS);
    const after = await balances();
    assert.ok(
      after.every((b) => typeof b.amount === 'number' && Number.isFinite(b.amount)),
      'no balance is null',
    );
    assert.deepEqual(
      after.find((b) => b.currencyCode === 'INR'),
      before.find((b) => b.currencyCode === 'INR'),
    );
  });
});
