/**
 * How the merchant's server spends its share of the platform. The limit (10 requests a second) is
 * the merchant's own, and its shoppers' browsers share it, so in a sale the platform stays busy
 * for a while: the server's calls are patient, few at a time, and a crowd waits in a bounded line.
 */
import type { RetryOptions } from '../../api/transport.js';

/**
 * A 429 is never final: the platform says when to come back, and a jitter keeps the waiting calls
 * from coming back together. Other passing failures (network, 5xx) are tried 3 more times. A
 * caller that gives up (a shopper who left) aborts with its signal.
 */
export const PLATFORM_RETRY: RetryOptions = {
  retries: 3,
  maxDelayMs: 15_000,
  patientWhenLimited: true,
  jitterMs: 1000,
};

/**
 * The checkout tokens' retry: as PLATFORM_RETRY, with less jitter and a slower-growing backoff.
 * The queue already lets only a few token requests out at once, so a 429 is heard by those few,
 * not by a crowd: a second of jitter, or a backoff doubling from 500 ms after a few 429s in a row
 * (up to 15 s for one unlucky shopper), would only leave the merchant's budget unused while the
 * line waits. The platform's Retry-After is still the least wait.
 */
export const MINT_RETRY: RetryOptions = { ...PLATFORM_RETRY, jitterMs: 250, baseDelayMs: 100 };

/** The line is full: the caller should come back after `retryAfterSecs` (503 with Retry-After). */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  constructor(readonly retryAfterSecs: number) {
    super(`Too many checkouts are waiting for the platform; try again in ${retryAfterSecs} s`);
  }
}

export interface CallQueueOptions {
  /** Calls running at once. */
  concurrency: number;
  /** Calls allowed to wait for a turn; one more is refused at once with a QueueFullError. */
  maxWaiting: number;
  /** Told +1 when a call starts waiting for its turn, -1 when it stops (its turn came, or it left). */
  onWaiting?: (delta: number) => void;
}

export interface CallQueueStats {
  running: number;
  waiting: number;
  /** The most calls that ever ran at once, and waited at once. */
  peakRunning: number;
  peakWaiting: number;
  /** Calls that had to wait for a turn, so far. */
  waited: number;
  /** Calls refused because the line was full. */
  refused: number;
}

/** The wait a refused caller is told, in seconds: never below 1, never above a minute. */
const MIN_RETRY_AFTER_SECS = 1;
const MAX_RETRY_AFTER_SECS = 60;

/**
 * At most `concurrency` calls at once; the others wait their turn, first come first served, and
 * past `maxWaiting` waiting a call is refused at once instead of piling up. A crowd of shoppers
 * asking for checkouts together then costs the platform a few patient token requests, each retried
 * after its 429, instead of one per shopper, which would spend the merchant's budget on 429s that
 * its shoppers' own requests then meet. A waiting caller whose signal aborts leaves the line.
 */
export function createCallQueue(options: CallQueueOptions) {
  const { concurrency, maxWaiting } = options;
  const waiting: (() => void)[] = [];
  const stats: CallQueueStats = {
    running: 0,
    waiting: 0,
    peakRunning: 0,
    peakWaiting: 0,
    waited: 0,
    refused: 0,
  };
  /** A moving average of how long a call takes, for the Retry-After of a refusal. */
  let averageMs = 1000;

  function retryAfterSecs(): number {
    const secs = Math.ceil(((waiting.length + 1) * averageMs) / concurrency / 1000);
    return Math.min(MAX_RETRY_AFTER_SECS, Math.max(MIN_RETRY_AFTER_SECS, secs));
  }

  function waitForTurn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        options.onWaiting?.(-1);
        resolve();
      };
      const leave = () => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        stats.waiting = waiting.length;
        options.onWaiting?.(-1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      waiting.push(turn);
      options.onWaiting?.(1);
      stats.waiting = waiting.length;
      stats.peakWaiting = Math.max(stats.peakWaiting, waiting.length);
    });
  }

  return {
    /** Runs the task in its turn; rejects with a QueueFullError when the line is full, or with the signal's reason. */
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (stats.running < concurrency) {
        stats.running++;
        stats.peakRunning = Math.max(stats.peakRunning, stats.running);
      } else if (waiting.length >= maxWaiting) {
        stats.refused++;
        throw new QueueFullError(retryAfterSecs());
      } else {
        stats.waited++;
        // The call that ends hands its place over (running stays the same), so a newcomer
        // arriving between that end and this call's start cannot take it.
        await waitForTurn(signal);
      }
      const started = Date.now();
      try {
        return await task();
      } finally {
        averageMs = averageMs * 0.8 + (Date.now() - started) * 0.2;
        const next = waiting.shift();
        stats.waiting = waiting.length;
        if (next) next();
        else stats.running--;
      }
    },
    stats(): CallQueueStats {
      return { ...stats };
    },
  };
}

export type CallQueue = ReturnType<typeof createCallQueue>;
