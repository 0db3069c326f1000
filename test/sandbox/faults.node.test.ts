import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAULT_ENV, createSandbox, faultsFromEnv } from 'pay-checkout-sandbox';
import { startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
afterEach(() => t.raw('DELETE', '/__sandbox/faults'));
after(() => t.sandbox.close());

const setFaults = (body: unknown, method = 'POST') => t.raw(method, '/__sandbox/faults', { body });
const payin = {
  paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
  paymentMethod: { paymentMethodCode: 'UPIQR' },
};

describe('fault injection (off by default, platform routes only)', () => {
  test('off by default', async () => {
    assert.deepEqual((await t.raw('GET', '/__sandbox/faults')).json, {});
  });

  test('added latency', async () => {
    // A latency far above what a loaded 2-core machine adds by itself, so that "delayed" and
    // "not delayed" stay apart however busy the machine is.
    await setFaults({ latencyMs: 1000 });
    let started = performance.now();
    assert.equal((await t.raw('GET', '/merchant-info')).status, 200);
    assert.ok(performance.now() - started >= 995, 'platform route delayed');
    started = performance.now();
    await t.raw('GET', '/__sandbox/clock');
    assert.ok(performance.now() - started < 500, '/__sandbox/ not delayed');
    started = performance.now();
    const preflight = await fetch(`${t.sandbox.url}/merchant-info`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-api-version',
      },
    });
    assert.equal(preflight.status, 204);
    assert.ok(performance.now() - started >= 995, 'a preflight waits as long as the request (a network delays both)');
  });

  test('a share of 5xx answers (JSON, request not processed); errorStatus chooses the status', async () => {
    await setFaults({ errorRate: 1 });
    const answer = await t.raw('POST', '/payins/f-5xx', { body: payin });
    assert.equal(answer.status, 503);
    assert.equal(answer.json.errorCode, 'SERVICE_UNAVAILABLE');
    assert.equal((await t.raw('GET', '/__sandbox/clock')).status, 200, 'tools are never faulted');
    await setFaults({ errorStatus: 502 });
    assert.equal((await t.raw('GET', '/merchant-info')).status, 502);
    await t.raw('DELETE', '/__sandbox/faults');
    assert.equal(
      (await t.raw('GET', '/payins/f-5xx')).json.errorCode,
      'PAYIN_NOT_FOUND',
      'the failed create was not processed',
    );
  });

  test('a 429 burst: the next N requests, with Retry-After; the typed client retries through it', async () => {
    await setFaults({ rateLimitBurst: 2 });
    const first = await t.raw('GET', '/merchant-info');
    assert.equal(first.status, 429);
    assert.equal(first.json.errorCode, 'RATE_LIMITED');
    assert.equal(first.headers.get('retry-after'), '1');
    assert.equal((await t.raw('GET', '/merchant-info')).status, 429);
    assert.equal((await t.raw('GET', '/merchant-info')).status, 200);
    assert.equal((await t.raw('GET', '/__sandbox/faults')).json.rateLimitBurst, 0);
    await setFaults({ rateLimitBurst: 2 });
    const info = await t.client().getMerchantInfo({ retry: { retries: 3, maxDelayMs: 5 } });
    assert.equal(info.channelInfo.name, 'Demo Shop');
  });

  test('dropped connections: no answer at all, and the request is not processed', async () => {
    await setFaults({ dropRate: 1 });
    await assert.rejects(
      fetch(`${t.sandbox.url}/payins/f-drop`, {
        method: 'POST',
        headers: { 'X-API-Version': '2', Authorization: `Bearer ${t.adminToken}` },
        body: JSON.stringify(payin),
      }),
    );
    await t.raw('DELETE', '/__sandbox/faults');
    assert.equal((await t.raw('GET', '/payins/f-drop')).status, 404);
    const logged = (await t.raw('GET', '/__sandbox/requests?method=POST&path=/payins/f-drop')).json.data;
    assert.equal(logged.at(-1).status, 'dropped');
  });

  test('malformed bodies: 200 with truncated JSON, though the request was processed', async () => {
    await setFaults({ malformedRate: 1 });
    const answer = await t.raw('POST', '/payins/f-malformed', { body: payin });
    assert.equal(answer.status, 200);
    assert.equal(answer.json, undefined);
    assert.throws(() => JSON.parse(answer.text));
    assert.ok(answer.text.startsWith('{'));
    const typed = await t
      .client()
      .getMerchantInfo()
      .catch((error) => error);
    assert.equal(typed.code, 'BAD_RESPONSE');
    await t.raw('DELETE', '/__sandbox/faults');
    assert.equal((await t.raw('GET', '/payins/f-malformed')).status, 200);
  });

  test('/__sandbox/faults: POST merges, PUT replaces, DELETE turns all off; bodies validated', async () => {
    await setFaults({ latencyMs: 1 });
    assert.deepEqual((await setFaults({ errorRate: 0.5 })).json, { latencyMs: 1, errorRate: 0.5 });
    assert.deepEqual((await setFaults({ dropRate: 0.1 }, 'PUT')).json, { dropRate: 0.1 });
    assert.deepEqual((await t.raw('DELETE', '/__sandbox/faults')).json, {});
    const bad = await setFaults({ errorRate: 2, latency: 5 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json.details.map((d: { field: string }) => d.field).sort(), ['body', 'errorRate']);
  });

  test('set by option and by environment', async () => {
    assert.deepEqual(
      faultsFromEnv({ SANDBOX_LATENCY_MS: '5', SANDBOX_ERROR_RATE: '0.25', SANDBOX_RATE_LIMIT_BURST: '3' }),
      { latencyMs: 5, errorRate: 0.25, rateLimitBurst: 3 },
    );
    assert.throws(() => faultsFromEnv({ SANDBOX_DROP_RATE: 'lots' }), /SANDBOX_DROP_RATE/);
    assert.deepEqual(Object.values(FAULT_ENV).sort(), [
      'SANDBOX_DROP_RATE',
      'SANDBOX_ERROR_RATE',
      'SANDBOX_ERROR_STATUS',
      'SANDBOX_LATENCY_MS',
      'SANDBOX_MALFORMED_RATE',
      'SANDBOX_RATE_LIMIT_BURST',
    ]);

    await assert.rejects(createSandbox({ port: 0, log: false, faults: { errorRate: 5 } }), /invalid faults/);
    await assert.rejects(createSandbox({ port: 0, log: false, settleDelayMs: -1 }), /settleDelayMs/);
    const byOption = await createSandbox({ port: 0, log: false, faults: { errorRate: 1, errorStatus: 500 } });
    process.env.SANDBOX_RATE_LIMIT_BURST = '1';
    const byEnv = await createSandbox({ port: 0, log: false }).finally(
      () => delete process.env.SANDBOX_RATE_LIMIT_BURST,
    );
    try {
      const headers = { 'X-API-Version': '2' };
      assert.equal((await fetch(`${byOption.url}/merchant-info`, { headers })).status, 500);
      assert.equal((await fetch(`${byEnv.url}/merchant-info`, { headers })).status, 429);
      assert.equal((await fetch(`${byEnv.url}/merchant-info`, { headers })).status, 401, 'the burst is spent');
    } finally {
      await Promise.all([byOption.close(), byEnv.close()]);
    }
  });
});

describe('request log', () => {
  test('GET /__sandbox/requests lists platform requests with headers of interest, never the token; DELETE clears', async () => {
    await t.raw('DELETE', '/__sandbox/requests');
    await t.raw('GET', '/merchant-info', { headers: { Origin: 'https://shop.example' } });
    await t.raw('GET', '/merchant-info', { version: null });
    await t.raw('GET', '/__sandbox/clock');
    const entries = (await t.raw('GET', '/__sandbox/requests?path=/merchant-info')).json.data;
    assert.equal(entries.length, 2);
    assert.deepEqual(
      entries.map((e: { status: number }) => e.status),
      [200, 404],
    );
    assert.equal(entries[0].merchantCode, 'demo-merchant');
    assert.equal(entries[0].headers.origin, 'https://shop.example');
    assert.equal(entries[0].headers['x-api-version'], '2');
    assert.equal(entries[0].headers.authorization, 'Bearer …');
    assert.ok(!JSON.stringify(entries).includes(t.adminToken));
    assert.equal(
      (await t.raw('GET', '/__sandbox/requests')).json.data.length,
      2,
      '/__sandbox/ requests are not listed',
    );
    await t.raw('DELETE', '/__sandbox/requests');
    assert.deepEqual((await t.raw('GET', '/__sandbox/requests')).json.data, []);
  });

  test('one line per request to the log function; close() frees the port', async () => {
    const lines: string[] = [];
    const logged = await createSandbox({ port: 0, log: (line) => lines.push(line) });
    await fetch(`${logged.url}/payins/o-1`, { method: 'POST', headers: { 'X-API-Version': '2' } });
    await logged.close();
    assert.match(lines[0]!, /^POST \/payins\/o-1 401 \d+ms$/);
    await assert.rejects(fetch(`${logged.url}/merchant-info`));
  });
});
