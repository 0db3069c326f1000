/**
 * How the checkout learns a pending payment's status, whatever carries it: the StatusPoller, or
 * the merchant's status stream (PushedStatus), which falls back to polling. A source hands on
 * whatever record its reads answer (`R`: a Payment in the checkout).
 */
import type { ReactiveController } from 'lit';

/** Why watching a payment's status stopped: a final status, expiry, an error retrying cannot fix, or on request. */
export type WatchStop = 'final' | 'expired' | 'error' | 'disconnected' | 'stopped';

export interface StatusSourceOptions<R = unknown> {
  /** Reads the payment once. */
  fetchStatus: (signal: AbortSignal) => Promise<R>;
  /**
   * What a poll reads, when it is not `fetchStatus`: the merchant kit's status route (kit-status.ts),
   * which answers undefined for no news.
   */
  pollStatus?: (signal: AbortSignal) => Promise<R | undefined>;
  onResult: (payment: R) => void;
  /** Every failed read; `willRetry` is false when following stopped because of it. */
  onError: (error: unknown, willRetry: boolean) => void;
  /** Local time at which the payin expires, if known. */
  expiresAt: () => number | undefined;
  onStop?: (reason: WatchStop) => void;
  /** The merchant's status stream (status-url): pushed changes instead of polling, while it is healthy. */
  statusUrl?: string;
  /**
   * The record a change brought (an authorized stream's `{"payin": …}`), parsed and checked as a
   * read's answer is; it throws when it is not this payment's, and the change is read instead.
   */
  pushed?: (data: unknown) => R;
}

export interface StatusSource extends ReactiveController {
  /** Whether it is following the status now. */
  readonly active: boolean;
  start(): void;
  /** Gets ready before the payin is created (a stream opens): resolves when the create may go out. */
  prepare?(): Promise<void>;
  /** Reads once now, even after it stopped; it goes on following if the payment is still in time. */
  checkNow(): void;
  stop(reason?: WatchStop): void;
}

/** Counts down to the payin's deadline, re-rendering its host. */
export interface DeadlineCountdown {
  readonly remainingMs: number | undefined;
  /** A local-time deadline; undefined stops. */
  set(deadline: number | undefined): void;
}
