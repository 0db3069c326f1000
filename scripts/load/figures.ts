/**
 * The load benchmark's figures from what the shoppers, the emulator and the merchant recorded:
 * errors shown, time to pay-ready, platform requests per payment, 429s, status latency and the
 * new shoppers' token times.
 */
import { REQUEST_KINDS, totalOf, type CountSnapshot, type RequestKind } from './request-counts.js';
import { shownError, statusSeenAt, type ShopperRecord } from './shopper.js';
import { ms, table } from '../text-table.js';

/** Nearest-rank percentile; undefined for no values. */
export function percentile(values: number[], p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value: number | undefined, digits = 0) =>
  value === undefined ? undefined : Number(value.toFixed(digits));
const seconds = (ms: number | undefined) => round(ms === undefined ? undefined : ms / 1000, 1);
const spread = (values: number[]) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: values.length ? Math.max(...values) : undefined,
  count: values.length,
});

export interface RunInput {
  n: number;
  /** The checkout's status stream was given to the elements. */
  relay: boolean;
  /** …and the shop's host refused it (502): the elements fell back by themselves. */
  streamBlocked: boolean;
  crowd: string;
  goAt: number;
  /** When every shopper was pending (or the arrival phase gave up). */
  arrivedAt: number;
  endedAt: number;
  shoppers: ShopperRecord[];
  /** Each status change: its payin and when the emulator was asked for it. */
  changes: { idPayin: string; at: number }[];
  newShoppers: { phase: 'arrival' | 'steady'; ms?: number; error?: string }[];
  emulator: CountSnapshot;
  merchant: CountSnapshot;
  callbacks: { received: number; read: number; failed: number };
}

export function figures(run: RunInput) {
  const { shoppers } = run;
  const payments = shoppers.filter((s) => s.pendingAt !== undefined).length;
  const withError = shoppers.filter(shownError);
  const errorCodes: Record<string, number> = {};
  for (const shopper of withError) {
    const codes = new Set<string>();
    if (shopper.checkoutFailure) codes.add('CHECKOUT_FAILED (shop)');
    if (shopper.state === 'error') codes.add('state error');
    let created = false;
    for (const event of shopper.events) {
      if (event.type === 'pay-created') created = true;
      if (event.type === 'pay-error')
        codes.add(
          `${event.code}${event.retryable ? ' (retryable)' : ''} ${created ? 'while pending' : 'before the payin'}`,
        );
    }
    for (const code of codes) errorCodes[code] = (errorCodes[code] ?? 0) + 1;
  }

  const ready = shoppers.flatMap((s) => (s.readyAt === undefined ? [] : [s.readyAt]));
  const pending = shoppers.flatMap((s) => (s.pendingAt === undefined ? [] : [s.pendingAt]));
  const tokens = shoppers.flatMap((s) => (s.tokenAt === undefined ? [] : [s.tokenAt - s.openedAt]));

  const byId = new Map(shoppers.map((s) => [s.idPayin, s]));
  const latencies: number[] = [];
  let unseen = 0;
  for (const change of run.changes) {
    const seen = statusSeenAt(byId.get(change.idPayin)!, 'SUCCESS');
    if (seen === undefined) unseen++;
    else latencies.push(seen - change.at);
  }

  // The new shoppers' accepted mints are not the crowd's payments.
  const newMints = run.newShoppers.filter((s) => s.ms !== undefined).length;
  const all = totalOf(run.emulator.byKind) - newMints;
  const accepted = totalOf(run.emulator.byKind, ['accepted']) - newMints;
  const limited = totalOf(run.emulator.byKind, ['limited']);
  const perPayment = (count: number) => (payments ? round(count / payments, 2) : undefined);
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const emulator = run.emulator.byKind[kind];
      const merchant = run.merchant.byKind[kind];
      const less = kind === 'mint' ? newMints : 0;
      return [
        kind,
        {
          accepted: emulator.accepted - less,
          limited: emulator.limited,
          failed: emulator.failed,
          byMerchant: {
            accepted: merchant.accepted - less,
            limited: merchant.limited,
            failed: merchant.failed,
          },
        },
      ];
    }),
  ) as Record<
    RequestKind,
    {
      accepted: number;
      limited: number;
      failed: number;
      byMerchant: { accepted: number; limited: number; failed: number };
    }
  >;

  // 429s a second while every shopper waits for its payment (after the arrival).
  const steadyFrom = Math.ceil((run.arrivedAt - run.emulator.startedAt) / 1000);
  const steadyTo = Math.floor((run.endedAt - run.emulator.startedAt) / 1000);
  const steady = run.emulator.timeline.slice(steadyFrom, Math.max(steadyFrom, steadyTo));
  const steadyLimited = steady.reduce((sum, s) => sum + s.limited, 0);

  const newShopper = (phase: 'arrival' | 'steady') => {
    const list = run.newShoppers.filter((s) => s.phase === phase);
    return {
      ...spread(list.flatMap((s) => (s.ms === undefined ? [] : [s.ms]))),
      failed: list.filter((s) => s.error).length,
    };
  };

  return {
    n: run.n,
    relay: run.relay,
    streamBlocked: run.streamBlocked,
    crowd: run.crowd,
    payments,
    shownError: withError.length,
    errorCodes,
    allReadyS: ready.length === shoppers.length ? seconds(Math.max(...ready) - run.goAt) : undefined,
    readyCount: ready.length,
    allPendingS: pending.length === shoppers.length ? seconds(Math.max(...pending) - run.goAt) : undefined,
    crowdTokenMs: spread(tokens),
    requestsPerPayment: {
      all: perPayment(all),
      accepted: perPayment(accepted),
      limited: perPayment(limited),
    },
    requests: {
      all,
      accepted,
      limited,
      preflights: run.emulator.preflights,
      newShopperMints: newMints,
      byKind: kinds,
    },
    http429: {
      total: limited,
      peakPerSecond: Math.max(0, ...run.emulator.timeline.map((s) => s.limited)),
      steadyPerSecond: steady.length ? round(steadyLimited / steady.length, 1) : undefined,
    },
    statusToPayStatusMs: { ...spread(latencies), unseen, changes: run.changes.length },
    newShopperTokenMs: { arrival: newShopper('arrival'), steady: newShopper('steady') },
    callbacks: run.callbacks,
    durationS: seconds(run.endedAt - run.goAt),
  };
}

export type Figures = ReturnType<typeof figures>;

export function figuresTable(list: Figures[]): string {
  return table([
    [
      'shoppers',
      'status stream',
      'shown an error',
      'all at pay-ready',
      'requests/payment (429s incl.)',
      'accepted/payment',
      '429s (steady/s)',
      'status→pay-status p50 / p95',
      'new shopper token p50 / max (steady)',
      '(arrival)',
    ],
    ...list.map((f) => [
      String(f.n),
      f.streamBlocked ? 'blocked' : f.relay ? 'yes' : 'no',
      String(f.shownError),
      f.allReadyS === undefined ? `${f.readyCount}/${f.n}` : `${f.allReadyS} s`,
      String(f.requestsPerPayment.all ?? '–'),
      String(f.requestsPerPayment.accepted ?? '–'),
      `${f.http429.total} (${f.http429.steadyPerSecond ?? '–'})`,
      `${ms(f.statusToPayStatusMs.p50)} / ${ms(f.statusToPayStatusMs.p95)}${f.statusToPayStatusMs.unseen ? ` (${f.statusToPayStatusMs.unseen} unseen)` : ''}`,
      `${ms(f.newShopperTokenMs.steady.p50)} / ${ms(f.newShopperTokenMs.steady.max)}`,
      `${ms(f.newShopperTokenMs.arrival.p50)} / ${ms(f.newShopperTokenMs.arrival.max)}`,
    ]),
  ]);
}
