/**
 * The platform calls of the flow as plain functions: the parallel start, building and creating
 * the payin, and resuming one that exists. The element decides what to show from their results.
 */
import type { CheckoutClient } from '../api/checkout-client.js';
import { PlatformError, isPlatformError } from '../api/errors.js';
import { fieldRulesFor, compactNumber, type MethodField } from '../api/method-rules.js';
import { paths } from '../api/paths.js';
import type { AvailableOptionsResponse } from '../api/schemas/options.js';
import type { PayinCreateResponse, PayinDetailResponse } from '../api/schemas/payin.js';
import type { PayinCreateRequest } from '../api/schemas/payin-request.js';
import { tokenPermits } from '../api/token.js';
import type { FieldValues } from '../methods/fields.js';
import type { CheckoutConfig } from './config.js';

export type StartResult =
  | { kind: 'resume'; payin: PayinDetailResponse; merchantName?: string }
  | { kind: 'select'; options: AvailableOptionsResponse; merchantName?: string }
  | { kind: 'error'; error: PlatformError };

const asPlatformError = (reason: unknown): PlatformError =>
  isPlatformError(reason) ? reason : new PlatformError({ code: 'BAD_RESPONSE', message: String(reason), cause: reason });

/**
 * One round trip to ready: the options, the payin (it may exist already) and the merchant name
 * are asked for at once. The merchant name is asked only when the token may permit it.
 */
export async function startCheckout(client: CheckoutClient, config: CheckoutConfig, signal: AbortSignal): Promise<StartResult> {
  const call = { signal, retry: { retries: 2, maxDelayMs: 4000 } };
  const may = (method: string, path: string) => tokenPermits(config.payload, method, path) !== false;
  const [options, payin, merchant] = await Promise.allSettled([
    client.getAvailablePaymentOptions({ money: config.money }, call),
    may('GET', paths.payin(config.idPayin)) ? client.getPayin(config.idPayin, call) : Promise.reject(undefined),
    may('GET', paths.merchantInfo()) ? client.getMerchantInfo({ signal }) : Promise.reject(undefined),
  ]);
  if (signal.aborted) throw signal.reason;
  const merchantName = merchant.status === 'fulfilled' ? merchant.value.channelInfo.name : undefined;

  if (payin.status === 'fulfilled') return { kind: 'resume', payin: payin.value, merchantName };
  if (options.status === 'rejected') {
    return { kind: 'error', error: asPlatformError(options.reason) };
  }
  // Any failure to read the payin — not found, or not readable just now — leads to the form:
  // should it exist after all, creating it answers 409 and the checkout resumes it.
  return { kind: 'select', options: options.value, merchantName };
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
export function buildPaymentMethod(choice: MethodChoice, currencyCode: string, values: FieldValues): Record<string, unknown> {
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
 * Creates the payin. A network failure is retried: if the first attempt did reach the platform,
 * the retry answers 409 and the existing payin is read, so a payin is never created twice.
 */
export async function createPayin(client: CheckoutClient, config: CheckoutConfig, request: PayinCreateRequest, signal: AbortSignal): Promise<CreateResult> {
  const call = { signal, retry: { retries: 2, maxDelayMs: 4000 } };
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
