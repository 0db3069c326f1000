/**
 * The transport of every platform call: headers, timeout, abort, opt-in retry with backoff, the
 * mapping of failures to typed PlatformErrors, and parsing the answer with its schema. No DOM.
 */
import * as z from 'zod/mini';
import './zod.js';
import { PlatformError, isAbortError, parseRetryAfter, type ErrorCode } from './errors.js';
import { errorBodySchema } from './schemas/error-body.js';

export const DEFAULT_API_VERSION = '2';
/** A call that has not answered in this time fails as NETWORK, so nothing hangs. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface RetryOptions {
  /** Further attempts after the first. Default 3. */
  retries?: number;
  /** First backoff delay, and the least wait after a Retry-After (a `0` or a past date must not spin). Default 500 ms. */
  baseDelayMs?: number;
  /** No single wait is longer, Retry-After included. Default 10 s. */
  maxDelayMs?: number;
  /** No further attempt once this long has passed since the first (besides `retries`). */
  withinMs?: number;
  /** A 429 is never final: wait as asked and try again, however long it takes (neither `retries` nor `withinMs` count it). */
  patientWhenLimited?: boolean;
  /** Up to this much random time added to a Retry-After wait, so a crowd told the same wait does not come back at once. Default 0. */
  jitterMs?: number;
  /** Told before each wait: a caller may show that the platform is busy. */
  onRetry?: (error: PlatformError, delayMs: number) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Opt in to retrying 429 (after Retry-After), network failures and 5xx, with backoff and jitter. */
  retry?: boolean | RetryOptions;
  timeoutMs?: number;
}

export interface ClientOptions {
  baseUrl: string;
  /** Bearer token; token endpoints are called without one. */
  token?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /**
   * Called with the platform's clock (the Date header, when the response exposes it) and the local
   * time the response arrived, so a caller can correct countdowns for clock skew.
   */
  onServerTime?: (serverMs: number, localMs: number) => void;
  /** For tests: the clock and randomness of backoff. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff with full jitter, bounded: a random wait in [0, min(max, base·2^attempt)]. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random = Math.random): number {
  return Math.round(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
}

/**
 * The wait before another attempt (`attempt` waits came before it): exponential backoff with full
 * jitter; after an answer with Retry-After, at least that long and at least the base delay (so
 * `Retry-After: 0` or a date already past cannot make a loop of requests), with jitter when asked,
 * and growing like the backoff when such answers repeat. Never more than the maximum.
 */
export function retryDelay(error: PlatformError, attempt: number, retry: RetryOptions, random = Math.random): number {
  const base = retry.baseDelayMs ?? 500;
  const max = retry.maxDelayMs ?? 10_000;
  const backoff = backoffDelay(attempt, base, max, random);
  if (error.retryAfterMs === undefined) return backoff;
  // The platform's least wait; when such answers repeat the waits still grow (and spread).
  return Math.min(max, Math.max(base, error.retryAfterMs, backoff) + Math.round(random() * (retry.jitterMs ?? 0)));
}

/**
 * Runs `attempt` with the call's retry options (none: once): a retryable PlatformError is tried
 * again after its wait, until `retries` or `withinMs` is spent; with `patientWhenLimited` a 429
 * counts against neither. Every platform call retries through here, the token issuer's included.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  call: CallOptions = {},
  wait = sleep,
  random = Math.random,
): Promise<T> {
  const retry = call.retry === true ? {} : call.retry || undefined;
  const retries = retry ? (retry.retries ?? 3) : 0;
  const started = Date.now();
  // Attempts that count against `retries` (a patient 429 does not), and every wait so far.
  let counted = 0;
  let waits = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof PlatformError) || !error.retryable || !retry) throw error;
      const patient = retry.patientWhenLimited && error.code === 'RATE_LIMITED';
      if (!patient && (counted >= retries || (retry.withinMs !== undefined && Date.now() - started >= retry.withinMs)))
        throw error;
      const delay = retryDelay(error, waits++, retry, random);
      if (!patient) counted++;
      retry.onRetry?.(error, delay);
      await wait(delay, call.signal);
    }
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'VERSION_UNSUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** Body codes that refine a status: a 404 that names a missing resource is not a version problem. */
const REFINING_CODES = new Set(['NOT_FOUND', 'PAYIN_NOT_FOUND', 'TOKEN_EXPIRED', 'TOKEN_INVALID']);

function errorFromResponse(status: number, text: string, retryAfter: string | null, serverNow?: number): PlatformError {
  let body: z.infer<typeof errorBodySchema> | undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    body = parsed.success ? parsed.data : undefined;
  } catch {
    body = undefined;
  }
  const bodyCode = body?.errorCode ?? body?.code;
  let code: ErrorCode;
  if (status === 406) code = bodyCode ?? 'REJECTED';
  else if (bodyCode && REFINING_CODES.has(bodyCode)) code = bodyCode === 'PAYIN_NOT_FOUND' ? 'NOT_FOUND' : bodyCode;
  else code = STATUS_CODES[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_RESPONSE');
  const retryable = status === 429 || status >= 500;
  return new PlatformError({
    code,
    httpStatus: status,
    retryable,
    // An HTTP-date Retry-After is the server's time: measured against its Date, a client clock
    // that is wrong neither shortens nor lengthens the wait.
    retryAfterMs: parseRetryAfter(retryAfter, serverNow),
    message: body?.message ?? `The platform answered HTTP ${status}`,
    details: body?.details,
  });
}

function combine(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Sends one platform call and parses its answer; retries when the call opts in. */
export type Transport = ReturnType<typeof createTransport>;

export function createTransport(options: ClientOptions) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const apiVersion = options.apiVersion ?? DEFAULT_API_VERSION;

  async function once<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body: unknown,
    extraHeaders: Record<string, string>,
    call: CallOptions,
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-API-Version': apiVersion,
      ...extraHeaders,
    };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const signal = combine(call.signal, call.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      const timedOut = isAbortError(error);
      throw new PlatformError({
        code: 'NETWORK',
        retryable: true,
        message: timedOut
          ? `No answer from the platform within ${call.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`
          : 'The platform could not be reached',
        cause: error,
      });
    }
    const serverDate = Date.parse(response.headers.get('Date') ?? '');
    const serverMs = Number.isNaN(serverDate) ? undefined : serverDate;
    if (serverMs !== undefined) options.onServerTime?.(serverMs, Date.now());
    if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get('Retry-After'), serverMs);
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new PlatformError({
        code: 'BAD_RESPONSE',
        httpStatus: response.status,
        message: 'The platform answered with a body that is not JSON',
        cause: error,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PlatformError({
        code: 'BAD_RESPONSE',
        httpStatus: response.status,
        message: `Unexpected response from ${method} ${path}: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(body)'} ${issue.message}`)
          .join('; ')}`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async function request<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    call: CallOptions = {},
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    return withRetry(() => once(method, path, schema, body, extraHeaders, call), call, wait, random);
  }

  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return { request, query };
}
