/**
 * The QR family's field rules: the methods whose forms and views are in every shopper's first
 * chunks (DuitNow, Pix, PromptPay, QRIS, QR Ph, UPI QR, VietQR, Zapper, SnapScan), and the formats
 * of the fields they name. A locale's first word part carries these methods' words too
 * (src/i18n/word-parts.ts).
 */
import { COMMON_FORMATS, offer, optional, req, UPI_ID_PATTERN, compactNumber, type RuleBook } from './field-rules.js';

/** PromptPay ID: a Thai mobile number (10 digits) or national ID / tax ID (13 digits). */
export const PROMPTPAY_ID_PATTERN = /^(0\d{9}|\d{13})$/;

export const QR_FAMILY_RULES = {
  DUITNOW: [],
  PIXQR: [],
  PROMPTPAY: [req('account.accountNumber')],
  QRISPAY: [],
  QRPH: [],
  UPIQR: [offer('upiId'), optional('phoneNumber'), optional('account.accountName')],
  VIETQR: [optional('emailAddress')],
  ZAPPER_QR: [],
  SNAP_SCAN_QR: [],
} as const satisfies RuleBook['rules'];

export const QR_FAMILY_BOOK: RuleBook = {
  rules: QR_FAMILY_RULES,
  formats: {
    ...COMMON_FORMATS,
    upiId: (value) => (UPI_ID_PATTERN.test(value) ? undefined : 'is not a valid UPI ID (name@bank)'),
    'account.accountNumber.PROMPTPAY': (value) =>
      PROMPTPAY_ID_PATTERN.test(compactNumber(value))
        ? undefined
        : 'must be a PromptPay ID: a 10-digit mobile number or a 13-digit ID',
  },
};
