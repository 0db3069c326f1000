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

/**
 * A locale's own words for a deadline ("today", "tomorrow", a date, hours and minutes), for a
 * browser whose Intl has no data for it and would say them in English (docs/languages.md).
 */
export interface DeadlineWords {
  today: string;
  tomorrow: string;
  /** A date a few days off, as the locale writes it: "ວັນທີ 15/1", "Tha, 15 Jan". */
  date: (at: Date) => string;
  /** A count of hours or minutes in a countdown ("2 ຊົ່ວໂມງ"), the number as Intl writes it without the locale's data. */
  hours: (count: number) => string;
  minutes: (count: number) => string;
}

/**
 * How a locale formats, beyond its tag (docs/languages.md). English needs neither, so the initial
 * file carries neither.
 */
export interface LocaleFormats {
  /**
   * Its full tag, for Intl and the `lang` attribute, where its code alone would format otherwise than
   * its shoppers expect: India's Bengali with Latin digits is `bn-IN-u-nu-latn`.
   */
  $lang?: string;
  /** Its deadline words, for a locale some browser's Intl has no data for (Chromium's: Lao, Zulu). */
  $deadline?: DeadlineWords;
}

export type Translation = typeof en & LocaleFormats;
