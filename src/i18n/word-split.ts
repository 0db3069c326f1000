/**
 * Which terms of a bundled locale go to its second part (word-parts.ts says what each part is
 * for): read by the build (vite.config.ts `splitWords`) only, so no browser bundle carries it.
 */
import { METHOD_RULES } from '../api/method-rules.js';
import type { PayinMethodCode } from '../api/schemas/method-table.js';
import { CORE_WORDS_METHODS } from './word-parts.js';

/** The terms of the second part: what only the pending views of methods outside CORE_WORDS_METHODS say, trouble, and the fields of other methods' forms. */
export const MORE_WORDS = [
  'accountDetails',
  'allDetails',
  'copyAll',
  'bankName',
  'accountName',
  'accountNumber',
  'transferHint',
  'payee',
  'operatorName',
  'continueToBank',
  'continueHint',
  'approveInBankApp',
  'returnHint',
  'openBankApp',
  'approveOnPhone',
  'approveOnPhoneText',
  'upiRequestSent',
  'upiCollectSent',
  'network',
  'cryptoWarning',
  'walletAddress',
  'paymentCode',
  'paymentCodeHint',
  'store',
  // Trouble.
  'errors',
  'errorUnknown',
  'rejections',
  'failureReasons',
  'failureReasonUnknown',
  'failedText',
  'refusedNoReason',
  'differentAmountAccepted',
  'differentAmountFailed',
  'amountAsked',
  'amountReceived',
  'expired',
  'expiredTitle',
  'expiredWithdrawn',
  'newPaymentHint',
  // The forms' words: the labels, hints and problems of every method's fields (CORE_ENTRIES keeps the QR family's).
  'fields',
  'fieldHints',
  'fieldInvalid',
  'accountTypes',
] as const;

/**
 * Entries of MORE_WORDS's keyed tables that stay in the first part: what the checkout says when the
 * network fails, when no second part can arrive.
 */
export const CORE_ENTRIES: Partial<Record<(typeof MORE_WORDS)[number], readonly string[]>> = {
  errors: ['NETWORK'],
  ...Object.fromEntries(['fields', 'fieldHints', 'fieldInvalid'].map((table) => [table, qrFamilyFieldKeys()])),
  // The bank-or-wallet choice, offered under any method the platform has providers for (UPI QR's among them).
  fieldHints: [...qrFamilyFieldKeys(), 'externalProviderCode'],
};

/**
 * The keys of the fields the QR family's forms and views ask for (their UTR step's too), as the
 * field tables name them: the field, and the field for one method (`account.accountNumber.PROMPTPAY`).
 */
function qrFamilyFieldKeys(): string[] {
  return [...CORE_WORDS_METHODS].flatMap((code) =>
    [...METHOD_RULES[code as PayinMethodCode].map(({ field }) => field), 'externalReference.reference'].flatMap(
      (field) => [field, `${field}.${code}`],
    ),
  );
}
