/**
 * FX of the emulator: fixed mid rates (catalog.ts) with a 0.5 % spread each side. Published pairs
 * are USD, EUR, USDT and USDC against every other currency; any other conversion goes through USD.
 * Top-ups convert with exactly these published rates, so a client can check the arithmetic.
 */
import type { FxRate } from '../../shared.js';
import { CURRENCIES, currencyInfo } from './catalog.js';

export const FX_SPREAD = 0.005;
const BASES = ['USD', 'EUR', 'USDT', 'USDC'];
/** Rates are republished every hour of sandbox time; validUpTo is the end of the current hour. */
const VALIDITY_MS = 3600_000;

export interface Pair {
  baseCurrencyCode: string;
  quoteCurrencyCode: string;
}

export const FX_PAIRS: readonly Pair[] = BASES.flatMap((base) =>
  CURRENCIES.filter((quote) => quote.code !== base).map((quote) => ({
    baseCurrencyCode: base,
    quoteCurrencyCode: quote.code,
  })),
);

const significant = (value: number) => Number(value.toPrecision(8));

/** Quote units per base unit at mid, or undefined for an unknown currency. */
function midRate(base: string, quote: string): number | undefined {
  const b = currencyInfo(base);
  const q = currencyInfo(quote);
  return b && q ? q.perUsd / b.perUsd : undefined;
}

export function fxRate(pair: Pair, now: number): FxRate {
  const mid = midRate(pair.baseCurrencyCode, pair.quoteCurrencyCode)!;
  return {
    ...pair,
    buyRate: significant(mid * (1 - FX_SPREAD)),
    sellRate: significant(mid * (1 + FX_SPREAD)),
    validUpTo: new Date(Math.floor(now / VALIDITY_MS) * VALIDITY_MS + VALIDITY_MS).toISOString(),
  };
}

/**
 * The published rates a conversion between two currencies may use: every pair either is in. The
 * arithmetic (which rate, the legs, the rounding) is api/fx.ts, the same code as the element's quote.
 */
export function ratesBetween(from: string, to: string, now: number): FxRate[] {
  return FX_PAIRS.filter(
    (p) => [from, to].includes(p.baseCurrencyCode) || [from, to].includes(p.quoteCurrencyCode),
  ).map((p) => fxRate(p, now));
}
