/** The Response object of each payin method code, with what the document makes mandatory in it. */
import * as z from 'zod/mini';
import '../zod.js';
import { accountCustomerSchema, paymentLocationResponseSchema, paymentOperatorSchema } from './common.js';
import { paymentMethodResponseSchema } from './method-responses.js';
import type { PayinMethodCode } from './method-table.js';

const responseOf = <C extends PayinMethodCode, S extends z.core.$ZodLooseShape>(code: C, mandatory: S = {} as S) =>
  z.looseObject({
    ...paymentMethodResponseSchema.def.shape,
    paymentMethodCode: z.literal(code),
    ...mandatory,
  });

const accountCustomerWithName = z.looseObject({
  ...accountCustomerSchema.def.shape,
  accountName: z.string(),
});

export const absaPayMethodResponseSchema = responseOf('ABSA_PAY');
export const capitecPayMethodResponseSchema = responseOf('CAPITEC_PAY');
export const nedbankDirectEftMethodResponseSchema = responseOf('NEDBANK_DIRECT_EFT');
export const codePaymentMethodResponseSchema = responseOf('CODE_PAYMENT', {
  accountCustomer: accountCustomerWithName,
  phoneNumber: z.string(),
  emailAddress: z.string(),
  paymentLocationCustomer: paymentLocationResponseSchema,
});
export const cryptoOfflineMethodResponseSchema = responseOf('CRYPTO_OFFLINE', {
  paymentOperator: paymentOperatorSchema,
});
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
export const METHOD_RESPONSE_SCHEMAS = Object.fromEntries(
  Object.values(PAYIN_METHOD_RESPONSE_OBJECTS).map((schema) => [
    schema.def.shape.paymentMethodCode.def.values[0],
    schema,
  ]),
) as Readonly<Record<PayinMethodCode, z.ZodMiniType>>;
