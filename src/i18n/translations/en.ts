/**
 * English: the source of truth for every user-visible string. Other locales implement
 * `Translation` and may lag; a missing term falls back to English. The keyed tables are typed by
 * their keys: the codes they name (methods, statuses, failure reasons) must all be there.
 *
 * It is written in parts so the initial file carries only what the checkout shows before a
 * payin exists (en-checkout.ts); the terms of a payin's views (en-payin.ts) load with those views,
 * and those of the merchant's checkout (en-checkout-url.ts) with its chunk.
 */
import { enCheckout } from './en-checkout.js';
import { enCheckoutUrl } from './en-checkout-url.js';
import { enPayin } from './en-payin.js';

export const en = { ...enCheckout, ...enPayin, ...enCheckoutUrl };

export type Translation = typeof en;
