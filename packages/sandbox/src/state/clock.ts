/**
 * The sandbox clock: wall time plus an offset that only ever grows. Payments, expiry, tokens
 * (`iat`, `exp` and their check) and the `Date` header read it, so moving it past a token's expiry
 * expires the token as hours passing would. Signature timestamps (the merchant server's clock),
 * the rate limiter and callback retries read the wall clock.
 */
export interface SandboxClock {
  /** Sandbox time, milliseconds since the epoch. */
  now(): number;
  /** Moves sandbox time forward. Negative or non-finite values are refused. */
  advance(seconds: number): void;
  /** How far sandbox time is ahead of the wall clock, in milliseconds. */
  offsetMs(): number;
}

export function createClock(onAdvance: () => void = () => {}): SandboxClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(seconds: number) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a finite number ≥ 0');
      offset += seconds * 1000;
      onAdvance();
    },
    offsetMs: () => offset,
  };
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * A moment as people read it in instructions: "17:41 UTC on 23 November 2026". UTC, named, since
 * the emulator cannot know the shopper's time zone (the element shows local time beside it).
 */
export const timeInWords = (ms: number) => `${TIME.format(ms)} UTC on ${DATE.format(ms)}`;
