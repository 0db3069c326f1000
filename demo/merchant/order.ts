/**
 * The demo shop's order hook for the merchant kit (`order` of createCheckoutBackend): the cart the
 * page names in the checkout URL (demo/lib/cart.ts), priced from the shop's own catalog
 * (demo/shop-catalog.ts), never from the browser's word. A cart that names no product of the
 * catalog, or a currency the shop does not sell in, is refused with 400 before any platform
 * request.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { invalidRequest, validateInput, type CheckoutOrder } from 'pay-checkout/server';
import { CART_PARAMS, type Cart } from '../lib/cart.js';
import type { ShopCatalog } from '../shop-catalog.js';

/** A priced cart: the kit's order, and the cart it came from. */
export interface PricedOrder extends CheckoutOrder {
  cart: Cart;
}

/** The cart of a checkout request's URL, checked against the catalog; 400 INVALID_REQUEST naming each parameter at fault. */
export function cartOfRequest(request: Request, catalog: ShopCatalog): Cart {
  const query = new URL(request.url).searchParams;
  const schema = z.object({
    [CART_PARAMS.preset]: z.enum(catalog.scenarios.map((row) => row.name) as [string, ...string[]]),
    [CART_PARAMS.currencyCode]: z.enum(catalog.currencies as [string, ...string[]]),
    [CART_PARAMS.tokenScope]: z.optional(z.enum(['checkout', 'by-action'])),
  });
  const given = Object.fromEntries(
    Object.values(CART_PARAMS).flatMap((name) => (query.has(name) ? [[name, query.get(name)]] : [])),
  );
  const parsed = validateInput(schema, given, ['query']) as Record<string, string | undefined>;
  return {
    preset: parsed[CART_PARAMS.preset]!,
    currencyCode: parsed[CART_PARAMS.currencyCode]!,
    ...(parsed[CART_PARAMS.tokenScope] ? { tokenScope: parsed[CART_PARAMS.tokenScope] as Cart['tokenScope'] } : {}),
  };
}

/** The cart, priced: a fresh order id, the preset's price in the cart's currency. */
export function priceCart(cart: Cart, catalog: ShopCatalog): PricedOrder {
  const product = catalog.scenarios.find((row) => row.name === cart.preset);
  if (!product)
    throw invalidRequest([{ field: `query.${CART_PARAMS.preset}`, message: 'is not a product of the shop' }]);
  return {
    idPayin: `order-${randomUUID()}`,
    money: { amount: product.amount, currencyCode: cart.currencyCode },
    ...(cart.tokenScope ? { tokenScope: cart.tokenScope } : {}),
    cart,
  };
}
