/**
 * The emulator is a local tool a web page cannot drive: its own tools and token endpoints answer
 * only local origins (the platform endpoints still answer every origin); a signed token request
 * cannot be replayed; a timestamp far ahead of the clock is refused.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { signBody } from '../../src/server/index.js';
import { createSandbox, DEMO_MERCHANT_CODE } from 'pay-checkout-sandbox';
import { demoPrivateKey, payin, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
after(() => t.sandbox.close());

const EVIL = 'https://evil.example';
const preflight = (url: string, origin: string, method = 'POST') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe("CORS: the emulator's tools and token endpoints answer local pages only", () => {
  test('a page of another origin can neither preflight nor send a simple request to /__sandbox/*: nothing is reset or moved', async () => {
    const created = await t.raw('POST', '/payins/kept-1', { body: payin(60) });
    assert.equal(created.status, 200);
    const clockBefore = (await t.raw('GET', '/__sandbox/clock')).json.offsetSeconds;

    for (const path of ['/__sandbox/reset', '/__sandbox/clock/advance', '/__sandbox/faults']) {
      const refused = await preflight(t.sandbox.url + path, EVIL);
      assert.equal(refused.status, 403, `preflight ${path}`);
      assert.equal(refused.headers.get('access-control-allow-origin'), null, `no CORS header on ${path}`);
    }
    // What a form or `fetch(…, { mode: 'no-cors' })` sends: no preflight, but an Origin header.
    const reset = await fetch(`${t.sandbox.url}/__sandbox/reset`, {
      method: 'POST',
      headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
    });
    assert.equal(reset.status, 403);
    assert.equal((await reset.json()).errorCode, 'ORIGIN_NOT_ALLOWED');
    assert.equal(reset.headers.get('access-control-allow-origin'), null);
    const advance = await fetch(`${t.sandbox.url}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
      body: '{"seconds":86400}',
    });
    assert.equal(advance.status, 403);
    const read = await fetch(`${t.sandbox.url}/__sandbox/requests`, { headers: { Origin: 'null' } });
    assert.equal(read.status, 403, 'an opaque origin (sandboxed frame, file:) is not local');

    assert.ok(t.sandbox.payments.get('payin', 'kept-1'), 'nothing was reset');
    assert.equal((await t.raw('GET', '/__sandbox/clock')).json.offsetSeconds, clockBefore, 'the clock did not move');
  });

  test('token endpoints refuse other origins too, even with valid credentials', async () => {
    const body = JSON.stringify({
      merchantCode: DEMO_MERCHANT_CODE,
      secret: 'demo-secret',
      operations: ['GET /payins/.*'],
    });
    const answer = await fetch(`${t.sandbox.url}/auth-tokens`, {
      method: 'POST',
      headers: { Origin: EVIL, 'Content-Type': 'text/plain', 'X-API-Version': '2' },
      body,
    });
    assert.equal(answer.status, 403);
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
    assert.equal((await preflight(`${t.sandbox.url}/auth-tokens-by-action`, EVIL)).status, 403);
  });

  test('loopback origins (localhost, 127.0.0.1, [::1]) and requests without an Origin are served, with CORS for the origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8000', 'http://[::1]:3000']) {
      const allowed = await preflight(`${t.sandbox.url}/__sandbox/clock/advance`, origin);
      assert.equal(allowed.status, 204, origin);
      assert.equal(allowed.headers.get('access-control-allow-origin'), origin);
      assert.match(allowed.headers.get('vary') ?? '', /origin/i);
      const clock = await fetch(`${t.sandbox.url}/__sandbox/clock`, { headers: { Origin: origin } });
      assert.equal(clock.status, 200);
      assert.equal(clock.headers.get('access-control-allow-origin'), origin);
    }
    for (const lookalike of [
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example:8000',
      'http://evil.example:5173',
    ]) {
      assert.equal((await preflight(`${t.sandbox.url}/__sandbox/reset`, lookalike)).status, 403, lookalike);
    }
    assert.equal((await fetch(`${t.sandbox.url}/__sandbox/clock`)).status, 200, 'curl, servers, links followed');
  });

  test('its own origin when reached by IP address (a phone on the LAN), never by a name (DNS rebinding)', async () => {
    const port = new URL(t.sandbox.url).port;
    // fetch keeps its own Host header; node:http sends the one a browser on the LAN would.
    const statusAs = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          `${t.sandbox.url}/__sandbox/clock`,
          { headers: { Host: `${host}:${port}`, Origin: `http://${host}:${port}` } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        request.on('error', reject).end();
      });
    assert.equal(await statusAs('192.168.1.20'), 200);
    assert.equal(await statusAs('rebound.example'), 403);
  });

  test("the platform endpoints keep answering every origin (the element runs on merchants' pages)", async () => {
    const answer = await preflight(`${t.sandbox.url}/payins/o-1`, EVIL);
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    const read = await t.raw('GET', '/merchant-info', { headers: { Origin: EVIL } });
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), '*');
  });

  test('other origins can be allowed by option or by SANDBOX_ALLOWED_ORIGINS; nonsense is refused at start', async () => {
    const byOption = await createSandbox({
      port: 0,
      log: false,
      allowedOrigins: ['https://tools.example:8443'],
    });
    try {
      const answer = await preflight(`${byOption.url}/__sandbox/reset`, 'https://tools.example:8443');
      assert.equal(answer.status, 204);
      assert.equal(answer.headers.get('access-control-allow-origin'), 'https://tools.example:8443');
      assert.equal((await preflight(`${byOption.url}/__sandbox/reset`, EVIL)).status, 403);
    } finally {
      await byOption.close();
    }
    process.env.SANDBOX_ALLOWED_ORIGINS = 'https://a.example, https://b.example';
    try {
      const byEnv = await createSandbox({ port: 0, log: false });
      try {
        assert.equal((await preflight(`${byEnv.url}/__sandbox/reset`, 'https://b.example')).status, 204);
      } finally {
        await byEnv.close();
      }
    } finally {
      delete process.env.SANDBOX_ALLOWED_ORIGINS;
    }
    await assert.rejects(createSandbox({ port: 0, log: false, allowedOrigins: ['shop.example'] }), /allowedOrigins/);
    await assert.rejects(
      createSandbox({ port: 0, log: false, allowedOrigins: ['https://shop.example/path'] }),
      /allowedOrigins/,
    );
  });
});

describe('signed token requests', () => {
  const signed = async (body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    return { text, signature: await signBody(body, demoPrivateKey) };
  };
  const send = (request: { text: string; signature: string }, path = '/auth-tokens-by-action') =>
    t.raw('POST', path, { token: null, text: request.text, headers: { 'X-SIGNATURE': request.signature } });

  test('the same signature twice is refused (401): a captured request cannot be replayed', async () => {
    const request = await signed({
      merchantCode: DEMO_MERCHANT_CODE,
      action: 'PAYIN_INFO',
      idPayment: 'o-replay',
      timestamp: Date.now(),
    });
    const first = await send(request);
    assert.equal(first.status, 200);
    const again = await send(request);
    assert.equal(again.status, 401);
    assert.equal(again.json.errorCode, 'UNAUTHORIZED');
    assert.match(again.json.message, /already used/);
    // A fresh timestamp makes a fresh request.
    const fresh = await send(
      await signed({
        merchantCode: DEMO_MERCHANT_CODE,
        action: 'PAYIN_INFO',
        idPayment: 'o-replay',
        timestamp: Date.now() + 1,
      }),
    );
    assert.equal(fresh.status, 200);
  });

  test('a request refused for its fields (400) does not use its signature up: a retry gets the same answer, not a replay refusal', async () => {
    const request = await signed({
      merchantCode: DEMO_MERCHANT_CODE,
      operations: ['GET /payins/(?!x).*'],
      timestamp: Date.now(),
    });
    assert.equal((await send(request, '/auth-tokens')).status, 400);
    assert.equal((await send(request, '/auth-tokens')).status, 400, 'still a 400, not a replay');
  });

  test('the merchant helper and the demo backend mint one token after another as before', async () => {
    for (let i = 0; i < 3; i++) {
      const token = await t.issuer.byAction({ action: 'PAYIN_CREATE', idPayment: `o-helper-${i}` });
      assert.ok(token);
    }
  });

  test('a timestamp more than a minute ahead of the clock → 401 saying so; 30 s ahead is accepted', async () => {
    const ahead = await send(
      await signed({
        merchantCode: DEMO_MERCHANT_CODE,
        action: 'PAYIN_INFO',
        idPayment: 'o-ahead',
        timestamp: Date.now() + 2 * 60_000,
      }),
    );
    assert.equal(ahead.status, 401);
    assert.match(ahead.json.message, /ahead of the platform's clock/);
    const slightlyAhead = await send(
      await signed({
        merchantCode: DEMO_MERCHANT_CODE,
        action: 'PAYIN_INFO',
        idPayment: 'o-ahead',
        timestamp: Date.now() + 30_000,
      }),
    );
    assert.equal(slightlyAhead.status, 200);
  });
});
