/**
 * The platform calls of the flow as plain functions: the parallel start, building and creating
 * the payin, and resuming one that exists. The element decides what to show from their results.
 */
import type { CheckoutClient } from '../api/checkout-client.js';
import { PlatformError } from '../api/errors.js';
import { asPlatformError } from './errors.js';
import { fieldRulesFor, compactNumber, type MethodField } from '../api/method-rules.js';
import { checkoutPaths as paths } from '../api/paths.js';
import type { AvailableOptionsResponse } from '../api/schemas/options.js';
import type { Payin, PayinCreateResponse, PayinDetailResponse } from '../api/schemas/payin.js';
import type { PayinCreateRequest } from '../api/schemas/payin-request.js';
import { tokenPermits } from '../api/token.js';
import type { FieldValues } from '../methods/fields.js';
import type { CheckoutConfig, ConfigProblem } from './config.js';
import { DEFAULT_API_VERSION, type RetryOptions } from '../api/transport.js';

export type StartResult =
  | { kind: 'resume'; payin: PayinDetailResponse; merchantName?: string }
  | { kind: 'select'; options: AvailableOptionsResponse; merchantName?: string }
  | { kind: 'error'; error: PlatformError | ConfigProblem };

/**
 * An answer about another payment — another idPayin, or other money requested — is BAD_RESPONSE,
 * never a status to show: a platform (or anything between) that answers GET /payins/a with
 * payin b's SUCCESS must not make the customer of a believe they paid.
 */
export function aboutThisPayment<P extends Payin>(payin: P, config: CheckoutConfig): P {
  const idPayin = payin.paymentMethodResponse.idPayin;
  const money = payin.paymentRequested?.money;
  const problem =
    idPayin !== undefined && idPayin !== config.idPayin
      ? `idPayin ${idPayin}`
      : money && (money.amount !== config.money.amount || money.currencyCode !== config.money.currencyCode)
        ? `${money.amount} ${money.currencyCode} requested`
        : undefined;
  if (problem)
    throw new PlatformError({
      code: 'BAD_RESPONSE',
      retryable: true,
      message: `The platform answered about another payment (${problem}) than ${config.idPayin}`,
    });
  return payin;
}

/** The checkout's client: every payin it reads or creates is checked to be this payment. */
export function clientForPayment(client: CheckoutClient, config: CheckoutConfig): CheckoutClient {
  const check = <P extends Payin>(payin: P) => aboutThisPayment(payin, config);
  return {
    ...client,
    createPayin: (...args) => client.createPayin(...args).then(check),
    getPayin: (...args) => client.getPayin(...args).then(check),
    setExternalReference: (...args) => client.setExternalReference(...args).then(check),
  };
}

/**
 * How long the checkout waits for a platform that is busy or failing before it shows an error: a
 * 429 is never final (the platform said when to come back; the customer sees "busy"), other
 * passing failures are retried with backoff for about a minute. Waits have a floor and jitter,
 * so a crowd of checkouts told the same Retry-After does not come back at the same moment.
 */
export const patientRetry = (onRetry?: RetryOptions['onRetry']): RetryOptions => ({
  retries: Infinity,
  withinMs: 60_000,
  patientWhenLimited: true,
  baseDelayMs: 1000,
  maxDelayMs: 15_000,
  jitterMs: 1000,
  onRetry,
});

export interface StartInput {
  /** The options the merchant's server already fetched (the `options` property): none is asked for. */
  options?: AvailableOptionsResponse;
  /** Whether this payin may exist already: started in this browser, or a token that can only read it. */
  mayExist: boolean;
  /** Told before each wait for a busy or failing platform. */
  onRetry?: RetryOptions['onRetry'];
}

/**
 * One round trip to ready: the options, the payin (when it may exist) and the merchant name are
 * asked for at once; with the merchant's own options, no round trip at all (the merchant name is
 * then asked for after ready). The merchant name is asked only when the page did not give it
 * (`merchant-name`) and the token may permit it.
 */
export async function startCheckout(
  client: CheckoutClient,
  config: CheckoutConfig,
  signal: AbortSignal,
  start: StartInput,
): Promise<StartResult> {
  const call = { signal, retry: patientRetry(start.onRetry) };
  const [options, payin, merchant] = await Promise.allSettled([
    start.options ?? client.getAvailablePaymentOptions({ money: config.money }, call),
    start.mayExist && mayCall(config, 'GET', paths.payin(config.idPayin))
      ? client.getPayin(config.idPayin, call)
      : Promise.reject(undefined),
    !start.options && asksMerchantName(config) ? client.getMerchantInfo({ signal }) : Promise.reject(undefined),
  ]);
  if (signal.aborted) throw signal.reason;
  const merchantName = merchant.status === 'fulfilled' ? merchant.value.channelInfo.name : undefined;

  if (payin.status === 'fulfilled') return { kind: 'resume', payin: payin.value, merchantName };
  if (options.status === 'rejected')
    return { kind: 'error', error: startProblem(asPlatformError(options.reason), config) };
  // Any failure to read the payin — not found, or not readable just now — leads to the form:
  // should it exist after all, creating it answers 409 and the checkout resumes it.
  return { kind: 'select', options: options.value, merchantName };
}

/** Whether the platform is asked for the merchant name: the page did not give it, and the token may permit it. */
export const asksMerchantName = (config: CheckoutConfig): boolean =>
  !config.merchantName && mayCall(config, 'GET', paths.merchantInfo());

/**
 * Whether the token may permit a call: what its operations say; for a by-action token without
 * them, what the document lists for its action (PAYIN_CREATE: the options, creating and reading
 * this payin; PAYIN_INFO: reading it), so no request goes out that can only get 403; true when the
 * token does not say.
 */
export function mayCall(config: CheckoutConfig, method: string, path: string): boolean {
  const { action, operations } = config.payload;
  if (!operations && (action === 'PAYIN_CREATE' || action === 'PAYIN_INFO')) {
    const read = `GET ${paths.payin(config.idPayin)}`;
    const permitted =
      action === 'PAYIN_INFO' ? [read] : [`POST ${paths.payinOptions()}`, `POST ${paths.payin(config.idPayin)}`, read];
    return permitted.includes(`${method} ${path}`);
  }
  return tokenPermits(config.payload, method, path) !== false;
}

/**
 * A 404 to the options request means the page pointed the checkout at something that is not the
 * platform — with the current API version, nothing else answers 404 there — so it is bad page
 * input naming base-url; with another version it is the version the platform does not support.
 */
function startProblem(error: PlatformError, config: CheckoutConfig): PlatformError | ConfigProblem {
  if (error.httpStatus !== 404 || (error.code === 'VERSION_UNSUPPORTED' && config.apiVersion !== DEFAULT_API_VERSION))
    return error;
  return {
    code: 'INVALID_ATTRIBUTE',
    attribute: 'base-url',
    detail: `${config.baseUrl} answered 404 to POST ${paths.payinOptions()}: is it the platform's base URL?`,
  };
}

/** Where each form field goes in the method object, normalized. */
export function setMethodField(method: Record<string, unknown>, field: MethodField, raw: string): void {
  const value = field === 'phoneNumber' ? compactNumber(raw).replace(/^00/, '+') : raw.trim();
  const keys = field.split('.');
  let node = method;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

export interface MethodChoice {
  code: string;
  operatorCode?: string;
  externalProviderCode?: string;
}

/** The paymentMethod object from the customer's choice and form values. */
export function buildPaymentMethod(
  choice: MethodChoice,
  currencyCode: string,
  values: FieldValues,
): Record<string, unknown> {
  const method: Record<string, unknown> = { paymentMethodCode: choice.code };
  if (choice.operatorCode) method.paymentOperatorCode = choice.operatorCode;
  if (choice.externalProviderCode) method.externalProviderCode = choice.externalProviderCode;
  for (const rule of fieldRulesFor(choice.code, currencyCode)) {
    if (rule.field === 'paymentOperatorCode') continue;
    const value = values[rule.field];
    if (value && value.trim()) setMethodField(method, rule.field, value);
  }
  return method;
}

export function buildPayinRequest(config: CheckoutConfig, paymentMethod: Record<string, unknown>): PayinCreateRequest {
  return {
    paymentRequested: { money: config.money },
    paymentMethod: paymentMethod as PayinCreateRequest['paymentMethod'],
    ...(config.callbackUrl ? { callbackUrl: config.callbackUrl } : {}),
    ...(config.returnUrl ? { returnUrl: config.returnUrl } : {}),
  };
}

export type CreateResult =
  | { kind: 'created'; payin: PayinCreateResponse }
  | { kind: 'resumed'; payin: PayinDetailResponse }
  | { kind: 'failed'; error: PlatformError };

/**
 * Creates the payin, patiently (see patientRetry). A network failure is retried: if the first
 * attempt did reach the platform, the retry answers 409 and the existing payin is read, so a payin
 * is never created twice.
 */
export async function createPayin(
  client: CheckoutClient,
  config: CheckoutConfig,
  request: PayinCreateRequest,
  signal: AbortSignal,
  onRetry?: RetryOptions['onRetry'],
): Promise<CreateResult> {
  const call = { signal, retry: patientRetry(onRetry) };
  try {
    return { kind: 'created', payin: await client.createPayin(config.idPayin, request, call) };
  } catch (error) {
    if (signal.aborted) throw error;
    const failure = asPlatformError(error);
    if (failure.code !== 'CONFLICT' && failure.code !== 'BAD_RESPONSE') return { kind: 'failed', error: failure };
    try {
      const payin = await client.getPayin(config.idPayin, call);
      // After an unreadable answer to our own create, the payin is ours: not a resumption.
      return failure.code === 'CONFLICT' ? { kind: 'resumed', payin } : { kind: 'created', payin };
    } catch (readError) {
      if (signal.aborted) throw readError;
      return { kind: 'failed', error: failure.code === 'CONFLICT' ? asPlatformError(readError) : failure };
    }
  }
}
