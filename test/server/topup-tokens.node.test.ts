/**
 * Top-up tokens minted by the merchant helper, read by the emulator: the literal operations of one
 * top-up with the literal GET /fx-rates (topUpOperations / forTopUp), or the by-action
 * WALLET_OPERATION_CREATE token, which does not permit GET /fx-rates.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { topUpOperations } from '../../src/server/index.js';
import { decodeToken } from '../../src/api/token.js';
import { newId, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
after(() => t.sandbox.close());

const FX_QUERY = '/fx-rates?baseCurrencyCode=USD&quoteCurrencyCode=INR';

describe('topUpOperations', () => {
  test('the three operations of WALLET_OPERATION_CREATE and the literal GET /fx-rates; the id escaped, never a pattern', () => {
    assert.deepEqual(topUpOperations('tu-1'), [
      'POST /topups/!availablePaymentOptions',
      'POST /topups/tu-1',
      'GET /topups/tu-1',
      'GET /fx-rates',
    ]);
    assert.deepEqual(topUpOperations('wallet.*'), [
      'POST /topups/!availablePaymentOptions',
      String.raw`POST /topups/wallet\.\*`,
      String.raw`GET /topups/wallet\.\*`,
      'GET /fx-rates',
    ]);
    assert.deepEqual(topUpOperations('tu-1', { fxRates: false }), [
      'POST /topups/!availablePaymentOptions',
      'POST /topups/tu-1',
      'GET /topups/tu-1',
    ]);
  });
});

describe('forTopUp against the emulator', () => {
  test('by default: operations of this top-up with GET /fx-rates; rates read with any query, nothing else', async () => {
    const id = newId('tu');
    const token = await t.issuer.forTopUp(id);
    assert.deepEqual(decodeToken(token)?.operations, topUpOperations(id));
    const rates = await t.raw('GET', FX_QUERY, { token });
    assert.equal(rates.status, 200);
    assert.equal(rates.json.data.length, 1);
    assert.equal((await t.raw('GET', '/fx-rates', { token })).status, 200);
    assert.equal(
      (
        await t.raw('POST', '/topups/!availablePaymentOptions', {
          token,
          body: { money: { amount: 100, currencyCode: 'INR' } },
        })
      ).status,
      200,
    );
    assert.equal((await t.raw('GET', `/topups/${id}`, { token })).status, 404, 'permitted; not created yet');
    for (const [method, path] of [
      ['GET', '/topups/another'],
      ['GET', '/fx-rate-pairs'],
      ['GET', '/currencies'],
      ['GET', '/balances'],
      ['GET', `/payins/${id}`],
      ['POST', '/payins/!availablePaymentOptions'],
    ] as const) {
      assert.equal(
        (
          await t.raw(method, path, {
            token,
            body: method === 'POST' ? { money: { amount: 100, currencyCode: 'INR' } } : undefined,
          })
        ).status,
        403,
        `${method} ${path}`,
      );
    }
  });

  test('fxRates: false is the by-action WALLET_OPERATION_CREATE token: its top-up, but not GET /fx-rates', async () => {
    const id = newId('tu');
    const token = await t.issuer.forTopUp(id, {
      fxRates: false,
      money: { amount: 100, currencyCode: 'USD' },
    });
    const payload = decodeToken(token)!;
    assert.equal(payload.action, 'WALLET_OPERATION_CREATE');
    assert.equal(payload.idPayment, id);
    assert.deepEqual(payload.money, { amount: 100, currencyCode: 'USD' });
    assert.equal((await t.raw('GET', FX_QUERY, { token })).status, 403);
    assert.equal((await t.raw('GET', `/topups/${id}`, { token })).status, 404, 'permitted; not created yet');
    // The money in the token is the amount the request states: the wallet's 100 USD, paid in rupees.
    const method = { paymentMethodCode: 'UPIQR' };
    const wrong = await t.raw('POST', `/topups/${id}`, {
      token,
      body: {
        topUpRequested: { moneyRequired: { amount: 99, currencyCode: 'USD' }, currencyProvided: 'INR' },
        paymentMethod: method,
      },
    });
    assert.equal(wrong.status, 403);
    const right = await t.raw('POST', `/topups/${id}`, {
      token,
      body: {
        topUpRequested: { moneyRequired: { amount: 100, currencyCode: 'USD' }, currencyProvided: 'INR' },
        paymentMethod: method,
      },
    });
    assert.equal(right.status, 200, right.text);
  });

  test('the operations token with money limits the create the same way', async () => {
    const id = newId('tu');
    const token = await t.issuer.forTopUp(id, { money: { amount: 5000, currencyCode: 'INR' } });
    const body = (amount: number) => ({
      topUpRequested: { moneyProvided: { amount, currencyCode: 'INR' }, currencyRequired: 'USD' },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
    });
    assert.equal((await t.raw('POST', `/topups/${id}`, { token, body: body(5001) })).status, 403);
    assert.equal((await t.raw('POST', `/topups/${id}`, { token, body: body(5000) })).status, 200);
  });
});
