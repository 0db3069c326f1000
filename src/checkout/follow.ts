/**
 * PayinFollow: what follows a pending payin, loaded with its views (so the initial file does not
 * carry it) — the status source and the countdown, the token (TokenKeeper, a chunk of its own
 * loaded only when the token nears its expiry or is refused: renewed, or pay-token-expiring), what
 * goes wrong while following (a pay-error once per outage, not once per retry), expiry
 * (pay-expired once), "check again", the UTR step, and platform links the views refuse. The
 * session stays the owner of the phase: every payin this reads goes back to it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutClient } from '../api/checkout-client.js';
import { EXTERNAL_REFERENCE_PATTERN } from '../api/patterns.js';
import type { Payin, PayinDetailResponse } from '../api/schemas/payin.js';
import type { PayErrorDetail, PayEventDetails, PayEventName } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText, type FieldProblem } from '../i18n/texts.js';
import type { CheckoutConfig } from './config.js';
import { toErrorDetail } from './errors.js';
import type { Phase } from './phase.js';
import type { DeadlineCountdown, FollowStop, StatusSource, StatusSourceOptions } from './status-source.js';
import type { TokenHost } from './token-keeper.js';
import type { TokenWatch } from './token-watch.js';

/** Why a pending payin's status is not fresh: just created, the connection, or an error to fix. */
export type FollowProblem = { kind: 'checking' } | { kind: 'connection' } | { kind: 'error'; code: string };

/** The UTR step: its problem is 'invalid' (the customer's input) or the code of a failed send. */
export interface ReferenceProgress {
  state: 'idle' | 'sending' | 'sent' | 'error';
  problem?: FieldProblem | string;
}

/** What a PayinFollow needs of its session. */
export interface FollowHost extends ReactiveControllerHost, TokenHost {
  readonly config: CheckoutConfig;
  /** The current client (a fresh token replaces it). */
  readonly client: CheckoutClient;
  readonly phase: Phase;
  readonly localizer: Localizer;
  /** Aborted when the session ends. */
  readonly signal: AbortSignal;
  readonly expiresAtLocal: number | undefined;
  /** The authorized stream's payin, parsed and checked as a read's answer (else it throws, and is read). */
  pushedPayin(data: unknown): PayinDetailResponse;
  /** The token's watch (in pay-checkout.js): loads the keeper in time, or on a 401. */
  readonly tokens: TokenWatch;
  /** Every payin read goes back to the session, which decides the phase. */
  onPayin(payin: Payin): void;
  emit<K extends PayEventName>(name: K, detail: PayEventDetails[K]): void;
  /** pay-error, its detail made once the words of trouble are here (its message in the shopper's words). */
  emitError(detail: () => PayErrorDetail): void;
}

/** What the payin views chunk brings to follow a payin. */
export interface FollowKit {
  createStatusSource(host: ReactiveControllerHost, options: StatusSourceOptions): StatusSource;
  createCountdown(host: ReactiveControllerHost, onExpire: () => void): DeadlineCountdown;
}

/** The payin views chunk, as the session loads it: the kit and the class that uses it. */
export interface Followers extends FollowKit {
  PayinFollow: typeof PayinFollow;
  /** What loads the token's keeper in time (token-watch.ts): only a pending payin needs it. */
  TokenWatch: typeof TokenWatch;
}

export class PayinFollow {
  /** expireAt passed while the payment is still pending. */
  expired = false;
  problem?: FollowProblem;
  stopped?: FollowStop;
  reference: ReferenceProgress = { state: 'idle' };

  private readonly source: StatusSource;
  private readonly countdown: DeadlineCountdown;
  /** The error code of the current outage, reported once. */
  private outage?: string;
  private expiredEmitted = false;
  private readonly reportedUrls = new Set<string>();

  constructor(
    private readonly host: FollowHost,
    kit: FollowKit,
  ) {
    this.source = kit.createStatusSource(host, {
      fetchStatus: (signal) => host.tokens.call(() => host.client.getPayin(host.config.idPayin, { signal }), signal),
      pushedPayin: (data) => host.pushedPayin(data),
      onResult: (payin) => host.onPayin(payin),
      onError: (error, willRetry) => this.failed(error, willRetry),
      expiresAt: () => host.expiresAtLocal,
      statusUrl: host.config.statusUrl,
      onStop: (reason) => {
        this.stopped = reason;
        host.requestUpdate();
      },
    });
    this.countdown = kit.createCountdown(host, () => this.expire());
  }

  /** Milliseconds left to pay, while a deadline is counted. */
  get remainingMs(): number | undefined {
    return this.countdown.remainingMs;
  }

  /** Before the create goes out: the status source gets ready (the merchant's stream opens). */
  prepare(): Promise<void> {
    return this.source.prepare?.() ?? Promise.resolve();
  }

  /** Follows the pending payin: its deadline, its status and its token. */
  follow(): void {
    this.countdown.set(this.host.expiresAtLocal);
    this.host.tokens.watch();
    if (!this.source.active) this.source.start();
  }

  /** A call waits for a fresh token (TokenWatch): following pauses, it does not fail. */
  tokenWait(): void {
    this.problem = { kind: 'checking' };
    this.host.requestUpdate();
  }

  /** A payin was read: whatever was wrong while following is over. */
  read(): void {
    this.problem = undefined;
    this.outage = undefined;
  }

  end(reason: FollowStop): void {
    this.source.stop(reason);
    this.countdown.set(undefined);
    this.host.tokens.stop();
  }

  /** Reads the status now: after following stopped (expiry, an error) or at the customer's request. */
  checkNow(): void {
    this.stopped = undefined;
    this.problem = undefined;
    this.host.requestUpdate();
    this.source.checkNow();
  }

  private failed(error: unknown, willRetry: boolean): void {
    const detail = toErrorDetail(error, this.host.localizer);
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
    this.host.emitError(() => ({ ...toErrorDetail(error, this.host.localizer), retryable: willRetry }));
  }

  private expire(): void {
    const { phase } = this.host;
    if (phase.name !== 'pending') return;
    this.expired = true;
    this.host.requestUpdate();
    if (this.expiredEmitted) return;
    this.expiredEmitted = true;
    this.host.emit('pay-expired', { payin: phase.payin });
  }

  /** Sends the customer's external reference (UTR) for the payin. */
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
      const payin = await host.tokens.call(
        () =>
          host.client.setExternalReference(
            host.config.idPayin,
            { externalReference: { reference } },
            { retry: true, signal: host.signal },
          ),
        host.signal,
      );
      this.reference = { state: 'sent' };
      host.onPayin(payin);
      host.requestUpdate();
    } catch (error) {
      if (host.signal.aborted) return;
      this.reference = { state: 'error', problem: toErrorDetail(error, host.localizer).code };
      host.requestUpdate();
      host.emitError(() => toErrorDetail(error, host.localizer));
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
        message: `${errorText(this.host.localizer, 'UNSAFE_URL')} (${url.slice(0, 60)})`,
        retryable: false,
      })),
    );
  }
}
