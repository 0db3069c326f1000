/**
 * The kit's status poll (`GET {prefix}/payins/{idPayin}/status?handle=…`, a top-up's under
 * `/topups/`) on one instance against the emulator over real HTTP: the answer from the store with
 * its ETag and 304, refusals as JSON (400, 403, 405, the page's origin), and the safety net on the
 * store's own clock (a fake one here): a pending payment whose last read is older than the bound
 * is read once, one payment per gap for the whole merchant, never while checkouts wait for their
 * tokens, and never once it is final.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { createClient } from '../../src/api/client.js';
import { topUpCheckoutResponseSchema } from '../../src/api/schemas/topup-checkout-response.js';
import {
  memoryCheckoutStore,
  type CheckoutBackendOptions,
  type CheckoutResponse,
  type PayinDetailResponse,
  type TopUpResponse,
} from '../../src/server/index.js';
import { cartOf, pay, PREFIX, requestsFor, shopsOnEmulator } from './checkout-kit.js';
import { until } from './sse-reader.js';

const shops = shopsOnEmulator();

/** A shop whose orders cost 1 INR (PROCESSING until expiry, no callback), its store on a clock the test moves. */
async function kit(options: Partial<CheckoutBackendOptions> = {}) {
  let now = Date.now();
  const served = await shops.serve({
    order: cartOf(1),
    minReadGapMs: 0,
    store: memoryCheckoutStore({ now: () => now }),
    ...options,
  });
  /** GET the status URL (as given, or any path under the kit) with these headers. */
  const poll = (path: string, headers: Record<string, string> = {}) => fetch(served.url + path, { headers });
  /** Every read the shop asked for has ended. */
  const settled = (reads: number) => () =>
    served.backend.stats().reads === reads && served.backend.stats().following === 0;
  return Object.assign(served, { poll, settled, advance: (ms: number) => void (now += ms) });
}

const bodyOf = async (response: Response) => {
  assert.equal(response.status, 200, await response.clone().text());
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return (await response.json()) as { payin?: PayinDetailResponse; topUp?: TopUpResponse };
};
const errorOf = async (response: Response) => {
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return (await response.json()) as { errorCode: string; message: string; details?: { field: string }[] };
};
/** Settles a payin on the emulator, which calls the shop back. */
const settle = (idPayin: string, status: 'SUCCESS' | 'FAILED') =>
  shops.platform.raw('POST', `/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, { body: { status } });

describe('the status poll answers from the store', () => {
  it('each checkout carries its status-poll URL, answered {} with an ETag before any read, then 304 to that ETag, with no platform request', async () => {
    const shop = await kit();
    const checkout = await shop.checkout();
    assert.equal(
      checkout.statusPollUrl,
      `${PREFIX}/payins/${encodeURIComponent(checkout.idPayin)}/status?handle=${checkout.handle}`,
    );
    await pay(checkout);
    shops.platform.sandbox.requests.clear();

    const first = await shop.poll(checkout.statusPollUrl!);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[A-Za-z0-9_-]{22}"$/);
    assert.equal(first.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await bodyOf(first), {});

    for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await shop.poll(checkout.statusPollUrl!, { 'If-None-Match': ifNoneMatch });
      assert.equal(again.status, 304, ifNoneMatch);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(again.headers.get('cache-control'), 'no-store');
      assert.equal(await again.text(), '');
    }
    assert.equal((await shop.poll(checkout.statusPollUrl!, { 'If-None-Match': '"other"' })).status, 200);
    assert.equal(shop.backend.stats().polls, 6);
    assert.equal(shop.backend.stats().notModified, 4);
    assert.deepEqual(shops.platform.sandbox.requests.list(), [], 'the polls cost the platform nothing');
  });

  it('after the callback the poll carries the payin the shop read, under a new ETag; a top-up its top-up', async () => {
    const shop = await kit();
    const checkout = await shop.checkout();
    await pay(checkout);
    const before = await shop.poll(checkout.statusPollUrl!);
    const emptyTag = before.headers.get('etag')!;
    await settle(checkout.idPayin, 'SUCCESS');
    await until(shop.settled(1), 5000, 'the read after the callback');

    const after = await shop.poll(checkout.statusPollUrl!, { 'If-None-Match': emptyTag });
    const tag = after.headers.get('etag');
    assert.notEqual(tag, emptyTag);
    const { payin } = await bodyOf(after);
    assert.equal(payin?.status, 'SUCCESS');
    assert.equal(payin?.paymentMethodResponse.idPayin, checkout.idPayin);
    assert.deepEqual(payin, await shop.backend.lastPayment(checkout.idPayin));
    assert.equal((await shop.poll(checkout.statusPollUrl!, { 'If-None-Match': tag! })).status, 304);

    // A top-up (USD 100 paid in rupees: SUCCESS shortly, with its callback).
    const topUpShop = await kit({
      order: () => ({
        kind: 'topup',
        idTopUp: `dep-${randomUUID()}`,
        topUpRequested: { moneyRequired: { amount: 100, currencyCode: 'USD' }, currencyProvided: 'INR' },
      }),
    });
    const answer = await topUpShop.post({});
    const topUp = topUpCheckoutResponseSchema.parse(await answer.json());
    assert.equal(topUp.statusPollUrl, `${PREFIX}/topups/${topUp.idTopUp}/status?handle=${topUp.handle}`);
    assert.deepEqual(await bodyOf(await topUpShop.poll(topUp.statusPollUrl!)), {});
    await createClient({ baseUrl: topUp.baseUrl, token: topUp.token }).createTopUp(topUp.idTopUp, {
      topUpRequested: topUp.topUpRequested as never,
      paymentMethod: { paymentMethodCode: 'UPIQR' } as never,
      callbackUrl: topUp.callbackUrl,
    });
    await until(topUpShop.settled(1), 5000, "the top-up's read after its callback");
    const read = await bodyOf(await topUpShop.poll(topUp.statusPollUrl!));
    assert.equal(read.topUp?.status, 'SUCCESS');
    assert.equal(read.payin, undefined);
  });
});

describe('refusals are JSON, never a 500', () => {
  it("400 without a handle or for a bad id; 403 for a stranger's, another payin's or another kind's handle; 405 for POST", async () => {
    const shop = await kit();
    const [mine, theirs] = [await shop.checkout(), await shop.checkout()];
    const path = (id: string, collection = 'payins') => `${PREFIX}/${collection}/${encodeURIComponent(id)}/status`;

    const missing = await shop.poll(path(mine.idPayin));
    assert.equal(missing.status, 400);
    const missingError = await errorOf(missing);
    assert.equal(missingError.errorCode, 'INVALID_REQUEST');
    assert.deepEqual(
      missingError.details?.map((detail) => detail.field),
      ['handle'],
    );
    const badId = await shop.poll(`${PREFIX}/payins/a%20b/status?handle=${mine.handle}`);
    assert.equal(badId.status, 400);
    assert.deepEqual(
      (await errorOf(badId)).details?.map((detail) => detail.field),
      ['idPayin'],
    );

    const [body, signature] = mine.handle!.split('.') as [string, string];
    const forged = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const refused: [string, string][] = [
      [`${path(mine.idPayin)}?handle=${theirs.handle}`, 'another payin'],
      [`${path(mine.idPayin)}?handle=${forged}`, 'not one this shop gave'],
      [`${path(mine.idPayin)}?handle=not-a-handle`, 'not one this shop gave'],
      [`${path(mine.idPayin)}?handle=`, 'not one this shop gave'],
      [`${path(mine.idPayin, 'topups')}?handle=${mine.handle}`, 'another payin, not of this top-up'],
    ];
    for (const [url, words] of refused) {
      const response = await shop.poll(url);
      assert.equal(response.status, 403, url);
      const error = await errorOf(response);
      assert.equal(error.errorCode, 'FORBIDDEN');
      assert.match(error.message, new RegExp(words));
    }

    const posted = await fetch(shop.url + mine.statusPollUrl!, { method: 'POST' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET');
    assert.equal(shop.backend.stats().polls, 0);
  });

  it("answers a page of an allowed origin with CORS headers that expose the ETag, and refuses another origin's page", async () => {
    const shop = await kit({ relay: { allowOrigins: ['https://shop.example'] } });
    const checkout = await shop.checkout();
    const allowed = await shop.poll(checkout.statusPollUrl!, { Origin: 'https://shop.example' });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
    assert.equal(allowed.headers.get('access-control-expose-headers'), 'ETag');
    assert.deepEqual(await bodyOf(allowed), {});

    const preflight = await fetch(shop.url + checkout.statusPollUrl!, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'If-None-Match');
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET');

    const other = await shop.poll(checkout.statusPollUrl!, { Origin: 'https://evil.example' });
    assert.equal(other.status, 403);
    const error = await errorOf(other);
    assert.equal(error.errorCode, 'ORIGIN_NOT_ALLOWED');
    assert.match(error.message, /may not poll this status/);
  });

  it('a store that fails is 503 with Retry-After', async () => {
    const store = memoryCheckoutStore();
    const shop = await kit({
      store: {
        ...store,
        lastPayin: async () => {
          throw new Error('The store is down');
        },
      },
    });
    const checkout = await shop.checkout();
    const response = await shop.poll(checkout.statusPollUrl!);
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '1');
    assert.equal((await errorOf(response)).errorCode, 'STORE_UNAVAILABLE');
  });
});

describe('the safety net, in case no callback ever comes', () => {
  /** Two payins of a shop, created on the platform and never called back about (1 INR stays PROCESSING). */
  async function twoPending(shop: Awaited<ReturnType<typeof kit>>): Promise<[CheckoutResponse, CheckoutResponse]> {
    const checkouts = [await shop.checkout(), await shop.checkout()] as const;
    for (const checkout of checkouts) await pay(checkout);
    shops.platform.sandbox.requests.clear();
    return [...checkouts];
  }

  it('a poll after the bound has the kit read the payin once; the merchant gets one such read per gap; a final payin is never read again', async () => {
    const shop = await kit({ pollReadAfterMs: 60_000, pollReadGapMs: 2000 });
    const [x, y] = await twoPending(shop);
    const reads = (checkout: CheckoutResponse) => requestsFor(shops.platform, checkout.idPayin, 'GET').length;

    // Within the bound from its checkout: no read, however often it is polled.
    for (let i = 0; i < 5; i++) assert.deepEqual(await bodyOf(await shop.poll(x.statusPollUrl!)), {});
    assert.equal(shop.backend.stats().pollReads, 0);

    shop.advance(60_001);
    assert.deepEqual(await bodyOf(await shop.poll(x.statusPollUrl!)), {}, 'the poll does not wait for the read');
    await until(shop.settled(1), 5000, 'the safety-net read');
    assert.equal(reads(x), 1);
    assert.equal((await bodyOf(await shop.poll(x.statusPollUrl!))).payin?.status, 'PROCESSING');
    // y is as old, but the merchant's turn was taken just now.
    await shop.poll(y.statusPollUrl!);
    assert.equal(shop.backend.stats().pollReads, 1);
    shop.advance(2000);
    await shop.poll(y.statusPollUrl!);
    await until(shop.settled(2), 5000, "y's read");
    assert.deepEqual([reads(x), reads(y)], [1, 1]);
    // x was read 2 s ago: fresh.
    shop.advance(2000);
    await shop.poll(x.statusPollUrl!);
    assert.equal(shop.backend.stats().pollReads, 2);

    // x turns final (its callback, then the shop's read); past the bound, it is never read again.
    await settle(x.idPayin, 'SUCCESS');
    await until(shop.settled(3), 5000, 'the read after the callback');
    shop.advance(120_000);
    assert.equal((await bodyOf(await shop.poll(x.statusPollUrl!))).payin?.status, 'SUCCESS');
    assert.equal(shop.backend.stats().pollReads, 2);
    assert.equal(reads(x), 2, 'the read after the callback, and no other');
  });

  it('yields while checkouts wait for their tokens', async () => {
    let holdMints = false;
    const held: (() => void)[] = [];
    const shop = await kit({
      concurrentMints: 1,
      // The shop's token requests wait while the test holds them (a platform slow to mint).
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (holdMints && url.pathname === '/auth-tokens') await new Promise<void>((resolve) => held.push(resolve));
        return fetch(input, init);
      },
    });
    const [x] = await twoPending(shop);
    shop.advance(60_001);
    holdMints = true;
    const waiting = [shop.post({}), shop.post({})];
    try {
      await until(
        () => held.length === 1 && shop.backend.stats().mints.waiting === 1,
        5000,
        'a checkout to wait for its token behind a held one',
      );
      await shop.poll(x.statusPollUrl!);
      assert.equal(shop.backend.stats().pollReads, 0, 'no safety-net read while a checkout waits');
    } finally {
      holdMints = false;
      held.splice(0).forEach((release) => release());
    }
    assert.deepEqual(
      (await Promise.all(waiting)).map((answer) => answer.status),
      [201, 201],
    );
    await shop.poll(x.statusPollUrl!);
    assert.equal(shop.backend.stats().pollReads, 1);
    await until(shop.settled(1), 5000, 'the safety-net read');
  });
});
