/**
 * The package's method views, one line per code: those of the QR family here, every other code's
 * in other-views.ts (together every code of PAYIN_METHOD_CODES, checked by the compiler through
 * QrFamilyCode and OtherMethodCode). A module is a family's view of the platform's response;
 * adding a method means one module (or reusing one) and one line here or there.
 *
 * This module travels with the payin views, loaded after the checkout is ready (or at once when
 * it resumes a payin), so the initial load stays small. The other methods' views are a chunk of
 * their own (other-views-*.js), fetched by loadOtherViews only for a payin of one of them (or the
 * shopper's choice of one at the form): a shopper paying by QR downloads the QR family's views
 * alone. Until that chunk is here, methodFor() has no view for those codes (nor the generic view
 * of a code without one): the payin views wait for it (payment-views.ts viewsHere).
 */
import { registerBuiltins } from './registry.js';
import { qrPaymentModule } from './qr-payment.js';
import type { MethodModule, QrFamilyCode } from './types.js';
import { upiQr } from './upi.js';

const qrPayment = qrPaymentModule();

const modules: Record<QrFamilyCode, MethodModule> = {
  DUITNOW: qrPayment,
  PIXQR: qrPaymentModule('pixCopyPaste'),
  PROMPTPAY: qrPayment,
  QRISPAY: qrPayment,
  QRPH: qrPayment,
  UPIQR: upiQr,
  VIETQR: qrPayment,
  ZAPPER_QR: qrPayment,
  SNAP_SCAN_QR: qrPayment,
};

registerBuiltins(Object.entries(modules));

/**
 * Loads the other methods' views (other-views.ts), which register themselves and the generic
 * view as they arrive. The browser keeps a module it has loaded: a second call costs nothing.
 */
export const loadOtherViews = (): Promise<unknown> => import('./other-views.js');
