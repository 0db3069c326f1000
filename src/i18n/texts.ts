/**
 * The words for codes: errors, statuses, failure reasons and form fields, each localized with a
 * fallback that still says something when the platform sends a code we do not know.
 */
import type { MethodField } from '../api/field-rules.js';
import type { Localizer } from './localize.js';

/** The words of an error code; a business rejection's (406) load with the payin views. */
export const errorText = (words: Localizer, code: string): string =>
  words.lookup('errors', code) ?? words.lookup('rejections', code) ?? words.term('errorUnknown', code);

/** A method's human name: localized, then the platform's code in words. */
export const methodName = (words: Localizer, code: string): string =>
  words.lookup('methodNames', code) ?? code.replace(/_/g, ' ');

export const statusText = (words: Localizer, status: string): string =>
  words.lookup('status', status) ?? words.term('statusUnknown', status);

export const failureReasonText = (words: Localizer, code: string): string =>
  words.lookup('failureReasons', code) ?? words.term('failureReasonUnknown', code);

/** A field's label, specific to the method where it has one (a PromptPay ID is an account number). */
export const fieldLabel = (words: Localizer, field: MethodField, code?: string): string =>
  (code && words.lookup('fields', `${field}.${code}`)) || words.lookup('fields', field) || field;

export type FieldProblem = 'required' | 'invalid';

export function fieldErrorText(words: Localizer, field: MethodField, problem: FieldProblem, code?: string): string {
  if (problem === 'required') return words.term('fieldRequired', fieldLabel(words, field, code));
  return (
    (code && words.lookup('fieldInvalid', `${field}.${code}`)) ||
    words.lookup('fieldInvalid', field) ||
    words.term('fieldInvalidGeneric', fieldLabel(words, field, code))
  );
}
