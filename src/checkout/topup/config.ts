/**
 * Reads what the page gave a top-up checkout (kind="topup", docs/element.md) into a checked
 * configuration: the token rule of top-ups, the top-up's id, which of the document's two modes the
 * attributes name, and the amounts the customer may choose. Bad page input names the attribute.
 *
 * - `amount` (with `currency-code` and `credit-currency`): TopUpRequestedMoneyProvided, the
 *   customer pays exactly this.
 * - `credit-amount` (with `credit-currency` and `currency-code`): TopUpRequestedMoneyRequired, the
 *   wallet receives exactly this.
 * - neither: the customer chooses what the wallet receives, in `credit-currency`, from
 *   `amount-presets` or within `min-amount`..`max-amount` (TopUpRequestedMoneyRequired); see
 *   docs/platform-choices.md.
 * A token with `money` fixes the side whose currency it names.
 */
import { tokenExpiresInMs, decodeToken } from '../../api/token.js';
import { topUpTokenScope, walletActionOperations } from '../../api/topup-token.js';
import { CURRENCY_CODE_PATTERN, ID_PATTERN, ID_RULE } from '../../api/patterns.js';
import { amountProblem } from '../../api/money.js';
import { fxRateSchema, type FxRate } from '../../api/schemas/fx.js';
import type { TopUpMode } from '../../api/fx.js';
import {
  invalid,
  isConfigProblem,
  readBaseUrl,
  readRest,
  type CheckoutConfig,
  type CheckoutInput,
  type ConfigProblem,
} from '../config.js';

/** What the page gives a top-up beside a payin's attributes. */
export interface TopUpInput extends CheckoutInput {
  topupId?: string | null;
  creditAmount?: number | null;
  creditCurrency?: string | null;
  amountPresets?: string | null;
  minAmount?: number | null;
  maxAmount?: number | null;
  /** A rate record (or records) the merchant's server handed in: the `fxRate` property, `fx-rate` JSON attribute. */
  fxRate?: unknown;
}

export interface TopUpSetup {
  mode: TopUpMode;
  /** The customer pays in `provided`, the wallet receives `required`. */
  currencies: { provided: string; required: string };
  /** The amount of the mode's side, when the page or the token fixed it. */
  amount?: number;
  /** The customer's choice (no fixed amount): presets and bounds in the mode's currency. */
  presets: number[];
  min?: number;
  max?: number;
}

export type TopUpConfig = CheckoutConfig & { topUp: TopUpSetup };

const given = (value: number | null | undefined): value is number =>
  value !== undefined && value !== null && !Number.isNaN(value);

/** A checked top-up configuration, or the first problem with the page's input. */
export function readTopUpConfig(input: TopUpInput, now = Date.now()): TopUpConfig | ConfigProblem {
  const payload = decodeToken(input.token);
  if (!payload)
    return {
      code: 'TOKEN_INVALID',
      attribute: 'token',
      detail: input.token ? 'the token attribute is not a JWT' : 'the token attribute is missing',
    };
  const left = tokenExpiresInMs(payload, now);
  if (left !== undefined && left <= 0)
    return { code: 'TOKEN_EXPIRED', attribute: 'token', detail: 'the token has expired' };
  const scope = topUpTokenScope(payload);
  if (scope === 'TOKEN_TOO_BROAD') {
    return {
      code: 'TOKEN_TOO_BROAD',
      attribute: 'token',
      detail:
        'the token is not limited to this one top-up: in a browser it must be a by-action WALLET_OPERATION_CREATE token with idPayment, or hold only literal operations of one top-up (POST and GET /topups/{idTopUp}, POST /topups/!availablePaymentOptions, optionally GET /fx-rates and GET /merchant-info)',
    };
  }

  const baseUrl = readBaseUrl(input);
  if (isConfigProblem(baseUrl)) return baseUrl;

  const idTopUp = input.topupId || scope.idTopUp;
  if (!ID_PATTERN.test(idTopUp)) return invalid('topup-id', `"${idTopUp}" is not a valid top-up id: it ${ID_RULE}`);
  if (idTopUp !== scope.idTopUp)
    return invalid('topup-id', `topup-id "${idTopUp}" differs from the top-up the token is for, "${scope.idTopUp}"`);
  if (input.payinId) return invalid('payin-id', 'a top-up (kind="topup") takes topup-id, not payin-id');

  const provided = input.currencyCode;
  const required = input.creditCurrency;
  if (!provided || !CURRENCY_CODE_PATTERN.test(provided))
    return invalid(
      'currency-code',
      `"${provided ?? ''}" is not a currency code such as INR: a top-up needs the currency the customer pays in`,
    );
  if (!required || !CURRENCY_CODE_PATTERN.test(required))
    return invalid(
      'credit-currency',
      `"${required ?? ''}" is not a currency code such as USD: a top-up needs the currency the wallet receives`,
    );

  let mode: TopUpMode = 'moneyRequired';
  let amount: number | undefined;
  if (given(input.amount) && given(input.creditAmount))
    return invalid(
      'credit-amount',
      'give amount (what the customer pays) or credit-amount (what the wallet receives), not both',
    );
  if (given(input.amount)) [mode, amount] = ['moneyProvided', input.amount];
  else if (given(input.creditAmount)) amount = input.creditAmount;
  const tokenMoney = payload.money;
  if (tokenMoney) {
    const side: TopUpMode | undefined =
      tokenMoney.currencyCode === provided
        ? 'moneyProvided'
        : tokenMoney.currencyCode === required
          ? 'moneyRequired'
          : undefined;
    if (!side)
      return invalid(
        'token',
        `the token's money is in ${tokenMoney.currencyCode}, neither currency-code ${provided} nor credit-currency ${required}`,
      );
    if (amount !== undefined && (side !== mode || tokenMoney.amount !== amount)) {
      return invalid(
        mode === 'moneyProvided' ? 'amount' : 'credit-amount',
        `${amount} differs from the token's money ${tokenMoney.amount} ${tokenMoney.currencyCode}`,
      );
    }
    [mode, amount] = [side, tokenMoney.amount];
  }
  const currency = mode === 'moneyProvided' ? provided : required;
  const attribute = mode === 'moneyProvided' ? 'amount' : 'credit-amount';
  if (amount !== undefined) {
    const issue = amountProblem(amount, currency);
    if (issue) return invalid(attribute, `${amount} ${currency} ${issue}`);
  }

  // The customer's choice: presets and bounds, each an acceptable amount of the currency.
  const presets: number[] = [];
  for (const text of (input.amountPresets ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const preset = Number(text);
    const issue = Number.isFinite(preset) ? amountProblem(preset, currency) : 'is not a number';
    if (issue) return invalid('amount-presets', `"${text}" ${issue} (presets are amounts of ${currency})`);
    presets.push(preset);
  }
  const bounds: { min?: number; max?: number } = {};
  for (const [key, attr] of [
    ['min', 'min-amount'],
    ['max', 'max-amount'],
  ] as const) {
    const value = input[key === 'min' ? 'minAmount' : 'maxAmount'];
    if (!given(value)) continue;
    const issue = amountProblem(value, currency);
    if (issue) return invalid(attr, `${value} ${currency} ${issue}`);
    bounds[key] = value;
  }
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max)
    return invalid('min-amount', `${bounds.min} is above max-amount ${bounds.max}`);
  const outside = presets.find((preset) => preset < (bounds.min ?? 0) || preset > (bounds.max ?? Infinity));
  if (outside !== undefined) return invalid('amount-presets', `${outside} is outside min-amount..max-amount`);

  // A by-action token stands for its action's literal operations: reading them tells which calls it permits.
  const operations = payload.action
    ? [...(payload.operations ?? []), ...walletActionOperations(idTopUp)]
    : payload.operations;
  const base = readRest(input, {
    token: input.token!,
    payload: { ...payload, operations },
    baseUrl,
    idPayin: idTopUp,
    money: { amount: mode === 'moneyProvided' ? (amount ?? 0) : 0, currencyCode: provided },
  });
  if ('attribute' in base) return base;
  return { ...base, topUp: { mode, currencies: { provided, required }, amount, presets, ...bounds } };
}

/** The rate records the merchant's server handed in (`fxRate`: one record or a list), or a problem. */
export function readHandedRates(value: unknown): FxRate[] | ConfigProblem {
  if (value === undefined || value === null || value === '') return [];
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return invalid('fx-rate', 'the fx-rate attribute is not JSON');
    }
  }
  const records = Array.isArray(parsed) ? parsed : [parsed];
  const rates: FxRate[] = [];
  for (const record of records) {
    const result = fxRateSchema.safeParse(record);
    if (
      !result.success ||
      !(result.data.buyRate > 0 && result.data.sellRate > 0) ||
      !Number.isFinite(Date.parse(result.data.validUpTo))
    ) {
      return invalid(
        'fx-rate',
        'the fxRate property is not a rate of GET /fx-rates ({ baseCurrencyCode, quoteCurrencyCode, buyRate, sellRate, validUpTo })',
      );
    }
    rates.push(result.data);
  }
  return rates;
}
