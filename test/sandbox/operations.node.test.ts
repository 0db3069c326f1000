/**
 * Token operations in the emulator: matched in linear time (no request holds the server), patterns
 * it cannot match in bounded time refused at issue, and by-action ids never live patterns.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeToken } from '../../src/api/index.js';
import { createTokenIssuer } from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE } from 'pay-checkout-sandbox';
import { demoPrivateKey, payin, startSandbox, type TestSandbox } from '../support/sandbox-node.js';
import { startSandboxInWorker } from './sandbox-in-worker.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
after(() => t.sandbox.close());

const operationsToken = (operations: string[]) =>
  t.raw('POST', '/auth-tokens', {
    token: null,
    body: { merchantCode: DEMO_MERCHANT_CODE, secret: 'demo-secret', operations },
  });

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

describe('linear-time matching', () => {
  test(
    'POST /payins/(a+)+$ against a long id answers at once, and the server goes on serving others meanwhile',
    { timeout: 120_000 },
    async () => {
      // The emulator runs in a worker: were its event loop held, this thread could still see it.
      const sandbox = await startSandboxInWorker();
      try {
        const issuer = createTokenIssuer({
          baseUrl: sandbox.url,
          merchantCode: DEMO_MERCHANT_CODE,
          privateKey: demoPrivateKey,
        });
        const token = await issuer.withOperations({ operations: ['POST /payins/(a+)+$'] });
        const headers = {
          Authorization: `Bearer ${token}`,
          'X-API-Version': '2',
          'Content-Type': 'application/json',
        };
        // Backtracking would try about 2^28 ways to split the a's before giving up on the "!".
        const evil = timed(() =>
          fetch(`${sandbox.url}/payins/${'a'.repeat(28)}!`, {
            method: 'POST',
            headers,
            body: JSON.stringify(payin(60)),
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 30));
        // A held server shows as a long wait (or a reset connection: its idle sockets time out meanwhile).
        const other = await timed(() => fetch(`${sandbox.url}/__sandbox/clock`).catch((error: Error) => error));
        const refused = await evil;
        assert.ok(other.ms < 500, `another request waited ${other.ms.toFixed(0)} ms`);
        assert.ok(refused.ms < 1000, `the request with the long id took ${refused.ms.toFixed(0)} ms`);
        assert.equal((other.value as Response).status, 200);
        assert.equal(refused.value.status, 403, 'the pattern does not match the id with "!"');
        // The same pattern still permits what it matches.
        const matching = await fetch(`${sandbox.url}/payins/${'a'.repeat(28)}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(payin(60)),
        });
        assert.equal(matching.status, 200);
      } finally {
        await sandbox.close();
      }
    },
  );

  test('patterns RE2 cannot compile, Unicode classes and patterns too large to match in bounded time → 400 at issue, naming the operation', async () => {
    const cases: [string, RegExp][] = [
      ['POST /payins/(?!probe).*', /not a regular expression the platform accepts.*\(\?!/],
      ['GET /payins/(\\w)\\1', /not a regular expression the platform accepts/],
      ['GET /payins/\\pL+', /Unicode classes/],
      ['GET /payins/(.{0,30}){30}', /too large to match in bounded time/],
      ['GET /payins/((a{10}){10}){10}', /too large/],
      [`GET /payins/${'x'.repeat(600)}`, /longer than 512/],
    ];
    for (const [operation, message] of cases) {
      const answer = await operationsToken(['GET /merchant-info', operation]);
      assert.equal(answer.status, 400, operation);
      assert.equal(answer.json.errorCode, 'INVALID_REQUEST');
      assert.equal(answer.json.details.length, 1, operation);
      assert.equal(answer.json.details[0].field, 'operations.1', operation);
      assert.match(answer.json.details[0].message, message, operation);
    }
    // Each small, together too large: the whole list is refused before anything is compiled.
    const many = await operationsToken(Array.from({ length: 40 }, (_, i) => `GET /payins/x${i}(.?){9}`));
    assert.equal(many.status, 400);
    assert.deepEqual(
      many.json.details.map((d: { field: string }) => d.field),
      ['operations'],
    );
    const tooMany = await operationsToken(Array.from({ length: 65 }, (_, i) => `GET /payins/o-${i}`));
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.json.details[0].message, /at most 64/);
  });

  test('ordinary operations are accepted and mean what they say: literals, escapes, classes, UUIDs', async () => {
    const uuid = 'GET /payins/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
    const answer = await operationsToken([
      'GET /merchant-info',
      'POST /payins/order\\-2026\\.11',
      'GET /payins/order-2026\\.11',
      uuid,
      'POST /payins/!availablePaymentOptions',
    ]);
    assert.equal(answer.status, 200);
    const token = answer.json.token;
    assert.equal((await t.raw('GET', '/merchant-info', { token })).status, 200);
    assert.equal((await t.raw('POST', '/payins/order-2026.11', { token, body: payin(60) })).status, 200);
    assert.equal((await t.raw('GET', '/payins/order-2026.11', { token })).status, 200);
    assert.equal((await t.raw('GET', '/payins/order-2026x11', { token })).status, 403, 'an escaped dot is a dot');
    assert.equal(
      (await t.raw('GET', '/payins/0f8fad5b-d9cb-469f-a165-70867728950e', { token })).json.errorCode,
      'PAYIN_NOT_FOUND',
    );
    assert.equal((await t.raw('GET', '/payins/0f8fad5b', { token })).status, 403);
    assert.equal(
      (
        await t.raw('POST', '/payins/!availablePaymentOptions', {
          token,
          body: { money: { amount: 60, currencyCode: 'INR' } },
        })
      ).status,
      200,
    );
  });

  test('the method part compares without regard to case, as the browser reads it', async () => {
    // The token endpoint asks for upper-case methods; a token minted directly may carry others.
    const token = await t.sandbox.issueToken({
      merchantCode: DEMO_MERCHANT_CODE,
      operations: ['post /payins/ci-1', 'get /payins/ci-.*'],
    });
    assert.equal((await t.raw('POST', '/payins/ci-1', { token, body: payin(60) })).status, 200);
    assert.equal((await t.raw('GET', '/payins/ci-1', { token })).status, 200);
    assert.equal((await t.raw('POST', '/payins/ci-2', { token, body: payin(60) })).status, 403);
  });
});

describe('by-action ids are literal', () => {
  test('PAYIN_INFO for "victim.*" reads the payin named "victim.*" only, never other customers\' payins', async () => {
    for (const id of ['victim-1', 'victimX', 'victim.9'])
      assert.equal((await t.raw('POST', `/payins/${id}`, { body: payin(60) })).status, 200, id);
    const token = await t.issuer.byAction({ action: 'PAYIN_INFO', idPayment: 'victim.*' });
    for (const id of ['victim-1', 'victimX', 'victim.9']) {
      const read = await t.raw('GET', `/payins/${id}`, { token });
      assert.equal(read.status, 403, `${id} must not be readable`);
      assert.equal(read.json.errorCode, 'FORBIDDEN');
    }
    assert.deepEqual(decodeToken(token)!.operations, ['GET /payins/victim\\.\\*']);
    const own = await t.raw('GET', '/payins/victim.*', { token });
    assert.equal(own.json.errorCode, 'PAYIN_NOT_FOUND', 'its own id is permitted (and does not exist)');
  });

  test('PAYIN_CREATE for "shop.*" cannot create "shopping-cart-9"; WALLET_OPERATION_CREATE for "t+" cannot create "ttt"', async () => {
    const create = await t.issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'shop.*' });
    assert.equal((await t.raw('POST', '/payins/shopping-cart-9', { token: create, body: payin(60) })).status, 403);
    assert.equal((await t.raw('POST', '/payins/shop.*', { token: create, body: payin(60) })).status, 200);
    const wallet = await t.issuer.byAction({ action: 'WALLET_OPERATION_CREATE', idPayment: 't+' });
    const topUp = {
      topUpRequested: { moneyProvided: { amount: 60, currencyCode: 'INR' }, currencyRequired: 'USDT' },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
    };
    assert.equal((await t.raw('POST', '/topups/ttt', { token: wallet, body: topUp })).status, 403);
    assert.equal(
      (await t.raw('POST', `/topups/${encodeURIComponent('t+')}`, { token: wallet, body: topUp })).status,
      200,
    );
  });
});
