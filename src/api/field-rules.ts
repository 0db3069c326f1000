/**
 * The method field rules of the platform document as data, and the checks of a payin method object
 * against them. A rule book holds the rules of some methods and the formats of the fields they
 * name. There are two: the QR family's (qr-family-rules.ts), which every shopper's form may need,
 * and the other methods' (other-method-rules.ts), which the browser fetches only when a shopper
 * chooses one of them (src/checkout/form-rules.ts). method-rules.ts joins them for everything
 * else: the request schemas, the server, the sandbox emulator.
 */
import type { PayinMethodCode } from './schemas/method-table.js';

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

/** Why a present value is not acceptable (a phrase after the field's name), or undefined when it is. */
export type FieldFormat = (value: string, code: string, currencyCode: string) => string | undefined;

export interface RuleBook {
  /** Each method's rules, in the order a form shows them. */
  readonly rules: Readonly<Partial<Record<PayinMethodCode, readonly FieldRule[]>>>;
  /** The format of a field, by `field` or, for one method's, by `field.CODE` (which comes first). */
  readonly formats: Readonly<Record<string, FieldFormat>>;
}

/** One book of several: a method or format in a later one replaces an earlier one's. */
export const joinBooks = (...books: RuleBook[]): RuleBook => ({
  rules: Object.assign({}, ...books.map((book) => book.rules)) as RuleBook['rules'],
  formats: Object.assign({}, ...books.map((book) => book.formats)) as RuleBook['formats'],
});

export const req = (field: MethodField, required: Requirement = 'always'): FieldRule => ({ field, required });
export const optional = (field: MethodField, currencies?: readonly string[]): FieldRule =>
  currencies ? { field, currencies } : { field };
/** An optional field worth asking for (e.g. the UPI ID that skips the UTR step). */
export const offer = (field: MethodField): FieldRule => ({ field, offered: true });

export function isRequired(rule: FieldRule, currencyCode: string, method?: Readonly<Record<string, unknown>>): boolean {
  if (rule.requiredWith) {
    const parent = method?.[rule.requiredWith];
    return !!parent && typeof parent === 'object' && Object.values(parent).some((value) => !isBlank(value));
  }
  if (!rule.required) return false;
  return rule.required === 'always' || rule.required.includes(currencyCode);
}

/** The rules in `book` of a method that apply to a currency, in the order a form shows them. */
export function rulesIn(book: RuleBook, code: string, currencyCode: string): FieldRule[] {
  const rules: readonly FieldRule[] = book.rules[code as PayinMethodCode] ?? [];
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
/** Account types for MYR bank payments (FPX retail B2C or corporate B2B). */
export const MYR_ACCOUNT_TYPES = ['RETAIL', 'CORPORATE'] as const;

/** Strips the separators people type inside numbers: spaces, dashes, dots and brackets. */
export const compactNumber = (value: string) => value.replace(/[\s().-]/g, '');

/** The format a phone number must have for a currency. */
export function phonePatternFor(currencyCode: string): RegExp {
  return PHONE_PATTERNS[currencyCode] ?? GENERIC_PHONE_PATTERN;
}

/** The formats of the fields every book's methods may name: an email address and a phone number. */
export const COMMON_FORMATS: Readonly<Record<string, FieldFormat>> = {
  emailAddress: (value) => (EMAIL_PATTERN.test(value) ? undefined : 'is not a valid email address'),
  phoneNumber: (value, _code, currencyCode) =>
    phonePatternFor(currencyCode).test(compactNumber(value))
      ? undefined
      : `is not a valid ${PHONE_PATTERNS[currencyCode] ? currencyCode + ' ' : ''}phone number`,
};

export type FieldProblem = 'required' | 'invalid';

/** Why a present value is not acceptable by the formats of `book`, or undefined when it is. */
export function problemIn(
  book: RuleBook,
  field: MethodField,
  value: string,
  code: string,
  currencyCode: string,
): string | undefined {
  const format = book.formats[`${field}.${code}`] ?? book.formats[field];
  return format?.(value, code, currencyCode);
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
 * Every problem of a payin method object for a currency by the rules of `book`: each mandatory
 * field that is missing and each present field whose format is wrong. An empty list means the
 * method may be sent.
 */
export function issuesIn(
  book: RuleBook,
  method: Readonly<Record<string, unknown>>,
  currencyCode: string,
): FieldIssue[] {
  const code = String(method.paymentMethodCode ?? '');
  const issues: FieldIssue[] = [];
  for (const rule of rulesIn(book, code, currencyCode)) {
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
    const problem =
      typeof value === 'string' ? problemIn(book, rule.field, value.trim(), code, currencyCode) : undefined;
    if (problem) issues.push({ field: rule.field, problem: 'invalid', message: `${rule.field} ${problem}` });
  }
  return issues;
}
