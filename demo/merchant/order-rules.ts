/**
 * What the demo shop accepts as an order before it mints a token for it: a checkout token is a
 * platform request on the merchant's budget, and its `money` limits what the payin may be, so an
 * absurd amount is refused here, before anything is sent.
 *
 * - the currency is one the platform's method table lists (the shop sells in those);
 * - the amount is one the platform takes (`amountProblem` of pay-checkout/server: positive, finite, no more decimals
 *   than the currency has) and at most MAX_ORDER_AMOUNT, the shop's own, lower bound.
 */
import * as z from 'zod/mini';
import { amountProblem, PAYIN_METHOD_TABLE } from 'pay-checkout/server';

/** The largest order the demo shop takes, in units of its currency (documented in docs/platform-choices.md). */
export const MAX_ORDER_AMOUNT = 100_000_000;

export const ORDER_CURRENCIES = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))].sort() as [string, ...string[]];

/**
 * `POST /api/checkouts`. `tokenScopes` is passed in (it belongs to the backend) so this module
 * holds only the order's rules.
 */
export function checkoutRequestSchema<Scope extends string>(tokenScopes: readonly [Scope, ...Scope[]]) {
  return z
    .object({
      amount: z.number().check(z.gt(0), z.lte(MAX_ORDER_AMOUNT, `must be at most ${MAX_ORDER_AMOUNT.toLocaleString('en')}`)),
      currencyCode: z.enum(ORDER_CURRENCIES),
      tokenScope: z.optional(z.enum(tokenScopes)),
    })
    .check(
      z.superRefine((order, context) => {
        const problem = amountProblem(order.amount, order.currencyCode);
        if (problem) context.issues.push({ code: 'custom', message: problem, path: ['amount'], input: order.amount });
      }),
    );
}
