/**
 * The platform's clock as seen from the browser. Countdowns use the server's `expireAt`, so a
 * customer whose device clock is wrong still sees the right time left. Samples come from the
 * Date header (1 s resolution) or from `acceptedAt` of a payin created a moment ago.
 */
export class ServerClock {
  /** Server time minus local time, in milliseconds. */
  offsetMs = 0;
  private hasSample = false;

  /** Whether the server's time has been seen at all. */
  get sampled(): boolean {
    return this.hasSample;
  }

  observe(serverMs: number, localMs: number): void {
    // The Date header truncates to the second: the true server time is up to 1 s later.
    const offset = serverMs + 500 - localMs;
    if (!this.hasSample || Math.abs(offset - this.offsetMs) > 1500) this.offsetMs = offset;
    this.hasSample = true;
  }

  /** Local time corresponding to a server timestamp. */
  toLocal(serverMs: number): number {
    return serverMs - this.offsetMs;
  }
}
