/**
 * Counting platform requests for the load benchmark: by kind (token minting, options, merchant
 * name, create, read) and by outcome (accepted, 429, other), with a per-second timeline of 429s.
 * The emulator counts everything that reaches it; the merchant counts what it sends itself, so
 * the shoppers' share is the difference.
 */
export const REQUEST_KINDS = ['mint', 'options', 'merchantInfo', 'create', 'read', 'other'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export type Outcome = 'accepted' | 'limited' | 'failed';

export function requestKind(method: string, path: string): RequestKind | 'preflight' | 'tool' {
  if (method === 'OPTIONS') return 'preflight';
  if (path === '/__sandbox' || path.startsWith('/__sandbox/')) return 'tool';
  if (method === 'POST' && (path === '/auth-tokens' || path === '/auth-tokens-by-action')) return 'mint';
  if (method === 'POST' && path === '/payins/!availablePaymentOptions') return 'options';
  if (method === 'GET' && path === '/merchant-info') return 'merchantInfo';
  if (/^\/payins\/[^/]+$/.test(path)) return method === 'POST' ? 'create' : method === 'GET' ? 'read' : 'other';
  return 'other';
}

export const outcomeOf = (status: number | string): Outcome =>
  status === 429 || status === '429'
    ? 'limited'
    : Number(status) >= 200 && Number(status) < 400
      ? 'accepted'
      : 'failed';

export type KindCounts = Record<RequestKind, Record<Outcome, number>>;

export interface CountSnapshot {
  byKind: KindCounts;
  preflights: number;
  /** Platform requests by HTTP status (`"401"`: refused for their token). */
  byStatus: Record<string, number>;
  /** Per second since the counter started: platform requests, and 429s among them. */
  timeline: { requests: number; limited: number }[];
  startedAt: number;
}

export function createRequestCounter(now = Date.now) {
  const startedAt = now();
  const byKind = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [kind, { accepted: 0, limited: 0, failed: 0 }]),
  ) as KindCounts;
  let preflights = 0;
  const byStatus: Record<string, number> = {};
  const timeline: { requests: number; limited: number }[] = [];
  return {
    add(method: string, path: string, status: number | string): void {
      const kind = requestKind(method, path);
      if (kind === 'tool') return;
      if (kind === 'preflight') return void preflights++;
      const outcome = outcomeOf(status);
      byKind[kind][outcome]++;
      byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
      const second = Math.floor((now() - startedAt) / 1000);
      for (let i = timeline.length; i <= second; i++) timeline.push({ requests: 0, limited: 0 });
      timeline[second]!.requests++;
      if (outcome === 'limited') timeline[second]!.limited++;
    },
    snapshot: (): CountSnapshot => ({
      byKind: structuredClone(byKind),
      preflights,
      byStatus: { ...byStatus },
      timeline: timeline.map((s) => ({ ...s })),
      startedAt,
    }),
  };
}

export const totalOf = (
  counts: KindCounts,
  outcomes: Outcome[] = ['accepted', 'limited', 'failed'],
  kinds: readonly RequestKind[] = REQUEST_KINDS,
) => kinds.reduce((sum, kind) => sum + outcomes.reduce((s, outcome) => s + counts[kind][outcome], 0), 0);
