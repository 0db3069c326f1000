/**
 * The document's limit: more than N requests in a second per merchant get 429, unprocessed. A
 * sliding one-second window on the wall clock; refused requests do not count, so a client that
 * waits Retry-After gets through.
 */
import { HttpError } from '../refusals.js';

const WINDOW_MS = 1000;

export function createRateLimiter(limit: number | false, now: () => number = Date.now) {
  const recent = new Map<string, number[]>();
  return {
    /** Counts one request of `key`, or throws 429 when the window is full. */
    take(key: string): void {
      if (limit === false) return;
      const at = now();
      const times = (recent.get(key) ?? []).filter((t) => at - t < WINDOW_MS);
      if (times.length >= limit) {
        recent.set(key, times);
        const retryAfterSecs = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - at) / 1000));
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `More than ${limit} requests per second; retry after ${retryAfterSecs} s`,
          {
            headers: { 'Retry-After': String(retryAfterSecs) },
          },
        );
      }
      times.push(at);
      recent.set(key, times);
      // Keys of merchants that went quiet are dropped so the map stays small.
      if (recent.size > 1000) for (const [k, v] of recent) if (!v.some((t) => at - t < WINDOW_MS)) recent.delete(k);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
