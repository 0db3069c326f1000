/**
 * The platform's clock as this side sees it, in the browser and on the merchant's server alike:
 * token expiries, countdowns and a top-up rate's `validUpTo` are the platform's times, so a device
 * or server whose clock is wrong still acts at the right moment. Samples come from the Date header
 * of the platform's answers (1 s resolution) or from `acceptedAt` of a payin created a moment ago.
 */
export class PlatformClock {
  /** Platform time minus local time, in milliseconds. */
  offsetMs = 0;
  private hasSample = false;

  /** Whether the platform's time has been seen at all. */
  get sampled(): boolean {
    return this.hasSample;
  }

  observe(serverMs: number, localMs: number): void {
    // The Date header truncates to the second: the true platform time is up to 1 s later.
    const offset = serverMs + 500 - localMs;
    if (!this.hasSample || Math.abs(offset - this.offsetMs) > 1500) this.offsetMs = offset;
    this.hasSample = true;
  }

  /** Local time corresponding to a platform timestamp. */
  toLocal(serverMs: number): number {
    return serverMs - this.offsetMs;
  }
}

/** The platform's time now, in milliseconds since the epoch (a function, so the browser's bundle drops it). */
export const platformNow = (clock: PlatformClock, localMs = Date.now()) => localMs + clock.offsetMs;
