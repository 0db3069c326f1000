/**
 * A bundled locale ships as two chunks (issue 24): the words every shopper may see on the way to a
 * successful payment by QR — the form, the QR views, the success screen (`th-*.js`) — and the words
 * only some see (`th-more-*.js`): the other methods' pending views (transfers' bank details,
 * redirects, mobile money, a UPI collect request, crypto, payment codes) and trouble — errors, a business rejection, a
 * failed or refused payment and its reason, a different amount, expiry. A shopper who pays by QR
 * without trouble never fetches the second part. One who chooses another method fetches it while
 * filling the form; a view that needs it waits for it (it is asked for at the latest then), and so
 * does a pay-error or a submit() result, whose `message` is in the shopper's language.
 *
 * The split is made by the build (vite.config.ts `splitWords`) from the translation files as they
 * are, by the keys below: the files keep one object each, and a key added to them goes to the
 * first part unless it is listed here. English is written in the same parts by hand (en-checkout,
 * en-payin, en-more). Outside the build (tests on src/, Node) both imports give the whole
 * translation.
 */

/** The terms of the second part: what only the pending views of methods outside CORE_WORDS_METHODS say, and trouble. */
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
] as const;

/**
 * Entries of MORE_WORDS's keyed tables that stay in the first part: what the checkout says when the
 * network fails, when no second part can arrive.
 */
export const CORE_ENTRIES: Partial<Record<(typeof MORE_WORDS)[number], readonly string[]>> = {
  errors: ['NETWORK'],
};

/** The methods whose pending view says none of MORE_WORDS (the package's QR views). */
const CORE_WORDS_METHODS = new Set([
  'DUITNOW',
  'PIXQR',
  'PROMPTPAY',
  'QRISPAY',
  'QRPH',
  'UPIQR',
  'VIETQR',
  'ZAPPER_QR',
  'SNAP_SCAN_QR',
]);

/** Whether the pending view of `code` may say MORE_WORDS: any method but the package's QR views, or a view of the merchant's own. */
export const needsMoreWords = (code: string | undefined, ownView: boolean): boolean =>
  !!code && (ownView || !CORE_WORDS_METHODS.has(code));
