/**
 * English: the source of truth for every user-visible string. Other locales implement
 * `Translation` and may lag; a missing term falls back to English. The keyed tables are typed by
 * their keys: the codes they name (methods, statuses, failure reasons) must all be there.
 *
 * It is written in parts, each a chunk of its own fetched when a page needs it: what the checkout
 * shows before a payin exists (en-checkout.ts, which brings en-first.ts's few terms of the initial
 * file), the terms of a payin's views (en-payin.ts), and those only some shoppers see
 * (en-more.ts: other methods' pending views and trouble, word-parts.ts).
 */
import { enCheckout } from './en-checkout.js';
import { enMore } from './en-more.js';
import { enPayin } from './en-payin.js';

export const en = {
  ...enCheckout,
  ...enPayin,
  ...enMore,
  errors: { ...enCheckout.errors, ...enMore.errors },
};

export type Translation = typeof en;
