import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  conversionFor,
  isRateValid,
  quoteTopUp,
  roundToCurrency,
  topUpQuoteProblem,
  type FxRate,
} from '../../src/api/fx.js';

const HOUR = '2030-01-01T10:00:00.000Z';
const rate = (base: string, quote: string, buyRate: number, sellRate: number, validUpTo = HOUR): FxRate => ({
  baseCurrencyCode: base,
  quoteCurrencyCode: quote,
  buyRate,
  sellRate,
  validUpTo,
});
const USD_INR = rate('USD', 'INR', 83.5, 84);
const USD_THB = rate('USD', 'THB', 35.5, 36, '2030-01-01T09:30:00.000Z');
const USD_IDR = rate('USD', 'IDR', 15700, 15900);

describe('which rate applies', () => {
  test('the platform sells the base (wallet in base, customer pays quote): sellRate, divided', () => {
    const c = conversionFor('INR', 'USD', [USD_INR])!;
    assert.equal(c.rate, 1 / 84);
    assert.deepEqual(
      c.legs.map((l) => [l.value, l.divide]),
      [[84, true]],
    );
    assert.equal(c.validUpTo, HOUR);
  });

  test('the platform buys the base (customer pays base, wallet in quote): buyRate, multiplied', () => {
    const c = conversionFor('USD', 'INR', [USD_INR])!;
    assert.equal(c.rate, 83.5);
    assert.deepEqual(
      c.legs.map((l) => [l.value, l.divide]),
      [[83.5, false]],
    );
  });

  test('no published pair: through USD, each leg by the same rule; the earliest validUpTo holds', () => {
    const c = conversionFor('INR', 'THB', [USD_THB, USD_INR])!;
    assert.equal(c.rate, (1 / 84) * 35.5);
    assert.equal(c.validUpTo, '2030-01-01T09:30:00.000Z');
    assert.equal(conversionFor('INR', 'THB', [USD_INR]), undefined, 'a missing leg is no conversion');
    assert.equal(conversionFor('INR', 'USD', [USD_THB]), undefined);
  });

  test('a currency to itself is rate 1 and needs no rate', () => {
    assert.deepEqual(conversionFor('USD', 'USD', []), { legs: [], rate: 1 });
  });

  test('a rate of zero (or below) is never used', () => {
    assert.equal(conversionFor('INR', 'USD', [rate('USD', 'INR', 0, 0)]), undefined);
  });
});

describe('quoteTopUp', () => {
  test('money required (the wallet receives exactly): the customer pays required × sellRate, to the paise', () => {
    assert.deepEqual(quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, USD_INR), {
      moneyProvided: { amount: 8400, currencyCode: 'INR' },
      moneyRequired: { amount: 100, currencyCode: 'USD' },
      rate: 1 / 84,
      validUpTo: HOUR,
    });
    const odd = rate('USD', 'INR', 83.1, 83.925);
    assert.equal(
      quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, odd)!.moneyProvided.amount,
      8392.5,
    );
    assert.equal(
      quoteTopUp('moneyRequired', 12.34, { provided: 'INR', required: 'USD' }, odd)!.moneyProvided.amount,
      1035.63,
    ); // 1035.6345
  });

  test('money provided (the customer pays exactly): the wallet receives provided ÷ sellRate, rounded to the cent', () => {
    const quote = quoteTopUp('moneyProvided', 1000, { provided: 'INR', required: 'USD' }, [USD_INR])!;
    assert.deepEqual(quote.moneyProvided, { amount: 1000, currencyCode: 'INR' });
    assert.deepEqual(quote.moneyRequired, { amount: 11.9, currencyCode: 'USD' }); // 11.904…
  });

  test('digit-0 currencies round to whole units, half away from zero', () => {
    // 2.5 USD × 15900 = 39750 IDR exactly; 0.01 × 15900 = 159
    assert.equal(
      quoteTopUp('moneyRequired', 2.5, { provided: 'IDR', required: 'USD' }, USD_IDR)!.moneyProvided.amount,
      39750,
    );
    const half = rate('USD', 'IDR', 15700, 15900.5);
    assert.equal(
      quoteTopUp('moneyRequired', 1, { provided: 'IDR', required: 'USD' }, half)!.moneyProvided.amount,
      15901,
    );
    // USD paid, IDR credited: buyRate
    assert.equal(
      quoteTopUp('moneyProvided', 10.01, { provided: 'USD', required: 'IDR' }, USD_IDR)!.moneyRequired.amount,
      157157,
    );
  });

  test('no rate connecting the currencies: undefined, never a guess', () => {
    assert.equal(quoteTopUp('moneyProvided', 100, { provided: 'THB', required: 'USD' }, USD_INR), undefined);
  });

  test('a converted side too small to be an amount is a problem', () => {
    const quote = quoteTopUp('moneyProvided', 0.5, { provided: 'INR', required: 'USD' }, USD_INR)!;
    assert.equal(quote.moneyRequired.amount, 0.01);
    const tiny = quoteTopUp('moneyProvided', 0.1, { provided: 'INR', required: 'USD' }, USD_INR)!;
    assert.equal(tiny.moneyRequired.amount, 0);
    assert.deepEqual(topUpQuoteProblem(tiny), {
      side: 'moneyRequired',
      money: { amount: 0, currencyCode: 'USD' },
      problem: 'must be greater than 0',
    });
    assert.equal(topUpQuoteProblem(quote), undefined);
  });
});

describe('rounding and validity', () => {
  test('roundToCurrency reads the decimal a binary product stands for', () => {
    assert.equal(1.005 * 100, 100.49999999999999);
    assert.equal(roundToCurrency(1.005, 'USD'), 1.01);
    // eslint-disable-next-line no-loss-of-precision -- a product's binary error, written as JS prints it
    assert.equal(roundToCurrency(8392.499999999999, 'INR'), 8392.5);
    assert.equal(roundToCurrency(1234.5, 'JPY'), 1235);
    assert.equal(roundToCurrency(0.1234565, 'USDT'), 0.123457);
    assert.equal(roundToCurrency(-2.345, 'USD'), -2.35);
    assert.ok(Object.is(roundToCurrency(-0.001, 'USD'), 0));
  });

  test('a rate holds strictly before validUpTo; an unreadable date never holds', () => {
    const end = Date.parse(HOUR);
    assert.equal(isRateValid(HOUR, end - 1), true);
    assert.equal(isRateValid(HOUR, end), false);
    assert.equal(isRateValid('soon', 0), false);
    assert.equal(isRateValid(undefined, end), true);
  });
});
