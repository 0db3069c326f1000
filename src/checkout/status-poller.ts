/**
 * StatusPoller: reads the payin's status while it is pending, as a Lit reactive controller: from
 * the platform, or with a checkout from the merchant kit's status route (`pollStatus`), at the same cadence.
 *
 * Cadence: the first poll ~1.5 s after start, every ~2 s for the first minute, then every ~10 s.
 * Never two requests at once. Paused while the page is hidden and polled at once when it shows
 * again (and when the browser comes back online). Errors back off exponentially with jitter,
 * honouring Retry-After; no wait is shorter than the normal cadence. Polling ends a minute after `expireAt`, at a final status (the host
 * calls stop), on an error that retrying cannot fix, and when the host disconnects.
 */
import type { ReactiveControllerHost } from 'lit';
import { backoffDelay } from '../api/transport.js';
import { isAbortError, PlatformError } from '../api/errors.js';
import type { WatchStop, StatusSource, StatusSourceOptions } from './status-source.js';

export interface PollTiming {
  firstMs: number;
  fastMs: number;
  fastWindowMs: number;
  slowMs: number;
  /** How long after expireAt polling goes on. */
  afterExpiryMs: number;
  errorBaseMs: number;
  errorMaxMs: number;
}

export interface StatusPollerOptions<R = unknown> extends StatusSourceOptions<R> {
  timing?: Partial<PollTiming>;
  random?: () => number;
}

/**
 * Failures that pass by themselves: a payin created a moment ago may not be readable yet
 * everywhere (not found), and an answer we could not read (a truncated body, a proxy's page) says
 * nothing about the payment — both are retried like a 5xx.
 */
const PASSING = new Set(['NOT_FOUND', 'BAD_RESPONSE']);

/** Whether a failed read is worth another try (else following stops with it). */
export const isPassingFailure = (error: unknown): boolean =>
  !(error instanceof PlatformError) || error.retryable || PASSING.has(error.code);

export class StatusPoller<R = unknown> implements StatusSource {
  /** Defaults for every poller; tests may shorten them. */
  static defaults: PollTiming = {
    firstMs: 1500,
    fastMs: 2000,
    fastWindowMs: 60_000,
    slowMs: 10_000,
    afterExpiryMs: 60_000,
    errorBaseMs: 2000,
    errorMaxMs: 60_000,
  };

  private timer?: ReturnType<typeof setTimeout>;
  private inFlight?: AbortController;
  private startedAt = 0;
  private failures = 0;
  /** Answers in a row that said when to come back (Retry-After). */
  private limited = 0;
  private running = false;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: StatusPollerOptions<R>,
  ) {
    host.addController(this);
  }

  get active(): boolean {
    return this.running;
  }

  private get timing(): PollTiming {
    return { ...StatusPoller.defaults, ...this.options.timing };
  }

  start(): void {
    this.running = true;
    this.startedAt = Date.now();
    this.failures = 0;
    if (this.connected) this.schedule(this.timing.firstMs);
  }

  /** Poll now unless a poll is under way (e.g. the customer asked, or the page became visible). */
  pollNow(): void {
    if (!this.running || !this.connected || this.inFlight) return;
    this.clearTimer();
    void this.poll();
  }

  /**
   * Polls once now, even after polling stopped (the customer asked to check again); polling then
   * goes on if the payment is still within its time.
   */
  checkNow(): void {
    if (!this.running) {
      this.running = true;
      this.failures = 0;
    }
    this.pollNow();
  }

  stop(reason: WatchStop = 'stopped'): void {
    const wasRunning = this.running;
    this.running = false;
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
    if (wasRunning) this.options.onStop?.(reason);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('online', this.onOnline);
    if (this.running) this.pollNow();
  }

  hostDisconnected(): void {
    this.connected = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('online', this.onOnline);
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.pollNow();
    else this.clearTimer();
  };

  private readonly onOnline = () => this.pollNow();

  private clearTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delay: number) {
    this.clearTimer();
    if (!this.running || !this.connected) return;
    const expiresAt = this.options.expiresAt();
    if (expiresAt !== undefined && Date.now() + delay > expiresAt + this.timing.afterExpiryMs) {
      this.stop('expired');
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A hidden page is polled when it shows again, not in the background.
      if (document.visibilityState === 'hidden') return;
      void this.poll();
    }, delay);
  }

  /**
   * The wait after a failed read: exponential backoff with jitter; after an answer with
   * Retry-After, at least that long, and longer when such answers repeat, so a crowd of checkouts
   * told the same short Retry-After by a busy platform spreads out instead of coming back at once.
   * Never sooner than the normal cadence: Retry-After: 0, a date already past or a device clock
   * ahead of the platform's must not turn polling into a loop.
   */
  private waitAfter(error: unknown): number {
    const { errorBaseMs, errorMaxMs, fastMs } = this.timing;
    const retryAfter = error instanceof PlatformError ? error.retryAfterMs : undefined;
    const wait =
      retryAfter === undefined
        ? backoffDelay(this.failures++, errorBaseMs, errorMaxMs, this.options.random)
        : Math.max(retryAfter, backoffDelay(this.limited++, errorBaseMs, errorMaxMs, this.options.random));
    return Math.max(wait, fastMs);
  }

  /** Polls again after a read that failed elsewhere (the status stream's), waiting as that failure asks. */
  retryAfterFailure(error: unknown): void {
    if (!this.running) {
      this.running = true;
      this.startedAt = Date.now();
    }
    if (!this.inFlight) this.schedule(this.waitAfter(error));
  }

  /** The interval after a successful poll. */
  private nextDelay(): number {
    const { fastMs, fastWindowMs, slowMs } = this.timing;
    return Date.now() - this.startedAt < fastWindowMs ? fastMs : slowMs;
  }

  private async poll(): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const { pollStatus, fetchStatus } = this.options;
      const payin = await (pollStatus ?? fetchStatus)(controller.signal);
      if (controller.signal.aborted) return;
      this.inFlight = undefined;
      this.failures = 0;
      this.limited = 0;
      if (payin !== undefined) this.options.onResult(payin);
      if (this.running) this.schedule(this.nextDelay());
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      this.inFlight = undefined;
      const retryable = isPassingFailure(error);
      this.options.onError(error, retryable);
      if (!retryable) {
        this.stop('error');
        return;
      }
      this.schedule(this.waitAfter(error));
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }
}
