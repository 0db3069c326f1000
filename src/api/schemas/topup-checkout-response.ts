/**
 * The merchant kit's answer for a top-up checkout (`createCheckoutBackend`, an order of
 * `kind: 'topup'`): the checkout protocol of checkout-response.ts, with the top-up's identifier,
 * its mode and the rate the merchant's server read, so that an element holding a by-action
 * WALLET_OPERATION_CREATE token (which does not permit GET /fx-rates) can quote before the
 * customer pays. A file of its own so that the payin bundle does not carry it.
 *
 *   { kind: "topup", token, baseUrl, apiVersion?, idTopUp,
 *     topUpRequested: { moneyProvided, currencyRequired } | { moneyRequired, currencyProvided },
 *     fxRate?, options?, merchantName?, statusUrl?, statusPollUrl?, callbackUrl?, handle?, customer? }
 *
 * `topUpRequested` is the platform's own request mode (POST /topups/{idTopUp}), as the element
 * sends it: `moneyProvided` is what the customer pays (the element's amount and currency-code),
 * `moneyRequired` what the wallet receives (credit-amount and credit-currency). `fxRate` is the
 * published rate of the pair the conversion uses (src/api/fx.ts), valid until its `validUpTo`: the
 * element renews the checkout for a fresh one after that. Its `changed` stream events carry
 * `{"topUp": <GET /topups/{idTopUp} answer>}`.
 */
import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { checkoutAnswerShape } from './checkout-response.js';
import { moneyResponseSchema } from './common.js';
import { fxRateSchema } from './fx.js';

/** The two modes of the platform's document, as answered (looser than the request's checks). */
export const topUpRequestedResponseSchema = z.union([
  z.looseObject({ moneyProvided: moneyResponseSchema, currencyRequired: z.string() }),
  z.looseObject({ moneyRequired: moneyResponseSchema, currencyProvided: z.string() }),
]);

export const topUpCheckoutResponseSchema = z.looseObject({
  ...checkoutAnswerShape,
  kind: z.literal('topup'),
  idTopUp: z.string(),
  topUpRequested: topUpRequestedResponseSchema,
  /** The published rate the quote uses, read by the merchant's server; absent when it could not be read. */
  fxRate: opt(fxRateSchema),
});
export type TopUpCheckoutResponse = z.infer<typeof topUpCheckoutResponseSchema>;
