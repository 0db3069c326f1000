/**
 * The method field rules of the platform document, every method's: the QR family's and the other
 * methods' books joined (field-rules.ts says why there are two). For each payin method code, the
 * fields it accepts and the currencies for which each is mandatory, plus the formats a present
 * value must have. The request schema applies them as a refinement, the sandbox emulator answers
 * 400 with them and the server exports them, so a rule is written once; the element's form reads
 * the books as it has them (src/checkout/form-rules.ts).
 */
import {
  issuesIn,
  joinBooks,
  problemIn,
  rulesIn,
  type FieldIssue,
  type FieldRule,
  type MethodField,
  type RuleBook,
} from './field-rules.js';
import { OTHER_METHODS_BOOK, OTHER_METHOD_RULES } from './other-method-rules.js';
import { QR_FAMILY_BOOK, QR_FAMILY_RULES } from './qr-family-rules.js';
import type { PayinMethodCode } from './schemas/method-table.js';

export {
  COMMON_FORMATS,
  EMAIL_PATTERN,
  GENERIC_PHONE_PATTERN,
  MYR_ACCOUNT_TYPES,
  PHONE_PATTERNS,
  UPI_ID_PATTERN,
  compactNumber,
  fieldValue,
  isRequired,
  phonePatternFor,
  type FieldFormat,
  type FieldIssue,
  type FieldProblem,
  type FieldRule,
  type MethodField,
  type Requirement,
  type RuleBook,
} from './field-rules.js';
export { PROMPTPAY_ID_PATTERN } from './qr-family-rules.js';
export {
  ARS_TAX_ID_PATTERN,
  PASSPORT_PATTERN,
  THB_BANK_ACCOUNT_PATTERN,
  isSouthAfricanId,
} from './other-method-rules.js';

/** Every method's rules (a method missing from both books fails to compile). */
export const METHOD_RULES: Readonly<Record<PayinMethodCode, readonly FieldRule[]>> = {
  ...QR_FAMILY_RULES,
  ...OTHER_METHOD_RULES,
};

/** Both books: every method's rules and every field's format. */
export const METHOD_BOOK: RuleBook = joinBooks(QR_FAMILY_BOOK, OTHER_METHODS_BOOK);

/** The rules of a method that apply to a currency, in the order a form shows them. */
export const fieldRulesFor = (code: string, currencyCode: string): FieldRule[] =>
  rulesIn(METHOD_BOOK, code, currencyCode);

/** Why a present value is not acceptable, or undefined when it is. */
export const formatProblem = (field: MethodField, value: string, code: string, currencyCode: string) =>
  problemIn(METHOD_BOOK, field, value, code, currencyCode);

/**
 * Every problem of a payin method object for a currency: each mandatory field that is missing and
 * each present field whose format is wrong. An empty list means the method may be sent.
 */
export const checkPaymentMethod = (method: Readonly<Record<string, unknown>>, currencyCode: string): FieldIssue[] =>
  issuesIn(METHOD_BOOK, method, currencyCode);
