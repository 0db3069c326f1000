/**
 * The words for codes: errors, statuses, failure reasons and form fields, each localized with a
 * fallback that still says something when the platform sends a code we do not know.
 */
import type { MethodField } from '../api/method-rules.js';
import type { Localizer } from './localize.js';

/** The words of an error code; a business rejection's (406) load with the payin views. */
export const errorText = (l: Localizer, code: string): string =>
  l.lookup('errors', code) ?? l.lookup('rejections', code) ?? l.term('errorUnknown', code);

export const statusText = (l: Localizer, status: string): string =>
  l.lookup('status', status) ?? l.term('statusUnknown', status);

export const failureReasonText = (l: Localizer, code: string): string =>
  l.lookup('failureReasons', code) ?? l.term('failureReasonUnknown', code);

/** A field's label, specific to the method where it has one (a PromptPay ID is an account number). */
export const fieldLabel = (l: Localizer, field: MethodField, code?: string): string =>
  (code && l.lookup('fields', `${field}.${code}`)) || l.lookup('fields', field) || field;

export type FieldProblem = 'required' | 'invalid';

export function fieldErrorText(l: Localizer, field: MethodField, problem: FieldProblem, code?: string): string {
  if (problem === 'required') return l.term('fieldRequired', fieldLabel(l, field, code));
  return (
    (code && l.lookup('fieldInvalid', `${field}.${code}`)) ||
    l.lookup('fieldInvalid', field) ||
    l.term('fieldInvalidGeneric', fieldLabel(l, field, code))
  );
}
