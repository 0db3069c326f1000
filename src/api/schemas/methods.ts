/**
 * The payin method objects (the request's `paymentMethod`). Shapes only: which field is mandatory
 * for which currency lives in ../method-rules.ts and is applied by the payin request schema.
 * Their Response counterparts are in method-responses.ts, the payout objects in payout-methods.ts
 * (separate modules, so the browser bundle carries only what it reads).
 */
import * as z from 'zod/mini';
import { nonEmpty, opt } from '../zod.js';
import {
  accountRequestSchema,
  customerNameSchema,
  externalReferenceSchema,
  paymentLocationSchema,
} from './request-common.js';
import type { PayinMethodCode } from './method-table.js';

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

const method = <C extends PayinMethodCode, S extends z.core.$ZodLooseShape>(code: C, extra: S) =>
  z.object({ paymentMethodCode: z.literal(code), ...baseMethod, ...extra });

export const absaPayMethodSchema = method('ABSA_PAY', {
  passportNumber: opt(z.string()),
  said: opt(z.string()),
  customerName: opt(customerNameLastSchema),
});
export const capitecPayMethodSchema = method('CAPITEC_PAY', { customerName: opt(customerNameLastSchema) });
/** The table lists NEDBANK_DIRECT_EFT with CapitecPayMethod's shape. */
export const nedbankDirectEftMethodSchema = method('NEDBANK_DIRECT_EFT', {
  customerName: opt(customerNameLastSchema),
});
export const codePaymentMethodSchema = method('CODE_PAYMENT', {
  paymentLocation: opt(paymentLocationSchema),
});
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
