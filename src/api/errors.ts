import type { PayinRejectionCode } from './schemas/payin.js';

/**
 * Codes a caller can branch on. The element forwards them in `pay-error`: a platform code where
 * there is one (406 rejections), otherwise one of these.
 */
export type ErrorCode =
  | 'TOKEN_INVALID'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_TOO_BROAD'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'VERSION_UNSUPPORTED'
  | 'RATE_LIMITED'
  | 'NETWORK'
  | 'BAD_RESPONSE'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVER_ERROR'
  /** The merchant's checkout URL (checkout-url) answered a 4xx other than 429. */
  | 'CHECKOUT_UNAVAILABLE'
  | PayinRejectionCode
  | 'BALANCE_INSUFFICIENT'
  | (string & {});

export interface FieldError {
  field?: string;
  message?: string;
}

export interface PlatformErrorInit {
  code: ErrorCode;
  message: string;
  httpStatus?: number;
  retryable?: boolean;
  /** From Retry-After, when the platform sent one. */
  retryAfterMs?: number;
  details?: FieldError[];
  cause?: unknown;
}

/** Every failure of a platform call, typed. An aborted call rejects with the signal's reason instead. */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly code: ErrorCode;
  readonly httpStatus?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly details: FieldError[];

  constructor(init: PlatformErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.details = init.details ?? [];
  }
}

export const isPlatformError = (error: unknown): error is PlatformError => error instanceof PlatformError;

/** Whether an error is the caller's own abort (not a failure to report). */
export const isAbortError = (error: unknown) =>
  error instanceof DOMException
    ? error.name === 'AbortError' || error.name === 'TimeoutError'
    : (error as Error)?.name === 'AbortError';

/** Reads Retry-After: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
