/**
 * The payin method objects (the request's `paymentMethod`), their Response counterparts, and the
 * payout method objects. Shapes only: which field is mandatory for which currency lives in
 * ../method-rules.ts and is applied by the payin request schema.
 */
import { nonEmpty, opt, z } from '../zod.js';
import {
  accountCustomerSchema,
  accountRequestSchema,
  accountResponseSchema,
  customerNameSchema,
  externalReferenceResponseSchema,
  externalReferenceSchema,
  moneyResponseSchema,
  paymentAddressSchema,
  paymentInstructionSchema,
  paymentLocationResponseSchema,
  paymentLocationSchema,
  paymentOperatorSchema,
  timestampSchema,
} from './common.js';

// ---------------------------------------------------------------------------------------------
// Request objects

const baseMethod = {
  paymentOperatorCode: opt(nonEmpty()),
  /** Financial institution or wallet tied to the operator (redirect parameter externalProviderCode). */
  externalProviderCode: opt(nonEmpty()),
  emailAddress: opt(z.string()),
  phoneNumber: opt(z.string()),
  account: opt(accountRequestSchema),
};

/** customerName where lastName is mandatory (Absa Pay, Capitec Pay, PayShap, Nedbank payouts). */
export const customerNameLastSchema = z.object({ ...customerNameSchema.def.shape, lastName: nonEmpty() });
/** customerName where firstName and lastName are mandatory (Offline, wallet-transfer payouts). */
export const customerNameFirstLastSchema = z.object({
  ...customerNameSchema.def.shape,
  firstName: nonEmpty(),
  lastName: nonEmpty(),
});

const method = <C extends string, S extends z.core.$ZodLooseShape>(code: C, extra: S) =>
  z.object({ paymentMethodCode: z.literal(code), ...baseMethod, ...extra });

export const absaPayMethodSchema = method('ABSA_PAY', {
  passportNumber: opt(z.string()),
  said: opt(z.string()),
  customerName: opt(customerNameLastSchema),
});
export const capitecPayMethodSchema = method('CAPITEC_PAY', { customerName: opt(customerNameLastSchema) });
/** The table lists NEDBANK_DIRECT_EFT with CapitecPayMethod's shape. */
export const nedbankDirectEftMethodSchema = method('NEDBANK_DIRECT_EFT', { customerName: opt(customerNameLastSchema) });
export const codePaymentMethodSchema = method('CODE_PAYMENT', { paymentLocation: opt(paymentLocationSchema) });
export const cryptoOfflineMethodSchema = method('CRYPTO_OFFLINE', {});
export const duitNowMethodSchema = method('DUITNOW', {});
export const eWalletMethodSchema = method('EWALLET', {});
export const fpxMethodSchema = method('FPX', {});
/** P2AV2Method and IMPSMethod: the reference may also be set later, at the external-reference endpoint. */
export const p2aV2MethodSchema = method('P2A_V2', { externalReference: opt(externalReferenceSchema) });
export const impsMethodSchema = p2aV2MethodSchema;
export const onlineMethodSchema = method('ONLINE', {});
export const mobileMoneyMethodSchema = method('MOBILE_MONEY', {});
export const momoPayMethodSchema = method('MOMOPAY', {});
export const netBankingMethodSchema = method('NETBANKING', {});
export const offlineMethodSchema = method('OFFLINE', {
  productId: opt(z.string()),
  taxId: opt(z.string()),
  customerName: opt(customerNameFirstLastSchema),
});
export const payMeMethodSchema = method('PAY_ME', {});
export const payShapMethodSchema = method('PAYSHAP', { said: opt(z.string()) });
export const pixQrMethodSchema = method('PIXQR', {});
export const promptPayMethodSchema = method('PROMPTPAY', {});
export const pseMethodSchema = method('PSE', {});
export const qrisPayMethodSchema = method('QRISPAY', {});
export const qrPhMethodSchema = method('QRPH', {});
export const upiCollectMethodSchema = method('UPICOLLECT', {});
export const upiQrMethodSchema = method('UPIQR', { upiId: opt(z.string()) });
export const vaPayMethodSchema = method('VAPAY', { paymentLocation: opt(paymentLocationSchema) });
export const vietQrMethodSchema = method('VIETQR', {});
export const zapperQrMethodSchema = method('ZAPPER_QR', {});
export const upiIdMethodSchema = method('UPI_ID', { upiId: opt(z.string()) });
export const fnbDirectEftMethodSchema = method('FNB_DIRECT_EFT', {});
export const snapScanQrMethodSchema = method('SNAP_SCAN_QR', {});

/** Exactly one method object, selected by paymentMethodCode. */
export const payinMethodSchema = z.discriminatedUnion('paymentMethodCode', [
  absaPayMethodSchema,
  capitecPayMethodSchema,
  codePaymentMethodSchema,
  cryptoOfflineMethodSchema,
  duitNowMethodSchema,
  eWalletMethodSchema,
  fpxMethodSchema,
  p2aV2MethodSchema,
  onlineMethodSchema,
  mobileMoneyMethodSchema,
  momoPayMethodSchema,
  nedbankDirectEftMethodSchema,
  netBankingMethodSchema,
  offlineMethodSchema,
  payMeMethodSchema,
  payShapMethodSchema,
  pixQrMethodSchema,
  promptPayMethodSchema,
  pseMethodSchema,
  qrisPayMethodSchema,
  qrPhMethodSchema,
  upiCollectMethodSchema,
  upiQrMethodSchema,
  vaPayMethodSchema,
  vietQrMethodSchema,
  zapperQrMethodSchema,
  upiIdMethodSchema,
  fnbDirectEftMethodSchema,
  snapScanQrMethodSchema,
]);
export type PayinMethod = z.infer<typeof payinMethodSchema>;
export type PayinMethodInput = z.input<typeof payinMethodSchema>;

/** The data-object names of the document, each with its schema. */
export const PAYIN_METHOD_OBJECTS = {
  AbsaPayMethod: absaPayMethodSchema,
  CapitecPayMethod: capitecPayMethodSchema,
  CodePaymentMethod: codePaymentMethodSchema,
  CryptoOfflineMethod: cryptoOfflineMethodSchema,
  DuitNowMethod: duitNowMethodSchema,
  EWalletMethod: eWalletMethodSchema,
  FpxMethod: fpxMethodSchema,
  IMPSMethod: impsMethodSchema,
  OnlineMethod: onlineMethodSchema,
  MobileMoneyMethod: mobileMoneyMethodSchema,
  MomoPayMethod: momoPayMethodSchema,
  NedbankDirectEFTMethod: nedbankDirectEftMethodSchema,
  NetBankingMethod: netBankingMethodSchema,
  OfflineMethod: offlineMethodSchema,
  PayMeMethod: payMeMethodSchema,
  PayShapMethod: payShapMethodSchema,
  P2AV2Method: p2aV2MethodSchema,
  PixQRMethod: pixQrMethodSchema,
  PromptPayMethod: promptPayMethodSchema,
  PseMethod: pseMethodSchema,
  QrisPayMethod: qrisPayMethodSchema,
  QRPhMethod: qrPhMethodSchema,
  UpiCollectMethod: upiCollectMethodSchema,
  UpiQRMethod: upiQrMethodSchema,
  VaPayMethod: vaPayMethodSchema,
  VietQRMethod: vietQrMethodSchema,
  ZapperQrMethod: zapperQrMethodSchema,
  UpiIdMethod: upiIdMethodSchema,
  FnbDirectEFTMethod: fnbDirectEftMethodSchema,
  SnapScanQrMethod: snapScanQrMethodSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Response objects. Lenient: every field optional unless the document calls it mandatory, and
// unknown properties kept, because minor versions add them.

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

const responseOf = <C extends string, S extends z.core.$ZodLooseShape>(code: C, mandatory: S = {} as S) =>
  z.looseObject({ ...paymentMethodResponseSchema.def.shape, paymentMethodCode: z.literal(code), ...mandatory });

const accountCustomerWithName = z.looseObject({ ...accountCustomerSchema.def.shape, accountName: z.string() });

export const absaPayMethodResponseSchema = responseOf('ABSA_PAY');
export const capitecPayMethodResponseSchema = responseOf('CAPITEC_PAY');
export const nedbankDirectEftMethodResponseSchema = responseOf('NEDBANK_DIRECT_EFT');
export const codePaymentMethodResponseSchema = responseOf('CODE_PAYMENT', {
  accountCustomer: accountCustomerWithName,
  phoneNumber: z.string(),
  emailAddress: z.string(),
  paymentLocationCustomer: paymentLocationResponseSchema,
});
export const cryptoOfflineMethodResponseSchema = responseOf('CRYPTO_OFFLINE', { paymentOperator: paymentOperatorSchema });
export const duitNowMethodResponseSchema = responseOf('DUITNOW');
export const eWalletMethodResponseSchema = responseOf('EWALLET');
export const fpxMethodResponseSchema = responseOf('FPX');
export const p2aV2MethodResponseSchema = responseOf('P2A_V2', { paymentOperator: paymentOperatorSchema });
export const impsMethodResponseSchema = p2aV2MethodResponseSchema;
export const onlineMethodResponseSchema = responseOf('ONLINE', { redirectTo: z.string() });
export const mobileMoneyMethodResponseSchema = responseOf('MOBILE_MONEY');
export const momoPayMethodResponseSchema = responseOf('MOMOPAY');
export const netBankingMethodResponseSchema = responseOf('NETBANKING');
export const offlineMethodResponseSchema = responseOf('OFFLINE');
export const payMeMethodResponseSchema = responseOf('PAY_ME');
export const payShapMethodResponseSchema = responseOf('PAYSHAP');
export const pixQrMethodResponseSchema = responseOf('PIXQR');
export const promptPayMethodResponseSchema = responseOf('PROMPTPAY');
export const pseMethodResponseSchema = responseOf('PSE');
export const qrisPayMethodResponseSchema = responseOf('QRISPAY', { qrRawData: z.string() });
export const qrPhMethodResponseSchema = responseOf('QRPH');
export const upiCollectMethodResponseSchema = responseOf('UPICOLLECT');
export const upiQrMethodResponseSchema = responseOf('UPIQR');
export const vaPayMethodResponseSchema = responseOf('VAPAY');
export const vietQrMethodResponseSchema = responseOf('VIETQR');
export const zapperQrMethodResponseSchema = responseOf('ZAPPER_QR');
export const upiIdMethodResponseSchema = responseOf('UPI_ID');
export const fnbDirectEftMethodResponseSchema = responseOf('FNB_DIRECT_EFT');
export const snapScanQrMethodResponseSchema = responseOf('SNAP_SCAN_QR');

export const PAYIN_METHOD_RESPONSE_OBJECTS = {
  AbsaPayMethodResponse: absaPayMethodResponseSchema,
  CapitecPayMethodResponse: capitecPayMethodResponseSchema,
  CodePaymentMethodResponse: codePaymentMethodResponseSchema,
  CryptoOfflineMethodResponse: cryptoOfflineMethodResponseSchema,
  DuitNowMethodResponse: duitNowMethodResponseSchema,
  EWalletMethodResponse: eWalletMethodResponseSchema,
  FpxMethodResponse: fpxMethodResponseSchema,
  IMPSMethodResponse: impsMethodResponseSchema,
  OnlineMethodResponse: onlineMethodResponseSchema,
  MobileMoneyMethodResponse: mobileMoneyMethodResponseSchema,
  MomoPayMethodResponse: momoPayMethodResponseSchema,
  NedbankDirectEFTMethodResponse: nedbankDirectEftMethodResponseSchema,
  NetBankingMethodResponse: netBankingMethodResponseSchema,
  OfflineMethodResponse: offlineMethodResponseSchema,
  PayMeMethodResponse: payMeMethodResponseSchema,
  PayShapMethodResponse: payShapMethodResponseSchema,
  P2AV2MethodResponse: p2aV2MethodResponseSchema,
  PixQRMethodResponse: pixQrMethodResponseSchema,
  PromptPayMethodResponse: promptPayMethodResponseSchema,
  PseMethodResponse: pseMethodResponseSchema,
  QrisPayMethodResponse: qrisPayMethodResponseSchema,
  QRPhMethodResponse: qrPhMethodResponseSchema,
  UpiCollectMethodResponse: upiCollectMethodResponseSchema,
  UpiQRMethodResponse: upiQrMethodResponseSchema,
  VaPayMethodResponse: vaPayMethodResponseSchema,
  VietQRMethodResponse: vietQrMethodResponseSchema,
  ZapperQrMethodResponse: zapperQrMethodResponseSchema,
  UpiIdMethodResponse: upiIdMethodResponseSchema,
  FnbDirectEFTMethodResponse: fnbDirectEftMethodResponseSchema,
  SnapScanQrMethodResponse: snapScanQrMethodResponseSchema,
} as const;

/** Response schema per method code: what a complete response for that code must carry. */
export const METHOD_RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodMiniType>> = Object.fromEntries(
  Object.values(PAYIN_METHOD_RESPONSE_OBJECTS).map((schema) => [
    (schema.def.shape.paymentMethodCode as z.ZodMiniLiteral<string>).def.values[0],
    schema,
  ]),
);

// ---------------------------------------------------------------------------------------------
// Payout method objects. Their codes are not shown in the document; see docs/platform-choices.md.

/** Payout account types by currency (payout notes). */
export const PAYOUT_ACCOUNT_TYPES: Readonly<Record<string, readonly string[]>> = {
  ZAR: ['current', 'savings', 'cheque', 'transmission'],
  JPY: ['private', 'corporate', 'general', 'current'],
};

const payoutAccountSchema = z.object({ ...accountRequestSchema.def.shape, bankCode: opt(z.string()), bankBranch: opt(z.string()) });

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

export const bankTransferMethodSchema = payoutMethod('BANK_TRANSFER', { identifyingReference: opt(z.string()) });
export const walletTransferMethodSchema = payoutMethod('WALLET_TRANSFER', { customerName: opt(customerNameFirstLastSchema) });
export const nedbankDirectEftPayoutMethodSchema = payoutMethod('NEDBANK_DIRECT_EFT', { customerName: opt(customerNameLastSchema) });
export const payShapPayoutMethodSchema = payoutMethod('PAYSHAP', { customerName: opt(customerNameLastSchema) });
export const emailTransferMethodSchema = payoutMethod('EMAIL_TRANSFER', { emailAddress: z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/)) });
export const phoneNumberTransferMethodSchema = payoutMethod('PHONE_NUMBER_TRANSFER', { phoneNumber: nonEmpty() });
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
