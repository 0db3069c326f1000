/**
 * English terms only a page with the merchant's checkout (`checkout-url`, `fetchCheckout`) can
 * show: they travel with that chunk (checkout-source.ts), not in the initial file. With
 * en-checkout.ts and en-payin.ts they make `en` (en.ts), the source of truth.
 */
import { enCheckout } from './en-checkout.js';

export const enCheckoutUrl = {
  errors: {
    ...enCheckout.errors,
    /** The merchant's checkout refused it: a 4xx other than 429. */
    CHECKOUT_UNAVAILABLE: 'The shop could not start this payment. Please return to the shop and try again.',
  },
};
