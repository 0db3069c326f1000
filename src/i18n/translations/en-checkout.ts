/**
 * English terms of the checkout before a payin exists — the form, statuses — a chunk fetched
 * beside the options when the page's locale needs English (localize.ts). The first few
 * (en-first.ts, the NETWORK error among them) are in the initial file; errors are in en-more.ts,
 * fetched when one is to be said. With en-payin.ts and en-more.ts they make `en` (en.ts), the
 * source of truth.
 */
import type { MYR_ACCOUNT_TYPES } from '../../api/field-rules.js';
import { METHOD_NAMES } from '../../api/method-names.js';
import type { KnownPayinStatus } from '../../api/schemas/payin.js';
import { enFirst } from './en-first.js';

export const enCheckout = {
  ...enFirst,
  payTo: (merchant: string) => `Pay ${merchant}`,
  orderAmount: 'Order amount',
  chooseMethod: 'Choose how to pay',
  methodLocked: 'Payment method chosen by the shop',
  noMethods: 'No payment method is available for this amount and currency.',
  operator: 'Bank or provider',
  chooseOperator: 'Choose…',
  externalProvider: 'Bank or wallet',
  optional: 'optional',
  readOnlyData: 'Provided by the shop',
  pay: (amount: string) => `Pay ${amount}`,
  submitting: 'Processing…',
  formHasErrors: (count: number) => (count === 1 ? 'Please correct 1 field.' : `Please correct ${count} fields.`),
  methodNames: METHOD_NAMES,
  fields: {
    'account.accountName': 'Full name',
    'account.accountNumber': 'Account number',
    'account.accountType': 'Account type',
    emailAddress: 'Email',
    phoneNumber: 'Mobile number',
    paymentOperatorCode: 'Bank or provider',
    taxId: 'Tax ID (CUIT/CUIL)',
    said: 'South African ID number',
    passportNumber: 'Passport number',
    upiId: 'UPI ID',
    productId: 'Product ID',
    'paymentLocation.postalCode': 'Postal code',
    'paymentLocation.city': 'City',
    'paymentLocation.district': 'District',
    'externalReference.reference': 'UTR (12-digit transaction reference)',
    'customerName.firstName': 'First name',
    'customerName.lastName': 'Last name',
    'account.accountNumber.PROMPTPAY': 'PromptPay ID',
    'account.accountNumber.OFFLINE': 'Your bank account number',
    'account.accountNumber.ABSA_PAY': 'Absa account number',
    'account.accountNumber.CAPITEC_PAY': 'Capitec account number',
  },
  fieldHints: {
    'account.accountNumber.PROMPTPAY': 'Your PromptPay ID: mobile number or national ID',
    upiId: 'For example name@bank',
    'upiId.UPIQR': 'For example name@bank. With it, there is no transaction reference (UTR) to enter after paying.',
    externalProviderCode: 'The bank or wallet you will pay with: the payment is routed through it.',
    phoneNumber: 'With or without the country code',
    'externalReference.reference': 'Find it in your banking app under the transaction details',
  },
  accountTypes: { RETAIL: 'Personal account', CORPORATE: 'Business account' } satisfies Record<
    (typeof MYR_ACCOUNT_TYPES)[number],
    string
  >,
  fieldRequired: (label: string) => `Enter your ${label.toLowerCase()}.`,
  fieldInvalid: {
    emailAddress: 'Enter an email address like name@example.com.',
    phoneNumber: 'Enter a valid mobile number.',
    upiId: 'Enter a UPI ID like name@bank.',
    said: 'Enter a valid 13-digit South African ID number.',
    passportNumber: 'Enter 6 to 20 letters and digits.',
    taxId: 'Enter an 11-digit CUIT or CUIL.',
    'externalReference.reference': 'Enter exactly 12 digits.',
    'account.accountNumber': 'Enter a valid account number.',
    'account.accountNumber.PROMPTPAY': 'Enter a 10-digit mobile number or a 13-digit ID.',
    'account.accountType': 'Choose an account type.',
    'account.accountName': 'Use letters, numbers and spaces only.',
  },
  fieldInvalidGeneric: (label: string) => `Check your ${label.toLowerCase()}.`,
  status: {
    PROCESSING: 'Waiting for your payment',
    SUCCESS: 'Payment successful',
    FAILED: 'Payment failed',
    REFUSED: 'Payment refused',
  } satisfies Record<KnownPayinStatus, string>,
  statusUnknown: (status: string) => `Payment status: ${status}`,
  returnToShop: 'Return to the shop',
  viewsFailed: 'The payment details could not be loaded. Check your connection and try again.',
};
