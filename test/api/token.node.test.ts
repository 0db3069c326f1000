import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionOperations,
  decodeToken,
  paths,
  exactOperation,
  literalOperation,
  operationPermits,
  tokenPermits,
  tokenProblem,
  tokenScope,
} from '../../src/api/index.js';
import { checkoutOperations } from '../../src/server/index.js';
import { BROAD_TOKENS, SCOPED_TOKENS } from '../support/token-shapes.js';
import { fakeJwt } from '../support/jwt.js';

const now = Date.now();
const exp = Math.floor(now / 1000) + 600;

describe('decodeToken', () => {
  test('reads exp, operations, idPayment and money from the payload', () => {
    const payload = decodeToken(
      fakeJwt({
        exp,
        merchantCode: 'm',
        idPayment: 'o-1',
        money: { amount: 5, currencyCode: 'INR' },
        operations: ['GET /payins/o-1'],
        extra: 1,
      }),
    );
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
    for (const bad of [
      undefined,
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      'x.%%%.y',
      `x.${btoa('not json')}.y`,
      `x.${btoa('[1]')}.y`,
      `x.${btoa('{"exp":"soon"}')}.y`,
    ]) {
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
    assert.ok(
      !operationPermits('GET /payins/(', 'GET', '/payins/('.slice(0, -1)),
      'an invalid pattern matches only itself',
    );
  });
  test('escaped ids permit their own payin and no other (issue 12.2)', () => {
    const payload = {
      operations: checkoutOperations('order.2026.11', { merchantInfo: true, externalReference: true }),
    };
    assert.equal(tokenPermits(payload, 'POST', paths.payin('order.2026.11')), true);
    assert.equal(tokenPermits(payload, 'GET', paths.payin('order.2026.11')), true);
    assert.equal(tokenPermits(payload, 'POST', paths.payinExternalReference('order.2026.11')), true);
    assert.equal(tokenPermits(payload, 'GET', paths.merchantInfo()), true);
    assert.equal(tokenPermits(payload, 'GET', paths.payin('orderX2026X11')), false);
    assert.equal(
      tokenPermits({ operations: checkoutOperations('shop.*') }, 'POST', paths.payin('shopping-cart-9')),
      false,
    );
    assert.equal(tokenPermits({ operations: checkoutOperations('x(1)') }, 'POST', paths.payin('x(1)')), true);
    assert.equal(tokenPermits({ operations: checkoutOperations('x(1)') }, 'POST', paths.payin('x1')), false);
  });
  test('methods compare without regard to case', () => {
    assert.ok(operationPermits('post /payins/x', 'POST', '/payins/x'));
    assert.ok(operationPermits('get /payins/.*', 'GET', '/payins/y'));
    assert.ok(!operationPermits('get /payins/x', 'POST', '/payins/x'));
  });
  test('tokenPermits: undefined when the payload does not list operations', () => {
    assert.equal(tokenPermits({}, 'GET', '/merchant-info'), undefined);
    assert.equal(tokenPermits({ operations: [] }, 'GET', '/merchant-info'), false);
    assert.equal(tokenPermits({ operations: ['GET /merchant-info'] }, 'GET', '/merchant-info'), true);
  });
});

describe('browser tokens are limited to one payin by rule (issue 12.1)', () => {
  for (const [name, payload] of BROAD_TOKENS) {
    test(`too broad: ${name}`, () => {
      assert.equal(tokenProblem(fakeJwt({ exp, ...payload }), now), 'TOKEN_TOO_BROAD');
      assert.equal(tokenScope(payload), 'TOKEN_TOO_BROAD');
    });
  }
  test('the table holds every broad shape of the issue', () => {
    assert.ok(BROAD_TOKENS.length >= 27, String(BROAD_TOKENS.length));
  });
  for (const [name, payload, idPayin] of SCOPED_TOKENS) {
    test(`scoped to ${idPayin}: ${name}`, () => {
      assert.equal(tokenProblem(fakeJwt({ exp, ...payload }), now), undefined);
      assert.deepEqual(tokenScope(payload), { idPayin });
    });
  }
  test('our own checkout operations stay accepted for ids with regular-expression characters', () => {
    for (const idPayin of ['order.2026.11', 'a+b', 'x(1)', 'shop.*', 'a|b', '[x]{2}', 'c$^', 'back\\slash']) {
      const operations = checkoutOperations(idPayin, { merchantInfo: true, externalReference: true });
      assert.deepEqual(tokenScope({ operations }), { idPayin }, idPayin);
      assert.deepEqual(
        tokenScope({
          operations: actionOperations('PAYIN_CREATE', idPayin),
          action: 'PAYIN_CREATE',
          idPayment: idPayin,
        }),
        { idPayin },
        idPayin,
      );
    }
  });
  test('an operation with a pattern is refused even when it would match only this payin', () => {
    assert.equal(tokenScope({ operations: ['GET /payins/o-1', 'POST /payins/o-1$'] }), 'TOKEN_TOO_BROAD');
    assert.equal(tokenScope({ operations: ['GET /payins/o-1', 'POST /payins/o-(1)'] }), 'TOKEN_TOO_BROAD');
  });
});

describe('reading literal operations', () => {
  test('escapes are literal characters, anything with a regex meaning is not literal', () => {
    assert.equal(literalOperation('GET /payins/order\\.2026\\.11'), 'GET /payins/order.2026.11');
    assert.equal(literalOperation('post /payins/x'), 'POST /payins/x');
    assert.equal(literalOperation('POST /payins/a\\\\b'), 'POST /payins/a\\b');
    for (const pattern of [
      'GET /payins/.*',
      'GET /payins/o\\d',
      'GET /payins/o\\',
      'GET /payins/(x)',
      'GET /payins/a|b',
      'GET /payins/x$',
    ]) {
      assert.equal(literalOperation(pattern), undefined, pattern);
    }
  });
  test('exactOperation escapes what literalOperation reads back', () => {
    for (const path of ['/payins/order.2026.11', '/payins/x(1)', '/payins/^a$|[b]{c}?*+\\']) {
      assert.equal(literalOperation(exactOperation('POST', path)), `POST ${path}`, path);
      assert.ok(operationPermits(exactOperation('POST', path), 'POST', path), path);
    }
  });
});

describe('tokenProblem', () => {
  test('invalid, expired, too broad, or fine', () => {
    assert.equal(tokenProblem('nope'), 'TOKEN_INVALID');
    assert.equal(tokenProblem(fakeJwt({ exp: Math.floor(now / 1000) - 1 }), now), 'TOKEN_EXPIRED');
    assert.equal(tokenProblem(fakeJwt({ exp, operations: ['POST /payins/.*'] }), now), 'TOKEN_TOO_BROAD');
    assert.equal(tokenProblem(fakeJwt({ exp, operations: actionOperations('PAYIN_CREATE', 'o-1') }), now), undefined);
    assert.equal(
      tokenProblem(fakeJwt({ idPayment: 'o-1' }), now),
      undefined,
      'no exp and no operations: only the platform can tell',
    );
  });
});
