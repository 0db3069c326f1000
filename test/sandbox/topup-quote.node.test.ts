/**
 * The element's quote (api/fx.ts on the rates GET /fx-rates publishes) equals the top-up the
 * emulator creates, to the minor unit: across pairs read at sellRate, at buyRate and through USD,
 * in both modes, for currencies with 0, 2 and 6 digits. Top-ups are created the way a browser
 * creates them: with a by-action WALLET_OPERATION_CREATE token minted by the merchant helper.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  availableOptionsResponseSchema,
  fxRatesResponseSchema,
  topUpResponseSchema,
  type FxRate,
} from '../../src/api/index.js';
import { quoteTopUp, type TopUpMode } from '../../src/api/fx.js';
import { completeMethod, newId, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: 60_000 });
});
after(() => t.sandbox.close());

const ratesOf = async (query: string) =>
  fxRatesResponseSchema.parse((await t.raw('GET', `/fx-rates${query}`)).json).data;

/** The one published pair between two currencies (either order), or every rate when there is none. */
async function ratesFor(provided: string, required: string): Promise<FxRate[]> {
  for (const [base, quote] of [
    [required, provided],
    [provided, required],
  ]) {
    const found = await ratesOf(`?baseCurrencyCode=${base}&quoteCurrencyCode=${quote}`);
    if (found.length) return found;
  }
  return ratesOf('');
}

/** Creates a top-up; the options are asked for what the customer pays (`paying`, in the provided currency). */
async function createTopUp(mode: TopUpMode, amount: number, provided: string, required: string, paying: number) {
  const id = newId('tu');
  const token = await t.issuer.byAction({ action: 'WALLET_OPERATION_CREATE', idPayment: id });
  const options = availableOptionsResponseSchema.parse(
    (
      await t.raw('POST', '/topups/!availablePaymentOptions', {
        token,
        body: { money: { amount: paying, currencyCode: provided } },
      })
    ).json,
  );
  const option = options.data[0]!;
  const topUpRequested =
    mode === 'moneyProvided'
      ? { moneyProvided: { amount, currencyCode: provided }, currencyRequired: required }
      : { moneyRequired: { amount, currencyCode: required }, currencyProvided: provided };
  const answer = await t.raw('POST', `/topups/${id}`, {
    token,
    body: {
      topUpRequested,
      paymentMethod: completeMethod(option.paymentMethodCode, provided, option.paymentOperators?.[0]?.code),
    },
  });
  assert.equal(answer.status, 200, answer.text);
  return { id, token, topUp: topUpResponseSchema.parse(answer.json) };
}

const cases: [TopUpMode, number, string, string, string][] = [
  ['moneyRequired', 100, 'INR', 'USD', 'USD/INR at sellRate, 2 digits each side'],
  ['moneyProvided', 8888.88, 'INR', 'USD', 'USD/INR at sellRate, the wallet side rounded to the cent'],
  ['moneyRequired', 57.25, 'THB', 'USD', 'USD/THB at sellRate'],
  ['moneyRequired', 61.37, 'IDR', 'USD', 'the customer pays whole rupiah (0 digits)'],
  ['moneyProvided', 987654, 'IDR', 'USD', 'whole rupiah paid, cents credited'],
  ['moneyRequired', 88.8, 'KRW', 'EUR', 'EUR/KRW at sellRate, whole won'],
  ['moneyProvided', 150.123457, 'USDT', 'INR', 'USDT/INR at buyRate: the platform buys the base; 6 digits paid'],
  ['moneyRequired', 12345.67, 'USDT', 'INR', 'USDT/INR at buyRate, 6 digits computed'],
  ['moneyProvided', 5000, 'INR', 'THB', 'no INR/THB pair: through USD'],
  ['moneyRequired', 1999, 'VND', 'IDR', 'no VND/IDR pair: through USD, 0 digits both sides'],
];

describe('the quote equals the created top-up', () => {
  for (const [mode, amount, provided, required, why] of cases) {
    test(`${mode} ${amount} ${mode === 'moneyProvided' ? provided : required}, ${provided} → ${required}: ${why}`, async () => {
      const rates = await ratesFor(provided, required);
      const quote = quoteTopUp(mode, amount, { provided, required }, rates);
      assert.ok(quote, 'the published rates connect the currencies');
      const { topUp } = await createTopUp(mode, amount, provided, required, quote.moneyProvided.amount);
      assert.deepEqual(topUp.moneyProvided, quote.moneyProvided);
      assert.deepEqual(topUp.moneyRequired, quote.moneyRequired);
      assert.equal(topUp.rate, quote.rate);
      assert.ok(Date.parse(quote.validUpTo!) > t.sandbox.clock.now());
      // Not a tautology: the side the mode names is the amount given, the other really converted.
      const converted = mode === 'moneyProvided' ? quote.moneyRequired : quote.moneyProvided;
      assert.equal(converted.currencyCode, mode === 'moneyProvided' ? required : provided);
      assert.notEqual(converted.amount, amount);
    });
  }

  test('past validUpTo a fresh rate is published (later validUpTo); the top-up converts at the rate of its creation', async () => {
    const before = await ratesFor('INR', 'USD');
    const quote = quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, before)!;
    // The emulator's rates do not move with time (fixed mid), so the same numbers after validUpTo:
    // the quote stays right, only its validity ends. Move past it and read again.
    await t.advance(Math.ceil((Date.parse(quote.validUpTo!) - t.sandbox.clock.now()) / 1000) + 1);
    const after = await ratesFor('INR', 'USD');
    assert.ok(
      Date.parse(after[0]!.validUpTo) > Date.parse(quote.validUpTo!),
      'a fresh rate is published with a later validUpTo',
    );
    const fresh = quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, after)!;
    const { topUp } = await createTopUp('moneyRequired', 100, 'INR', 'USD', fresh.moneyProvided.amount);
    assert.deepEqual(topUp.moneyProvided, fresh.moneyProvided);
  });
});
