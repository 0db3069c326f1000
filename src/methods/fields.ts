/**
 * How each method field appears in a form: its input type and autocomplete, and which attribute
 * of <pay-checkout> prefills it. The rules themselves (mandatory per currency, formats) come from
 * src/api/method-rules.ts.
 */
import { MYR_ACCOUNT_TYPES, type MethodField } from '../api/method-rules.js';

export interface FieldInput {
  type: 'text' | 'email' | 'tel' | 'select';
  autocomplete?: string;
  inputmode?: 'text' | 'numeric' | 'tel' | 'email';
  /** Choices of a select, as values; their labels are localized. */
  choices?: readonly string[];
}

export const FIELD_INPUTS: Readonly<Record<MethodField, FieldInput>> = {
  'account.accountName': { type: 'text', autocomplete: 'name' },
  'account.accountNumber': { type: 'text', inputmode: 'numeric', autocomplete: 'off' },
  'account.accountType': { type: 'select', choices: MYR_ACCOUNT_TYPES },
  emailAddress: { type: 'email', autocomplete: 'email', inputmode: 'email' },
  phoneNumber: { type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
  paymentOperatorCode: { type: 'select' },
  taxId: { type: 'text', inputmode: 'numeric', autocomplete: 'off' },
  said: { type: 'text', inputmode: 'numeric', autocomplete: 'off' },
  passportNumber: { type: 'text', autocomplete: 'off' },
  upiId: { type: 'text', autocomplete: 'off' },
  productId: { type: 'text', autocomplete: 'off' },
  'paymentLocation.postalCode': { type: 'text', autocomplete: 'postal-code' },
  'paymentLocation.city': { type: 'text', autocomplete: 'address-level2' },
  'paymentLocation.district': { type: 'text', autocomplete: 'address-level3' },
  'externalReference.reference': { type: 'text', inputmode: 'numeric', autocomplete: 'off' },
  'customerName.firstName': { type: 'text', autocomplete: 'given-name' },
  'customerName.lastName': { type: 'text', autocomplete: 'family-name' },
};

/** Customer data the merchant supplied through attributes, by method field. */
export type CustomerData = Partial<Record<MethodField, string>>;

/** Form values by method field. */
export type FieldValues = Partial<Record<MethodField, string>>;
