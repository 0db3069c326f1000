/**
 * The few English terms in the initial file: what the element can show before any words have
 * arrived (its label, "loading", and the way out should the words themselves fail to load). The
 * rest of English is a chunk of its own (en-checkout.ts), fetched beside the options when the
 * page's locale needs it; a bundled locale other than English carries every term itself.
 */
export const enFirst = {
  $code: 'en',
  $name: 'English',
  $dir: 'ltr' as 'ltr' | 'rtl',
  loading: 'Loading payment options…',
  busy: 'Busy — one moment…',
  checkoutLabel: 'Checkout',
  tryAgain: 'Try again',
  errors: {
    NETWORK: 'The payment service cannot be reached. Check your connection and try again.',
  },
};
