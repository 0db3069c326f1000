/** The payout method objects. Their codes are not shown in the document; see docs/platform-choices.md. */
import * as z from 'zod/mini';
import { nonEmpty, opt } from '../zod.js';
import { accountRequestSchema } from './request-common.js';
import { customerNameFirstLastSchema, customerNameLastSchema } from './methods.js';

/** Payout account types by currency (payout notes). */
export const PAYOUT_ACCOUNT_TYPES: Readonly<Record<string, readonly string[]>> = {
  ZAR: ['current', 'savings', 'cheque', 'transmission'],
  JPY: ['private', 'corporate', 'general', 'current'],
};

const payoutAccountSchema = z.object({
  ...accountRequestSchema.def.shape,
  bankCode: opt(z.string()),
  bankBranch: opt(z.string()),
});

const payoutMethod = <C extends string, S extends z.core.$ZodLooseShape>(code: C, extra: S) =>
  z.extend(
    z.object({
      paymentMethodCode: z.literal(code),
      paymentOperatorCode: opt(nonEmpty()),
      emailAddress: opt(z.string()),
      phoneNumber: opt(z.string()),
      account: opt(payoutAccountSchema),
    }),
    extra,
  );

export const bankTransferMethodSchema = payoutMethod('BANK_TRANSFER', {
  identifyingReference: opt(z.string()),
});
export const walletTransferMethodSchema = payoutMethod('WALLET_TRANSFER', {
  customerName: opt(customerNameFirstLastSchema),
});
export const nedbankDirectEftPayoutMethodSchema = payoutMethod('NEDBANK_DIRECT_EFT', {
  customerName: opt(customerNameLastSchema),
});
export const payShapPayoutMethodSchema = payoutMethod('PAYSHAP', {
  customerName: opt(customerNameLastSchema),
});
export const emailTransferMethodSchema = payoutMethod('EMAIL_TRANSFER', {
  emailAddress: z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/)),
});
export const phoneNumberTransferMethodSchema = payoutMethod('PHONE_NUMBER_TRANSFER', {
  phoneNumber: nonEmpty(),
});
export const randomKeyTransferMethodSchema = payoutMethod('RANDOM_KEY_TRANSFER', { randomKey: nonEmpty() });
export const taxPayerIdTransferMethodSchema = payoutMethod('TAX_PAYER_ID_TRANSFER', { taxId: nonEmpty() });

export const payoutMethodSchema = z.discriminatedUnion('paymentMethodCode', [
  bankTransferMethodSchema,
  walletTransferMethodSchema,
  nedbankDirectEftPayoutMethodSchema,
  payShapPayoutMethodSchema,
  emailTransferMethodSchema,
  phoneNumberTransferMethodSchema,
  randomKeyTransferMethodSchema,
  taxPayerIdTransferMethodSchema,
]);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const PAYOUT_METHOD_OBJECTS = {
  BankTransferMethod: bankTransferMethodSchema,
  WalletTransferMethod: walletTransferMethodSchema,
  NedbankDirectEFTMethod: nedbankDirectEftPayoutMethodSchema,
  PayShapMethod: payShapPayoutMethodSchema,
  EmailTransferMethod: emailTransferMethodSchema,
  PhoneNumberTransferMethod: phoneNumberTransferMethodSchema,
  RandomKeyTransferMethod: randomKeyTransferMethodSchema,
  TaxPayerIdTransferMethod: taxPayerIdTransferMethodSchema,
} as const;
