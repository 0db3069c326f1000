/**
 * PaymentWatch: what goes on while a payment is pending, in the payment's chunk (payment-views-*.js,
 * with its views) so that the initial file does not carry it: the status source and the countdown,
 * the token (TokenWatch), what goes wrong meanwhile (a pay-error once per outage, not once per
 * retry), expiry (pay-expired once), "check again", the UTR step, and platform links the views
 * refuse. The session stays the owner of the phase: every payment this reads goes back to it.
 */
import type { ReactiveControllerHost } from 'lit';
import { Lazy } from '../api/lazy.js';
import { EXTERNAL_REFERENCE_PATTERN } from '../api/patterns.js';
import { timestampMs } from '../api/schemas/common.js';
import type { PayErrorDetail, PayEventName } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText, fieldErrorText } from '../i18n/texts.js';
import type { ReferenceStep } from '../methods/types.js';
import { Countdown } from './countdown.js';
import { toErrorDetail } from './errors.js';
import type { Payment, PaymentClient, SessionEventDetails } from './payment.js';
import type { Phase } from './phase.js';
import { StatusPoller } from './status-poller.js';
import type { DeadlineCountdown, StatusSource, StatusSourceOptions, WatchStop } from './status-source.js';
import type { TokenHost } from './token-keeper.js';
import { TokenWatch } from './token-watch.js';

/** Why a pending payment's status is not fresh: just created, the connection, or an error to fix. */
export type WatchProblem = { kind: 'checking' } | { kind: 'connection' } | { kind: 'error'; code: string };

/** What a PaymentWatch needs of its session. */
export interface WatchHost extends ReactiveControllerHost, TokenHost {
  /** The current client (a fresh token replaces it); there once the checkout has begun. */
  readonly client?: PaymentClient;
  readonly phase: Phase;
  readonly words: Localizer;
  /** Every record of the payment read goes to the payment's events, which decide the phase. */
  readonly events: { seen(payment: Payment): void };
  emit<K extends PayEventName>(name: K, detail: SessionEventDetails[K]): void;
  /** pay-error, its detail made once the words of trouble are here (its message in the shopper's words). */
  emitError(detail: () => PayErrorDetail): void;
}

/** What a watch follows with: its status source and its countdown (tests drive fakes of both). */
export interface WatchParts {
  statusSource(host: ReactiveControllerHost, options: StatusSourceOptions<Payment>): StatusSource;
  countdown(host: ReactiveControllerHost, onExpire: () => void): DeadlineCountdown;
}

/** The merchant's status stream, a chunk of its own: only a checkout with a `status-url` fetches it. */
const pushedStatus = new Lazy(() => import('./pushed-status.js'));
/** The merchant kit's status route, a chunk of its own: only a checkout whose answer names one fetches it. */
const kitStatus = new Lazy(() => import('./kit-status.js'));

const defaultParts: WatchParts = {
  statusSource: (host, options) =>
    // The stream's chunk is here only where EventSource is (openWatch).
    options.statusUrl && pushedStatus.value
      ? new pushedStatus.value.PushedStatus(host, { ...options, statusUrl: options.statusUrl })
      : new StatusPoller(host, options),
  countdown: (host, onExpire) => new Countdown(host, onExpire),
};

/**
 * A watch, once what it follows with is here: with a `status-url`, the stream; with the kit's status
 * route, polls there (should either not load, it polls the platform).
 */
export async function openWatch(host: WatchHost, parts: WatchParts = defaultParts): Promise<PaymentWatch> {
  await Promise.allSettled([
    host.config?.statusUrl && typeof EventSource === 'function' ? pushedStatus.get() : undefined,
    host.config?.statusPollUrl ? kitStatus.get() : undefined,
  ]);
  return new PaymentWatch(host, parts);
}

export class PaymentWatch {
  /** expireAt passed while the payment is still pending. */
  expired = false;
  problem?: WatchProblem;
  stopped?: WatchStop;
  readonly tokens: TokenWatch;

  private readonly source: StatusSource;
  private readonly countdown: DeadlineCountdown;
  /** The UTR step: where it is, and its problem ('invalid' input, or the code of a failed send). */
  reference: { state: 'idle' | 'sending' | 'sent' | 'error'; problem?: string } = { state: 'idle' };
  /** The error code of the current outage, reported once. */
  private outage?: string;
  private expiredEmitted = false;
  private readonly reportedUrls = new Set<string>();
  /** When this watch first followed the payment (local time): the payment ends at most its window later. */
  private followedSince?: number;

  constructor(
    private readonly host: WatchHost,
    parts: WatchParts,
  ) {
    this.tokens = new TokenWatch(host, () => this.tokenWait());
    const fetchStatus = (signal: AbortSignal) => this.tokens.call(() => host.client!.read({ signal }), signal);
    this.source = parts.statusSource(host, {
      fetchStatus,
      pollStatus: this.kitPolls(fetchStatus),
      pushed: (data) => host.client!.pushed(data),
      onResult: (payment) => host.events.seen(payment),
      onError: (error, willRetry) => this.failed(error, willRetry),
      expiresAt: () => this.deadline,
      statusUrl: host.config?.statusUrl,
      onStop: (reason) => {
        this.stopped = reason;
        host.requestUpdate();
      },
    });
    this.countdown = parts.countdown(host, () => this.expire());
  }

  /**
   * With the merchant kit's status route (a checkout's `statusPollUrl`), polls ask the kit and
   * never the platform; no news from it still says the connection is back.
   */
  private kitPolls(fetchStatus: (signal: AbortSignal) => Promise<Payment>) {
    const url = this.host.config?.statusPollUrl;
    if (!url || !kitStatus.value) return undefined;
    const read = kitStatus.value.kitStatusReader({
      url,
      parse: (data) => this.host.client!.pushed(data),
      fallback: fetchStatus,
    });
    return async (signal: AbortSignal) => {
      const payment = await read(signal);
      if (!payment && this.problem) {
        this.read();
        this.host.requestUpdate();
      }
      return payment;
    };
  }

  /**
   * The payment's expireAt in local time, corrected by the platform's clock, and never later than
   * its window (acceptedAt to expireAt) after this watch first followed it: the clock is read to
   * the second from a Date header and may put the deadline up to a second late, which would count
   * a fresh 15-minute payin down from 15:01.
   */
  get deadline(): number | undefined {
    const { phase, clock } = this.host;
    const response = phase.name === 'pending' || phase.name === 'final' ? phase.payment.response : undefined;
    const expireAt = timestampMs(response?.expireAt);
    if (expireAt === undefined) return undefined;
    const local = clock.toLocal(expireAt);
    const acceptedAt = timestampMs(response?.acceptedAt);
    if (acceptedAt === undefined || acceptedAt >= expireAt || this.followedSince === undefined) return local;
    return Math.min(local, this.followedSince + (expireAt - acceptedAt));
  }

  /** Milliseconds left to pay, while a deadline is counted. */
  get remainingMs(): number | undefined {
    return this.countdown.remainingMs;
  }

  /** Before the create goes out: the status source gets ready (the merchant's stream opens). */
  prepare(): Promise<void> {
    return this.source.prepare?.() ?? Promise.resolve();
  }

  /** Follows the pending payment: its deadline, its status and its token. */
  follow(): void {
    this.followedSince ??= Date.now();
    this.countdown.set(this.deadline);
    this.tokens.watch();
    if (!this.source.active) this.source.start();
  }

  /** A call waits for a fresh token (TokenWatch): following pauses, it does not fail. */
  private tokenWait(): void {
    this.problem = { kind: 'checking' };
    this.host.requestUpdate();
  }

  /** A payment was read: whatever was wrong while following is over. */
  read(): void {
    this.problem = undefined;
    this.outage = undefined;
  }

  end(reason: WatchStop): void {
    this.source.stop(reason);
    this.countdown.set(undefined);
    this.tokens.stop();
  }

  /** Reads the status now: after following stopped (expiry, an error) or at the customer's request. */
  checkNow(): void {
    this.stopped = undefined;
    this.problem = undefined;
    this.host.requestUpdate();
    this.source.checkNow();
  }

  private failed(error: unknown, willRetry: boolean): void {
    const detail = toErrorDetail(error, this.host.words);
    // Just created and not readable yet, or a busy platform (429: it said when to come back):
    // keep checking, nothing for the shopper or the merchant to act on.
    const notYet = willRetry && (detail.code === 'NOT_FOUND' || detail.code === 'RATE_LIMITED');
    this.problem = notYet
      ? { kind: 'checking' }
      : willRetry
        ? { kind: 'connection' }
        : { kind: 'error', code: detail.code };
    this.host.requestUpdate();
    // One pay-error per kind of outage, not one per retry.
    if (notYet || (willRetry && this.outage === detail.code)) return;
    this.outage = willRetry ? detail.code : undefined;
    this.host.emitError(() => ({ ...toErrorDetail(error, this.host.words), retryable: willRetry }));
  }

  private expire(): void {
    const { phase } = this.host;
    if (phase.name !== 'pending') return;
    this.expired = true;
    this.host.requestUpdate();
    if (this.expiredEmitted) return;
    this.expiredEmitted = true;
    this.host.emit('pay-expired', phase.payment.carried);
  }

  /** Whether a view shows trouble's words: expiry, an error while following, or a failed UTR step. */
  get troubled(): boolean {
    return this.expired || this.problem?.kind === 'error' || this.reference.state === 'error';
  }

  /** The UTR step as a view shows it, in the words of the moment; `none` for a kind that has no such request. */
  referenceStep(code: string, words: Localizer): ReferenceStep {
    if (!this.host.client?.sendReference) return { state: 'none' };
    const { state, problem } = this.reference;
    if (state !== 'error' || !problem) return { state };
    return {
      state,
      error:
        problem === 'invalid'
          ? fieldErrorText(words, 'externalReference.reference', 'invalid', code)
          : errorText(words, problem),
    };
  }

  /** Sends the customer's external reference (UTR) for the payment. */
  async submitReference(raw: string): Promise<void> {
    const { host } = this;
    const reference = raw.replace(/\s+/g, '');
    if (!EXTERNAL_REFERENCE_PATTERN.test(reference)) {
      this.reference = { state: 'error', problem: 'invalid' };
      return host.requestUpdate();
    }
    if (this.reference.state === 'sending') return;
    this.reference = { state: 'sending' };
    host.requestUpdate();
    try {
      const payment = await this.tokens.call(
        () => host.client!.sendReference!(reference, { retry: true, signal: host.signal }),
        host.signal,
      );
      this.reference = { state: 'sent' };
      host.events.seen(payment);
      host.requestUpdate();
    } catch (error) {
      if (host.signal.aborted) return;
      this.reference = { state: 'error', problem: toErrorDetail(error, host.words).code };
      host.requestUpdate();
      host.emitError(() => toErrorDetail(error, host.words));
    }
  }

  /** A platform URL with a scheme we do not follow: tell the merchant once. */
  reportUnsafeUrl(url: string): void {
    if (this.reportedUrls.has(url)) return;
    this.reportedUrls.add(url);
    // Reported while a view renders: the event goes out after it.
    queueMicrotask(() =>
      this.host.emitError(() => ({
        code: 'UNSAFE_URL',
        message: `${errorText(this.host.words, 'UNSAFE_URL')} (${url.slice(0, 60)})`,
        retryable: false,
      })),
    );
  }
}
