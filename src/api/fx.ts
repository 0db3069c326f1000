/**
 * The arithmetic of a top-up's exchange, shared by the element's quote and the emulator's top-up
 * so that the two agree to the minor unit by construction. Browser-safe: no Node API, no DOM.
 *
 * Which rate (docs/platform-choices.md, "FX"): a rate says how much quote currency one unit of
 * base buys; buyRate applies when the platform buys the base currency, sellRate when it sells it.
 * In a top-up the platform receives the customer's currency (provided) and delivers the wallet's
 * (required): it buys `provided` and sells `required`. So a published pair provided/required is
 * read at its buyRate (multiply), a published pair required/provided at its sellRate (divide),
 * and a conversion with neither goes through a currency both are published against (USD first),
 * each leg read the same way. Only the final amount is rounded, to its currency's digits.
 */
import { currencyDigits, amountProblem } from './money.js';
import type { FxRate } from './schemas/fx.js';
import type { Money } from './schemas/request-common.js';

export { fxRateSchema, fxRatesResponseSchema, type FxRate, type FxRatesResponse } from './schemas/fx.js';

/**
 * An amount rounded to its currency's digits (money.ts), half away from zero. The product is first
 * read at 15 significant digits, so that 8392.499999999999, the binary neighbour of 8392.5, rounds
 * as the decimal it stands for.
 */
export function roundToCurrency(amount: number, currencyCode: string): number {
  const factor = 10 ** currencyDigits(currencyCode);
  const scaled = Number((Math.abs(amount) * factor).toPrecision(15));
  return (Math.sign(amount) * Math.round(scaled)) / factor || 0;
}

/** One leg of a conversion: a published rate, multiplied by (buyRate) or divided by (sellRate). */
export interface ConversionLeg {
  readonly fxRate: FxRate;
  readonly value: number;
  readonly divide: boolean;
}

/** How `from` becomes `to`: the legs, the effective rate (units of `to` per unit of `from`), and until when it holds. */
export interface Conversion {
  readonly legs: readonly ConversionLeg[];
  readonly rate: number;
  /** The earliest validUpTo of the legs; absent for a currency converted to itself. */
  readonly validUpTo?: string;
}

/** The currencies a conversion without a published pair may go through, in order of preference. */
const PIVOTS = ['USD', 'EUR', 'USDT', 'USDC'];

function leg(from: string, to: string, rates: readonly FxRate[]): ConversionLeg | undefined {
  const direct = rates.find((r) => r.baseCurrencyCode === from && r.quoteCurrencyCode === to);
  if (direct && direct.buyRate > 0) return { fxRate: direct, value: direct.buyRate, divide: false };
  const inverse = rates.find((r) => r.baseCurrencyCode === to && r.quoteCurrencyCode === from);
  if (inverse && inverse.sellRate > 0) return { fxRate: inverse, value: inverse.sellRate, divide: true };
  return undefined;
}

function conversion(legs: ConversionLeg[]): Conversion {
  const rate = legs.reduce((product, l) => (l.divide ? product / l.value : product * l.value), 1);
  const validUpTo = legs.map((l) => l.fxRate.validUpTo).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  return validUpTo === undefined ? { legs, rate } : { legs, rate, validUpTo };
}

/**
 * The conversion the platform makes when it receives `from` and delivers `to`, from the published
 * rates given, or undefined when they do not connect the two currencies.
 */
export function conversionFor(from: string, to: string, rates: readonly FxRate[]): Conversion | undefined {
  if (from === to) return conversion([]);
  const single = leg(from, to, rates);
  if (single) return conversion([single]);
  for (const pivot of PIVOTS) {
    if (pivot === from || pivot === to) continue;
    const first = leg(from, pivot, rates);
    const second = first && leg(pivot, to, rates);
    if (first && second) return conversion([first, second]);
  }
  return undefined;
}

/** An amount of the conversion's `from` in its `to` (forward) or the reverse, rounded to `currencyCode`. */
function apply(amount: number, legs: readonly ConversionLeg[], forward: boolean, currencyCode: string): number {
  const ordered = forward ? legs : [...legs].reverse();
  const raw = ordered.reduce((value, l) => (l.divide === forward ? value / l.value : value * l.value), amount);
  return roundToCurrency(raw, currencyCode);
}

/**
 * The two modes of the platform's document: `moneyProvided` (TopUpRequestedMoneyProvided: the
 * customer pays exactly the amount) and `moneyRequired` (TopUpRequestedMoneyRequired: the wallet
 * receives exactly the amount).
 */
export type TopUpMode = 'moneyProvided' | 'moneyRequired';

/** The currency the customer pays in (provided) and the one the wallet receives (required). */
export interface TopUpCurrencies {
  readonly provided: string;
  readonly required: string;
}

export interface TopUpQuote {
  readonly moneyProvided: Money;
  readonly moneyRequired: Money;
  /** Units of the required currency per unit of the provided one, as the top-up record's `rate`. */
  readonly rate: number;
  readonly validUpTo?: string;
}

/**
 * Both sides of a top-up: the side the mode names is the amount given, the other converted and
 * rounded to its currency's digits. Undefined when the rates do not connect the currencies.
 */
export function quoteTopUp(
  mode: TopUpMode,
  amount: number,
  currencies: TopUpCurrencies,
  rates: FxRate | readonly FxRate[],
): TopUpQuote | undefined {
  const found = conversionFor(
    currencies.provided,
    currencies.required,
    Array.isArray(rates) ? rates : [rates as FxRate],
  );
  if (!found) return undefined;
  const provided = mode === 'moneyProvided' ? amount : apply(amount, found.legs, false, currencies.provided);
  const required = mode === 'moneyRequired' ? amount : apply(amount, found.legs, true, currencies.required);
  return {
    moneyProvided: { amount: provided, currencyCode: currencies.provided },
    moneyRequired: { amount: required, currencyCode: currencies.required },
    rate: found.rate,
    ...(found.validUpTo === undefined ? {} : { validUpTo: found.validUpTo }),
  };
}

/**
 * What is wrong with a quote's amounts (the converted side can round to nothing), as the side and
 * a phrase to follow "amount", or undefined when both sides are acceptable amounts.
 */
export function topUpQuoteProblem(quote: TopUpQuote): { side: TopUpMode; money: Money; problem: string } | undefined {
  for (const side of ['moneyProvided', 'moneyRequired'] as const) {
    const problem = amountProblem(quote[side].amount, quote[side].currencyCode);
    if (problem) return { side, money: quote[side], problem };
  }
  return undefined;
}

/** Whether a rate (or quote) still holds at `now` (platform time, ms): strictly before validUpTo. */
export function isRateValid(validUpTo: string | undefined, now: number): boolean {
  if (validUpTo === undefined) return true;
  const end = Date.parse(validUpTo);
  return Number.isFinite(end) && now < end;
}
