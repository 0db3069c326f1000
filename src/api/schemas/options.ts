import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { paymentOperatorSchema } from './common.js';
import type { Money } from './request-common.js';

/** POST /payins/!availablePaymentOptions and POST /topups/!availablePaymentOptions: the money. */
export interface AvailableOptionsRequest {
  money: Money;
}

export const paymentOptionSchema = z.looseObject({
  paymentMethodCode: z.string(),
  paymentOperators: opt(z.array(paymentOperatorSchema)),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const externalProviderSchema = z.looseObject({ code: z.string(), name: opt(z.string()) });
export type ExternalProvider = z.infer<typeof externalProviderSchema>;

export const availableOptionsResponseSchema = z.looseObject({
  data: z.array(paymentOptionSchema),
  externalProviders: opt(z.array(externalProviderSchema)),
});
export type AvailableOptionsResponse = z.infer<typeof availableOptionsResponseSchema>;

/** GET /merchant-info */
export const merchantInfoResponseSchema = z.looseObject({
  channelInfo: z.looseObject({ name: z.string() }),
});
export type MerchantInfoResponse = z.infer<typeof merchantInfoResponseSchema>;

/** GET /settlement-payment-options: same shape as the available options (shape not shown). */
export const settlementOptionsResponseSchema = availableOptionsResponseSchema;
export type SettlementOptionsResponse = AvailableOptionsResponse;

/** GET /currencies (code list; shape not shown). */
export const currenciesResponseSchema = z.looseObject({
  data: z.array(z.looseObject({ code: z.string(), name: opt(z.string()), crypto: opt(z.boolean()) })),
});
export type CurrenciesResponse = z.infer<typeof currenciesResponseSchema>;

/** GET /payment-operators (code list; shape not shown). */
export const paymentOperatorsResponseSchema = z.looseObject({
  data: z.array(z.looseObject({ ...paymentOperatorSchema.def.shape, paymentMethodCode: opt(z.string()) })),
});
export type PaymentOperatorsResponse = z.infer<typeof paymentOperatorsResponseSchema>;
