import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { moneyResponseSchema } from './common.js';
import { currencyCodeSchema, moneySchema } from './request-common.js';
import { payinMethodSchema } from './methods.js';
import { checkPaymentMethod } from '../method-rules.js';

/** The customer pays exactly moneyProvided; the platform computes what arrives in currencyRequired. */
export const topUpRequestedMoneyProvidedSchema = z.object({
  moneyProvided: moneySchema,
  currencyRequired: currencyCodeSchema,
});
/** The merchant receives exactly moneyRequired; the platform computes what the customer pays in currencyProvided. */
export const topUpRequestedMoneyRequiredSchema = z.object({
  moneyRequired: moneySchema,
  currencyProvided: currencyCodeSchema,
});
export const topUpRequestedSchema = z.union([topUpRequestedMoneyProvidedSchema, topUpRequestedMoneyRequiredSchema]);
export type TopUpRequested = z.infer<typeof topUpRequestedSchema>;

/** The currency the customer pays in, whichever mode. */
export const customerCurrencyOf = (requested: TopUpRequested) =>
  'moneyProvided' in requested ? requested.moneyProvided.currencyCode : requested.currencyProvided;

/**
 * POST /topups/{idTopUp}: the payin request with topUpRequested in place of paymentRequested
 * (field name chosen, see docs/platform-choices.md).
 */
export const topUpCreateRequestSchema = z
  .object({
    topUpRequested: topUpRequestedSchema,
    paymentMethod: payinMethodSchema,
    callbackUrl: opt(z.url({ protocol: /^https?$/ })),
    returnUrl: opt(z.url({ protocol: /^https?$/ })),
  })
  .check(
    z.superRefine((request, ctx) => {
      for (const issue of checkPaymentMethod(request.paymentMethod, customerCurrencyOf(request.topUpRequested))) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['paymentMethod', ...issue.field.split('.')],
          input: request,
        });
      }
    }),
  );
export type TopUpCreateRequest = z.infer<typeof topUpCreateRequestSchema>;

export { topUpResponseSchema, type TopUpResponse } from './topup-response.js';

/** GET /topup-options */
export const topUpOptionsResponseSchema = z.looseObject({
  customer: opt(z.looseObject({ idCustomer: opt(z.string()) })),
  paymentTypeCode: z.string(),
});
export type TopUpOptionsResponse = z.infer<typeof topUpOptionsResponseSchema>;

/** GET /balances: one record per currency (fields not shown: a Money per currency). */
export const balancesResponseSchema = z.looseObject({
  data: z.array(moneyResponseSchema),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;
