/**
 * The payin method Response objects. Lenient: every field optional unless the document calls it
 * mandatory, and unknown properties kept, because minor versions add them.
 */
import * as z from 'zod/mini';
import { opt } from '../zod.js';
import {
  accountCustomerSchema,
  accountResponseSchema,
  externalReferenceResponseSchema,
  moneyResponseSchema,
  paymentAddressSchema,
  paymentInstructionSchema,
  paymentLocationResponseSchema,
  paymentOperatorSchema,
  timestampSchema,
} from './common.js';

/** Every field a method response may carry, per the document's list of common and optional fields. */
export const paymentMethodResponseSchema = z.looseObject({
  idPayin: opt(z.string()),
  paymentMethodCode: z.string(),
  account: opt(accountResponseSchema),
  money: opt(moneyResponseSchema),
  acceptedAt: opt(timestampSchema),
  expireAt: opt(timestampSchema),
  reference: opt(z.string()),
  returnUrl: opt(z.string()),
  vat: opt(moneyResponseSchema),
  moneyRequired: opt(moneyResponseSchema),
  paymentOperator: opt(paymentOperatorSchema),
  accountCustomer: opt(accountCustomerSchema),
  accountCustomerUsedForPayment: opt(z.looseObject({})),
  externalReference: opt(externalReferenceResponseSchema),
  processor: opt(z.unknown()),
  emailAddress: opt(z.string()),
  phoneNumber: opt(z.string()),
  paymentLocationCustomer: opt(paymentLocationResponseSchema),
  qrCode: opt(z.string()),
  qrName: opt(z.string()),
  taxId: opt(z.string()),
  upiId: opt(z.string()),
  deeplink: opt(z.string()),
  upiQrDeepLink: opt(z.string()),
  qrRawData: opt(z.string()),
  said: opt(z.string()),
  passportNumber: opt(z.string()),
  paymentInstructionList: opt(z.array(paymentInstructionSchema)),
  paymentAddress: opt(paymentAddressSchema),
  redirectTo: opt(z.string()),
  productId: opt(z.string()),
});
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;
