/** The browser token rule for top-ups (issue 22.3): one top-up's token only, read, never matched. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { topUpTokenScope, topUpTokenPermits } from '../../src/api/topup-token.js';
import { readTopUpConfig } from '../../src/checkout/topup/config.js';
import { fakeJwt } from '../support/jwt.js';

const exp = Math.floor(Date.now() / 1000) + 600;
const own = ['POST /topups/!availablePaymentOptions', 'POST /topups/t-1', 'GET /topups/t-1'];

describe('topUpTokenScope', () => {
  test('accepts a by-action WALLET_OPERATION_CREATE with idPayment, and literal operations of one top-up', () => {
    assert.deepEqual(topUpTokenScope({ action: 'WALLET_OPERATION_CREATE', idPayment: 't-1' }), {
      idTopUp: 't-1',
    });
    assert.deepEqual(topUpTokenScope({ operations: own }), { idTopUp: 't-1' });
    assert.deepEqual(topUpTokenScope({ operations: [...own, 'GET /fx-rates', 'GET /merchant-info'] }), {
      idTopUp: 't-1',
    });
    assert.deepEqual(topUpTokenScope({ operations: ['POST /topups/a\\.b', 'GET /topups/a\\.b'] }), {
      idTopUp: 'a.b',
    });
  });
  test('refuses patterns, another id, a payin path, other actions and tokens for no top-up', () => {
    const broad = [
      { action: 'WALLET_OPERATION_CREATE' },
      { action: 'PAYIN_CREATE', idPayment: 't-1' },
      { operations: ['POST /topups/.*'] },
      { operations: [...own, 'GET /topups/t-2'] },
      { operations: [...own, 'POST /payins/t-1'] },
      { operations: [...own, 'GET /fx-rates.*'] },
      { operations: [...own, 'GET /balances'] },
      { operations: ['POST /topups/!availablePaymentOptions', 'GET /fx-rates'] },
      { action: 'WALLET_OPERATION_CREATE', idPayment: 't-1', operations: ['GET /topups/t-2'] },
      { operations: ['POST /topups/a.b'] },
      {},
    ];
    for (const payload of broad) assert.equal(topUpTokenScope(payload), 'TOKEN_TOO_BROAD', JSON.stringify(payload));
  });
  test("a by-action token permits its action's calls only; GET /fx-rates only when listed", () => {
    const byAction = { action: 'WALLET_OPERATION_CREATE', idPayment: 't-1' };
    assert.equal(topUpTokenPermits(byAction, 't-1', 'POST', '/topups/t-1'), true);
    assert.equal(topUpTokenPermits(byAction, 't-1', 'GET', '/fx-rates'), false);
    assert.equal(topUpTokenPermits(byAction, 't-1', 'GET', '/merchant-info'), false);
    assert.equal(topUpTokenPermits({ operations: [...own, 'GET /fx-rates'] }, 't-1', 'GET', '/fx-rates'), true);
  });
});

describe('readTopUpConfig', () => {
  const base = { baseUrl: 'http://127.0.0.1:1', currencyCode: 'INR', creditCurrency: 'USD' };
  const token = fakeJwt({ exp, action: 'WALLET_OPERATION_CREATE', idPayment: 't-1' });
  test('amount → moneyProvided, credit-amount → moneyRequired, neither → the customer chooses what the wallet receives', () => {
    const paid = readTopUpConfig({ ...base, token, amount: 8392.5 });
    assert.ok(!('attribute' in paid) && paid.topUp.mode === 'moneyProvided' && paid.topUp.amount === 8392.5);
    const credited = readTopUpConfig({ ...base, token, creditAmount: 100 });
    assert.ok(!('attribute' in credited) && credited.topUp.mode === 'moneyRequired' && credited.topUp.amount === 100);
    const chosen = readTopUpConfig({
      ...base,
      token,
      amountPresets: '10, 50,100',
      minAmount: 5,
      maxAmount: 500,
    });
    assert.ok(!('attribute' in chosen) && chosen.topUp.mode === 'moneyRequired' && chosen.topUp.amount === undefined);
    assert.deepEqual(!('attribute' in chosen) && chosen.topUp.presets, [10, 50, 100]);
  });
  test('bad combinations name the attribute', () => {
    const problem = (input: object) => {
      const config = readTopUpConfig({ ...base, token, ...input });
      return 'attribute' in config ? config.attribute : undefined;
    };
    assert.equal(problem({ amount: 1, creditAmount: 1 }), 'credit-amount');
    assert.equal(problem({ creditCurrency: undefined, amount: 1 }), 'credit-currency');
    assert.equal(problem({ creditAmount: 1.001 }), 'credit-amount');
    assert.equal(problem({ amountPresets: '10,abc' }), 'amount-presets');
    assert.equal(problem({ minAmount: 50, maxAmount: 10 }), 'min-amount');
    assert.equal(problem({ amountPresets: '1000', maxAmount: 500 }), 'amount-presets');
    assert.equal(problem({ topupId: 't-2', amount: 1 }), 'topup-id');
    assert.equal(problem({ payinId: 't-1', amount: 1 }), 'payin-id');
    assert.equal(
      (
        readTopUpConfig({ ...base, token: fakeJwt({ exp, operations: ['POST /topups/.*'] }), amount: 1 }) as {
          code?: string;
        }
      ).code,
      'TOKEN_TOO_BROAD',
    );
  });
});
