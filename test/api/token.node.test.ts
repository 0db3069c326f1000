import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { actionOperations, decodeToken, isGeneralPrivilege, operationPermits, tokenPermits, tokenProblem } from '../../src/api/index.js';
import { fakeJwt } from '../support/jwt.js';

const now = Date.now();
const exp = Math.floor(now / 1000) + 600;

describe('decodeToken', () => {
  test('reads exp, operations, idPayment and money from the payload', () => {
    const payload = decodeToken(fakeJwt({ exp, merchantCode: 'm', idPayment: 'o-1', money: { amount: 5, currencyCode: 'INR' }, operations: ['GET /payins/o-1'], extra: 1 }));
    assert.equal(payload?.exp, exp);
    assert.equal(payload?.idPayment, 'o-1');
    assert.deepEqual(payload?.money, { amount: 5, currencyCode: 'INR' });
    assert.deepEqual(payload?.operations, ['GET /payins/o-1']);
    assert.equal((payload as Record<string, unknown>).extra, 1);
  });
  test('reads UTF-8 claims', () => {
    assert.equal(decodeToken(fakeJwt({ merchantCode: 'ร้านค้า' }))?.merchantCode, 'ร้านค้า');
  });
  test('refuses what is not a JWT with a JSON object payload', () => {
    for (const bad of [undefined, '', 'abc', 'a.b', 'a.b.c.d', 'x.%%%.y', `x.${btoa('not json')}.y`, `x.${btoa('[1]')}.y`, `x.${btoa('{"exp":"soon"}')}.y`]) {
      assert.equal(decodeToken(bad), undefined, String(bad));
    }
  });
});

describe('operation matching', () => {
  test('literal operations match exactly, method included', () => {
    assert.ok(operationPermits('GET /payins/o-1', 'GET', '/payins/o-1'));
    assert.ok(!operationPermits('GET /payins/o-1', 'POST', '/payins/o-1'));
    assert.ok(!operationPermits('GET /payins/o-1', 'GET', '/payins/o-12'));
    assert.ok(!operationPermits('GET /payins/o-1', 'GET', '/payins/o-1/accounts'));
  });
  test('literal ids with regex metacharacters still match themselves', () => {
    assert.ok(operationPermits('GET /payins/a+b(c)', 'GET', '/payins/a+b(c)'));
    assert.ok(operationPermits('POST /payins/!availablePaymentOptions', 'POST', '/payins/!availablePaymentOptions'));
  });
  test('regular expressions are anchored at both ends', () => {
    assert.ok(operationPermits('GET /payins/.*', 'GET', '/payins/anything'));
    assert.ok(operationPermits('(GET|POST) /payins/o-[0-9]+', 'POST', '/payins/o-42'));
    assert.ok(!operationPermits('GET /payins/o-[0-9]+', 'GET', '/payins/o-42/accounts'));
    assert.ok(!operationPermits('payins', 'GET', '/payins/x'));
    assert.ok(!operationPermits('GET /payins/(', 'GET', '/payins/('.slice(0, -1)), 'an invalid pattern matches only itself');
  });
  test('tokenPermits: undefined when the payload does not list operations', () => {
    assert.equal(tokenPermits({}, 'GET', '/merchant-info'), undefined);
    assert.equal(tokenPermits({ operations: [] }, 'GET', '/merchant-info'), false);
    assert.equal(tokenPermits({ operations: ['GET /merchant-info'] }, 'GET', '/merchant-info'), true);
  });
});

describe('general privilege', () => {
  test('by-action operations are payment-scoped', () => {
    assert.ok(!isGeneralPrivilege({ operations: actionOperations('PAYIN_CREATE', 'o-1') }));
    assert.ok(!isGeneralPrivilege({ operations: [...actionOperations('PAYIN_CREATE', 'o-1'), 'GET /merchant-info'] }));
  });
  test('patterns over other payments, payouts, balances or token creation are general', () => {
    for (const operation of ['POST /payins/.*', 'GET /payins/.*', 'GET /payins/[^/]+', '.*', 'POST /payouts/p-1', 'GET /balances', 'POST /auth-tokens', 'POST /topups/.+']) {
      assert.ok(isGeneralPrivilege({ operations: ['GET /payins/o-1', operation] }), operation);
    }
  });
});

describe('tokenProblem', () => {
  test('invalid, expired, too broad, or fine', () => {
    assert.equal(tokenProblem('nope'), 'TOKEN_INVALID');
    assert.equal(tokenProblem(fakeJwt({ exp: Math.floor(now / 1000) - 1 }), now), 'TOKEN_EXPIRED');
    assert.equal(tokenProblem(fakeJwt({ exp, operations: ['POST /payins/.*'] }), now), 'TOKEN_TOO_BROAD');
    assert.equal(tokenProblem(fakeJwt({ exp, operations: actionOperations('PAYIN_CREATE', 'o-1') }), now), undefined);
    assert.equal(tokenProblem(fakeJwt({ idPayment: 'o-1' }), now), undefined, 'no exp and no operations: only the platform can tell');
  });
});
