/**
 * FX of the emulator: fixed mid rates (catalog.ts) with a 0.5 % spread each side. Published pairs
 * are USD, EUR, USDT and USDC against every other currency; any other conversion goes through USD.
 * Top-ups convert with exactly these published rates, so a client can check the arithmetic.
 */
import { CURRENCIES, currencyInfo, roundAmount } from './catalog.js';

export const FX_SPREAD = 0.005;
const BASES = ['USD', 'EUR', 'USDT', 'USDC'];
/** Rates are republished every hour of sandbox time; validUpTo is the end of the current hour. */
const VALIDITY_MS = 3600_000;

export interface Pair {
  baseCurrencyCode: string;
  quoteCurrencyCode: string;
}

export const FX_PAIRS: readonly Pair[] = BASES.flatMap((base) =>
  CURRENCIES.filter((quote) => quote.code !== base).map((quote) => ({ baseCurrencyCode: base, quoteCurrencyCode: quote.code })),
);

const significant = (value: number) => Number(value.toPrecision(8));

/** Quote units per base unit at mid, or undefined for an unknown currency. */
function midRate(base: string, quote: string): number | undefined {
  const b = currencyInfo(base);
  const q = currencyInfo(quote);
  return b && q ? q.perUsd / b.perUsd : undefined;
}

export function fxRate(pair: Pair, now: number) {
  const mid = midRate(pair.baseCurrencyCode, pair.quoteCurrencyCode)!;
  return {
    ...pair,
    buyRate: significant(mid * (1 - FX_SPREAD)),
    sellRate: significant(mid * (1 + FX_SPREAD)),
    validUpTo: new Date(Math.floor(now / VALIDITY_MS) * VALIDITY_MS + VALIDITY_MS).toISOString(),
  };
}

const findPair = (base: string, quote: string) => FX_PAIRS.find((p) => p.baseCurrencyCode === base && p.quoteCurrencyCode === quote);

/**
 * Units of `to` the platform gives for one unit of `from` it receives: it buys `from`. A published
 * pair from/to uses its buyRate; to/from the inverse of its sellRate (the platform sells `to`);
 * otherwise the two legs through USD.
 */
export function conversionRate(from: string, to: string, now: number): number | undefined {
  if (from === to) return currencyInfo(from) ? 1 : undefined;
  if (!currencyInfo(from) || !currencyInfo(to)) return undefined;
  const direct = findPair(from, to);
  if (direct) return fxRate(direct, now).buyRate;
  const inverse = findPair(to, from);
  if (inverse) return 1 / fxRate(inverse, now).sellRate;
  return conversionRate(from, 'USD', now)! * conversionRate('USD', to, now)!;
}

/** An amount of `from` converted to `to` and rounded to the precision of `to`. */
export function convert(amount: number, from: string, to: string, now: number): number | undefined {
  const rate = conversionRate(from, to, now);
  return rate === undefined ? undefined : roundAmount(amount * rate, to);
}
