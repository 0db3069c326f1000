/**
 * The kit's reads waiting out a busy platform: each wait listens to a signal of its own read, not
 * to one signal the whole backend shares, so many payments waiting at once pile no listeners on
 * one signal (Node warns past 10: `MaxListenersExceededWarning … abort listeners added to
 * [AbortSignal]`), and every wait lets its listener go when it ends. The test counts the `abort`
 * listeners of every signal while twelve reads wait out a 429.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startSandbox, type TestSandbox } from '../support/sandbox-node.js';
import { callback, cartOf, pay, serveKit } from './checkout-kit.js';
import { until } from './sse-reader.js';

let platform: TestSandbox;
before(async () => {
  platform = await startSandbox();
});
after(() => platform.sandbox.close());

/** Whether the caller of the caller is a file of the repository's `src/` (not undici's own requests). */
const addedBySource = () => /\/src\/[^\n]*$/.test(new Error().stack!.split('\n')[3] ?? '');

/**
 * The `abort` listeners each signal holds now, and the most it ever held at once; those that our
 * code added (undici's own, on the signals of its requests, go with the request).
 */
function countAbortListeners() {
  const live = new Map<AbortSignal, Set<string>>();
  const most = new Map<AbortSignal, number>();
  const ours = new Set<string>();
  // AbortSignal inherits both from EventTarget: its own versions, set here, are deleted after.
  const { addEventListener, removeEventListener } = AbortSignal.prototype;
  // A listener is one per function and capture flag, as EventTarget counts them.
  const ids = new WeakMap<object, number>();
  let named = 0;
  const keyOf = (listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
    if (!ids.has(listener)) ids.set(listener, ++named);
    return `${ids.get(listener)} ${typeof options === 'boolean' ? options : !!options?.capture}`;
  };
  AbortSignal.prototype.addEventListener = function (
    this: AbortSignal,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type === 'abort') {
      const held = live.get(this) ?? new Set<string>();
      const key = keyOf(listener, options);
      held.add(key);
      if (addedBySource()) ours.add(key);
      live.set(this, held);
      most.set(this, Math.max(most.get(this) ?? 0, held.size));
    }
    return addEventListener.call(this, type, listener, options);
  } as typeof addEventListener;
  AbortSignal.prototype.removeEventListener = function (
    this: AbortSignal,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ) {
    if (type === 'abort') live.get(this)?.delete(keyOf(listener, options));
    return removeEventListener.call(this, type, listener, options);
  } as typeof removeEventListener;
  return {
    /** The most listeners any one signal held at once. */
    most: () => Math.max(0, ...most.values()),
    /** Our listeners still held by signals that have not aborted (an aborted signal's fired and went). */
    left: () =>
      [...live].reduce(
        (sum, [signal, held]) => sum + (signal.aborted ? 0 : [...held].filter((key) => ours.has(key)).length),
        0,
      ),
    /** How many listeners our code added in all. */
    added: () => ours.size,
    restore() {
      delete (AbortSignal.prototype as Partial<AbortSignal>).addEventListener;
      delete (AbortSignal.prototype as Partial<AbortSignal>).removeEventListener;
    },
  };
}

/** A shop whose platform answers the first `limitedReads` reads of each payin 429 with this Retry-After. */
async function busyShop(retryAfter: string, limitedReads: number) {
  /** 429s answered to the kit's reads, by payin. */
  const limited = new Map<string, number>();
  const shop = await serveKit(platform, {
    // 1 INR: the payin stays PROCESSING, and the platform sends no callback of its own.
    order: cartOf(1),
    minReadGapMs: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const read = /^\/payins\/([^/]+)$/.exec(new URL(request.url).pathname);
      const id = read && decodeURIComponent(read[1]!);
      if (request.method === 'GET' && id && (limited.get(id) ?? 0) < limitedReads) {
        limited.set(id, (limited.get(id) ?? 0) + 1);
        return Response.json(
          { errorCode: 'RATE_LIMITED', message: 'Too many requests' },
          { status: 429, headers: { 'Retry-After': retryAfter } },
        );
      }
      return fetch(input, init);
    },
  });
  return Object.assign(shop, { limited });
}

it("twelve reads waiting out the platform's 429 at once wait on signals of their own: no signal holds their listeners", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  // Every read is told to come back in 30 s (the kit waits its longest, 15 s): all twelve wait at once.
  const shop = await busyShop('30', Infinity);
  let closed = false;
  const counts = countAbortListeners();
  try {
    const checkouts = [];
    for (let i = 0; i < 12; i++) checkouts.push(await shop.checkout());
    for (const checkout of checkouts) assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(
      () => shop.limited.size === 12 && shop.backend.stats().following === 12,
      10_000,
      'all twelve reads to wait out their 429',
    );
    assert.ok(counts.added() >= 12, `the reads' waits added ${counts.added()} listeners`);
    assert.ok(counts.most() <= 2, `one signal held ${counts.most()} abort listeners at once`);
    // Closing the backend ends every wait.
    await shop.close();
    closed = true;
    await until(() => shop.backend.stats().following === 0, 5000, 'the reads to end');
    assert.equal(shop.backend.stats().reads, 0);
    assert.deepEqual(
      warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning')),
      [],
    );
  } finally {
    counts.restore();
    process.off('warning', onWarning);
    if (!closed) await shop.close();
  }
});

it('a read whose wait ends lets its listener go', async () => {
  // The first read of each payin is told to come back in 1 s; the next one is answered.
  const shop = await busyShop('1', 1);
  const counts = countAbortListeners();
  try {
    const checkouts = [];
    for (let i = 0; i < 3; i++) checkouts.push(await shop.checkout());
    for (const checkout of checkouts) await pay(checkout);
    for (const checkout of checkouts) assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(
      () => shop.backend.stats().reads === 3 && shop.backend.stats().following === 0,
      10_000,
      'the three reads after their 429',
    );
    assert.equal(shop.limited.size, 3);
    assert.ok(counts.added() >= 3, `the reads' waits added ${counts.added()} listeners`);
    assert.equal(counts.left(), 0, 'every ended wait let its listener go');
  } finally {
    counts.restore();
    await shop.close();
  }
});
