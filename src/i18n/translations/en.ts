/**
 * English: the source of truth for every user-visible string. Other locales implement
 * `Translation` and may lag; a missing term falls back to English. The keyed tables are typed by
 * their keys: the codes they name (methods, statuses, failure reasons) must all be there.
 *
 * It is written in two parts so the initial file carries only what the checkout shows before a
 * payin exists (en-checkout.ts); the terms of a payin's views (en-payin.ts) load with those views.
 */
import { enCheckout } from './en-checkout.js';
import { enPayin } from './en-payin.js';

export const en = { ...enCheckout, ...enPayin };

export type Translation = typeof en;
