/**
 * kitStatusReader (src/checkout/kit-status.ts): what one poll of the merchant kit's status route
 * asks and how each answer reads — the payment, no news, a failure that passes, or a route that
 * refuses the element (the platform from then on, with one warning).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformError } from '../../src/api/errors.js';
import { isPassingFailure } from '../../src/checkout/status-poller.js';
import { kitStatusReader } from '../../src/checkout/kit-status.js';

const URL_ = 'https://shop.example/api/payins/order-1/status?handle=h.s';

type Answer = { status: number; body?: string; headers?: Record<string, string> } | Error;

/** A fetch answering in turn, recording each request's headers and cache mode. */
function kit(...answers: Answer[]) {
  const asked: { url: string; headers: Record<string, string>; cache?: RequestCache }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    asked.push({ url: String(input), headers, cache: init.cache });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer scripted');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

/** The payment as the session checks it: this payin only. */
const parse = (data: unknown) => {
  const payin = data as { idPayin?: string; status?: string };
  if (payin.idPayin !== 'order-1') throw new Error(`another payin: ${payin.idPayin}`);
  return payin;
};

function reader(fetch: typeof globalThis.fetch, platform: string[] = []) {
  return kitStatusReader({
    url: URL_,
    parse,
    fetch,
    fallback: async () => {
      platform.push('GET /payins/order-1');
      return { idPayin: 'order-1', status: 'SUCCESS' };
    },
  });
}

const signal = () => new AbortController().signal;

async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PlatformError, String(error));
    return error;
  }
  throw new Error('expected a rejection');
}

describe('kitStatusReader', () => {
  it('{} before the kit read, then the payment; each poll sends the last ETag, no token, past the cache; 304 is no news', async () => {
    const { fetch, asked } = kit(
      { status: 200, body: '{}', headers: { ETag: '"empty"' } },
      { status: 304, headers: { ETag: '"empty"' } },
      { status: 200, body: '{"payin":{"idPayin":"order-1","status":"SUCCESS"}}', headers: { ETag: '"paid"' } },
      { status: 304 },
    );
    const read = reader(fetch);
    assert.equal(await read(signal()), undefined);
    assert.equal(await read(signal()), undefined);
    assert.deepEqual(await read(signal()), { idPayin: 'order-1', status: 'SUCCESS' });
    assert.equal(await read(signal()), undefined);
    assert.deepEqual(
      asked.map((request) => request.headers['if-none-match']),
      [undefined, '"empty"', '"empty"', '"paid"'],
    );
    for (const request of asked) {
      assert.equal(request.url, URL_);
      assert.equal(request.cache, 'no-store');
      assert.equal(request.headers.authorization, undefined);
      assert.equal(request.headers.accept, 'application/json');
    }
  });

  it('a top-up’s answer is read as the payment too ({"topUp": …})', async () => {
    const { fetch } = kit({ status: 200, body: '{"topUp":{"idPayin":"order-1","status":"FAILED"}}' });
    assert.deepEqual(await reader(fetch)(signal()), { idPayin: 'order-1', status: 'FAILED' });
  });

  it('429, 5xx and no answer pass (Retry-After kept); the platform is not asked', async () => {
    const platform: string[] = [];
    const { fetch } = kit(
      { status: 429, body: '{"errorCode":"BUSY"}', headers: { 'Retry-After': '3' } },
      { status: 503, body: '{"errorCode":"STORE_UNAVAILABLE"}', headers: { 'Retry-After': '1' } },
      new TypeError('fetch failed'),
      { status: 304 },
    );
    const read = reader(fetch, platform);
    const limited = await rejection(read(signal()));
    assert.equal(limited.code, 'RATE_LIMITED');
    assert.equal(limited.retryAfterMs, 3000);
    const down = await rejection(read(signal()));
    assert.deepEqual([down.code, down.httpStatus, down.retryAfterMs], ['SERVER_ERROR', 503, 1000]);
    const network = await rejection(read(signal()));
    assert.equal(network.code, 'NETWORK');
    for (const error of [limited, down, network]) assert.ok(isPassingFailure(error), error.code);
    assert.equal(await read(signal()), undefined, 'the route answers again');
    assert.deepEqual(platform, []);
  });

  for (const status of [400, 403, 404, 405]) {
    it(`${status}: one warning, and the platform from then on`, async (t) => {
      const warn = t.mock.method(console, 'warn', () => undefined);
      const platform: string[] = [];
      const { fetch, asked } = kit({ status, body: '{"errorCode":"FORBIDDEN","message":"not this payment"}' });
      const read = reader(fetch, platform);
      assert.deepEqual(await read(signal()), { idPayin: 'order-1', status: 'SUCCESS' });
      assert.deepEqual(await read(signal()), { idPayin: 'order-1', status: 'SUCCESS' });
      assert.equal(asked.length, 1, 'the route is not asked again');
      assert.equal(platform.length, 2);
      assert.equal(warn.mock.callCount(), 1);
      assert.match(String(warn.mock.calls[0]!.arguments[0]), new RegExp(`status route answered ${status}`));
    });
  }

  it('an answer that is not this payment’s status is BAD_RESPONSE, which passes, and its ETag is not kept', async () => {
    const { fetch, asked } = kit(
      { status: 200, body: '{"payin":{"idPayin":"order-2"}}', headers: { ETag: '"other"' } },
      { status: 200, body: '<html>proxy</html>', headers: { ETag: '"html"' } },
      { status: 304 },
    );
    const read = reader(fetch);
    assert.equal((await rejection(read(signal()))).code, 'BAD_RESPONSE');
    const html = await rejection(read(signal()));
    assert.equal(html.code, 'BAD_RESPONSE');
    assert.ok(isPassingFailure(html));
    await read(signal());
    assert.equal(asked[2]!.headers['if-none-match'], undefined);
  });

  it('aborted: rejects with the signal’s reason, not a failure', async () => {
    const controller = new AbortController();
    const reason = new DOMException('left', 'AbortError');
    const fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      controller.abort(reason);
      throw init.signal!.reason;
    }) as typeof globalThis.fetch;
    await assert.rejects(reader(fetch)(controller.signal), (error) => error === reason);
  });
});
