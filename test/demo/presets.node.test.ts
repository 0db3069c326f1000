/**
 * The shop's presets come from the emulator's scenario table, and each one triggers its own row.
 * The pages get the table as JSON (demo/shop-catalog.ts, through JSON here as there) and match
 * amounts to rows themselves: that matching must agree with the emulator's on every amount.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shopPresets } from '../../demo/lib/presets.js';
import { shopCatalog, type ShopCatalog } from '../../demo/shop-catalog.js';
import { WALLET_METHOD_CODES, WALLET_PAY_WITH, type PayWith } from '../../demo/lib/wallet-data.js';
import { PAYIN_SCENARIOS, payinScenarioFor, SCENARIO_AMOUNTS } from 'pay-checkout-sandbox';
import { METHOD_NAMES } from 'pay-checkout/server';
import { fieldRulesFor, isRequired, methodCodesFor } from '../../src/api/index.js';
import type { PayinMethodCode } from '../../src/api/schemas/method-table.js';
import { enCheckout } from '../../src/i18n/translations/en-checkout.js';

const { CURRENCIES, methodsFor, PRESETS, presetForAmount, simplestCurrencyFor } = shopPresets(
  JSON.parse(JSON.stringify(shopCatalog())) as ShopCatalog,
);

describe('demo presets', () => {
  it('one preset per scenario row, priced from SCENARIO_AMOUNTS', () => {
    assert.deepEqual(PRESETS.map((p) => p.name).sort(), PAYIN_SCENARIOS.map((row) => row.name).sort());
    for (const preset of PRESETS) {
      assert.equal(preset.amount, SCENARIO_AMOUNTS[preset.name]);
      assert.equal(
        payinScenarioFor(preset.amount).name,
        preset.name,
        `${preset.label} (${preset.amount}) triggers its own scenario`,
      );
      assert.equal(presetForAmount(preset.amount), preset);
    }
  });

  it('an amount picks the preset of the row the emulator applies to it, between and beyond the examples too', () => {
    const amounts = [
      0, 0.5, 1, 1.5, 2, 2.99, 3, 10, 19.99, 20, 25, 29.5, 30, 39.99, 40, 40.5, 41, 44, 47, 47.5, 48, 49, 50, 50.01, 51,
      60, 1000,
    ];
    for (let amount = 0; amount <= 100; amount += 0.25) amounts.push(amount);
    for (const amount of amounts)
      assert.equal(presetForAmount(amount)?.name, payinScenarioFor(amount).name, `amount ${amount}`);
  });

  it('names the scenarios the issue asks for, the business rejections apart', () => {
    const labels = Object.fromEntries(PRESETS.map((p) => [p.name, p.label]));
    assert.deepEqual(
      [
        'success',
        'failed',
        'differentAmountFailed',
        'differentAmountSuccess',
        'expires',
        'offlineMoneyRequired',
        'refused',
      ].map((name) => labels[name]),
      [
        'Success',
        'Fast failure',
        'Different amount, failed',
        'Different amount, succeeded',
        'Pending until expiry',
        'Offline, moneyRequired',
        'Refused',
      ],
    );
    const rejections = PRESETS.filter((p) => p.rejection);
    assert.equal(rejections.length, 7);
    for (const preset of rejections) assert.match(preset.label, /^Rejected: [A-Z_]+$/);
  });

  it('says what each preset does in plain words, no platform code or amount among them', () => {
    for (const preset of PRESETS) {
      assert.ok(preset.plain.length > 0, preset.name);
      assert.notEqual(preset.plain, preset.name, `${preset.name} has words of its own`);
      assert.doesNotMatch(preset.plain, /[A-Z]{2,}|_|\d|moneyRequired/, `${preset.name}: "${preset.plain}"`);
    }
    assert.equal(new Set(PRESETS.map((p) => p.plain)).size, PRESETS.length, 'no two presets read the same');
  });

  it('offers every currency of the method table with its methods, and a data-free currency for OFFLINE', () => {
    for (const currency of CURRENCIES)
      assert.deepEqual(
        methodsFor(currency).map((m) => m.code),
        methodCodesFor(currency),
      );
    // The shop names each method as the element does, from the one list pay-checkout/server exports.
    for (const currency of CURRENCIES)
      for (const method of methodsFor(currency))
        assert.equal(method.name, METHOD_NAMES[method.code as PayinMethodCode]);
    assert.equal(methodsFor('INR').find((m) => m.code === 'P2A_V2')?.name, 'IMPS / bank transfer to account');
    assert.equal(enCheckout.methodNames, METHOD_NAMES, "the element's English names are that list");
    // So does the wallet's page, which offers one method a currency.
    for (const currency of Object.keys(WALLET_PAY_WITH) as PayWith[])
      assert.equal(WALLET_PAY_WITH[currency], METHOD_NAMES[WALLET_METHOD_CODES[currency]]);
    const offline = simplestCurrencyFor('OFFLINE')!;
    assert.ok(fieldRulesFor('OFFLINE', offline).every((rule) => !isRequired(rule, offline)));
  });
});
