/**
 * Reads what the page gave <pay-checkout> into a checked configuration. Bad page input gets a
 * clear message naming the attribute, and no request is sent.
 */
import { decodeToken, tokenProblem, tokenScope, type TokenProblem } from '../api/token.js';
import { CURRENCY_CODE_PATTERN, ID_PATTERN, ID_RULE } from '../api/patterns.js';
import type { Money } from '../api/schemas/request-common.js';
import type { TokenPayload } from '../api/schemas/token-payload.js';
import { safeWebUrl } from '../api/safe-url.js';
import { amountProblem } from '../api/money.js';
import { DEFAULT_API_VERSION } from '../api/transport.js';
import { availableOptionsResponseSchema, type AvailableOptionsResponse } from '../api/schemas/options.js';
import type { FetchCheckout } from '../api/schemas/checkout-response.js';

export interface CheckoutInput {
  token?: string | null;
  baseUrl?: string | null;
  payinId?: string | null;
  amount?: number | null;
  currencyCode?: string | null;
  returnUrl?: string | null;
  callbackUrl?: string | null;
  apiVersion?: string | null;
  statusUrl?: string | null;
  /** The merchant's name as the shop gives it: shown as it is, and no GET /merchant-info. */
  merchantName?: string | null;
  /** The answer of POST /payins/!availablePaymentOptions the merchant's server already has. */
  options?: unknown;
  /** The merchant's checkout endpoint: with no token, the checkout comes from there (checkout-source.ts). */
  checkoutUrl?: string | null;
  /** …or from the page's own function. */
  fetchCheckout?: FetchCheckout | null;
}

export interface CheckoutConfig {
  token: string;
  payload: TokenPayload;
  baseUrl: string;
  idPayin: string;
  money: Money;
  apiVersion: string;
  returnUrl?: string;
  callbackUrl?: string;
  /** The merchant's status stream for this payin (createStatusRelay). */
  statusUrl?: string;
  /** The merchant kit's status route, polled instead of the platform (only a checkout's answer gives one). */
  statusPollUrl?: string;
  merchantName?: string;
  options?: AvailableOptionsResponse;
}

/** Bad input: the page's (INVALID_ATTRIBUTE, a token's code), or the merchant checkout's answer (BAD_RESPONSE). */
export type ConfigProblem = {
  code: TokenProblem | 'INVALID_ATTRIBUTE' | 'BAD_RESPONSE';
  attribute: string;
  detail: string;
};

/** A checked configuration, or the first problem with the page's input. */
export function readCheckoutConfig(input: CheckoutInput, now = Date.now()): CheckoutConfig | ConfigProblem {
  const problem = tokenProblem(input.token, now);
  if (problem) {
    const detail =
      problem === 'TOKEN_INVALID'
        ? input.token
          ? 'the token attribute is not a JWT'
          : 'the token attribute is missing'
        : problem === 'TOKEN_EXPIRED'
          ? 'the token has expired'
          : "the token is not limited to this one payment: in a browser every operation must be a literal path of one payin's checkout (or GET /merchant-info), or the token a by-action token with idPayment; mint a payment-scoped token on your server";
    return { code: problem, attribute: 'token', detail };
  }
  const payload = decodeToken(input.token)!;
  // tokenProblem accepted it, so it is scoped to one payin.
  const scope = tokenScope(payload) as { idPayin: string };

  const baseUrl = readBaseUrl(input);
  if (isConfigProblem(baseUrl)) return baseUrl;

  const idPayin = input.payinId || scope.idPayin;
  if (!ID_PATTERN.test(idPayin)) return invalid('payin-id', `"${idPayin}" is not a valid payin id: it ${ID_RULE}`);
  if (idPayin !== scope.idPayin)
    return invalid('payin-id', `payin-id "${idPayin}" differs from the payin the token is for, "${scope.idPayin}"`);

  const hasAmount = input.amount !== undefined && input.amount !== null;
  let money: Money | undefined;
  if (hasAmount || input.currencyCode) {
    if (!hasAmount) return invalid('amount', 'the amount attribute is missing');
    if (!input.currencyCode || !CURRENCY_CODE_PATTERN.test(input.currencyCode)) {
      return invalid('currency-code', `"${input.currencyCode ?? ''}" is not a currency code such as INR or USDT`);
    }
    money = { amount: input.amount!, currencyCode: input.currencyCode };
    const tokenMoney = payload.money;
    if (tokenMoney && (tokenMoney.amount !== money.amount || tokenMoney.currencyCode !== money.currencyCode)) {
      return invalid(
        'amount',
        `${money.amount} ${money.currencyCode} differs from the token's money ${tokenMoney.amount} ${tokenMoney.currencyCode}`,
      );
    }
  } else if (payload.money) {
    money = { amount: payload.money.amount, currencyCode: payload.money.currencyCode };
  } else {
    return invalid('amount', 'the amount and currency-code attributes are missing and the token carries no money');
  }
  // Shown, QR-encoded and sent as it is: an amount its currency cannot carry is bad input.
  const amountIssue = amountProblem(money.amount, money.currencyCode);
  if (amountIssue)
    return invalid(
      'amount',
      `${money.amount} ${money.currencyCode} ${amountIssue}${hasAmount ? '' : " (the token's money)"}`,
    );

  return readRest(input, { token: input.token!, payload, baseUrl, idPayin, money });
}

/**
 * What every kind of checkout reads alike once its token, base URL, payment and money are known
 * (a top-up's reader, src/checkout/topup/config.ts, too): the URLs, the merchant's name and options.
 */
export function readRest(
  input: CheckoutInput,
  base: Pick<CheckoutConfig, 'token' | 'payload' | 'baseUrl' | 'idPayin' | 'money'>,
): CheckoutConfig | ConfigProblem {
  const urls: Partial<Record<'returnUrl' | 'callbackUrl' | 'statusUrl', string>> = {};
  for (const [key, attribute] of [
    ['returnUrl', 'return-url'],
    ['callbackUrl', 'callback-url'],
    ['statusUrl', 'status-url'],
  ] as const) {
    const given = input[key];
    if (!given) continue;
    // The status stream is the merchant's own endpoint: a path on the page's origin will do.
    const url = safeWebUrl(given, key === 'statusUrl' ? globalThis.document?.baseURI : undefined);
    if (!url) return invalid(attribute, `"${given}" is not an ${key === 'statusUrl' ? '' : 'absolute '}http(s) URL`);
    urls[key] = url;
  }

  let options: AvailableOptionsResponse | undefined;
  if (input.options !== undefined && input.options !== null) {
    const parsed = availableOptionsResponseSchema.safeParse(input.options);
    if (!parsed.success)
      return invalid(
        'options',
        'the options property is not an answer of POST /payins/!availablePaymentOptions ({ data: [{ paymentMethodCode, paymentOperators? }] })',
      );
    options = parsed.data;
  }
  return {
    ...base,
    apiVersion: input.apiVersion || DEFAULT_API_VERSION,
    ...urls,
    merchantName: input.merchantName?.trim() || undefined,
    options,
  };
}

/** The platform's base URL the page gave, or the problem with it (any kind of checkout). */
export function readBaseUrl(input: CheckoutInput): string | ConfigProblem {
  return (
    safeWebUrl(input.baseUrl ?? undefined) ??
    invalid(
      'base-url',
      input.baseUrl ? `"${input.baseUrl}" is not an absolute http(s) URL` : 'the base-url attribute is missing',
    )
  );
}

export function invalid(attribute: string, detail: string): ConfigProblem {
  return { code: 'INVALID_ATTRIBUTE', attribute, detail };
}

/** Whether something that went wrong is bad input (a ConfigProblem names what). */
export const isConfigProblem = (value: unknown): value is ConfigProblem =>
  !!value && typeof value === 'object' && 'attribute' in value;

/** The shop's URLs a create carries, when the page gave them. */
export const shopUrls = (config: CheckoutConfig) => ({
  ...(config.callbackUrl ? { callbackUrl: config.callbackUrl } : {}),
  ...(config.returnUrl ? { returnUrl: config.returnUrl } : {}),
});
