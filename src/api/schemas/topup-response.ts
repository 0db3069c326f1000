import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { moneyResponseSchema } from './common.js';
import { paymentMethodResponseSchema } from './method-responses.js';

/**
 * Create and GET response of a top-up: both amounts, computed, the rate and the method response.
 * A file of its own (topup.ts re-exports it) so that the browser's top-up chunk takes the answer's
 * schema without the request's checks.
 */
export const topUpResponseSchema = z.looseObject({
  idTopUp: opt(z.string()),
  idPayment: opt(z.string()),
  moneyProvided: opt(moneyResponseSchema),
  moneyRequired: opt(moneyResponseSchema),
  rate: opt(z.number()),
  paymentMethodResponse: opt(paymentMethodResponseSchema),
  status: opt(z.string()),
  failureReasonCode: opt(z.string()),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;
