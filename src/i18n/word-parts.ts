/**
 * A bundled locale ships as two chunks (issue 24): its words for the form, the QR views and every
 * final screen (`th-*.js`), and the words only the other methods' pending views say — transfers'
 * bank details, redirects, mobile money, crypto, payment codes (`th-more-*.js`). A shopper paying
 * by QR never fetches the second; one who chooses another method fetches it while filling the
 * form, and a pending view that needs it waits for it (it is asked for at the latest then).
 *
 * The split is made by the build (vite.config.ts `splitWords`) from the translation files as they
 * are, by the keys below: the files keep one object each, and a key added to them goes to the
 * first part unless it is listed here. Outside the build (tests on src/, Node) both imports give
 * the whole translation.
 */

/** The terms only the pending views of methods outside CORE_WORDS_METHODS say. */
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
  'approveOnPhoneText',
  'network',
  'cryptoWarning',
  'walletAddress',
  'paymentCode',
  'paymentCodeHint',
  'store',
] as const;

/** The methods whose pending view says none of MORE_WORDS (the package's QR views). */
const CORE_WORDS_METHODS = new Set(['DUITNOW', 'PIXQR', 'PROMPTPAY', 'QRISPAY', 'QRPH', 'UPIQR', 'VIETQR', 'ZAPPER_QR', 'SNAP_SCAN_QR']);

/** Whether the pending view of `code` may say MORE_WORDS: any method but the package's QR views, or a view of the merchant's own. */
export const needsMoreWords = (code: string | undefined, ownView: boolean): boolean => !!code && (ownView || !CORE_WORDS_METHODS.has(code));
