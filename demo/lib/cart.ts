/**
 * The shop's cart, as a page names it to the shop's server: which product (a preset: one row of
 * the emulator's amount table), in which currency, and, for the demo's token switch, which token.
 * The page names the product and never its price: the server prices the cart from its own catalog
 * (demo/merchant/order.ts, on demo/shop-catalog.ts), as a shop's server prices a cart.
 *
 * The cart travels in the checkout URL's query (`/api/checkouts?preset=success&currency=INR`), so
 * the element's `checkout-url` is the whole of it, and a renewal (the same URL) names the same cart.
 * No imports: the pages and the server both read it.
 */

/** Where the demo mounts the merchant kit (`createCheckoutBackend`, prefix `/api`). */
export const API_PREFIX = '/api';
export const CHECKOUTS_PATH = `${API_PREFIX}/checkouts`;

export type TokenScope = 'checkout' | 'by-action';

export interface Cart {
  /** A preset's name (`success`, `failed`, …): the product. */
  preset: string;
  currencyCode: string;
  /** Default `checkout` (the kit's default token). */
  tokenScope?: TokenScope;
}

/** The query parameters of a cart. */
export const CART_PARAMS = { preset: 'preset', currencyCode: 'currency', tokenScope: 'token' } as const;

/** The checkout URL of a cart: the element's `checkout-url`, and what a page POSTs to. */
export function checkoutUrl(cart: Cart): string {
  const query = new URLSearchParams({
    [CART_PARAMS.preset]: cart.preset,
    [CART_PARAMS.currencyCode]: cart.currencyCode,
  });
  if (cart.tokenScope && cart.tokenScope !== 'checkout') query.set(CART_PARAMS.tokenScope, cart.tokenScope);
  return `${CHECKOUTS_PATH}?${query}`;
}
