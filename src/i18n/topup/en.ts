/**
 * English terms of a top-up (kind="topup"): the source of truth for the top-up locales beside it.
 * They travel with the top-up chunk and its own locale files (locales.ts here), so a payin's
 * checkout never downloads them, and the payin locales do not grow.
 */
export const enTopUp = {
  $code: 'en',
  amountLegend: 'Amount to add',
  amountLabel: (currency: string) => `Amount in ${currency}`,
  amountHint: (min: string, max: string) => `From ${min} to ${max}`,
  amountInvalid: 'Choose or enter an amount.',
  amountOutOfRange: (min: string, max: string) => `Enter an amount from ${min} to ${max}.`,
  amountDigits: 'This amount has too many decimal places for its currency.',
  quoteLabel: 'Your top-up',
  youPay: (amount: string) => `You pay ${amount}`,
  youReceive: (amount: string) => `You receive ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `rate valid until ${time}`,
  quoteRefreshing: 'Getting a fresh exchange rate…',
  quoteExpired: 'The quote expired. A fresh rate is needed before you can pay.',
  quoteRefreshed: 'The exchange rate was refreshed before your payment. Check the new quote, then pay.',
  refreshQuote: 'Get a fresh rate',
  noRate: 'An exchange rate for this top-up is not available, so it cannot be quoted. Please try again later.',
  rateChanged: (amount: string) => `The rate changed: you pay ${amount}, not the amount quoted.`,
  creditChanged: (amount: string) => `The rate changed: you receive ${amount}, not the amount quoted.`,
  pendingCredit: (amount: string) => `${amount} will be added to your balance once the payment arrives.`,
  credited: (amount: string) => `${amount} has been added to your balance.`,
  payAmount: (amount: string) => `Pay ${amount}`,
  pay: 'Pay',
};

export type TopUpTranslation = typeof enTopUp;
