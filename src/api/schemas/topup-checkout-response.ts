/**
 * The merchant kit's answer for a top-up checkout (`createCheckoutBackend`, an order of
 * `kind: 'topup'`): the checkout protocol of checkout-response.ts, with the top-up's identifier,
 * its mode and the rate the merchant's server read, so that an element holding a by-action
 * WALLET_OPERATION_CREATE token (which does not permit GET /fx-rates) can quote before the
 * customer pays. A file of its own so that the payin bundle does not carry it.
 *
 *   { kind: "topup", token, baseUrl, apiVersion?, idTopUp,
 *     topUpRequested: { moneyProvided, currencyRequired } | { moneyRequired, currencyProvided },
 *     fxRate?, options?, merchantName?, statusUrl?, callbackUrl?, handle?, customer? }
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
import { checkoutCustomerSchema } from './checkout-response.js';
import { moneyResponseSchema } from './common.js';
import { fxRateSchema } from './fx.js';
import { availableOptionsResponseSchema } from './options.js';

/** The two modes of the platform's document, as answered (looser than the request's checks). */
export const topUpRequestedResponseSchema = z.union([
  z.looseObject({ moneyProvided: moneyResponseSchema, currencyRequired: z.string() }),
  z.looseObject({ moneyRequired: moneyResponseSchema, currencyProvided: z.string() }),
]);

export const topUpCheckoutResponseSchema = z.looseObject({
  kind: z.literal('topup'),
  /** A token for this top-up only: by-action WALLET_OPERATION_CREATE, or its literal operations (with GET /fx-rates). */
  token: z.string(),
  baseUrl: z.string(),
  apiVersion: opt(z.string()),
  idTopUp: z.string(),
  topUpRequested: topUpRequestedResponseSchema,
  /** The published rate the quote uses, read by the merchant's server; absent when it could not be read. */
  fxRate: opt(fxRateSchema),
  /** POST /topups/!availablePaymentOptions for what the customer pays. */
  options: opt(availableOptionsResponseSchema),
  merchantName: opt(z.string()),
  /** The top-up's status stream on the merchant's server (authorized when a handle is given). */
  statusUrl: opt(z.string()),
  callbackUrl: opt(z.string()),
  /** Renews this checkout's token (and its rate): sent back as `{"handle": …}` to the same URL. */
  handle: opt(z.string()),
  customer: opt(checkoutCustomerSchema),
});
export type TopUpCheckoutResponse = z.infer<typeof topUpCheckoutResponseSchema>;
