/**
 * The sandbox clock: wall time plus an offset that only ever grows. Payments, expiry and the
 * `Date` header read it; tokens, signatures, the rate limiter and callback retries read the wall
 * clock instead, so moving payments through hours of their life does not expire every token.
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
