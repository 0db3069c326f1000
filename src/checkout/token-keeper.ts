/**
 * TokenKeeper: keeps a pending payment's token fresh; a chunk of its own, which TokenWatch loads
 * when the token nears its expiry or the platform refuses it. With the merchant's checkout (checkout-url, fetchCheckout) it renews the token a minute before it
 * expires, in the platform's time (the PlatformClock, corrected by each answer's Date), and once more
 * when the platform refuses it (401). Without one — or when renewing fails — it fires
 * `pay-token-expiring` once per token, for the page to set a fresh `token`.
 *
 * A platform call refused for its token (401) is not a failure here: it waits for a fresh token
 * and runs again, so the shopper sees the pending view (its status line "Checking…"), never a token
 * error, and nothing is asked of the platform meanwhile. Renewals that do not help (a failed one,
 * or a fresh token refused at once) wait longer each time, up to five minutes, so a server that
 * keeps answering with tokens the platform refuses cannot make a loop.
 */
import type { PayTokenExpiringDetail } from '../events/index.js';
import { sleep } from '../api/transport.js';
import type { CheckoutConfig } from './config.js';
import type { Phase } from './phase.js';
import type { PlatformClock } from '../api/platform-clock.js';

/** Renewed this long before the token expires, by the platform's clock. */
const RENEW_BEFORE_MS = 60_000;
const RETRY_BASE_MS = 15_000;
const RETRY_MAX_MS = 300_000;
/** setTimeout's longest delay; a later renewal is set again when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface TokenHost {
  /** There once the checkout has begun, before any payment exists. */
  readonly config?: CheckoutConfig;
  readonly phase: Phase;
  readonly clock: PlatformClock;
  readonly signal: AbortSignal;
  /** A fresh token for this payin from the merchant's checkout; undefined when nothing renews it. */
  readonly renew?: (signal: AbortSignal) => Promise<string>;
  /** Uses a fresh token; false when the token rule refuses it. */
  useToken(token: string): boolean;
  emit(name: 'pay-token-expiring', detail: PayTokenExpiringDetail): void;
}

export class TokenKeeper {
  private timer?: ReturnType<typeof setTimeout>;
  private renewing = false;
  /** Renewals since one last helped (a read went through, or a timely renewal succeeded). */
  private attempts = 0;
  /** The token pay-token-expiring was fired for. */
  private announced?: string;
  private waiters: (() => void)[] = [];

  /** `onWait`: a call waits for a fresh token (the view says so). */
  constructor(
    private readonly host: TokenHost,
    private readonly onWait: () => void,
  ) {}

  /** The checkout's configuration: a keeper exists only for a pending payment, so after the checkout began. */
  private get config(): CheckoutConfig {
    return this.host.config!;
  }

  /** Sets the renewal for the current token: a minute before it expires, by the platform's clock. */
  schedule(): void {
    clearTimeout(this.timer);
    const { config } = this;
    const { phase, clock } = this.host;
    if (config.payload.exp === undefined || phase.name !== 'pending') return;
    const due = clock.toLocal(config.payload.exp * 1000 - RENEW_BEFORE_MS) - Date.now();
    this.timer = setTimeout(
      () => (due > LONGEST_TIMER_MS ? this.schedule() : this.refresh(false)),
      Math.min(Math.max(0, due), LONGEST_TIMER_MS),
    );
    // A renewal due later keeps no Node process alive (server rendering, tests); browsers have no unref.
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** A fresh token is in use (renewed, or set by the page): calls that waited go on. */
  tokenChanged(): void {
    for (const resume of this.waiters.splice(0)) resume();
    this.schedule();
  }

  /**
   * Runs again a platform call the platform refused for its token (`refused`, 401): once a fresh
   * token is in use (at once when it was replaced meanwhile), and so on while it refuses them.
   */
  async call<T>(run: () => Promise<T>, signal: AbortSignal, refused: string | undefined): Promise<T> {
    for (;;) {
      // A token replaced while the call was out is tried at once.
      if (this.config.token === refused) await this.freshToken(signal);
      refused = this.config.token;
      try {
        const result = await run();
        this.attempts = 0;
        return result;
      } catch (error) {
        if (signal.aborted || (error as { httpStatus?: number } | undefined)?.httpStatus !== 401) throw error;
      } finally {
        // Each answer may have corrected the platform's clock: the renewal follows it.
        this.schedule();
      }
    }
  }

  private freshToken(signal: AbortSignal): Promise<void> {
    this.onWait();
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      this.waiters.push(() => {
        signal.removeEventListener('abort', abort);
        resolve();
      });
      this.refresh(true);
    });
  }

  /**
   * Renews the token when the merchant's checkout can, else tells the page. `refused`: the
   * platform refused the current token (not a timely renewal).
   */
  private refresh(refused: boolean): void {
    const { host } = this;
    if (this.renewing || host.phase.name !== 'pending' || host.signal.aborted) return;
    if (!host.renew) return this.announce();
    this.renewing = true;
    const wait = this.attempts && Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (this.attempts - 1));
    this.attempts++;
    sleep(wait, host.signal)
      .then(() => (host.phase.name === 'pending' ? host.renew!(host.signal) : undefined))
      .then((token) => {
        this.renewing = false;
        if (token === undefined) return;
        if (!host.useToken(token)) throw new Error('the merchant checkout renewed with a token the element refuses');
        if (!refused) this.attempts = 0;
      })
      .catch((error: unknown) => {
        this.renewing = false;
        if (host.signal.aborted) return;
        console.warn('<pay-checkout> could not renew its token:', error);
        // Nothing renewed it: the page may; the checkout tries again, later each time.
        this.announce();
        this.refresh(refused);
      });
  }

  /** pay-token-expiring, once per token: the page may set a fresh `token`. */
  private announce(): void {
    const { config } = this;
    const { clock } = this.host;
    if (this.announced === config.token) return;
    this.announced = config.token;
    const exp = config.payload.exp;
    this.host.emit('pay-token-expiring', {
      idPayin: config.idPayin,
      expiresAt: new Date(exp === undefined ? Date.now() + clock.offsetMs : exp * 1000).toISOString(),
    });
  }
}
