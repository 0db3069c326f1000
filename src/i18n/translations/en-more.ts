/**
 * English terms only some shoppers see (word-parts.ts): the other methods' pending views and
 * trouble — errors, rejections, a failed or refused payment, a different amount, expiry. A chunk
 * of its own, fetched when a view or an error needs it (localize.ts moreWordsHere), like a bundled
 * locale's second part; the NETWORK error stays in the initial file (en-first.ts). With
 * en-checkout.ts and en-payin.ts they make `en` (en.ts), the source of truth.
 */
import type { FailureReasonCode, PayinRejectionCode } from '../../api/schemas/payin.js';

export const enMore = {
  errors: {
    TOKEN_INVALID: 'This checkout link is not valid. Please start the payment again from the shop.',
    TOKEN_EXPIRED: 'This checkout session has expired. Please start the payment again from the shop.',
    TOKEN_TOO_BROAD: 'This checkout cannot start: the shop gave it a key that must not be used in a browser.',
    UNAUTHORIZED: 'This checkout session is not valid any more. Please start the payment again from the shop.',
    FORBIDDEN: 'This checkout session does not allow this step.',
    VERSION_UNSUPPORTED: 'The payment service does not support this checkout version.',
    RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
    BAD_RESPONSE: 'The payment service sent an answer we could not read. Please try again.',
    SERVER_ERROR: 'The payment service had a problem. Please try again.',
    INVALID_REQUEST: 'Some details were not accepted. Please check them.',
    INVALID_ATTRIBUTE: 'This checkout is not set up correctly.',
    UNSAFE_URL: 'A link from the payment service was not safe to open.',
    INVALID_FORM: 'Some payment details are missing or wrong.',
    INVALID_STATE: 'The payment cannot be sent at this step.',
    NOT_FOUND: 'This payment could not be found.',
    PAYMENT_OPERATOR_UNAVAILABLE: 'This payment provider is unavailable right now. Try another payment method.',
    CONFLICT: 'This payment is already closed, so it cannot be changed.',
    PAYLOAD_TOO_LARGE: 'Some details are too long. Please shorten them and try again.',
    /** The merchant's checkout (checkout-url) refused it: a 4xx other than 429. */
    CHECKOUT_UNAVAILABLE: 'The shop could not start this payment. Please return to the shop and try again.',
  },
  errorUnknown: (code: string) => `The payment could not continue (${code}).`,
  failedText: 'The payment did not go through. No money was taken, or it will be returned.',
  expired: 'This payment request has expired. If you paid, the shop will be told once the payment arrives.',
  accountDetails: 'Payment details',
  bankName: 'Bank',
  accountName: 'Account name',
  accountNumber: 'Account number',
  continueToBank: 'Continue to your bank',
  continueHint: 'You will leave this page to approve the payment, then come back here.',
  approveOnPhone: 'Approve on your phone',
  upiRequestSent: (upiId: string) => `A payment request was sent to ${upiId}. Approve it in your UPI app.`,
  upiCollectSent: 'A payment request was sent to your UPI app. Open the app and approve it.',
  approveOnPhoneText: (phone: string, operator: string) =>
    `We sent a payment request to ${phone} (${operator}). Enter your PIN on your phone to approve it.`,
  approveInBankApp: 'Approve the payment in your banking app. This page updates by itself.',
  returnHint: 'When you have approved the payment, come back to this page: it updates by itself.',
  openBankApp: 'Open your bank app',
  operatorName: 'Bank or provider',
  network: 'Network',
  cryptoWarning: (network: string) => `Send only on the ${network} network. Funds sent on any other network are lost.`,
  walletAddress: 'Wallet address',
  paymentCode: 'Payment code',
  paymentCodeHint: (store: string) => `Show this code at ${store} and pay in cash.`,
  store: 'Store',
  transferHint: 'Transfer from your own bank account. Confirmation can take a few minutes after you pay.',
  payee: 'Pay to',
  failureReasons: {
    SECURITY_CHECK_FAILED: 'The payment did not pass a security check.',
    CUSTOMER_VERIFICATION_INACTIVITY: 'The verification was not completed in time.',
    CUSTOMER_NOT_REGISTERED: 'You are not registered with this payment service.',
    CUSTOMER_ACCOUNT_LIMIT_EXCEEDED: 'Your account limit has been exceeded.',
    CUSTOMER_VERIFICATION_REJECTED: 'Your verification was rejected.',
    CUSTOMER_VERIFICATION_FAILED: 'Your verification failed.',
    ACCOUNT_TYPE_INELIGIBLE: 'This type of account cannot be used for this payment.',
    PAYMENT_OPERATOR_UNAVAILABLE: 'The payment provider is unavailable right now.',
    PAYMENT_OPERATOR_INVALID: 'The payment provider is not valid for this payment.',
    INCORRECT_CURRENCY: 'The payment was made in the wrong currency.',
    DIFFERENT_AMOUNT_CONFIRMED: 'A different amount was paid than the one requested.',
  } satisfies Record<FailureReasonCode, string>,
  failureReasonUnknown: (code: string) => `Reason: ${code}`,
  copyAll: 'Copy all details',
  allDetails: 'all payment details',
  expiredTitle: 'Payment request expired',
  expiredWithdrawn: 'Its QR code and payment details are no longer valid: do not pay with them.',
  newPaymentHint: 'To try again, start a new payment from the shop.',
  amountAsked: 'Amount asked',
  amountReceived: 'Amount received',
  differentAmountAccepted:
    'A different amount arrived than was asked, and the shop accepted it. Contact the shop if you have questions about the difference.',
  differentAmountFailed:
    'A different amount arrived than was asked, so the payment was not completed. Contact the shop about getting back the amount you sent.',
  refusedNoReason: 'The payment provider gave no reason. Try another payment method.',
  /** The words of the platform's business rejections (406), shown at the form after a create. */
  rejections: {
    SECURITY_CHECK_FAILED: 'The payment did not pass a security check. Try another payment method.',
    CUSTOMER_VERIFICATION_INACTIVITY: 'The verification was not completed in time. Please try again.',
    CUSTOMER_NOT_REGISTERED: 'You are not registered with this payment service. Try another payment method.',
    CUSTOMER_ACCOUNT_LIMIT_EXCEEDED: 'Your account limit has been exceeded. Try another payment method.',
    ACCOUNT_TYPE_INELIGIBLE: 'This type of account cannot be used. Try another account or payment method.',
    INVALID_ACCOUNT_NUMBER: 'The account number was not accepted. Check it and try again.',
    REJECTED: 'The payment was not accepted. Try another payment method.',
  } satisfies Record<Exclude<PayinRejectionCode, 'PAYMENT_OPERATOR_UNAVAILABLE'> | 'REJECTED', string>,
};
