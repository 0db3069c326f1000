/**
 * The package's method views, one line per code (every code of PAYIN_METHOD_CODES, checked by the compiler). A module is a family's view of the platform's
 * response; adding a method means one module (or reusing one) and one line here. Loaded after the
 * checkout is ready (or at once when it resumes a payin), so the initial load stays small.
 */
import { bankTransfer } from './bank-transfer.js';
import { codePayment } from './code-payment.js';
import { cryptoOffline } from './crypto.js';
import { genericMethod } from './generic.js';
import { icons } from './icons.js';
import { registerBuiltins } from './registry.js';
import { mobileMoney } from './mobile-money.js';
import { phoneToAccount } from './p2a.js';
import { qrPaymentModule } from './qr-payment.js';
import { redirectModule } from './redirect.js';
import type { MethodModule } from './types.js';
import type { PayinMethodCode } from '../api/schemas/method-table.js';
import { upiCollect, upiQr } from './upi.js';

const qrPayment = qrPaymentModule();
const bankRedirect = redirectModule();

const modules: Record<PayinMethodCode, MethodModule> = {
  ABSA_PAY: bankRedirect,
  CAPITEC_PAY: bankRedirect,
  CODE_PAYMENT: codePayment,
  CRYPTO_OFFLINE: cryptoOffline,
  DUITNOW: qrPayment,
  EWALLET: redirectModule(['gojek', 'dana', 'ovo', 'shopeeid', 'linkaja'], icons.wallet),
  FPX: bankRedirect,
  P2A_V2: phoneToAccount,
  ONLINE: bankRedirect,
  MOBILE_MONEY: mobileMoney,
  MOMOPAY: redirectModule(['momo'], icons.wallet),
  NEDBANK_DIRECT_EFT: bankRedirect,
  NETBANKING: redirectModule(['upi']),
  OFFLINE: bankTransfer,
  PAY_ME: redirectModule(['payme'], icons.wallet),
  PAYSHAP: bankRedirect,
  PIXQR: qrPaymentModule('pixCopyPaste'),
  PROMPTPAY: qrPayment,
  PSE: bankRedirect,
  QRISPAY: qrPayment,
  QRPH: qrPayment,
  UPICOLLECT: upiCollect,
  UPIQR: upiQr,
  VAPAY: bankTransfer,
  VIETQR: qrPayment,
  ZAPPER_QR: qrPayment,
  UPI_ID: upiCollect,
  FNB_DIRECT_EFT: bankRedirect,
  SNAP_SCAN_QR: qrPayment,
};

registerBuiltins(Object.entries(modules), genericMethod);
