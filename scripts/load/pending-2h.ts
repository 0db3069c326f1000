/**
 * bench-load's long-pending row (issue 21, item 4): a payment pending for 2 h against 30-minute
 * tokens. One real element (dist/pay-checkout.js in headless Chromium) on the shop's page
 * (`/shop/pending`, shop-page.ts) with only `checkout-url` pointing at the kit's POST
 * /api/checkouts; the kit mints 1800 s tokens. The shopper pays by virtual account (VAPAY, IDR 1:
 * PROCESSING for the method's 24 h and 2 h more, the emulator's `expires` amount), then the
 * bench moves the emulator's clock 2 h forward in steps. After a step that brings the token within
 * the element's renewal minute (or past its expiry), the bench waits for the page to receive a
 * fresh token from the checkout URL; it never sleeps a fixed time. Finally the payin turns SUCCESS
 * (POST /__sandbox/payins/{id}/status, which calls the shop back) and the bench waits for the
 * element's `success`.
 *
 * A renewal the page does not receive within RENEWAL_PATIENCE_MS is counted as missed (once per
 * token) and the steps go on: the row reports what happened, it does not work around it.
 */
import type { Page } from 'playwright';
import { launchChromium } from '../page-server.js';
import type { CountSnapshot } from './request-counts.js';
import type { MerchantSettings } from './merchant-worker.js';
import { startWorker } from './threads.js';
import { table } from '../text-table.js';

export const PENDING_2H = {
  method: 'VAPAY',
  money: { amount: 1, currencyCode: 'IDR' },
  tokenValiditySecs: 1800,
  sandboxSeconds: 2 * 3600,
  stepSeconds: 300,
} as const;
/** How long the page may take to receive a due renewal after a step (wall time). */
const RENEWAL_PATIENCE_MS = 90_000;
/** The element renews this long before expiry (src/checkout/token-keeper.ts). */
const RENEW_BEFORE_S = 60;

interface PageRecord {
  events: {
    type: string;
    at: number;
    status?: string;
    code?: string;
    httpStatus?: number;
    message?: string;
  }[];
  states: { at: number; state: string | null }[];
  checkouts: { at: number; renewal: boolean; status: number; exp?: number }[];
  state?: string | null;
  idPayin?: string;
}

export interface Pending2hFigures {
  scenario: string;
  /** Following by the kit's authorized status stream (true), or by polling the kit's status route. */
  stream: boolean;
  /** The kit's stats().renewals: checkouts renewed by handle (200). */
  renewals: number;
  /** Renewal answers the page received, and those with a fresh token. */
  pageRenewals: number;
  /** Steps after which a renewal was due and the page received none in time. */
  missedRenewals: number;
  /** Wall time from a step that made a renewal due to the page's fresh token. */
  renewalWaitMs: number[];
  payErrors: { code?: string; message?: string; httpStatus?: number }[];
  tokenExpiring: number;
  /** Platform requests answered 401 (the emulator's count, every client). */
  platform401: number;
  /** Every platform request the emulator served, and the kit's own share. */
  platformRequests: number;
  kitRequests: number;
  finalState: string | null | undefined;
  /** The sandbox hours the payment stayed pending. */
  pendingSandboxHours: number;
  wallSeconds: number;
  events: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readPage = (page: Page) => page.evaluate(() => (window as any).__pending.record() as PageRecord);

/** Polls the page until `done` holds; undefined when the time is up. */
async function untilPage(
  page: Page,
  done: (r: PageRecord) => boolean,
  timeoutMs: number,
): Promise<PageRecord | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await readPage(page);
    if (done(record)) return record;
    if (Date.now() > deadline) return undefined;
    await sleep(200);
  }
}

const totalRequests = (counts: CountSnapshot) => Object.values(counts.byStatus).reduce((a, b) => a + b, 0);

/**
 * One run of the row. With the kit's status stream (`stream`), and polling the kit's status route
 * without it, the element sends the platform nothing while the payment is pending, so its token is
 * not used until the payin changes, and no platform answer's Date shows it the moved clock.
 */
export async function pending2h(note: (line: string) => void, { stream = true } = {}): Promise<Pending2hFigures> {
  const started = Date.now();
  const emulator = await startWorker<{ url: string }>(new URL('./emulator-worker.ts', import.meta.url), {});
  const merchant = await startWorker<{ origin: string }>(new URL('./merchant-worker.ts', import.meta.url), {
    platformUrl: emulator.started.url,
    money: PENDING_2H.money,
    tokenScope: 'checkout',
    tokenValiditySecs: PENDING_2H.tokenValiditySecs,
  } satisfies MerchantSettings);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${merchant.started.origin}/shop/pending`);
    await page.evaluate(() => customElements.whenDefined('pay-checkout'));
    await page.evaluate(([method, withStream]) => (window as any).__pending.open(method, { stream: withStream }), [
      PENDING_2H.method,
      stream,
    ] as const);

    const pendingAt = await untilPage(
      page,
      (r) => r.state === 'pending' || r.events.some((e) => e.type === 'pay-error'),
      60_000,
    );
    if (pendingAt?.state !== 'pending')
      throw new Error(`The element did not reach pending: ${JSON.stringify(pendingAt ?? (await readPage(page)))}`);
    const idPayin = pendingAt.idPayin;
    if (!idPayin) throw new Error('No idPayin recorded by the page');
    note(
      `pending-2h (${stream ? 'status stream' : 'polling'}): ${idPayin} pending; moving the sandbox clock ${PENDING_2H.sandboxSeconds / 3600} h in ${PENDING_2H.stepSeconds / 60}-minute steps`,
    );

    const renewalWaitMs: number[] = [];
    let missedRenewals = 0;
    /** The token (its exp) whose renewal was already waited for in vain: later steps do not wait for it again. */
    let missedExp = 0;
    const latestExp = (r: PageRecord) =>
      Math.max(0, ...r.checkouts.filter((c) => c.status < 300 && c.exp).map((c) => c.exp!));
    for (let moved = 0; moved < PENDING_2H.sandboxSeconds; moved += PENDING_2H.stepSeconds) {
      const before = await readPage(page);
      const nowMs = await emulator.call<number>('advanceClock', PENDING_2H.stepSeconds);
      const stepAt = Date.now();
      const nowS = nowMs / 1000;
      if (nowS < latestExp(before) - RENEW_BEFORE_S) continue; // no renewal due yet: the page has nothing to say
      if (latestExp(before) === missedExp) continue; // already missed: counted once, not waited for again
      // Due (within the element's minute, or expired): the page should receive a token that outlives now.
      const renewed = await untilPage(
        page,
        (r) =>
          latestExp(r) > nowS + RENEW_BEFORE_S || r.events.some((e) => e.type === 'pay-error') || r.state !== 'pending',
        RENEWAL_PATIENCE_MS,
      );
      if (renewed && latestExp(renewed) > nowS + RENEW_BEFORE_S) renewalWaitMs.push(Date.now() - stepAt);
      else {
        missedRenewals++;
        const r = renewed ?? (await readPage(page));
        missedExp = latestExp(r);
        note(
          `pending-2h: at +${(moved + PENDING_2H.stepSeconds) / 60} min no fresh token within ${RENEWAL_PATIENCE_MS / 1000} s (state ${r.state}, last exp ${latestExp(r) - nowS} s from now, events ${r.events.map((e) => e.type + (e.code ? `:${e.code}` : '')).join(' ')})`,
        );
      }
    }
    const beforeSettle = await readPage(page);
    const pendingSandboxHours = PENDING_2H.sandboxSeconds / 3600;

    const answer = await fetch(`${emulator.started.url}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'SUCCESS' }),
    });
    if (!answer.ok)
      note(
        `pending-2h: status change answered ${answer.status} ${await answer.text()} (state before: ${beforeSettle.state})`,
      );
    const final =
      (await untilPage(
        page,
        (r) =>
          r.events.some((e) => e.type === 'pay-status' && e.status === 'SUCCESS') ||
          (r.state !== 'pending' && r.state !== 'submitting'),
        120_000,
      )) ?? (await readPage(page));

    const [stats, emulatorCounts, kitCounts] = await Promise.all([
      merchant.call<{ renewals: number }>('stats'),
      emulator.call<CountSnapshot>('counts'),
      merchant.call<CountSnapshot>('counts'),
    ]);
    if (pageErrors.length) note(`pending-2h: page errors: ${[...new Set(pageErrors)].join('; ')}`);
    return {
      scenario: `${PENDING_2H.method} ${PENDING_2H.money.amount} ${PENDING_2H.money.currencyCode} from <pay-checkout checkout-url> (the kit, ${PENDING_2H.tokenValiditySecs} s tokens), ${stream ? "following the kit's status stream" : "polling the kit's status route"}, pending while the emulator's clock moves ${pendingSandboxHours} h in ${PENDING_2H.stepSeconds / 60}-minute steps, then SUCCESS`,
      stream,
      renewals: stats.renewals,
      pageRenewals: final.checkouts.filter((c) => c.renewal && c.status === 200).length,
      missedRenewals,
      renewalWaitMs,
      payErrors: final.events
        .filter((e) => e.type === 'pay-error')
        .map(({ code, message, httpStatus }) => ({ code, message, httpStatus })),
      tokenExpiring: final.events.filter((e) => e.type === 'pay-token-expiring').length,
      platform401: emulatorCounts.byStatus['401'] ?? 0,
      platformRequests: totalRequests(emulatorCounts),
      kitRequests: totalRequests(kitCounts),
      finalState: final.state,
      pendingSandboxHours,
      wallSeconds: Math.round((Date.now() - started) / 100) / 10,
      events: final.events.map((e) => e.type + (e.status ? `:${e.status}` : '') + (e.code ? `:${e.code}` : '')),
    };
  } finally {
    await browser.close().catch(() => undefined);
    await merchant.call('close').catch(() => undefined);
    await merchant.stop();
    await emulator.call('close').catch(() => undefined);
    await emulator.stop();
  }
}

export function pending2hTable(rows: Pending2hFigures[]): string {
  return table([
    [
      'pending 2 h, 30-min tokens',
      'following',
      'renewals (kit)',
      'renewals missed',
      'renewal wait max',
      'pay-error',
      'pay-token-expiring',
      '401s',
      'platform requests (kit)',
      'final state',
      'wall',
    ],
    ...rows.map((f) => pending2hRow(f)),
  ]);
}

function pending2hRow(f: Pending2hFigures): string[] {
  const waits = [...f.renewalWaitMs].sort((a, b) => a - b);
  return [
    `${f.pendingSandboxHours} h sandbox`,
    f.stream ? 'status stream' : 'polling',
    String(f.renewals),
    String(f.missedRenewals),
    waits.length ? `${(waits.at(-1)! / 1000).toFixed(1)} s` : '—',
    String(f.payErrors.length),
    String(f.tokenExpiring),
    String(f.platform401),
    `${f.platformRequests} (${f.kitRequests})`,
    String(f.finalState),
    `${f.wallSeconds} s`,
  ];
}
