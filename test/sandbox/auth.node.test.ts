import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { install } from '@sinonjs/fake-timers';
import { actionOperations, decodeToken, errorBodySchema } from '../../src/api/index.js';
import { createTokenIssuer, signBody } from '../../src/server/index.js';
import { createSandbox, MAX_VALIDITY_SECS } from 'pay-checkout-sandbox';
import { demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const MONEY = { amount: 60, currencyCode: 'INR' };
const payinBody = (amount = 60, currencyCode = 'INR') => ({
  paymentRequested: { money: { amount, currencyCode } },
  paymentMethod: { paymentMethodCode: 'UPIQR' },
});

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
after(() => t.sandbox.close());

async function signedRequest(path: string, body: Record<string, unknown>, signatureOf: unknown = body) {
  return t.raw('POST', path, {
    token: null,
    body,
    headers: { 'X-SIGNATURE': await signBody(signatureOf, demoPrivateKey) },
  });
}

describe('token endpoints', () => {
  test('by action, signed by the merchant helper: the payload names the merchant, the exact operations, action, payment, money, 1800 s', async () => {
    const token = await t.issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'o-1', money: MONEY });
    const payload = decodeToken(token)!;
    assert.equal(payload.merchantCode, 'demo-merchant');
    assert.deepEqual(payload.operations, [
      'POST /payins/!availablePaymentOptions',
      'POST /payins/o-1',
      'GET /payins/o-1',
    ]);
    assert.equal(payload.action, 'PAYIN_CREATE');
    assert.equal(payload.idPayment, 'o-1');
    assert.deepEqual(payload.money, MONEY);
    assert.equal(payload.exp! - payload.iat!, 1800);
    assert.ok(Math.abs(payload.iat! * 1000 - t.sandbox.clock.now()) < 5000, 'iat is sandbox time');
  });

  test('every action expands to exactly actionOperations()', async () => {
    for (const action of ['PAYIN_CREATE', 'PAYIN_INFO', 'WALLET_OPERATION_CREATE'] as const) {
      const payload = decodeToken(await t.issuer.byAction({ action, idPayment: 'id-7' }))!;
      assert.deepEqual(payload.operations, actionOperations(action, 'id-7'), action);
    }
    assert.deepEqual(actionOperations('PAYIN_INFO', 'id-7'), ['GET /payins/id-7']);
  });

  test('operations token: operations as given, validitySecs honoured, capped', async () => {
    const payload = decodeToken(
      await t.issuer.withOperations({
        operations: ['GET /merchant-info', 'GET /payins/.*'],
        validitySecs: 60,
      }),
    )!;
    assert.deepEqual(payload.operations, ['GET /merchant-info', 'GET /payins/.*']);
    assert.equal(payload.exp! - payload.iat!, 60);
    const tooLong = await signedRequest('/auth-tokens', {
      merchantCode: 'demo-merchant',
      operations: ['GET /balances'],
      validitySecs: MAX_VALIDITY_SECS + 1,
      timestamp: Date.now(),
    });
    assert.equal(tooLong.status, 400);
    assert.deepEqual(
      tooLong.json.details.map((d: { field: string }) => d.field),
      ['validitySecs'],
    );
  });

  test('signature over other bytes than those sent → 401', async () => {
    const body = {
      merchantCode: 'demo-merchant',
      action: 'PAYIN_INFO',
      idPayment: 'o-1',
      timestamp: Date.now(),
    };
    const tampered = await signedRequest('/auth-tokens-by-action', { ...body, idPayment: 'o-2' }, body);
    assert.equal(tampered.status, 401);
    assert.equal(tampered.json.errorCode, 'UNAUTHORIZED');
    const garbage = await t.raw('POST', '/auth-tokens-by-action', {
      token: null,
      body,
      headers: { 'X-SIGNATURE': '%%%not base64' },
    });
    assert.equal(garbage.status, 401);
    // The signature covers the exact body received: pretty-printed JSON is not the minified JSON that was signed.
    const pretty = await t.raw('POST', '/auth-tokens-by-action', {
      token: null,
      text: JSON.stringify(body, null, 2),
      headers: { 'X-SIGNATURE': await signBody(body, demoPrivateKey) },
    });
    assert.equal(pretty.status, 401);
  });

  test('timestamp: required with a signature, milliseconds, at most 5 minutes from the wall clock', async () => {
    const base = { merchantCode: 'demo-merchant', action: 'PAYIN_INFO', idPayment: 'o-1' };
    const missing = await signedRequest('/auth-tokens-by-action', base);
    assert.equal(missing.status, 401);
    assert.match(missing.json.message, /timestamp/);
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const stale = await signedRequest('/auth-tokens-by-action', {
        ...base,
        timestamp: Date.now() + offset,
      });
      assert.equal(stale.status, 401, `offset ${offset}`);
    }
    const inSeconds = await signedRequest('/auth-tokens-by-action', {
      ...base,
      timestamp: Math.floor(Date.now() / 1000),
    });
    assert.equal(inSeconds.status, 401, 'seconds are read as milliseconds: far in the past');
    const fourMinutesAgo = await signedRequest('/auth-tokens-by-action', {
      ...base,
      timestamp: Date.now() - 4 * 60_000,
    });
    assert.equal(fourMinutesAgo.status, 200);
  });

  test('deprecated secret mode works; a wrong secret, no credential or an unknown merchant → 401', async () => {
    const bySecret = createTokenIssuer({
      baseUrl: t.sandbox.url,
      merchantCode: 'demo-merchant',
      secret: 'demo-secret',
    });
    const token = await bySecret.byAction({ action: 'PAYIN_INFO', idPayment: 'o-1' });
    assert.equal(decodeToken(token)!.merchantCode, 'demo-merchant');
    const wrong = await t.raw('POST', '/auth-tokens', {
      token: null,
      body: { merchantCode: 'demo-merchant', operations: ['GET /balances'], secret: 'nope' },
    });
    assert.equal(wrong.status, 401);
    const none = await t.raw('POST', '/auth-tokens', {
      token: null,
      body: { merchantCode: 'demo-merchant', operations: ['GET /balances'] },
    });
    assert.equal(none.status, 401);
    assert.equal(none.json.errorCode, 'UNAUTHORIZED');
    const stranger = await t.raw('POST', '/auth-tokens', {
      token: null,
      body: { merchantCode: 'who', operations: ['GET /balances'], secret: 'demo-secret' },
    });
    assert.equal(stranger.status, 401);
  });

  test('token request body: not JSON → 400 MALFORMED_JSON; authenticated but invalid → 400 naming each field', async () => {
    const malformed = await t.raw('POST', '/auth-tokens', { token: null, text: '{"merchantCode":' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.errorCode, 'MALFORMED_JSON');
    const invalid = await t.raw('POST', '/auth-tokens-by-action', {
      token: null,
      body: { merchantCode: 'demo-merchant', secret: 'demo-secret', action: 'REFUND', validitySecs: -1 },
    });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.json.errorCode, 'INVALID_REQUEST');
    assert.deepEqual(invalid.json.details.map((d: { field: string }) => d.field).sort(), [
      'action',
      'idPayment',
      'validitySecs',
    ]);
    const noOperations = await t.raw('POST', '/auth-tokens', {
      token: null,
      body: { merchantCode: 'demo-merchant', secret: 'demo-secret' },
    });
    assert.deepEqual(noOperations.json.details, [{ field: 'operations', message: 'is required' }]);
  });

  test('token endpoints need the version header too', async () => {
    const response = await t.raw('POST', '/auth-tokens', {
      token: null,
      version: null,
      body: { merchantCode: 'demo-merchant', secret: 'demo-secret', operations: ['GET /balances'] },
    });
    assert.equal(response.status, 404);
    assert.equal(response.json.errorCode, 'VERSION_UNSUPPORTED');
  });
});

describe('bearer tokens', () => {
  test('missing, malformed, foreign and expired tokens → 401 with UNAUTHORIZED or TOKEN_EXPIRED', async () => {
    const missing = await t.raw('GET', '/merchant-info', { token: null });
    assert.equal(missing.status, 401);
    assert.equal(missing.json.errorCode, 'UNAUTHORIZED');
    const garbage = await t.raw('GET', '/merchant-info', { token: 'not.a.jwt' });
    assert.equal(garbage.status, 401);
    const other = await createSandbox({ port: 0, log: false });
    try {
      const foreign = await other.issueToken({
        merchantCode: 'demo-merchant',
        operations: ['GET /merchant-info'],
      });
      assert.equal((await t.raw('GET', '/merchant-info', { token: foreign })).status, 401);
    } finally {
      await other.close();
    }
    const expired = await t.sandbox.issueToken({
      merchantCode: 'demo-merchant',
      operations: ['GET /merchant-info'],
      issuedAt: Math.floor(t.sandbox.clock.now() / 1000) - 120,
      validitySecs: 60,
    });
    const answer = await t.raw('GET', '/merchant-info', { token: expired });
    assert.equal(answer.status, 401);
    assert.equal(answer.json.errorCode, 'TOKEN_EXPIRED');
    for (const error of [missing, garbage, answer]) {
      assert.ok(errorBodySchema.safeParse(error.json).success);
      assert.deepEqual(Object.keys(error.json).sort(), ['errorCode', 'message']);
    }
  });

  test('an operation the token does not permit → 403 FORBIDDEN; a PAYIN_CREATE token permits exactly its three', async () => {
    const token = await t.issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'scoped-1' });
    const options = await t.raw('POST', '/payins/!availablePaymentOptions', {
      token,
      body: { money: MONEY },
    });
    assert.equal(options.status, 200);
    assert.equal((await t.raw('POST', '/payins/scoped-1', { token, body: payinBody() })).status, 200);
    assert.equal((await t.raw('GET', '/payins/scoped-1', { token })).status, 200);
    for (const [method, path] of [
      ['GET', '/payins/scoped-2'],
      ['POST', '/payins/scoped-2'],
      ['GET', '/merchant-info'],
      ['GET', '/balances'],
      ['GET', '/payins/scoped-1/accounts'],
    ] as const) {
      const answer = await t.raw(method, path, { token, body: method === 'POST' ? payinBody() : undefined });
      assert.equal(answer.status, 403, `${method} ${path}`);
      assert.equal(answer.json.errorCode, 'FORBIDDEN');
    }
  });

  // Issue 21: a token lives in sandbox time, so a test can move a pending payment past its
  // token's expiry; signatures keep the wall clock (the merchant server's, which nothing moves).
  test("advancing the sandbox clock past a token's exp expires it; a token minted then is in sandbox time and signed on the wall clock", async () => {
    const token = await t.issuer.withOperations({ operations: ['GET /merchant-info'], validitySecs: 120 });
    await t.advance(60);
    assert.equal(
      (await t.raw('GET', '/merchant-info', { token })).status,
      200,
      'still within its 120 s of sandbox time',
    );
    await t.advance(61);
    const answer = await t.raw('GET', '/merchant-info', { token });
    assert.equal(answer.status, 401);
    assert.equal(answer.json.errorCode, 'TOKEN_EXPIRED');
    // The issuer signs with Date.now(): the wall clock is what the timestamp window checks.
    const fresh = await t.issuer.withOperations({ operations: ['GET /merchant-info'], validitySecs: 120 });
    const payload = decodeToken(fresh)!;
    assert.ok(Math.abs(payload.iat! * 1000 - t.sandbox.clock.now()) < 5000, 'iat is sandbox time');
    assert.ok(payload.iat! * 1000 - Date.now() > 100_000, 'ahead of the wall clock by the advance');
    const ok = await t.raw('GET', '/merchant-info', { token: fresh });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.json, { channelInfo: { name: 'Demo Shop' } });
  });

  test('money in a token: only a payment of exactly that amount and currency can be created (403 otherwise)', async () => {
    const token = await t.issuer.withOperations({ operations: ['POST /payins/money-.*'], money: MONEY });
    const other = await t.raw('POST', '/payins/money-1', { token, body: payinBody(61) });
    assert.equal(other.status, 403);
    assert.equal(other.json.errorCode, 'FORBIDDEN');
    assert.match(other.json.message, /60 INR/);
    assert.equal((await t.raw('POST', '/payins/money-2', { token, body: payinBody(60, 'THB') })).status, 403);
    assert.equal((await t.raw('POST', '/payins/money-3', { token, body: payinBody(60) })).status, 200);
  });
});

describe('check order: version, token, permission, rate, body, business', () => {
  test('bad version and bad token → 404', async () => {
    const answer = await t.raw('POST', '/payins/o-order', { version: '3', token: 'bad', text: '{' });
    assert.equal(answer.status, 404);
    assert.equal(answer.json.errorCode, 'VERSION_UNSUPPORTED');
  });
  test('bad token and bad body → 401', async () => {
    assert.equal((await t.raw('POST', '/payins/o-order', { token: 'bad', text: '{' })).status, 401);
  });
  test('forbidden and bad body → 403', async () => {
    const token = await t.issuer.byAction({ action: 'PAYIN_INFO', idPayment: 'o-order' });
    assert.equal((await t.raw('POST', '/payins/o-order', { token, text: '{' })).status, 403);
  });
  test('permitted, bad body → 400; valid body, business rule → 406', async () => {
    assert.equal((await t.raw('POST', '/payins/o-order', { text: '{' })).json.errorCode, 'MALFORMED_JSON');
    assert.equal((await t.raw('POST', '/payins/o-order', { body: payinBody(41) })).status, 406);
  });
});

describe('rate limit (10 per second per merchant by default; 3 here)', () => {
  test('the request beyond the limit gets 429 RATE_LIMITED with Retry-After, before its body is read; other merchants go on', async () => {
    // The emulator's wall clock (Date, which its one-second window reads) moves only when the
    // test moves it: a second passes at once, and none passes meanwhile on a slow machine.
    const clock = install({ now: Date.now(), toFake: ['Date'] });
    const limited = await startSandbox({
      rateLimit: 3,
      merchants: [{ merchantCode: 'other-merchant', secrets: ['other-secret'] }],
    });
    try {
      const otherIssuer = createTokenIssuer({
        baseUrl: limited.sandbox.url,
        merchantCode: 'other-merchant',
        secret: 'other-secret',
      });
      const otherToken = await otherIssuer.withOperations({ operations: ['GET /merchant-info'] });
      // The admin token was minted at start; that request counted too: its window passes.
      clock.tick(1000);
      for (let i = 0; i < 3; i++) assert.equal((await limited.raw('GET', '/merchant-info')).status, 200);
      const refused = await limited.raw('POST', '/payins/rl-1', { text: 'not json' });
      assert.equal(refused.status, 429);
      assert.equal(refused.json.errorCode, 'RATE_LIMITED');
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.equal((await limited.raw('GET', '/merchant-info', { token: otherToken })).status, 200);
      clock.tick(999);
      assert.equal((await limited.raw('GET', '/merchant-info')).status, 429, 'the window is one second');
      clock.tick(1);
      assert.equal((await limited.raw('GET', '/merchant-info')).status, 200);
      assert.equal(limited.sandbox.payments.count(), 0, 'the refused request was not processed');
    } finally {
      await limited.sandbox.close();
      clock.uninstall();
    }
  });
});

describe('CORS and routing', () => {
  test('preflight from any origin, without version or token', async () => {
    const response = await fetch(`${t.sandbox.url}/payins/o-1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-api-version,content-type',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'x-api-version', 'content-type', 'x-signature'])
      assert.ok(allowed.includes(header), header);
    assert.match(response.headers.get('access-control-allow-methods')!, /POST/);
  });

  test('answers, errors included, are readable cross-origin and expose Retry-After and Date', async () => {
    const ok = await t.raw('GET', '/merchant-info', { headers: { Origin: 'https://shop.example' } });
    const error = await t.raw('GET', '/merchant-info', {
      token: null,
      headers: { Origin: 'https://shop.example' },
    });
    for (const answer of [ok, error]) {
      assert.equal(answer.headers.get('access-control-allow-origin'), '*');
      assert.match(answer.headers.get('access-control-expose-headers')!, /Retry-After/);
      assert.match(answer.headers.get('access-control-expose-headers')!, /Date/);
    }
  });

  test('unknown route: 404 VERSION_UNSUPPORTED without the version, 404 NOT_FOUND with it; wrong method → 405', async () => {
    assert.equal((await t.raw('GET', '/nothing-here', { version: null })).json.errorCode, 'VERSION_UNSUPPORTED');
    assert.equal((await t.raw('GET', '/nothing-here', { version: '1' })).json.errorCode, 'VERSION_UNSUPPORTED');
    const missing = await t.raw('GET', '/nothing-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.errorCode, 'NOT_FOUND');
    const wrongMethod = await t.raw('DELETE', '/payins/o-1');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.json.errorCode, 'METHOD_NOT_ALLOWED');
    assert.match(wrongMethod.headers.get('allow')!, /GET/);
    assert.equal((await t.raw('GET', '/__sandbox/nothing')).status, 404);
  });

  test('a trailing slash is the same endpoint (the document writes /balances/?currencies=…)', async () => {
    const answer = await t.raw('GET', '/balances/?currencies=INR');
    assert.equal(answer.status, 200);
    assert.deepEqual(
      answer.json.data.map((b: { currencyCode: string }) => b.currencyCode),
      ['INR'],
    );
  });
});
