/**
 * The field rules of the methods outside the QR family (qr-family-rules.ts): bank transfers,
 * online banking, mobile money, virtual accounts, payment codes, crypto, UPI collect and ID, the
 * South African banks. In the browser a chunk of its own, fetched when a shopper chooses one of
 * these methods (src/checkout/form-rules.ts).
 */
import {
  MYR_ACCOUNT_TYPES,
  compactNumber,
  offer,
  optional,
  req,
  type FieldRule,
  type MethodField,
  type RuleBook,
} from './field-rules.js';
import { EXTERNAL_REFERENCE_PATTERN } from './patterns.js';

export const PASSPORT_PATTERN = /^[A-Z0-9]{6,20}$/i;
/** Argentine CUIT/CUIL: 11 digits, dashes optional. */
export const ARS_TAX_ID_PATTERN = /^\d{2}-?\d{8}-?\d$/;
export const THB_BANK_ACCOUNT_PATTERN = /^\d{10,12}$/;

/** South African ID number: 13 digits with a Luhn check digit. */
export function isSouthAfricanId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) {
    let digit = Number(value[12 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const withName = (field: MethodField): FieldRule => ({ field, requiredWith: 'customerName', offered: true });
/** customerName is optional; when sent, lastName is mandatory (firstName too for Offline). */
const customerName = [offer('customerName.firstName'), withName('customerName.lastName')];
const customerFullName: FieldRule[] = [
  { field: 'customerName.firstName', requiredWith: 'customerName' },
  { field: 'customerName.lastName', requiredWith: 'customerName' },
];

export const OTHER_METHOD_RULES = {
  ABSA_PAY: [
    req('account.accountName'),
    optional('account.accountNumber'),
    offer('passportNumber'),
    offer('said'),
    ...customerName,
  ],
  CAPITEC_PAY: [offer('account.accountNumber'), optional('account.accountName'), ...customerName],
  NEDBANK_DIRECT_EFT: [
    optional('account.accountNumber'),
    optional('account.accountName'),
    optional('customerName.firstName'),
    { field: 'customerName.lastName', requiredWith: 'customerName' },
  ],
  PAYSHAP: [req('account.accountName'), optional('account.accountNumber'), optional('emailAddress'), optional('said')],
  CODE_PAYMENT: [
    req('emailAddress'),
    req('account.accountName'),
    req('phoneNumber'),
    req('paymentLocation.postalCode'),
    req('paymentLocation.city'),
    req('paymentLocation.district'),
  ],
  CRYPTO_OFFLINE: [optional('emailAddress')],
  EWALLET: [optional('account.accountName'), optional('account.accountNumber')],
  FPX: [req('account.accountType', ['MYR']), optional('emailAddress')],
  P2A_V2: [optional('externalReference.reference')],
  ONLINE: [req('account.accountName', ['MYR']), req('account.accountType', ['MYR'])],
  MOBILE_MONEY: [
    req('phoneNumber'),
    req('account.accountName'),
    req('emailAddress', ['TZS', 'ZMW']),
    req('paymentOperatorCode', ['TZS', 'ZMW']),
  ],
  MOMOPAY: [],
  NETBANKING: [
    offer('phoneNumber'),
    optional('account.accountName'),
    optional('emailAddress'),
    optional('paymentOperatorCode'),
  ],
  OFFLINE: [
    req('account.accountName', ['KRW', 'JPY']),
    req('emailAddress', ['JPY', 'NGN']),
    req('account.accountNumber', ['THB']),
    req('taxId', ['ARS']),
    optional('phoneNumber'),
    optional('productId'),
    ...customerFullName,
  ],
  PAY_ME: [],
  PSE: [],
  UPICOLLECT: [req('account.accountName', ['INR']), req('phoneNumber', ['INR'])],
  VAPAY: [
    optional('paymentOperatorCode', ['KRW', 'TWD']),
    optional('account.accountName', ['TWD']),
    req('emailAddress', ['TWD']),
    req('phoneNumber', ['TWD']),
    optional('paymentLocation.postalCode'),
    optional('paymentLocation.city'),
    optional('paymentLocation.district'),
  ],
  UPI_ID: [req('upiId'), optional('emailAddress')],
  FNB_DIRECT_EFT: [],
} as const satisfies RuleBook['rules'];

export const OTHER_METHODS_BOOK: RuleBook = {
  rules: OTHER_METHOD_RULES,
  formats: {
    said: (value) => (isSouthAfricanId(value) ? undefined : 'is not a valid 13-digit South African ID number'),
    passportNumber: (value) => (PASSPORT_PATTERN.test(value) ? undefined : 'must be 6 to 20 letters and digits'),
    taxId: (value, _code, currencyCode) =>
      currencyCode !== 'ARS' || ARS_TAX_ID_PATTERN.test(value) ? undefined : 'must be an 11-digit CUIT or CUIL',
    'externalReference.reference': (value) =>
      EXTERNAL_REFERENCE_PATTERN.test(value) ? undefined : 'must be exactly 12 digits',
    'account.accountNumber.OFFLINE': (value, _code, currencyCode) =>
      currencyCode !== 'THB' || THB_BANK_ACCOUNT_PATTERN.test(compactNumber(value))
        ? undefined
        : 'must be a 10 to 12-digit bank account number',
    'account.accountType': (value, _code, currencyCode) =>
      currencyCode !== 'MYR' || (MYR_ACCOUNT_TYPES as readonly string[]).includes(value)
        ? undefined
        : `must be one of ${MYR_ACCOUNT_TYPES.join(', ')}`,
  },
};
