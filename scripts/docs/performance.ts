/**
 * docs/performance.md, generated, so that no figure is ever copied by hand.
 *
 *   npm run docs:performance            take what dist/ holds (sizes.json from the budgets test,
 *                                       bench.json from npm run bench, bench-load.json from npm run
 *                                       bench:load) into docs/figures/, then write the page
 *   npm run docs:performance -- --page  write the page from docs/figures/ alone
 *
 * docs/figures/ keeps the benchmarks' own JSON, with the machine and the date of each run, so the
 * page can be made again and test/docs/performance.node.test.ts can check that it was. A load run
 * of some configurations (`-- --n=1000 --relay=yes`) replaces those rows only: each row keeps the
 * machine and date it came from.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cell, code, table } from './markdown.js';
import { CHUNK_DESCRIPTIONS, chunkStem, describeChunk, LOCALE_CHUNK } from '../bundle-sizes.js';
import { ms } from '../text-table.js';

const root = new URL('../../', import.meta.url);
export const FIGURES = new URL('docs/figures/', root);
export const PERFORMANCE_PATH = 'docs/performance.md';
const DIST = new URL('dist/', root);

/** Adyen Drop-in's JavaScript for the same job (a QR payment), the yardstick of the size budget. */
const ADYEN_DROP_IN_BYTES = 106_300;

// ── The benchmarks' JSON, as they write it ──────────────────────────────────────────────────────

interface Group {
  name?: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}
interface Sizes {
  measuredAt: string;
  budget: Record<string, number>;
  initial: Group;
  lazy: Group[];
  qrPayers: Record<string, Group | undefined>;
}
interface Bench {
  measuredAt: string;
  quick: boolean;
  machine: Record<string, unknown>;
  ready: {
    scenario: string;
    requests: number;
    preflights: number;
    latencyPeriods: number;
    requestPaths: string[];
    timeToReadyMs: { min: number; median: number; max: number; samples: number };
  }[];
  polls: {
    windowSeconds: number;
    visibleFirstMinute: number;
    visibleAfterFirstMinute?: number;
    hidden: number;
    firstPollAfterShownMs?: number;
  };
  status: { min: number; median: number; max: number; samples: number };
  cycles: {
    cycles: number;
    msPerCycle: number;
    heapGrowthPerCycleSecond500Bytes: number;
    before: Snapshot;
    afterWarmup: Snapshot;
    after: Snapshot;
    afterTwice: Snapshot;
  };
}
interface Snapshot {
  heapUsed: number;
  timers: number;
  listeners: number;
}
interface LoadRow {
  n: number;
  relay: boolean;
  /** The stream was given and the host refused it (rows before it was measured have none). */
  streamBlocked?: boolean;
  crowd: string;
  shownError: number;
  errorCodes?: Record<string, number>;
  allReadyS?: number;
  readyCount: number;
  requestsPerPayment: { all?: number; accepted?: number };
  http429: { total: number; steadyPerSecond?: number };
  statusToPayStatusMs: { p50?: number; p95?: number; unseen: number };
  newShopperTokenMs: { arrival: { p50?: number; max?: number }; steady: { p50?: number; max?: number } };
}
interface Pending2h {
  stream: boolean;
  renewals: number;
  missedRenewals: number;
  renewalWaitMs: number[];
  payErrors: unknown[];
  tokenExpiring: number;
  platform401: number;
  platformRequests: number;
  kitRequests: number;
  finalState: string | null | undefined;
}
interface Run {
  date: string;
  machine: Record<string, unknown>;
}
interface LoadReport extends Run {
  results: LoadRow[];
  pending2h?: Pending2h[];
}
/** docs/figures/bench-load.json: the rows of several runs, each with the run it came from. */
interface LoadFigures {
  runs: Run[];
  rows: (LoadRow & { run: number })[];
  pending2h?: { run: number; rows: Pending2h[] };
}

const readJson = <T>(url: URL): T | undefined =>
  existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as T) : undefined;

/** Takes dist/'s newest figures into docs/figures/; what dist/ does not hold is kept as it was. */
export function collect(): string[] {
  mkdirSync(FIGURES, { recursive: true });
  const taken: string[] = [];
  for (const name of ['sizes.json', 'bench.json']) {
    const fresh = readJson<object>(new URL(name, DIST));
    if (!fresh) continue;
    writeFileSync(new URL(name, FIGURES), `${JSON.stringify(fresh, null, 2)}\n`);
    taken.push(`dist/${name}`);
  }
  const report = readJson<LoadReport>(new URL('bench-load.json', DIST));
  if (report) {
    const kept = readJson<LoadFigures>(new URL('bench-load.json', FIGURES)) ?? { runs: [], rows: [] };
    const key = (row: LoadRow) => `${row.n} ${row.relay} ${!!row.streamBlocked} ${row.crowd}`;
    const fresh = new Set(report.results.map(key));
    const runs = [...kept.runs, { date: report.date, machine: report.machine }];
    const run = runs.length - 1;
    const rows = [
      ...kept.rows.filter((row) => !fresh.has(key(row))),
      ...report.results.map((row) => ({ ...row, run })),
    ];
    const pending2h = report.pending2h ? { run, rows: report.pending2h } : kept.pending2h;
    // Only the runs some row still comes from, numbered again.
    const used = [...new Set([...rows.map((row) => row.run), ...(pending2h ? [pending2h.run] : [])])].sort(
      (a, b) => a - b,
    );
    const merged: LoadFigures = {
      runs: used.map((index) => runs[index]!),
      rows: rows
        .map((row) => ({ ...row, run: used.indexOf(row.run) }))
        .sort(
          (a, b) =>
            a.n - b.n || Number(b.relay) - Number(a.relay) || Number(!!a.streamBlocked) - Number(!!b.streamBlocked),
        ),
      ...(pending2h ? { pending2h: { ...pending2h, run: used.indexOf(pending2h.run) } } : {}),
    };
    writeFileSync(new URL('bench-load.json', FIGURES), `${JSON.stringify(merged, null, 2)}\n`);
    taken.push('dist/bench-load.json');
  }
  return taken;
}

// ── The page ────────────────────────────────────────────────────────────────────────────────────

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const bytes = (value: number) => `${value.toLocaleString('en-US')} B`;
const MB = (value: number) => `${(value / 1e6).toFixed(2)} MB`;
const range = (values: number[], format: (value: number) => string) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(low)}–${format(high)}`;
};
const day = (iso: string) => iso.slice(0, 10);

function machineLine(date: string, machine: Record<string, unknown>): string {
  const load = machine.loadAverageAtStart;
  const parts = [
    `${machine.cpu ?? 'unknown CPU'}, ${machine.cores} cores, ${machine.memoryGB ?? machine.ramGB} GB`,
    machine.platform ? String(machine.platform) : undefined,
    `Node ${String(machine.node).replace(/^v/, '')}`,
    machine.chromium ? `Chromium ${String(machine.chromium).replace(/^Chromium\s*/, '')}` : undefined,
    load ? `load average ${Array.isArray(load) ? load.join(' ') : String(load)} at the start` : undefined,
  ];
  return `${day(date)}; ${parts.filter(Boolean).join('; ')}`;
}

function sizesSection(sizes: Sizes): string[] {
  const rows: string[][] = [];
  const row = (what: string, group: Pick<Group, 'raw' | 'gzip' | 'brotli'>, files: string) =>
    rows.push([what, files, kB(group.raw), kB(group.gzip), kB(group.brotli)]);
  row(CHUNK_DESCRIPTIONS['pay-checkout']!, sizes.initial, code(sizes.initial.files.join(' + ')));
  const families = new Map<string, Group[]>();
  for (const group of sizes.lazy) {
    const name = chunkStem(group.files[0]!);
    const locale = LOCALE_CHUNK.exec(name);
    if (locale && locale[2] !== 'en' && !CHUNK_DESCRIPTIONS[name]) {
      const family = `${locale[1] ?? ''}locale${locale[3] ?? ''}`;
      families.set(family, [...(families.get(family) ?? []), group]);
      continue;
    }
    row(cell(describeChunk(group.files[0]!)), group, code(group.files.map(chunkStem).join(' + ')));
  }
  const familyWords: Record<string, string> = {
    locale: 'one chunk per other locale, only when that locale is used',
    'locale-more': "its second part, only for other methods' views and trouble",
    'topup-locale': "a top-up's words in that locale, only for top-ups",
  };
  for (const [family, groups] of families) {
    const span = (pick: (g: Group) => number) => range(groups.map(pick), kB);
    rows.push([
      `${familyWords[family] ?? family} (${groups.length})`,
      code(family.replace('locale', 'xx')),
      span((g) => g.raw),
      span((g) => g.gzip),
      span((g) => g.brotli),
    ]);
  }
  const payers = Object.entries(sizes.qrPayers).filter((entry): entry is [string, Group] => !!entry[1]);
  const budget = sizes.budget;
  return [
    '## Sizes',
    '',
    `Measured on ${day(sizes.measuredAt)} by \`test/build/budgets.node.test.ts\` on the built files (bytes are the same on any machine): each file compressed on its own, as a server sends it (gzip -9, brotli q11; 1 kB = 1000 B).`,
    '',
    table(['What', 'File', 'raw', 'gzip', 'brotli'], rows, ['left', 'left', 'right', 'right', 'right']),
    '',
    `Everything a shopper paying by QR downloads — the element, the views, the QR chunk and their words — in each language, against Adyen Drop-in's ${kB(ADYEN_DROP_IN_BYTES)} for the same job:`,
    '',
    table(
      ['Language', 'gzip', 'brotli', '× Adyen Drop-in'],
      payers.map(([locale, group]) => [
        code(locale),
        kB(group.gzip),
        bytes(group.brotli),
        (group.brotli / ADYEN_DROP_IN_BYTES).toFixed(2),
      ]),
      ['left', 'right', 'right', 'right'],
    ),
    '',
    `The budgets \`npm test\` holds them to: the initial file at most ${bytes(budget.initialGzip!)} gzip, the payment views and the QR chunk at most ${bytes(budget.viewsGzip!)} gzip each, and a QR payer at most ${bytes(budget.qrPayerLocaleBrotli!)} brotli in every language. \`npm run bundle:treemap\` shows what each source module costs in each chunk.`,
    '',
  ];
}

function benchSection(bench: Bench): string[] {
  const { ready, polls, status, cycles } = bench;
  const snapshot = (label: string, s: Snapshot) => [label, MB(s.heapUsed), String(s.timers), String(s.listeners)];
  return [
    '## In the browser',
    '',
    `\`npm run bench\` (\`scripts/bench.ts\`): the built element in headless Chromium through Playwright, against the emulator in-process${bench.quick ? ' (`--quick`: shorter windows, fewer samples)' : ''}. ${machineLine(bench.measuredAt, bench.machine)}.`,
    '',
    `### Connect → \`pay-ready\`, 200 ms per request`,
    '',
    table(
      ['Platform', 'requests', 'round trips', 'median (min–max)'],
      ready.map((r) => [
        r.scenario === 'same origin' ? "on the page's origin" : 'on its own origin (a CORS preflight first)',
        `${r.requests}${r.preflights ? ` + ${r.preflights} preflight` : ''}`,
        String(r.latencyPeriods),
        `${r.timeToReadyMs.median} ms (${r.timeToReadyMs.min}–${r.timeToReadyMs.max}), ${r.timeToReadyMs.samples} samples`,
      ]),
      ['left', 'right', 'right', 'right'],
    ),
    '',
    `The request is ${code(ready[0]!.requestPaths.filter((p) => !p.startsWith('OPTIONS')).join(', '))}; with the merchant's own \`options\` property, \`pay-ready\` needs none. Round trips are the fastest sample ÷ 200 ms.`,
    '',
    '### Status polls while pending, with no status stream',
    '',
    table(
      [`\`GET /payins/{idPayin}\` (${polls.windowSeconds} s windows)`, 'per minute'],
      [
        ['page visible, first minute', String(polls.visibleFirstMinute)],
        ['page visible, after the first minute', String(polls.visibleAfterFirstMinute ?? '–')],
        [
          'page hidden',
          `${polls.hidden}${polls.firstPollAfterShownMs === undefined ? '' : ` (read again ${polls.firstPollAfterShownMs} ms after it shows)`}`,
        ],
      ],
      ['left', 'right'],
    ),
    '',
    `A status change in the emulator reaches \`pay-status\` in ${status.median} ms (median; ${status.min}–${status.max} ms over ${status.samples} samples) by polling; with a status stream (the kit's, or the relay's), in the tens of milliseconds (the load figures below).`,
    '',
    `### ${cycles.cycles} mount–unmount cycles`,
    '',
    table(
      ['', 'JS heap (after GC)', 'live timers', 'listeners on window and document'],
      [
        snapshot('before the first mount', cycles.before),
        snapshot('after the warm-up', cycles.afterWarmup),
        snapshot(`after ${cycles.cycles} cycles`, cycles.after),
        snapshot(`after ${2 * cycles.cycles} cycles`, cycles.afterTwice),
      ],
      ['left', 'right', 'right', 'right'],
    ),
    '',
    `Each cycle reaches \`select\` with a real token (${cycles.msPerCycle} ms a cycle); the heap grew ${cycles.heapGrowthPerCycleSecond500Bytes} bytes a cycle over the second ${cycles.cycles}.`,
    '',
  ];
}

function loadSection(load: LoadFigures): string[] {
  const out = [
    '## A sale of one merchant',
    '',
    "`npm run bench:load` (`scripts/bench-load.ts`): N shoppers of one merchant open the checkout at once, against the emulator at its default limit of 10 requests a second per merchant. Each asks the shop's kit for its checkout, pays by UPI QR at `pay-ready`, and waits; once all wait, payments turn SUCCESS at 2 a second, with their callbacks. With the relay the element follows the kit's status stream; without it, it polls. Up to 100 shoppers are browser tabs unless the run says Node clients (the element's own code in Node, for larger crowds).",
    '',
  ];
  if (load.rows.length)
    out.push(
      table(
        [
          'shoppers',
          'status stream',
          'run',
          'shown an error',
          'all at `pay-ready`',
          'requests per payment (429s included)',
          'accepted per payment',
          '429s (a second, once all wait)',
          'status change → `pay-status` p50 / p95',
          "a new shopper's token p50 / max, once all wait",
        ],
        load.rows.map((row) => [
          `${row.n.toLocaleString('en-US')}${row.crowd.startsWith('Node') ? ' (Node clients)' : ''}`,
          row.streamBlocked ? 'blocked' : row.relay ? 'yes' : 'no',
          `[${row.run + 1}](#runs)`,
          String(row.shownError),
          row.allReadyS === undefined ? `${row.readyCount} of ${row.n}` : `${row.allReadyS} s`,
          String(row.requestsPerPayment.all ?? '–'),
          String(row.requestsPerPayment.accepted ?? '–'),
          `${row.http429.total.toLocaleString('en-US')} (${row.http429.steadyPerSecond ?? '–'})`,
          `${ms(row.statusToPayStatusMs.p50)} / ${ms(row.statusToPayStatusMs.p95)}${row.statusToPayStatusMs.unseen ? ` (${row.statusToPayStatusMs.unseen} unseen)` : ''}`,
          `${ms(row.newShopperTokenMs.steady.p50)} / ${ms(row.newShopperTokenMs.steady.max)}`,
        ]),
        ['right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
      ),
      '',
    );
  const errors = load.rows.filter((row) => row.shownError > 0);
  if (errors.length)
    out.push(
      'What the shoppers shown an error saw:',
      '',
      ...errors.map(
        (row) =>
          `- ${row.n.toLocaleString('en-US')} shoppers, ${row.streamBlocked ? 'the status stream blocked' : row.relay ? 'with the status stream' : 'without the status stream'}: ${Object.entries(
            row.errorCodes ?? {},
          )
            .map(([code, count]) => `${cell(code)} × ${count}`)
            .join(', ')}.`,
      ),
      '',
    );
  if (load.pending2h)
    out.push(
      '### A payment pending 2 h against 30-minute tokens',
      '',
      `One element with \`checkout-url\` pays IDR 1 by virtual account; the emulator's clock then moves 2 h in 5-minute steps, and the payment turns SUCCESS (run [${load.pending2h.run + 1}](#runs)).`,
      '',
      table(
        [
          'following',
          'renewals (kit)',
          'renewals missed',
          'renewal wait max',
          '`pay-error`',
          '`pay-token-expiring`',
          '401s',
          'platform requests (the kit’s)',
          'final state',
        ],
        load.pending2h.rows.map((row) => [
          row.stream ? "the kit's status stream" : 'polling',
          String(row.renewals),
          String(row.missedRenewals),
          row.renewalWaitMs.length ? ms(Math.max(...row.renewalWaitMs)) : '—',
          String(row.payErrors.length),
          String(row.tokenExpiring),
          String(row.platform401),
          `${row.platformRequests} (${row.kitRequests})`,
          String(row.finalState),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
      ),
      '',
    );
  out.push(
    '### Runs',
    '',
    ...load.runs.map((run, index) => `${index + 1}. ${machineLine(run.date, run.machine)}.`),
    '',
  );
  return out;
}

export function renderPerformance(): string {
  const sizes = readJson<Sizes>(new URL('sizes.json', FIGURES));
  const bench = readJson<Bench>(new URL('bench.json', FIGURES));
  const load = readJson<LoadFigures>(new URL('bench-load.json', FIGURES));
  const lines = [
    '# Performance',
    '',
    '<!-- Generated by `npm run docs:performance` from docs/figures/ (the JSON of the budgets test, npm run bench and npm run bench:load); do not edit. -->',
    '',
    "What the element costs a page, a shopper and the merchant's rate limit at the platform, as the benchmarks measured it. Each section says the machine and the date its figures came from; the machine may have been shared, and its load is part of the figures. To measure again: `npm run bench`, `npm run bench:load` (or `-- --quick`), the budgets test (`node --import tsx --test test/build/budgets.node.test.ts`, which writes `dist/sizes.json`), then `npm run docs:performance`. The benchmarks are not tests; `npm test` holds only the size budgets.",
    '',
    ...(sizes ? sizesSection(sizes) : ['## Sizes', '', 'Not measured yet.', '']),
    ...(bench ? benchSection(bench) : ['## In the browser', '', 'Not measured yet.', '']),
    ...(load ? loadSection(load) : ['## A sale of one merchant', '', 'Not measured yet.', '']),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!process.argv.includes('--page')) {
    const taken = collect();
    console.log(taken.length ? `Taken into docs/figures/: ${taken.join(', ')}` : 'dist/ holds no new figures');
  }
  writeFileSync(new URL(PERFORMANCE_PATH, root), renderPerformance());
  console.log(`Written to ${PERFORMANCE_PATH}`);
}
