import * as z from 'zod/mini';
import '../zod.js';

export const currencyPairSchema = z.looseObject({
  baseCurrencyCode: z.string(),
  quoteCurrencyCode: z.string(),
});
export type CurrencyPair = z.infer<typeof currencyPairSchema>;

/** How much quote currency buys one unit of base; buyRate when the platform buys base, sellRate when it sells. */
export const fxRateSchema = z.looseObject({
  ...currencyPairSchema.def.shape,
  buyRate: z.number(),
  sellRate: z.number(),
  validUpTo: z.string(),
});
export type FxRate = z.infer<typeof fxRateSchema>;

export const fxRatePairsResponseSchema = z.looseObject({ data: z.array(currencyPairSchema) });
export type FxRatePairsResponse = z.infer<typeof fxRatePairsResponseSchema>;
export const fxRatesResponseSchema = z.looseObject({ data: z.array(fxRateSchema) });
export type FxRatesResponse = z.infer<typeof fxRatesResponseSchema>;

export interface FxRatesQuery {
  baseCurrencyCode?: string;
  quoteCurrencyCode?: string;
}
