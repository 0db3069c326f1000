/**
 * What the demo shop accepts as an order before it mints a token for it: a checkout token is a
 * platform request on the merchant's budget, and its `money` limits what the payin may be, so an
 * absurd amount is refused here, before anything is sent.
 *
 * - the currency is one the platform's method table lists (the shop sells in those);
 * - the amount is positive, at most MAX_ORDER_AMOUNT, and has no more decimals than the currency
 *   (Intl's digits: 2 for INR, 0 for IDR, JPY, KRW, VND; USDT and USDC, which Intl does not know,
 *   6 as on their chains).
 */
import * as z from 'zod/mini';
import { PAYIN_METHOD_TABLE } from '../../src/api/schemas/method-table.js';
import { opt } from '../../src/api/zod.js';

/** The largest order the demo shop takes, in units of its currency (documented in docs/platform-choices.md). */
export const MAX_ORDER_AMOUNT = 100_000_000;

export const ORDER_CURRENCIES = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))].sort() as [string, ...string[]];

const CRYPTO_DIGITS = 6;

/** How many decimals an amount in this currency may have. */
export function currencyDigits(currencyCode: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return CRYPTO_DIGITS;
  }
}

function hasAtMostDigits(amount: number, digits: number): boolean {
  const scaled = amount * 10 ** digits;
  // Binary fractions: 60.12 × 100 is 6011.999999999999, which is still a whole number of paise.
  return Math.abs(scaled - Math.round(scaled)) <= 1e-6 * Math.max(1, Math.abs(scaled));
}

/**
 * `POST /api/checkouts`. `tokenScopes` is passed in (it belongs to the backend) so this module
 * holds only the order's rules.
 */
export function checkoutRequestSchema<Scope extends string>(tokenScopes: readonly [Scope, ...Scope[]]) {
  return z
    .object({
      amount: z.number().check(z.gt(0), z.lte(MAX_ORDER_AMOUNT, `must be at most ${MAX_ORDER_AMOUNT.toLocaleString('en')}`)),
      currencyCode: z.enum(ORDER_CURRENCIES),
      tokenScope: opt(z.enum(tokenScopes)),
    })
    .check(
      z.refine((order) => hasAtMostDigits(order.amount, currencyDigits(order.currencyCode)), {
        message: 'has more decimals than the currency has',
        path: ['amount'],
      }),
    );
}
