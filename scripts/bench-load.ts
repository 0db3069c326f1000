/**
 * `npm run bench:load`: N shoppers of one merchant at once against the emulator at its default
 * limit (10 requests a second per merchant), with the kit's status stream, without it (the elements
 * poll the kit's status route), and with the stream blocked (a host that refuses event streams: the
 * elements open it and fall back to the kit's status route by themselves).
 * A benchmark, not a test: it prints a table, writes dist/bench-load.json and fails only when it
 * cannot measure.
 *
 * The scenario (a sale): N shoppers open the checkout at once. Each asks the shop's server, the
 * merchant kit (`createCheckoutBackend`, scripts/load/merchant-worker.ts), for a checkout (a token
 * minted for a fresh payin, and the options the kit fetched once per currency
 * and amount, given to the element through its `options` property), the element shows UPI QR and
 * the shopper presses Pay (amount 1 INR: PROCESSING until expiry). Once every shopper waits for
 * their payment, payments turn final at 2 a second (POST /__sandbox/payins/{id}/status, which
 * sends the platform's callback to the shop); meanwhile a new shopper asks the shop for a checkout
 * every few seconds, and the time their token takes is measured.
 *
 * Shoppers: up to 100 are real elements (dist/pay-checkout.js) in headless Chromium, 4 tabs per
 * context; beyond, Node clients that run the element's own code (CheckoutSession and its
 * followers: scripts/load/node-crowd.ts). The emulator, the shop's server and the Node shoppers
 * each run in a worker thread of their own.
 *
 *   npm run bench:load                    N = 10, 100 and 1,000, each with the stream, without it and blocked (about 40 min)
 *   npm run bench:load -- --quick         N = 10 and 100 (about 6 min)
 *   npm run bench:load -- --n=1000 --relay=yes --crowd=node   one configuration (--relay=yes, no or blocked)
 *   … --token-scope=by-action             the bare PAYIN_CREATE token (default: the kit's checkout token)
 *   npm run bench:load -- --pending-2h     only the long-pending rows, with the status stream and polling (about 4 min; scripts/load/pending-2h.ts)
 *
 * Every run but a single configuration (--n=, --relay=) ends with the long-pending row: one element
 * with checkout-url whose payment stays pending 2 h of sandbox time against 30-minute tokens, once
 * following the kit's status stream and once polling.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { ensureBuilt } from './ensure-build.mjs';
import { browserCrowd } from './load/browser-crowd.js';
import { figures, figuresTable, type Figures, type RunInput } from './load/figures.js';
import type { CountSnapshot } from './load/request-counts.js';
import type { Crowd, CrowdProgress, ShopperRecord, ShopperSettings } from './load/shopper.js';
import { pending2h, pending2hTable, type Pending2hFigures } from './load/pending-2h.js';
import { startWorker } from './load/threads.js';
import type { MerchantSettings } from './load/merchant-worker.js';
import { chromiumPath } from './page-server.js';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const SIZES = argument('n')?.split(',').map(Number) ?? (quick ? [10, 100] : [10, 100, 1000]);
/** How status reaches the elements: the kit's stream, none (they poll the kit), or the stream refused by the host. */
type StreamMode = 'yes' | 'no' | 'blocked';
const STREAM_MODES: StreamMode[] = ['yes', 'no', 'blocked'];
const RELAY = STREAM_MODES.includes(argument('relay') as StreamMode) ? [argument('relay') as StreamMode] : STREAM_MODES;
const CROWD = (argument('crowd') ?? 'auto') as 'auto' | 'browser' | 'node';
const PENDING_ONLY = process.argv.includes('--pending-2h');
/** The long-pending row runs alone with --pending-2h, and after the crowds unless one configuration is asked for. */
const WITH_PENDING = PENDING_ONLY || (argument('n') === undefined && argument('relay') === undefined);
/** Up to this many shoppers are browser tabs (auto); more are Node clients. */
const MAX_BROWSER_SHOPPERS = 100;
const CHANGE_EVERY_MS = 500;
const NEW_SHOPPER_EVERY_MS = 5000;
/** A shopper who has no checkout after 5 minutes gives up (as Node's fetch would, by its header timeout). */
const SETTINGS: Omit<ShopperSettings, 'relay'> = { checkoutPatienceMs: 300_000 };
/** The shop's one product (1 INR: PROCESSING until it expires), and the token its checkouts get. */
const MERCHANT: Omit<MerchantSettings, 'platformUrl'> = {
  money: { amount: 1, currencyCode: 'INR' },
  tokenScope: argument('token-scope') === 'by-action' ? 'by-action' : 'checkout',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const note = (line: string) => process.stderr.write(`· ${line}\n`);

/** A shopper's first step, as the shop's page takes it: POST /api/checkouts. */
async function askForCheckout(origin: string): Promise<{ options?: unknown }> {
  const answer = await fetch(`${origin}/api/checkouts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!answer.ok)
    throw new Error(`POST /api/checkouts answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  return answer.json();
}

/** The crowd's own thread: Node clients running the element's code. */
async function nodeCrowd(merchantOrigin: string): Promise<Crowd> {
  const worker = await startWorker(new URL('./load/node-crowd.ts', import.meta.url), { merchantOrigin });
  return {
    kind: "Node clients: CheckoutSession with the element's followers (PushedStatus / StatusPoller), eventsource for EventSource",
    prepare: (count) => worker.call('prepare', count),
    go: (settings) => worker.call('go', settings),
    progress: () => worker.call<CrowdProgress>('progress'),
    records: () => worker.call<ShopperRecord[]>('records'),
    close: async () => {
      await worker.call('close');
      await worker.stop();
    },
  };
}

/** Waits until `done` holds or the time is up; prints progress now and then. */
async function waitFor(
  crowd: Crowd,
  what: string,
  done: (p: CrowdProgress) => boolean,
  timeoutMs: number,
): Promise<CrowdProgress> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  for (;;) {
    const progress = await crowd.progress();
    if (done(progress)) return progress;
    if (Date.now() > deadline) {
      note(`${what}: gave up after ${Math.round(timeoutMs / 1000)} s`);
      return progress;
    }
    if (Date.now() - last > 10_000) {
      last = Date.now();
      note(`${what}: ${JSON.stringify(progress)}`);
    }
    await sleep(500);
  }
}

const inBrowser = (n: number) => CROWD === 'browser' || (CROWD === 'auto' && n <= MAX_BROWSER_SHOPPERS);

async function run(n: number, mode: StreamMode): Promise<Figures> {
  const relay = mode !== 'no';
  const emulator = await startWorker<{ url: string }>(new URL('./load/emulator-worker.ts', import.meta.url), {});
  const merchant = await startWorker<{ origin: string }>(new URL('./load/merchant-worker.ts', import.meta.url), {
    platformUrl: emulator.started.url,
    ...MERCHANT,
    blockStreams: mode === 'blocked',
  } satisfies MerchantSettings);
  const origin = merchant.started.origin;
  const useBrowser = inBrowser(n);
  const crowd = useBrowser ? await browserCrowd(origin) : await nodeCrowd(origin);
  note(`N = ${n}, stream ${mode}: ${useBrowser ? 'Chromium' : 'Node clients'}`);

  const newShoppers: RunInput['newShoppers'] = [];
  let phase: 'arrival' | 'steady' = 'arrival';
  let running = true;
  try {
    await crowd.prepare(n);
    // The shop has been open before the sale: its options for this price are cached already.
    if (!(await askForCheckout(origin)).options) throw new Error("The shop's warm-up checkout came without options");
    await sleep(1100);
    await emulator.call('resetCounts');
    await merchant.call('resetCounts');
    const goAt = Date.now();
    await crowd.go({ ...SETTINGS, relay });

    // A new shopper now and then, through the shop as any shopper: how long their token takes.
    const newShopperLoop = (async () => {
      await sleep(2000);
      while (running) {
        const startedPhase = phase;
        const started = Date.now();
        try {
          await askForCheckout(origin);
          newShoppers.push({ phase: startedPhase, ms: Date.now() - started });
        } catch (error) {
          newShoppers.push({ phase: startedPhase, error: (error as Error).message });
        }
        await sleep(Math.max(0, started + NEW_SHOPPER_EVERY_MS - Date.now()));
      }
    })();

    // Every shopper waits for their payment, or has met an error that ends their checkout.
    await waitFor(crowd, 'arrival', (p) => p.pending + p.ended >= n, Math.min(600_000, Math.max(120_000, n * 1000)));
    const arrivedAt = Date.now();
    phase = 'steady';
    const waiting = (await crowd.records()).filter((s) => s.pendingAt !== undefined && s.idPayin);
    note(
      `arrival: ${waiting.length}/${n} pending after ${((arrivedAt - goAt) / 1000).toFixed(1)} s; payments turn final at 2 a second`,
    );

    // Payments turn final at 2 a second, in an order unrelated to arrival.
    const order = waiting.map((s) => s.idPayin!).sort(() => Math.random() - 0.5);
    const changes: RunInput['changes'] = [];
    const firstAt = Date.now();
    for (const [i, idPayin] of order.entries()) {
      await sleep(Math.max(0, firstAt + i * CHANGE_EVERY_MS - Date.now()));
      const at = Date.now();
      changes.push({ idPayin, at });
      void fetch(`${emulator.started.url}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'SUCCESS' }),
      }).then(async (answer) => {
        if (!answer.ok) note(`status change of ${idPayin}: ${answer.status} ${await answer.text()}`);
      });
    }
    // Every changed payment seen by its shopper, or long enough for polling at its slowest.
    await waitFor(crowd, 'final', (p) => p.final >= order.length, mode === 'yes' ? 60_000 : 240_000);
    const endedAt = Date.now();
    running = false;
    await newShopperLoop;

    const [shoppers, emulatorCounts, merchantCounts, callbacks] = await Promise.all([
      crowd.records(),
      emulator.call<CountSnapshot>('counts'),
      merchant.call<CountSnapshot>('counts'),
      merchant.call<RunInput['callbacks']>('callbacks'),
    ]);
    const result = figures({
      n,
      relay,
      streamBlocked: mode === 'blocked',
      crowd: crowd.kind,
      goAt,
      arrivedAt,
      endedAt,
      shoppers,
      changes,
      newShoppers,
      emulator: emulatorCounts,
      merchant: merchantCounts,
      callbacks,
    });
    note(
      `N = ${n}, stream ${mode}: ${JSON.stringify({ shownError: result.shownError, allReadyS: result.allReadyS, perPayment: result.requestsPerPayment, status: result.statusToPayStatusMs, newShopper: result.newShopperTokenMs })}`,
    );
    return result;
  } finally {
    running = false;
    await crowd.close().catch((error) => note(`closing the crowd: ${error}`));
    await merchant.call('close').catch(() => undefined);
    await merchant.stop();
    await emulator.call('close').catch(() => undefined);
    await emulator.stop();
  }
}

function machine() {
  let chromium: string | undefined;
  try {
    chromium = chromiumPath
      ? execFileSync(chromiumPath, ['--version'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim()
      : undefined;
  } catch {
    chromium = undefined;
  }
  return {
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    ramGB: Math.round(totalmem() / 1e9),
    node: process.version,
    chromium,
    loadAverageAtStart: existsSync('/proc/loadavg')
      ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
      : undefined,
  };
}

async function main() {
  // The browser shoppers run the built element; the Node shoppers run src/ itself.
  if (WITH_PENDING || SIZES.some(inBrowser)) await ensureBuilt();
  const started = Date.now();
  const about = machine();
  const results: Figures[] = [];
  if (!PENDING_ONLY) for (const n of SIZES) for (const mode of RELAY) results.push(await run(n, mode));
  let pending: Pending2hFigures[] | undefined;
  if (WITH_PENDING) {
    pending = [];
    for (const stream of [true, false]) {
      const row = await pending2h(note, { stream });
      note(`pending-2h: ${JSON.stringify({ ...row, events: undefined })}`);
      pending.push(row);
    }
  }
  const report = {
    date: new Date().toISOString(),
    machine: about,
    scenario: {
      limit: "10 requests a second per merchant (the emulator's default)",
      checkout: `a shopper waits up to ${SETTINGS.checkoutPatienceMs / 1000} s for the shop's checkout, then gives up (shown an error); ${MERCHANT.money.amount} ${MERCHANT.money.currencyCode}, UPI QR preselected, Pay pressed at pay-ready; ${MERCHANT.tokenScope} token from the shop's createCheckoutBackend; options given through the element's options property (fetched by the kit once per currency and amount)`,
      changes: `every payment turns SUCCESS, one every ${CHANGE_EVERY_MS} ms, once all shoppers wait`,
      newShoppers: `one new shopper asks the shop for a checkout every ${NEW_SHOPPER_EVERY_MS / 1000} s during the run`,
      crowds: `up to ${MAX_BROWSER_SHOPPERS} shoppers: built element in headless Chromium, 4 tabs per context; more: Node clients running CheckoutSession and the element's followers`,
    },
    runSeconds: Math.round((Date.now() - started) / 1000),
    results,
    ...(pending ? { pending2h: pending } : {}),
  };
  mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../dist/bench-load.json', import.meta.url), JSON.stringify(report, null, 2));
  console.log(
    `\nLoad: one merchant, emulator at 10 requests/s (${about.cores} cores, ${about.cpu}, Node ${about.node}; ${report.runSeconds} s)\n`,
  );
  if (results.length) console.log(figuresTable(results));
  if (pending) console.log(`${results.length ? '\n' : ''}${pending2hTable(pending)}`);
  console.log('\nWritten to dist/bench-load.json');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
