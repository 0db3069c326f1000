/**
 * Method modules by code: one line per code. A module is a family's form and view; adding a
 * method means one module (or reusing one) and one line here.
 */
import { bankTransfer } from './bank-transfer.js';
import { codePayment } from './code-payment.js';
import { cryptoOffline } from './crypto.js';
import { genericMethod } from './generic.js';
import { mobileMoney } from './mobile-money.js';
import { phoneToAccount } from './p2a.js';
import { qrPaymentModule } from './qr-payment.js';
import { redirectModule } from './redirect.js';
import type { MethodModule } from './types.js';
import { upiCollect, upiQr } from './upi.js';

const qrPayment = qrPaymentModule();
const bankRedirect = redirectModule();

const modules = new Map<string, MethodModule>([
  ['ABSA_PAY', redirectModule([], ['said', 'passportNumber', 'customerName.firstName', 'customerName.lastName'])],
  ['CAPITEC_PAY', redirectModule([], ['account.accountNumber', 'customerName.firstName', 'customerName.lastName'])],
  ['CODE_PAYMENT', codePayment],
  ['CRYPTO_OFFLINE', cryptoOffline],
  ['DUITNOW', qrPayment],
  ['EWALLET', redirectModule(['gojek', 'dana', 'ovo', 'shopeeid', 'linkaja'])],
  ['FPX', bankRedirect],
  ['P2A_V2', phoneToAccount],
  ['ONLINE', bankRedirect],
  ['MOBILE_MONEY', mobileMoney],
  ['MOMOPAY', redirectModule(['momo'])],
  ['NEDBANK_DIRECT_EFT', bankRedirect],
  ['NETBANKING', redirectModule(['upi'], ['phoneNumber'])],
  ['OFFLINE', bankTransfer],
  ['PAY_ME', redirectModule(['payme'])],
  ['PAYSHAP', bankRedirect],
  ['PIXQR', qrPaymentModule('pixCopyPaste')],
  ['PROMPTPAY', qrPayment],
  ['PSE', bankRedirect],
  ['QRISPAY', qrPayment],
  ['QRPH', qrPayment],
  ['UPICOLLECT', upiCollect],
  ['UPIQR', upiQr],
  ['VAPAY', bankTransfer],
  ['VIETQR', qrPayment],
  ['ZAPPER_QR', qrPayment],
  ['UPI_ID', upiCollect],
  ['FNB_DIRECT_EFT', bankRedirect],
  ['SNAP_SCAN_QR', qrPayment],
]);

/** Registers a module for one or more codes (a merchant's own, or a replacement). */
export function registerMethod(codes: readonly string[], module: MethodModule): void {
  for (const code of codes) modules.set(code, module);
}

/** The module of a code; a code the package does not know gets the generic view. */
export function methodFor(code: string): MethodModule {
  return modules.get(code) ?? genericMethod;
}

export function registeredCodes(): string[] {
  return [...modules.keys()];
}

export type { MethodModule };
