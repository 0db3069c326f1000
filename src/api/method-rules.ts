/**
 * The method field rules of the platform document as data: for each payin method code, the fields
 * it accepts and the currencies for which each is mandatory, plus the formats a present value must
 * have. The request schema applies them as a refinement, the element builds its forms from them and
 * the sandbox emulator answers 400 with them, so a rule is written once.
 */
import type { PayinMethodCode } from './schemas/method-table.js';
import { EXTERNAL_REFERENCE_PATTERN } from './patterns.js';

export type MethodField =
  | 'account.accountName'
  | 'account.accountNumber'
  | 'account.accountType'
  | 'emailAddress'
  | 'phoneNumber'
  | 'paymentOperatorCode'
  | 'taxId'
  | 'said'
  | 'passportNumber'
  | 'upiId'
  | 'productId'
  | 'paymentLocation.postalCode'
  | 'paymentLocation.city'
  | 'paymentLocation.district'
  | 'externalReference.reference'
  | 'customerName.firstName'
  | 'customerName.lastName';

/** `'always'`, or the currencies for which the field is mandatory. */
export type Requirement = 'always' | readonly string[];

export interface FieldRule {
  readonly field: MethodField;
  /** Mandatory always or for these currencies; absent means optional. */
  readonly required?: Requirement;
  /** Accepted only for these currencies (absent: for every currency of the method). */
  readonly currencies?: readonly string[];
  /** Mandatory as soon as this object is sent at all (customerName: lastName mandatory). */
  readonly requiredWith?: 'customerName';
  /** Optional, but offered in the form even when the shop supplied nothing. */
  readonly offered?: boolean;
}

const req = (field: MethodField, required: Requirement = 'always'): FieldRule => ({ field, required });
const optional = (field: MethodField, currencies?: readonly string[]): FieldRule =>
  currencies ? { field, currencies } : { field };
const withName = (field: MethodField): FieldRule => ({ field, requiredWith: 'customerName', offered: true });
/** An optional field worth asking for (e.g. the UPI ID that skips the UTR step). */
const offer = (field: MethodField): FieldRule => ({ field, offered: true });

/** customerName is optional; when sent, lastName is mandatory (firstName too for Offline). */
const customerName = [offer('customerName.firstName'), withName('customerName.lastName')];
const customerFullName: FieldRule[] = [
  { field: 'customerName.firstName', requiredWith: 'customerName' },
  { field: 'customerName.lastName', requiredWith: 'customerName' },
];

export const METHOD_RULES: Readonly<Record<PayinMethodCode, readonly FieldRule[]>> = {
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
  DUITNOW: [],
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
  PIXQR: [],
  PROMPTPAY: [req('account.accountNumber')],
  PSE: [],
  QRISPAY: [],
  QRPH: [],
  UPICOLLECT: [req('account.accountName', ['INR']), req('phoneNumber', ['INR'])],
  UPIQR: [offer('upiId'), optional('phoneNumber'), optional('account.accountName')],
  VAPAY: [
    optional('paymentOperatorCode', ['KRW', 'TWD']),
    optional('account.accountName', ['TWD']),
    req('emailAddress', ['TWD']),
    req('phoneNumber', ['TWD']),
    optional('paymentLocation.postalCode'),
    optional('paymentLocation.city'),
    optional('paymentLocation.district'),
  ],
  VIETQR: [optional('emailAddress')],
  ZAPPER_QR: [],
  UPI_ID: [req('upiId'), optional('emailAddress')],
  FNB_DIRECT_EFT: [],
  SNAP_SCAN_QR: [],
};

export function isRequired(rule: FieldRule, currencyCode: string, method?: Readonly<Record<string, unknown>>): boolean {
  if (rule.requiredWith) {
    const parent = method?.[rule.requiredWith];
    return !!parent && typeof parent === 'object' && Object.values(parent).some((value) => !isBlank(value));
  }
  if (!rule.required) return false;
  return rule.required === 'always' || rule.required.includes(currencyCode);
}

/** The rules of a method that apply to a currency, in the order a form shows them. */
export function fieldRulesFor(code: string, currencyCode: string): FieldRule[] {
  const rules: readonly FieldRule[] = METHOD_RULES[code as PayinMethodCode] ?? [];
  return rules.filter((rule) => !rule.currencies || rule.currencies.includes(currencyCode));
}

// ---------------------------------------------------------------------------------------------
// Formats. The document validates emailAddress, and phoneNumber for NETBANKING, without giving
// the rules; these are our choices, recorded in docs/platform-choices.md.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** National mobile numbers, with or without the country prefix. */
export const PHONE_PATTERNS: Readonly<Record<string, RegExp>> = {
  INR: /^(\+?91|0)?[6-9]\d{9}$/,
  GHS: /^(\+?233|0)?[235]\d{8}$/,
  KES: /^(\+?254|0)?[17]\d{8}$/,
  TZS: /^(\+?255|0)?[67]\d{8}$/,
  ZMW: /^(\+?260|0)?[79]\d{8}$/,
};
/** Any other phone number: an optional +, then 7 to 15 digits (E.164 length). */
export const GENERIC_PHONE_PATTERN = /^\+?\d{7,15}$/;
export const UPI_ID_PATTERN = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/;
export const PASSPORT_PATTERN = /^[A-Z0-9]{6,20}$/i;
/** Argentine CUIT/CUIL: 11 digits, dashes optional. */
export const ARS_TAX_ID_PATTERN = /^\d{2}-?\d{8}-?\d$/;
/** PromptPay ID: a Thai mobile number (10 digits) or national ID / tax ID (13 digits). */
export const PROMPTPAY_ID_PATTERN = /^(0\d{9}|\d{13})$/;
export const THB_BANK_ACCOUNT_PATTERN = /^\d{10,12}$/;
/** Account types for MYR bank payments (FPX retail B2C or corporate B2B). */
export const MYR_ACCOUNT_TYPES = ['RETAIL', 'CORPORATE'] as const;

/** Strips the separators people type inside numbers: spaces, dashes, dots and brackets. */
export const compactNumber = (value: string) => value.replace(/[\s().-]/g, '');

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

/** The format a phone number must have for a currency. */
export function phonePatternFor(currencyCode: string): RegExp {
  return PHONE_PATTERNS[currencyCode] ?? GENERIC_PHONE_PATTERN;
}

export type FieldProblem = 'required' | 'invalid';

/** Why a present value is not acceptable, or undefined when it is. */
export function formatProblem(
  field: MethodField,
  value: string,
  code: string,
  currencyCode: string,
): string | undefined {
  switch (field) {
    case 'emailAddress':
      return EMAIL_PATTERN.test(value) ? undefined : 'is not a valid email address';
    case 'phoneNumber':
      return phonePatternFor(currencyCode).test(compactNumber(value))
        ? undefined
        : `is not a valid ${PHONE_PATTERNS[currencyCode] ? currencyCode + ' ' : ''}phone number`;
    case 'upiId':
      return UPI_ID_PATTERN.test(value) ? undefined : 'is not a valid UPI ID (name@bank)';
    case 'said':
      return isSouthAfricanId(value) ? undefined : 'is not a valid 13-digit South African ID number';
    case 'passportNumber':
      return PASSPORT_PATTERN.test(value) ? undefined : 'must be 6 to 20 letters and digits';
    case 'taxId':
      return currencyCode !== 'ARS' || ARS_TAX_ID_PATTERN.test(value) ? undefined : 'must be an 11-digit CUIT or CUIL';
    case 'externalReference.reference':
      return EXTERNAL_REFERENCE_PATTERN.test(value) ? undefined : 'must be exactly 12 digits';
    case 'account.accountNumber':
      if (code === 'PROMPTPAY') {
        return PROMPTPAY_ID_PATTERN.test(compactNumber(value))
          ? undefined
          : 'must be a PromptPay ID: a 10-digit mobile number or a 13-digit ID';
      }
      if (code === 'OFFLINE' && currencyCode === 'THB') {
        return THB_BANK_ACCOUNT_PATTERN.test(compactNumber(value))
          ? undefined
          : 'must be a 10 to 12-digit bank account number';
      }
      return undefined;
    case 'account.accountType':
      if (currencyCode === 'MYR') {
        return (MYR_ACCOUNT_TYPES as readonly string[]).includes(value)
          ? undefined
          : `must be one of ${MYR_ACCOUNT_TYPES.join(', ')}`;
      }
      return undefined;
    default:
      return undefined;
  }
}

export interface FieldIssue {
  readonly field: MethodField;
  readonly problem: FieldProblem;
  /** A readable English sentence that names the field, for logs and API errors. */
  readonly message: string;
}

/** Reads a dotted field out of a method object. */
export function fieldValue(method: Readonly<Record<string, unknown>>, field: MethodField): unknown {
  let value: unknown = method;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    const parent = value as Record<string, unknown>;
    // The redirect parameter is spelled `disctrict`; a location sent with that spelling counts.
    value = key === 'district' ? (parent.district ?? parent.disctrict) : parent[key];
  }
  return value;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
/**
 * Every problem of a payin method object for a currency: each mandatory field that is missing and
 * each present field whose format is wrong. An empty list means the method may be sent.
 */
export function checkPaymentMethod(method: Readonly<Record<string, unknown>>, currencyCode: string): FieldIssue[] {
  const code = String(method.paymentMethodCode ?? '');
  const issues: FieldIssue[] = [];
  for (const rule of fieldRulesFor(code, currencyCode)) {
    const value = fieldValue(method, rule.field);
    if (isBlank(value)) {
      if (isRequired(rule, currencyCode, method)) {
        const scope = rule.requiredWith
          ? `${code} when ${rule.requiredWith} is given`
          : rule.required === 'always'
            ? `${code}`
            : `${code} in ${currencyCode}`;
        issues.push({
          field: rule.field,
          problem: 'required',
          message: `${rule.field} is required for ${scope}`,
        });
      }
      continue;
    }
    const problem = typeof value === 'string' ? formatProblem(rule.field, value.trim(), code, currencyCode) : undefined;
    if (problem) issues.push({ field: rule.field, problem: 'invalid', message: `${rule.field} ${problem}` });
  }
  return issues;
}
