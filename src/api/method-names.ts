/**
 * What each payin method is called where a shopper reads it, in English, so that a shop's pages and
 * the element agree: `pay-checkout/server` exports it (docs/reference.md), for a shop's server or
 * build. The element's words carry the same names in English's lazy chunk (en-checkout.ts
 * `methodNames`, which a bundled locale translates); test/api/method-names.node.test.ts keeps the two
 * equal. They are two objects because importing this one there would change that chunk, and so its
 * hashed name in pay-checkout.js, for every shopper.
 */
import type { PayinMethodCode } from './schemas/method-table.js';

/** Each payin method's name as the element shows it in English, by its code: name them so on your shop's pages too. */
export const METHOD_NAMES: Readonly<Record<PayinMethodCode, string>> = {
  ABSA_PAY: 'Absa Pay',
  CAPITEC_PAY: 'Capitec Pay',
  CODE_PAYMENT: 'Payment code (convenience store)',
  CRYPTO_OFFLINE: 'Crypto (USDT, USDC)',
  DUITNOW: 'DuitNow QR',
  EWALLET: 'E-wallet',
  FPX: 'FPX online banking',
  P2A_V2: 'IMPS / bank transfer to account',
  ONLINE: 'Online banking',
  MOBILE_MONEY: 'Mobile money',
  MOMOPAY: 'MoMo wallet',
  NEDBANK_DIRECT_EFT: 'Nedbank Direct EFT',
  NETBANKING: 'Net banking',
  OFFLINE: 'Bank transfer',
  PAY_ME: 'PayMe',
  PAYSHAP: 'PayShap',
  PIXQR: 'Pix',
  PROMPTPAY: 'PromptPay QR',
  PSE: 'PSE',
  QRISPAY: 'QRIS',
  QRPH: 'QR Ph',
  UPICOLLECT: 'UPI (request to your UPI app)',
  UPIQR: 'UPI QR',
  VAPAY: 'Virtual account transfer',
  VIETQR: 'VietQR',
  ZAPPER_QR: 'Zapper',
  UPI_ID: 'UPI ID',
  FNB_DIRECT_EFT: 'FNB Direct EFT',
  SNAP_SCAN_QR: 'SnapScan',
};
