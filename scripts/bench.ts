/**
 * `npm run bench`: what <pay-checkout> costs a page and the platform (issue 7, item 5), measured
 * on the BUILT element (dist/) in headless Chromium through Playwright, against the sandbox
 * emulator in-process. A benchmark, not a test: it prints a table, writes dist/bench.json and
 * fails only when it cannot measure.
 *
 *   npm run bench              full run (about 4 minutes: the poll rates use real 60 s windows)
 *   npm run bench -- --quick   15 s poll windows extrapolated to a minute, fewer samples
 *
 * Figures: bundle sizes; requests and sequential round trips from connect to pay-ready with
 * 200 ms of latency injected by the emulator; poll requests per minute while pending, visible and
 * hidden; time from a status change in the emulator to pay-status; heap, timers and listeners
 * after 500 mount–unmount cycles.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { writeFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright';
import { ensureBuilt } from './ensure-build.mjs';
import {
  chunkStem,
  describeChunk,
  LOCALE_CHUNK,
  measureElement,
  qrPayerSizes,
  sumOf,
  viewsChunk,
  payinEnglishChunk,
  type ChunkGroup,
} from './bundle-sizes.js';
import { table } from './text-table.js';
import { checkoutHtml, launchChromium, startPageServer, uniquePayinId, type PageServer } from './page-server.js';

const quick = process.argv.includes('--quick');
const LATENCY_MS = 200;
const READY_SAMPLES = quick ? 3 : 7;
const STATUS_SAMPLES = quick ? 5 : 11;
const POLL_WINDOW_S = quick ? 15 : 60;
const CYCLES = 500;
const WARM_CYCLES = 10;

const dist = new URL('../dist/', import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const stats = (values: number[]) => ({
  min: Math.min(...values),
  median: median(values),
  max: Math.max(...values),
  samples: values.length,
});
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const progress = (line: string) => process.stderr.write(`· ${line}\n`);

/**
 * In-page helpers, evaluated as a string (a function would be compiled by tsx with helpers the
 * page does not have). `mount` appends a <pay-checkout> and resolves at its pay-ready.
 */
const PAGE_HELPERS = `window.__bench = {
  mount(attributes) {
    const element = document.createElement('pay-checkout');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    const ready = new Promise((resolve, reject) => {
      element.addEventListener('pay-ready', () => resolve(performance.now()), { once: true });
      element.addEventListener('pay-error', (event) => reject(new Error(event.detail.code + ': ' + event.detail.message)), { once: true });
    });
    const t0 = performance.now();
    document.getElementById('host').append(element);
    return { element, t0, ready };
  },
  async timeToReady(attributes, platform) {
    performance.clearResourceTimings();
    const { t0, ready } = this.mount(attributes);
    const tReady = await ready;
    const fetches = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.startsWith(platform) && entry.startTime >= t0 && entry.responseEnd <= tReady)
      .map((entry) => ({ url: entry.name, start: entry.startTime - t0, end: entry.responseEnd - t0 }));
    return { ms: tReady - t0, fetches };
  },
  async cycles(list) {
    for (const attributes of list) {
      const { element, ready } = this.mount(attributes);
      await ready;
      element.remove();
    }
    performance.clearResourceTimings();
  },
  setHidden(hidden) {
    if (hidden) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    } else {
      delete document.visibilityState;
      delete document.hidden;
    }
    document.dispatchEvent(new Event('visibilitychange'));
    return document.visibilityState;
  },
};`;

interface Fetch {
  url: string;
  start: number;
  end: number;
}

/** The longest chain of fetches each starting after the previous one ended: sequential round trips. */
function criticalPathDepth(fetches: Fetch[]): number {
  const sorted = [...fetches].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((fetch, i) => {
    depth[i] =
      1 + Math.max(0, ...sorted.slice(0, i).flatMap((before, j) => (before.end <= fetch.start ? [depth[j]!] : [])));
  });
  return Math.max(0, ...depth);
}

/** A page of the server with the element's module loaded and the bench helpers, no element yet. */
async function openBenchPage(
  browser: Browser,
  server: PageServer,
  options: { csp?: string | false; instrument?: boolean; record?: boolean } = {},
) {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(
    server.page(checkoutHtml({ instrument: options.instrument, record: options.record }), {
      csp: options.csp,
    }),
  );
  await page.evaluate(() => customElements.whenDefined('pay-checkout'));
  await page.evaluate(PAGE_HELPERS);
  return { page, context, errors, close: () => context.close() };
}

const checkoutAttributes = (token: string, baseUrl: string, idPayin: string, amount: number) => ({
  token,
  'base-url': baseUrl,
  'payin-id': idPayin,
  amount: String(amount),
  'currency-code': 'INR',
  'payment-method-code': 'UPIQR',
});

// ── 1. Bundle sizes ─────────────────────────────────────────────────────────────────────────────

function bundleSizes() {
  const sizes = measureElement(dist);
  const label = (group: ChunkGroup) => describeChunk(group.files[0]!);
  const row = (name: string, group: ChunkGroup) => ({
    name,
    files: group.files,
    raw: group.raw,
    gzip: group.gzip,
    brotli: group.brotli,
  });
  const views = viewsChunk(sizes);
  const english = payinEnglishChunk(sizes);
  // What a shopper paying by QR downloads in all (issue 24: at most 42,500 B brotli, 0.4× Adyen Drop-in).
  // The bundled locales, as dist/ has them: one chunk each, named by its tag.
  const bundled = sizes.lazy.flatMap((group) => {
    const locale = LOCALE_CHUNK.exec(chunkStem(group.files[0]!));
    return locale && !locale[1] && !locale[3] ? [locale[2]!] : [];
  });
  const payers = ['en', 'th', ...bundled.filter((locale) => locale !== 'th' && locale !== 'en')].flatMap((locale) => {
    const payer = qrPayerSizes(sizes, locale);
    return payer ? [row(`a QR payer in ${locale}, in all`, payer)] : [];
  });
  return [
    row('initial load', sizes.initial),
    ...sizes.lazy.map((group) => row(label(group), group)),
    ...(views && english ? [row('payment views with their English', sumOf(views, english))] : []),
    ...payers,
  ];
}

// ── 2. Connect → pay-ready with 200 ms latency ──────────────────────────────────────────────────

interface ReadyScenario {
  name: string;
  note: string;
  /** The base-url, and the emulator's injected latency for this scenario. */
  setup(
    server: PageServer,
  ): Promise<{ baseUrl: string; latencyMs: number; csp?: string | false; close?: () => Promise<void> }>;
}

const READY_SCENARIOS: ReadyScenario[] = [
  {
    name: 'same origin',
    note: `page under the strict CSP, platform forwarded on the page's origin (no CORS preflight); emulator latency ${LATENCY_MS} ms`,
    setup: async (server) => ({ baseUrl: server.platformUrl, latencyMs: LATENCY_MS }),
  },
  {
    name: 'cross origin',
    note: `platform on its own origin, as merchants embed it; emulator latency ${LATENCY_MS} ms on every request, CORS preflights included (as a network delays both)`,
    setup: async (server) => ({ baseUrl: server.sandbox.url, latencyMs: LATENCY_MS, csp: false }),
  },
];

async function timeToReady(browser: Browser, server: PageServer) {
  const results = [];
  // One untimed run first: the first page of a fresh browser and server pays one-off costs.
  {
    const idPayin = uniquePayinId('bench-warm');
    const token = await server.tokenFor(idPayin, { amount: 60, currencyCode: 'INR' });
    const { page, close } = await openBenchPage(browser, server);
    await page.evaluate(([attributes, platform]) => (window as any).__bench.timeToReady(attributes, platform), [
      checkoutAttributes(token, server.platformUrl, idPayin, 60),
      server.platformUrl,
    ] as const);
    await close();
  }
  for (const scenario of READY_SCENARIOS) {
    const { baseUrl, latencyMs, csp, close } = await scenario.setup(server);
    server.sandbox.faults.replace(latencyMs ? { latencyMs } : {});
    const samples: { ms: number; requests: number; preflights: number; depth: number; paths: string[] }[] = [];
    try {
      for (let i = 0; i < READY_SAMPLES; i++) {
        const idPayin = uniquePayinId('bench-ready');
        const token = await server.tokenFor(idPayin, { amount: 60, currencyCode: 'INR' });
        // A fresh context each time: no connection, no cached preflight.
        const { page, errors, close: closePage } = await openBenchPage(browser, server, { csp });
        try {
          server.sandbox.requests.clear();
          const { ms, fetches } = (await page.evaluate(
            ([attributes, platform]) => (window as any).__bench.timeToReady(attributes, platform),
            [checkoutAttributes(token, baseUrl, idPayin, 60), baseUrl] as const,
          )) as { ms: number; fetches: Fetch[] };
          const logged = server.sandbox.requests.list().filter((entry) => !entry.path.startsWith('/auth-tokens'));
          if (errors.length) throw new Error(errors.join('\n'));
          samples.push({
            ms,
            requests: logged.filter((entry) => entry.method !== 'OPTIONS').length,
            preflights: logged.filter((entry) => entry.method === 'OPTIONS').length,
            depth: criticalPathDepth(fetches),
            paths: logged.map((entry) => `${entry.method} ${entry.path.replace(idPayin, '{idPayin}')}`),
          });
        } finally {
          await closePage();
        }
      }
    } finally {
      server.sandbox.faults.reset();
      await close?.();
    }
    const ms = stats(samples.map((sample) => sample.ms));
    results.push({
      scenario: scenario.name,
      note: scenario.note,
      requests: median(samples.map((sample) => sample.requests)),
      preflights: median(samples.map((sample) => sample.preflights)),
      requestPaths: [...new Set(samples.flatMap((sample) => sample.paths))].sort(),
      sequentialFetches: Math.max(...samples.map((sample) => sample.depth)),
      // The fastest sample: a loaded machine only ever adds time to the critical path.
      latencyPeriods: Math.round(ms.min / LATENCY_MS),
      timeToReadyMs: {
        min: round(ms.min),
        median: round(ms.median),
        max: round(ms.max),
        samples: ms.samples,
      },
    });
    progress(`ready (${scenario.name}): ${round(ms.median)} ms median`);
  }
  return results;
}

// ── 3. Polls per minute while pending, visible and hidden ───────────────────────────────────────

/** Mounts an element for a payin that stays PROCESSING (amount 1: until expiry) and presses Pay. */
async function startPending(page: Page, server: PageServer) {
  const idPayin = uniquePayinId('bench-poll');
  const token = await server.tokenFor(idPayin, { amount: 1, currencyCode: 'INR' });
  await page.evaluate(
    (attributes) => (window as any).__bench.mount(attributes).ready,
    checkoutAttributes(token, server.platformUrl, idPayin, 1),
  );
  await page.locator('#host pay-checkout[state="select"] [part="submit"]').click();
  await page.locator('#host pay-checkout[state="pending"]').waitFor();
  return idPayin;
}

const payinReads = (server: PageServer, idPayin: string, from: number, to: number) =>
  server.sandbox.requests
    .list()
    .filter((entry) => entry.method === 'GET' && entry.path === `/payins/${idPayin}`)
    .map((entry) => Date.parse(entry.at))
    .filter((at) => at >= from && at < to);

async function pollRates(browser: Browser, server: PageServer) {
  const windowMs = POLL_WINDOW_S * 1000;
  const perMinute = (count: number) => round((count * 60) / POLL_WINDOW_S, 1);

  const visible = async () => {
    const { page, close } = await openBenchPage(browser, server);
    try {
      const idPayin = await startPending(page, server);
      const t0 = Date.now();
      await sleep(quick ? windowMs : 2 * windowMs);
      const first = payinReads(server, idPayin, t0, t0 + windowMs).length;
      const later = quick ? undefined : payinReads(server, idPayin, t0 + windowMs, t0 + 2 * windowMs).length;
      return { first, later };
    } finally {
      await close();
    }
  };

  const hidden = async () => {
    const { page, close } = await openBenchPage(browser, server);
    try {
      const idPayin = await startPending(page, server);
      // Hidden after the first poll has answered: the element's own pause logic is what is measured.
      await page.waitForFunction(() =>
        (window as any).payEvents.some((event: { type: string }) => event.type === 'pay-status'),
      );
      const state = await page.evaluate(() => (window as any).__bench.setHidden(true));
      if (state !== 'hidden') throw new Error(`visibilityState is ${state}`);
      const t0 = Date.now();
      await sleep(windowMs);
      const count = payinReads(server, idPayin, t0, t0 + windowMs).length;
      const shown = Date.now();
      await page.evaluate(() => (window as any).__bench.setHidden(false));
      await sleep(1500);
      const afterShown = payinReads(server, idPayin, shown, Date.now());
      return { count, firstReadAfterShownMs: afterShown.length ? afterShown[0]! - shown : undefined };
    } finally {
      await close();
    }
  };

  server.sandbox.requests.clear();
  const [v, h] = await Promise.all([visible(), hidden()]);
  progress(`polls: visible ${v.first}, hidden ${h.count} in ${POLL_WINDOW_S} s`);
  return {
    windowSeconds: POLL_WINDOW_S,
    method: `requests GET /payins/{idPayin} in the emulator's log over real ${POLL_WINDOW_S} s windows${POLL_WINDOW_S === 60 ? '' : ', extrapolated to a minute'}; hidden = document.visibilityState overridden to "hidden" and a visibilitychange event dispatched (headless Chromium never hides a page), so the element's own pause logic is measured, not the browser's timer throttling`,
    visibleFirstMinute: perMinute(v.first),
    visibleAfterFirstMinute: v.later === undefined ? undefined : perMinute(v.later),
    hidden: perMinute(h.count),
    firstPollAfterShownMs: h.firstReadAfterShownMs,
  };
}

// ── 4. Status change in the emulator → pay-status ───────────────────────────────────────────────

async function statusLatency(browser: Browser, server: PageServer) {
  const { page, close } = await openBenchPage(browser, server);
  const samples: number[] = [];
  try {
    for (let i = 0; i < STATUS_SAMPLES; i++) {
      const idPayin = await startPending(page, server);
      await page.waitForFunction(() =>
        (window as any).payEvents.some((event: { type: string }) => event.type === 'pay-status'),
      );
      // A change at a random moment of the poll interval.
      await sleep(Math.random() * 2000);
      const changedAt = Date.now();
      const answer = await fetch(`${server.sandbox.url}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'SUCCESS' }),
      });
      if (!answer.ok) throw new Error(`force status: ${answer.status} ${await answer.text()}`);
      // The wall-clock time the element dispatched it (recorded by /support/record.js).
      const seen = await page.waitForFunction(
        () =>
          (window as any).payEvents.find(
            (event: { type: string; status?: string }) => event.type === 'pay-status' && event.status === 'SUCCESS',
          )?.wall,
        undefined,
        { polling: 50 },
      );
      const seenAt = (await seen.jsonValue()) as number;
      samples.push(seenAt - changedAt);
      await page.evaluate(() => {
        document.getElementById('host')!.replaceChildren();
        (window as any).payEvents.length = 0;
      });
    }
  } finally {
    await close();
  }
  const s = stats(samples);
  progress(`status → pay-status: ${s.median} ms median`);
  return { ...s, samplesMs: samples };
}

// ── 5. 500 mount–unmount cycles ─────────────────────────────────────────────────────────────────

async function heapAfterCycles(browser: Browser, server: PageServer) {
  const { page, errors, close } = await openBenchPage(browser, server, { instrument: true, record: false });
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const measure = async () => {
    await page.evaluate(() => performance.clearResourceTimings());
    await sleep(300);
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value;
    const live = (await page.evaluate(() => (window as any).__liveResources())) as {
      timers: number;
      timersByKind: Record<string, number>;
      listeners: number;
      listenersByType: Record<string, number>;
    };
    return {
      heapUsed: heap.usedSize,
      nodes: metric('Nodes'),
      jsEventListeners: metric('JSEventListeners'),
      elements: await page.locator('pay-checkout').count(),
      ...live,
    };
  };
  const run = async (count: number) => {
    const list = [];
    for (let i = 0; i < count; i += 25) {
      list.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, count - i) }, async () => {
            const idPayin = uniquePayinId('bench-cycle');
            return checkoutAttributes(
              await server.tokenFor(idPayin, { amount: 60, currencyCode: 'INR' }),
              server.platformUrl,
              idPayin,
              60,
            );
          }),
        )),
      );
    }
    const started = Date.now();
    await page.evaluate((attributes) => (window as any).__bench.cycles(attributes), list);
    return Date.now() - started;
  };
  try {
    const before = await measure();
    await run(WARM_CYCLES);
    const warm = await measure();
    const ms = await run(CYCLES - WARM_CYCLES);
    // Let what the last unmounts left (an idle callback, a settling request) finish.
    await sleep(1000);
    const after = await measure();
    // 500 more: a leak grows on; warm-up (compiled code, caches) does not.
    await run(CYCLES);
    await sleep(1000);
    const again = await measure();
    // Witness that the instrumentation sees what a live checkout holds: one element left pending.
    await startPending(page, server);
    await sleep(2500);
    const pending = (await page.evaluate(() => (window as any).__liveResources())) as typeof after;
    await page.evaluate(() => document.getElementById('host')!.replaceChildren());
    await sleep(300);
    const removed = (await page.evaluate(() => (window as any).__liveResources())) as typeof after;
    if (errors.length) throw new Error(errors.join('\n'));
    progress(
      `cycles: heap ${before.heapUsed} → ${after.heapUsed} → ${again.heapUsed}, timers ${after.timers}, listeners ${after.listeners}`,
    );
    return {
      cycles: CYCLES,
      reached:
        'state select (pay-ready) each time, with a real PAYIN_CREATE token per cycle (same-origin platform), then removed',
      msPerCycle: round(ms / (CYCLES - WARM_CYCLES), 1),
      before,
      afterWarmup: { cycles: WARM_CYCLES, ...warm },
      after,
      afterTwice: { cycles: 2 * CYCLES, ...again },
      heapGrowthPerCycleSecond500Bytes: round((again.heapUsed - after.heapUsed) / CYCLES),
      witness: {
        onePending: { timers: pending.timersByKind, listeners: pending.listenersByType },
        afterRemoved: { timers: removed.timers, listeners: removed.listeners },
      },
    };
  } finally {
    await close();
  }
}

// ── Table ───────────────────────────────────────────────────────────────────────────────────────

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

async function main() {
  await ensureBuilt();
  const browser = await launchChromium();
  const machine = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGB: round(totalmem() / 1e9, 1),
    node: process.version,
    chromium: browser.version(),
    platform: `${process.platform} ${process.arch}`,
    // The machine may be shared: what else ran is part of the figures.
    loadAverageAtStart: loadavg().map((load) => round(load, 2)),
  };
  progress(
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, Chromium ${machine.chromium}${quick ? ' (quick)' : ''}`,
  );
  const server = await startPageServer({ sandbox: { settleDelayMs: 300 } });
  let results;
  try {
    const sizes = bundleSizes();
    const ready = await timeToReady(browser, server);
    const polls = await pollRates(browser, server);
    const status = await statusLatency(browser, server);
    const cycles = await heapAfterCycles(browser, server);
    results = { measuredAt: new Date().toISOString(), quick, machine, sizes, ready, polls, status, cycles };
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(new URL('bench.json', dist), `${JSON.stringify(results, null, 2)}\n`);

  const { sizes, ready, polls, status, cycles } = results;
  const out: string[] = [];
  out.push(`pay-checkout benchmark — ${results.measuredAt}${quick ? ' (quick)' : ''}`);
  out.push(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, ${machine.platform}; Node ${machine.node}; Chromium ${machine.chromium} headless`,
  );
  out.push('', 'Bundle sizes (dist/, gzip -9, brotli q11)');
  out.push(
    table([
      ['', 'raw', 'gzip', 'brotli', 'files'],
      ...sizes.map((s) => [s.name, kB(s.raw), kB(s.gzip), kB(s.brotli), s.files.join(' + ')]),
    ]),
  );
  out.push(
    '',
    `Connect → pay-ready, ${LATENCY_MS} ms latency per request (${READY_SAMPLES} samples each, fresh browser context, after one untimed warm-up)`,
  );
  out.push(
    table([
      ['', 'requests', 'preflights', 'sequential fetches', `round trips`, 'ms min', 'ms median', 'ms max'],
      ...ready.map((r) => [
        r.scenario,
        String(r.requests),
        String(r.preflights),
        String(r.sequentialFetches),
        String(r.latencyPeriods),
        String(r.timeToReadyMs.min),
        String(r.timeToReadyMs.median),
        String(r.timeToReadyMs.max),
      ]),
    ]),
  );
  out.push(`  requests: ${ready[0]!.requestPaths.join(', ')} (emulator's log; preflights are OPTIONS)`);
  out.push(
    `  sequential fetches: longest chain of platform fetches (PerformanceResourceTiming) each starting after the previous ended`,
  );
  out.push(`  round trips: latency periods on the critical path, the fastest sample ÷ ${LATENCY_MS} ms, rounded`);
  out.push(
    '',
    `Status polls while pending (GET /payins/{idPayin} per minute; ${POLL_WINDOW_S === 60 ? 'real 60 s windows' : `${POLL_WINDOW_S} s windows extrapolated to a minute`})`,
  );
  out.push(
    table([
      ['', 'per minute'],
      ['visible, first minute', String(polls.visibleFirstMinute)],
      [
        'visible, after the first minute',
        polls.visibleAfterFirstMinute === undefined ? 'not measured (--quick)' : String(polls.visibleAfterFirstMinute),
      ],
      ['hidden', String(polls.hidden)],
      [
        'first poll after shown again',
        polls.firstPollAfterShownMs === undefined ? 'none within 1.5 s' : `${polls.firstPollAfterShownMs} ms`,
      ],
    ]),
  );
  out.push(
    "  hidden: document.visibilityState overridden + visibilitychange (the element's own pause; headless Chromium never hides a page)",
  );
  out.push(
    '',
    `Status change in the emulator (POST /__sandbox/payins/{id}/status SUCCESS) → pay-status (${status.samples} samples)`,
  );
  out.push(
    table([
      ['', 'min', 'median', 'max'],
      ['ms', String(status.min), String(status.median), String(status.max)],
    ]),
  );
  out.push(
    '',
    `${cycles.cycles} mount–unmount cycles (each to state select with a real token; ${cycles.msPerCycle} ms per cycle)`,
  );
  const row = (label: string, m: typeof cycles.before) => [
    label,
    MB(m.heapUsed),
    String(m.timers),
    String(m.listeners),
    String(m.jsEventListeners ?? ''),
    String(m.nodes ?? ''),
    String(m.elements),
  ];
  out.push(
    table([
      [
        '',
        'JS heap used',
        'live timers',
        'window/document listeners',
        'all JS listeners',
        'DOM nodes',
        '<pay-checkout>',
      ],
      row('before', cycles.before),
      row(`after ${WARM_CYCLES} (warm-up)`, cycles.afterWarmup),
      row(`after ${cycles.cycles}`, cycles.after),
      row(`after ${2 * cycles.cycles} (leak check)`, cycles.afterTwice),
    ]),
  );
  out.push(
    `  JS heap after GC (HeapProfiler.collectGarbage, Runtime.getHeapUsage); growth per cycle over the second ${cycles.cycles}: ${cycles.heapGrowthPerCycleSecond500Bytes} bytes`,
  );
  out.push(
    `  witness: one element left pending holds timers ${JSON.stringify(cycles.witness.onePending.timers)} and listeners ${JSON.stringify(cycles.witness.onePending.listeners)}; removed: ${cycles.witness.afterRemoved.timers} timers, ${cycles.witness.afterRemoved.listeners} listeners`,
  );
  out.push('', `Written to dist/bench.json`);
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
