/**
 * What makes an amount acceptable, for the browser and the emulator alike (no Node API, no zod):
 * positive, finite, at most MAX_AMOUNT, and with no more decimals than its currency has. The
 * platform document shows no precision or bound ("Numeric type, precision … of amount: not
 * shown"); these are our choices, in docs/platform-choices.md.
 */

/**
 * The largest amount accepted, in any currency: 10^12. Larger than any single payment the
 * platform's currencies plausibly see (10^12 VND, the most units per US dollar among them, is about
 * USD 40 million), and small enough that an amount with two decimals is exact in minor units as a
 * JavaScript number (10^14 < 2^53) and that balances summing such amounts stay finite.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * Digits after the decimal point where the table below decides and `Intl` would not, or would not
 * in every engine: Chromium's `Intl` follows CLDR (IDR, COP and LAK 0) while Firefox's follows ISO
 * 4217 (2), so the currencies the platform serves that differ are fixed here, at CLDR's digits,
 * the way their amounts are written. USDT and USDC carry 6 decimals, as their tokens do on TRON
 * (TRC20) and Ethereum (ERC20); `Intl` knows no crypto code.
 */
const FIXED_DIGITS: Readonly<Record<string, number>> = {
  COP: 0,
  IDR: 0,
  JPY: 0,
  KRW: 0,
  LAK: 0,
  VND: 0,
  USDC: 6,
  USDT: 6,
};

/** Digits an unknown code gets: two, as most currencies have. */
const FALLBACK_DIGITS = 2;

const digitsCache = new Map<string, number>();

/** Digits after the decimal point that amounts in a currency may carry. */
export function currencyDigits(currencyCode: string): number {
  const fixed = FIXED_DIGITS[currencyCode];
  if (fixed !== undefined) return fixed;
  let digits = digitsCache.get(currencyCode);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
          .maximumFractionDigits ?? FALLBACK_DIGITS;
    } catch {
      digits = FALLBACK_DIGITS; // not an ISO 4217 code
    }
    if (digitsCache.size < 256) digitsCache.set(currencyCode, digits);
  }
  return digits;
}

/** Decimals of a number as JSON writes it (the shortest text that reads back as the same number). */
function decimalsOf(amount: number): number {
  const match = /^\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(amount)));
  if (!match) return Infinity;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/**
 * What is wrong with an amount in a currency, as a phrase to follow the field's name ("amount
 * must …"), or undefined when it is acceptable.
 */
export function amountProblem(amount: unknown, currencyCode: string): string | undefined {
  if (typeof amount !== 'number' || Number.isNaN(amount)) return 'must be a number';
  if (!Number.isFinite(amount)) return 'must be a finite number';
  if (amount <= 0) return 'must be greater than 0';
  if (amount > MAX_AMOUNT) return `must be at most ${MAX_AMOUNT.toLocaleString('en')}`;
  const digits = currencyDigits(currencyCode);
  if (decimalsOf(amount) > digits) {
    return digits === 0
      ? `must be a whole number: ${currencyCode} has no decimals`
      : `must have at most ${digits} decimal${digits === 1 ? '' : 's'} for ${currencyCode}`;
  }
  return undefined;
}
