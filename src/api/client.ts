/**
 * A typed client for every endpoint of the platform. No DOM: runs in browsers, Node and edge
 * runtimes. Every response is parsed with its schema; every failure is a PlatformError.
 */
import { z } from './zod.js';
import { PlatformError, isAbortError, parseRetryAfter, type ErrorCode } from './errors.js';
import { paths } from './paths.js';
import { errorBodySchema, authTokenResponseSchema, type AuthTokenByActionRequest, type AuthTokenRequest } from './schemas/token.js';
import {
  availableOptionsResponseSchema,
  currenciesResponseSchema,
  merchantInfoResponseSchema,
  paymentOperatorsResponseSchema,
  settlementOptionsResponseSchema,
  type AvailableOptionsRequest,
} from './schemas/options.js';
import {
  payinAccountsResponseSchema,
  payinCreateResponseSchema,
  payinDetailResponseSchema,
  type PayinCreateRequest,
  type SetExternalReferenceRequest,
} from './schemas/payin.js';
import { fxRatePairsResponseSchema, fxRatesResponseSchema, type FxRatesQuery } from './schemas/fx.js';
import { balancesResponseSchema, topUpOptionsResponseSchema, topUpResponseSchema, type TopUpCreateRequest } from './schemas/topup.js';
import { payoutCreateResponseSchema, payoutDetailResponseSchema, type PayoutCreateRequest } from './schemas/payout.js';

export const DEFAULT_API_VERSION = '2';
/** A call that has not answered in this time fails as NETWORK, so nothing hangs. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface RetryOptions {
  /** Further attempts after the first. Default 3. */
  retries?: number;
  /** First backoff delay. Default 500 ms. */
  baseDelayMs?: number;
  /** No single wait is longer, Retry-After included. Default 10 s. */
  maxDelayMs?: number;
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

function errorFromResponse(status: number, text: string, retryAfter: string | null): PlatformError {
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
    retryAfterMs: parseRetryAfter(retryAfter),
    message: body?.message ?? `The platform answered HTTP ${status}`,
    details: body?.details,
  });
}

function combine(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export type PlatformClient = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions) {
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
        message: timedOut ? `No answer from the platform within ${call.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms` : 'The platform could not be reached',
        cause: error,
      });
    }
    const serverDate = response.headers.get('Date');
    if (serverDate && options.onServerTime) {
      const serverMs = Date.parse(serverDate);
      if (!Number.isNaN(serverMs)) options.onServerTime(serverMs, Date.now());
    }
    if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get('Retry-After'));
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new PlatformError({ code: 'BAD_RESPONSE', httpStatus: response.status, message: 'The platform answered with a body that is not JSON', cause: error });
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
    const retry = call.retry === true ? {} : call.retry || undefined;
    const retries = retry ? (retry.retries ?? 3) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(method, path, schema, body, extraHeaders, call);
      } catch (error) {
        if (!(error instanceof PlatformError) || !error.retryable || attempt >= retries) throw error;
        const maxDelay = retry?.maxDelayMs ?? 10_000;
        const delay =
          error.retryAfterMs !== undefined
            ? Math.min(error.retryAfterMs, maxDelay)
            : backoffDelay(attempt, retry?.baseDelayMs ?? 500, maxDelay, random);
        await wait(delay, call.signal);
      }
    }
  }

  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    // Tokens (merchant side: the body carries a signature timestamp or the deprecated secret).
    createAuthToken: (body: AuthTokenRequest, signature?: string, call?: CallOptions) =>
      request('POST', paths.authTokens(), authTokenResponseSchema, body, call, signature ? { 'X-SIGNATURE': signature } : {}),
    createAuthTokenByAction: (body: AuthTokenByActionRequest, signature?: string, call?: CallOptions) =>
      request('POST', paths.authTokensByAction(), authTokenResponseSchema, body, call, signature ? { 'X-SIGNATURE': signature } : {}),

    // Payins
    getAvailablePaymentOptions: (body: AvailableOptionsRequest, call?: CallOptions) =>
      request('POST', paths.payinOptions(), availableOptionsResponseSchema, body, call),
    getMerchantInfo: (call?: CallOptions) => request('GET', paths.merchantInfo(), merchantInfoResponseSchema, undefined, call),
    createPayin: (idPayin: string, body: PayinCreateRequest, call?: CallOptions) =>
      request('POST', paths.payin(idPayin), payinCreateResponseSchema, body, call),
    getPayin: (idPayin: string, call?: CallOptions) => request('GET', paths.payin(idPayin), payinDetailResponseSchema, undefined, call),
    getPayinAccounts: (idPayin: string, call?: CallOptions) =>
      request('GET', paths.payinAccounts(idPayin), payinAccountsResponseSchema, undefined, call),
    setExternalReference: (idPayin: string, body: SetExternalReferenceRequest, call?: CallOptions) =>
      request('POST', paths.payinExternalReference(idPayin), payinDetailResponseSchema, body, call),

    // FX
    getFxRatePairs: (call?: CallOptions) => request('GET', paths.fxRatePairs(), fxRatePairsResponseSchema, undefined, call),
    getFxRates: (filter: FxRatesQuery = {}, call?: CallOptions) =>
      request('GET', paths.fxRates() + query({ baseCurrencyCode: filter.baseCurrencyCode, quoteCurrencyCode: filter.quoteCurrencyCode }), fxRatesResponseSchema, undefined, call),

    // Top-ups
    createTopUp: (idTopUp: string, body: TopUpCreateRequest, call?: CallOptions) =>
      request('POST', paths.topUp(idTopUp), topUpResponseSchema, body, call),
    getTopUp: (idTopUp: string, call?: CallOptions) => request('GET', paths.topUp(idTopUp), topUpResponseSchema, undefined, call),
    getTopUpAvailablePaymentOptions: (body: AvailableOptionsRequest, call?: CallOptions) =>
      request('POST', paths.topUpOptions(), availableOptionsResponseSchema, body, call),
    getTopUpOptions: (call?: CallOptions) => request('GET', paths.topUpCustomerOptions(), topUpOptionsResponseSchema, undefined, call),

    // Payouts and balances
    createPayout: (idPayout: string, body: PayoutCreateRequest, call?: CallOptions) =>
      request('POST', paths.payout(idPayout), payoutCreateResponseSchema, body, call),
    getPayout: (idPayout: string, call?: CallOptions) => request('GET', paths.payout(idPayout), payoutDetailResponseSchema, undefined, call),
    getBalances: (currencies?: readonly string[], call?: CallOptions) =>
      request('GET', paths.balances() + query({ currencies: currencies?.join(',') }), balancesResponseSchema, undefined, call),

    // Code lists and settlement
    getSettlementPaymentOptions: (call?: CallOptions) =>
      request('GET', paths.settlementPaymentOptions(), settlementOptionsResponseSchema, undefined, call),
    getCurrencies: (call?: CallOptions) => request('GET', paths.currencies(), currenciesResponseSchema, undefined, call),
    getPaymentOperators: (call?: CallOptions) => request('GET', paths.paymentOperators(), paymentOperatorsResponseSchema, undefined, call),
  };
}
