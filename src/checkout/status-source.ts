/**
 * How the checkout learns a pending payin's status, whatever carries it: today the StatusPoller;
 * a pushed source (the merchant's status stream) keeps this shape and falls back to polling.
 */
import type { ReactiveController } from 'lit';
import type { PayinDetailResponse } from '../api/schemas/payin.js';

/** Why following stopped: a final status, expiry, an error retrying cannot fix, or on request. */
export type FollowStop = 'final' | 'expired' | 'error' | 'disconnected' | 'stopped';

export interface StatusSourceOptions {
  /** Reads the payin once. */
  fetchStatus: (signal: AbortSignal) => Promise<PayinDetailResponse>;
  onResult: (payin: PayinDetailResponse) => void;
  /** Every failed read; `willRetry` is false when following stopped because of it. */
  onError: (error: unknown, willRetry: boolean) => void;
  /** Local time at which the payin expires, if known. */
  expiresAt: () => number | undefined;
  onStop?: (reason: FollowStop) => void;
  /** The merchant's status stream (status-url): pushed changes instead of polling, while it is healthy. */
  statusUrl?: string;
  /**
   * The payin a change brought (an authorized stream's `{"payin": …}`): the payin, parsed with the
   * payin schema and checked as a read's answer is; it throws when it is not this payment's, and
   * the change is read instead.
   */
  pushedPayin?: (data: unknown) => PayinDetailResponse;
}

export interface StatusSource extends ReactiveController {
  /** Whether it is following the status now. */
  readonly active: boolean;
  start(): void;
  /** Gets ready before the payin is created (a stream opens): resolves when the create may go out. */
  prepare?(): Promise<void>;
  /** Reads once now, even after it stopped; it goes on following if the payment is still in time. */
  checkNow(): void;
  stop(reason?: FollowStop): void;
}

/** Counts down to the payin's deadline, re-rendering its host. */
export interface DeadlineCountdown {
  readonly remainingMs: number | undefined;
  /** A local-time deadline; undefined stops. */
  set(deadline: number | undefined): void;
}
