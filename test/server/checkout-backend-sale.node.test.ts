/**
 * The merchant kit in a sale (issue 21): 200 shoppers ask for a checkout at once while the
 * emulator allows the merchant its default 10 requests a second. None fails: each waits its turn
 * in the kit's queue while 4 token requests at a time are patient with the 429s. Past the queue's
 * bound a checkout is answered 503 with Retry-After at once, and a shopper who leaves leaves the
 * queue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type TestSandbox } from '../support/sandbox-node.js';
import { serveKit, type ServedKit } from './checkout-kit.js';
import { until } from './sse-reader.js';

let platform: TestSandbox;
const kits: ServedKit[] = [];

after(async () => {
  for (const kit of kits) await kit.close();
  await platform?.sandbox.close();
});

const SHOPPERS = 200;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe('a sale of 200 checkouts at once, the platform at 10 requests a second', () => {
  before(async () => {
    platform = await startSandbox({ rateLimit: 10 });
  });

  it('every shopper gets a checkout: 4 token requests at a time, the others waiting in line, none failing', async () => {
    const shop = await serveKit(platform, { merchantName: 'Sale Shop' });
    kits.push(shop);
    platform.sandbox.requests.clear();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const response = await shop.post({});
        return { status: response.status, ms: Date.now() - started, body: (await response.json()) as { idPayin?: string; token?: string; options?: unknown } };
      }),
    );
    const durationMs = Date.now() - started;
    const statuses = answers.map((answer) => answer.status);
    assert.deepEqual(statuses.filter((status) => status !== 201), [], 'no checkout fails');
    assert.equal(new Set(answers.map((answer) => answer.body.idPayin)).size, SHOPPERS, 'one payin each');
    assert.ok(answers.every((answer) => answer.body.token && answer.body.options), 'each with its token and the options');

    const stats = shop.backend.stats();
    assert.equal(stats.mints.peakRunning, 4, 'never more than 4 token requests at once');
    // The crowd arrived while the first few were being minted: nearly everyone waited their turn.
    assert.ok(stats.mints.waited >= SHOPPERS - 20, `${stats.mints.waited} checkouts waited for their turn`);
    assert.ok(stats.mints.peakWaiting >= SHOPPERS / 2, `${stats.mints.peakWaiting} checkouts waited at once`);
    assert.equal(stats.mints.refused, 0);
    assert.equal(stats.mints.waiting, 0);

    const tokenRequests = platform.sandbox.requests.list().filter((r) => r.path.startsWith('/auth-tokens'));
    const accepted = tokenRequests.filter((r) => r.status === 200).length;
    const limited = tokenRequests.filter((r) => r.status === 429).length;
    // 200 checkout tokens and the options' server token; 429s bounded by the 4 patient callers.
    assert.equal(accepted, SHOPPERS + 1);
    assert.ok(limited <= 4 * Math.ceil(durationMs / 1000), `${limited} token requests answered 429 in ${durationMs} ms`);
    assert.equal(platform.sandbox.requests.list().filter((r) => r.path === '/payins/!availablePaymentOptions').length, 1, 'one options request for the whole sale');

    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `sale: ${SHOPPERS} checkouts in ${durationMs} ms; answered p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms, max ${times.at(-1)} ms; ` +
        `token requests ${tokenRequests.length} (${accepted} accepted, ${limited} answered 429); waited ${stats.mints.waited}, peak waiting ${stats.mints.peakWaiting}, peak running ${stats.mints.peakRunning}`,
    );
  });
});

describe('the queue bound', () => {
  before(async () => {
    await platform?.sandbox.close();
    platform = await startSandbox();
  });

  it('past maxQueue a checkout is answered 503 with Retry-After at once, and costs the platform nothing', async () => {
    const shop = await serveKit(platform, { concurrentMints: 1, maxQueue: 5, provideOptions: false });
    kits.push(shop);
    // Each token request takes 300 ms, so the first six are still in line when the others arrive.
    platform.sandbox.faults.replace({ latencyMs: 300 });
    platform.sandbox.requests.clear();
    const order: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await shop.post({});
        order.push(response.status);
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { errorCode?: string } };
      }),
    );
    platform.sandbox.faults.reset();
    assert.equal(answers.filter((answer) => answer.status === 201).length, 6, 'one running and five waiting');
    const refused = answers.filter((answer) => answer.status === 503);
    assert.equal(refused.length, 14);
    for (const answer of refused) {
      assert.equal(answer.body.errorCode, 'BUSY');
      assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/);
    }
    assert.deepEqual(order.slice(0, 14), Array(14).fill(503), 'every refusal came before the first checkout was ready');
    assert.equal(shop.backend.stats().mints.refused, 14);
    assert.equal(platform.sandbox.requests.list().filter((r) => r.path.startsWith('/auth-tokens')).length, 6);
  });

  it('a shopper who leaves while waiting leaves the queue: no token is minted for them', async () => {
    const shop = await serveKit(platform, { concurrentMints: 1, provideOptions: false });
    kits.push(shop);
    platform.sandbox.faults.replace({ latencyMs: 300 });
    platform.sandbox.requests.clear();
    const leaving = new AbortController();
    const first = shop.post({});
    await until(() => shop.backend.stats().mints.running === 1);
    const left = shop.post({}, { signal: leaving.signal }).catch((error: Error) => error);
    await until(() => shop.backend.stats().mints.waiting === 1);
    const last = shop.post({});
    await until(() => shop.backend.stats().mints.waiting === 2);
    leaving.abort();
    await until(() => shop.backend.stats().mints.waiting === 1, 3000, 'the leaving shopper to leave the queue');
    assert.equal((await first).status, 201);
    assert.equal((await last).status, 201);
    assert.ok((await left) instanceof Error);
    platform.sandbox.faults.reset();
    assert.equal(platform.sandbox.requests.list().filter((r) => r.path.startsWith('/auth-tokens')).length, 2);
  });
});
