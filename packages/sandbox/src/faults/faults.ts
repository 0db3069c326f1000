/**
 * Fault injection for the element's tests and benchmarks, off by default: added latency, a share
 * of 5xx answers, a burst of 429s, dropped connections and truncated bodies. Set by the `faults`
 * option, by SANDBOX_* environment variables, and at run time by /__sandbox/faults. Only platform
 * routes are affected, never /__sandbox/.
 */
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../hono-env.js';
import * as z from 'zod/mini';
import { opt } from '../shared.js';
import { HttpError } from '../refusals.js';

const share = () => z.number().check(z.gte(0), z.lte(1));

export const faultsSchema = z.strictObject({
  /** Milliseconds added before every platform answer. */
  latencyMs: opt(z.number().check(z.gte(0), z.lte(60_000))),
  /** Share (0–1) of platform requests answered with errorStatus, unprocessed. */
  errorRate: opt(share()),
  /** The status of those answers; default 503. */
  errorStatus: opt(z.int().check(z.gte(500), z.lte(599))),
  /** The next N platform requests get 429 RATE_LIMITED, unprocessed. */
  rateLimitBurst: opt(z.int().check(z.gte(0))),
  /** Share (0–1) of platform requests whose connection is destroyed without an answer, unprocessed. */
  dropRate: opt(share()),
  /** Share (0–1) of platform answers replaced by their first half with status 200; the request IS processed. */
  malformedRate: opt(share()),
});
export type Faults = z.infer<typeof faultsSchema>;

/** Environment variable of each fault. */
export const FAULT_ENV: Readonly<Record<keyof Faults, string>> = {
  latencyMs: 'SANDBOX_LATENCY_MS',
  errorRate: 'SANDBOX_ERROR_RATE',
  errorStatus: 'SANDBOX_ERROR_STATUS',
  rateLimitBurst: 'SANDBOX_RATE_LIMIT_BURST',
  dropRate: 'SANDBOX_DROP_RATE',
  malformedRate: 'SANDBOX_MALFORMED_RATE',
};

/** Faults named by the environment; a value that does not parse stops the start with a clear message. */
export function faultsFromEnv(env: Record<string, string | undefined>): Faults {
  const raw: Record<string, number> = {};
  for (const [key, name] of Object.entries(FAULT_ENV)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = Number(value);
  }
  const parsed = faultsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => FAULT_ENV[issue.path[0] as keyof Faults] ?? String(issue.path[0]),
    );
    throw new RangeError(`Invalid fault environment variable(s): ${problems.join(', ')}`);
  }
  return parsed.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FaultStateOptions {
  /** Draws the share of each rate; Math.random by default. */
  random?: () => number;
  /** Told after the faults change (set through the tools, or a burst used up). */
  onChange?: () => void;
}

export function createFaultState(initial: Faults = {}, options: FaultStateOptions = {}) {
  const random = options.random ?? Math.random;
  const changed = () => options.onChange?.();
  let faults: Faults = { ...initial };
  const hit = (rate: number | undefined) => !!rate && random() < rate;

  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const current = faults;
    if (current.latencyMs) await sleep(current.latencyMs);
    if (hit(current.dropRate)) {
      c.env.incoming.socket.destroy();
      c.set('dropped', true);
      return c.body(null, 204);
    }
    if (faults.rateLimitBurst) {
      faults = { ...faults, rateLimitBurst: faults.rateLimitBurst! - 1 };
      changed();
      throw new HttpError(429, 'RATE_LIMITED', 'Too many requests (injected fault)', {
        headers: { 'Retry-After': '1' },
      });
    }
    if (hit(current.errorRate)) {
      throw new HttpError(
        current.errorStatus ?? 503,
        'SERVICE_UNAVAILABLE',
        'The platform is temporarily unavailable (injected fault)',
      );
    }
    await next();
    if (hit(current.malformedRate)) {
      const text = await c.res.text();
      const headers = new Headers(c.res.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json');
      // Assigning c.res merges the old response's headers into the new one (Content-Length
      // included), so the old one is dropped first.
      c.res = undefined as never;
      c.res = new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), { status: 200, headers });
    }
  };

  /** A network's latency delays preflights too: the CORS answer waits as long as the request will. */
  const preflightLatency: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    if (c.req.method === 'OPTIONS' && faults.latencyMs) await sleep(faults.latencyMs);
    await next();
  };

  return {
    preflightLatency,
    get: (): Faults => ({ ...faults }),
    merge(partial: Faults) {
      faults = { ...faults, ...partial };
      changed();
    },
    replace(next: Faults) {
      faults = { ...next };
      changed();
    },
    reset() {
      faults = {};
      changed();
    },
    middleware,
  };
}
export type FaultState = ReturnType<typeof createFaultState>;
