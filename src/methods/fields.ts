/**
 * How each method field appears in a form: its input type and autocomplete, and which attribute
 * of <pay-checkout> prefills it. The rules themselves (mandatory per currency, formats) come from
 * src/api/method-rules.ts.
 */
import { MYR_ACCOUNT_TYPES, type MethodField } from '../api/field-rules.js';

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

/** The attributes of <pay-checkout> that carry customer data (redirect parameters of the same names). */
export interface CustomerAttributes {
  accountName?: string;
  accountNumber?: string;
  emailAddress?: string;
  phoneNumber?: string;
  upiId?: string;
  passportNumber?: string;
  productId?: string;
  postalCode?: string;
  city?: string;
  /** Spelled so, as the redirect parameter; `district` wins when both are given. */
  disctrict?: string;
  district?: string;
}

/** The customer data the merchant supplied, by method field; empty values are not data. */
export function customerDataOf(attributes: CustomerAttributes): CustomerData {
  const data: CustomerData = {
    'account.accountName': attributes.accountName,
    'account.accountNumber': attributes.accountNumber,
    emailAddress: attributes.emailAddress,
    phoneNumber: attributes.phoneNumber,
    upiId: attributes.upiId,
    passportNumber: attributes.passportNumber,
    productId: attributes.productId,
    'paymentLocation.postalCode': attributes.postalCode,
    'paymentLocation.city': attributes.city,
    'paymentLocation.district': attributes.district ?? attributes.disctrict,
  };
  for (const key of Object.keys(data) as MethodField[]) if (!data[key]) delete data[key];
  return data;
}

/** Form values by method field. */
export type FieldValues = Partial<Record<MethodField, string>>;
