import type { RetryOptions } from '../../src/api/index.js';

/**
 * How the shop's server waits for a busy platform. The limit (10 requests a second) is the
 * merchant's own and its shoppers' browsers share it, so a crowd of shoppers keeps it busy for
 * a while: a 429 is never final (the platform says when to come back, and a jitter keeps the
 * waiting calls from coming back together). Other passing failures (network, 5xx) are tried 3
 * more times, as before. A caller that gives up (a shopper who left) aborts with its signal.
 */
export const PLATFORM_RETRY: RetryOptions = { retries: 3, maxDelayMs: 15_000, patientWhenLimited: true, jitterMs: 1000 };
