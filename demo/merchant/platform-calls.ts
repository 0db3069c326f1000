/**
 * How the shop's server spends its share of the platform. The limit (10 requests a second) is
 * the merchant's own and its shoppers' browsers share it, so in a sale the platform stays busy
 * for a while.
 */
import type { RetryOptions } from 'pay-checkout/server';

/**
 * A 429 is never final: the platform says when to come back, and a jitter keeps the waiting calls
 * from coming back together. Other passing failures (network, 5xx) are tried 3 more times. A
 * caller that gives up (a shopper who left) aborts with its signal.
 */
export const PLATFORM_RETRY: RetryOptions = { retries: 3, maxDelayMs: 15_000, patientWhenLimited: true, jitterMs: 1000 };

/**
 * At most `limit` calls at once; the others wait their turn, first come first served. A crowd of
 * shoppers asking for checkouts together then costs the platform a few waiting token requests,
 * each retried after its 429, instead of one per shopper — which would spend the merchant's
 * budget on 429s that its shoppers' own requests then meet.
 */
export function createCallQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function queued<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running >= limit) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          const at = waiting.indexOf(turn);
          if (at >= 0) waiting.splice(at, 1);
          reject(signal!.reason);
        };
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', leave, { once: true });
        waiting.push(turn);
      });
    }
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
