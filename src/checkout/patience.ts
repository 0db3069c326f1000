/**
 * How long the checkout waits for a platform that is busy or failing before it shows an error: a
 * 429 is never final (the platform said when to come back; the customer sees "busy"), other
 * passing failures are retried with backoff for about a minute. Waits have a floor and jitter,
 * so a crowd of checkouts told the same Retry-After does not come back at the same moment.
 */
import type { RetryOptions } from '../api/transport.js';

export const patientRetry = (onRetry?: RetryOptions['onRetry']): RetryOptions => ({
  retries: Infinity,
  withinMs: 60_000,
  patientWhenLimited: true,
  baseDelayMs: 1000,
  maxDelayMs: 15_000,
  jitterMs: 1000,
  onRetry,
});
