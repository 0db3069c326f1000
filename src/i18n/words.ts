/**
 * The words of a locale arrive in parts, each a chunk fetched when a shopper first needs it
 * (word-parts.ts says which terms are in which part):
 *
 *   part        a bundled locale (complete)          English, and the locales that fall back to it
 *   'checkout'  its first chunk, th-*.js              en-checkout: the form, statuses
 *   'payment'   the same chunk                        en-payin: a payment's views on the way to success by QR
 *   'more'      its second chunk, th-more-*.js        en-more: other methods' pending views, and trouble
 *
 * `loadWords(tag, part)` fetches a part and settles when it is here; `wordsHere(tag, part)` says
 * whether it is, fetching nothing. A bundled locale never needs English; English itself, a
 * merchant's own locale and a bundled one whose chunk failed need English's part. A part once
 * wanted is fetched for each locale the page shows next (loadWanted), so switching languages
 * never shows a key. A top-up's words are another set, with its chunk (topup/terms.ts).
 */
import { Lazy } from '../api/lazy.js';
import { addEnglish, isComplete, loaded, resolveLocale, translationsChanged, withPart } from './catalog.js';
import { bundledLocales } from './locales.js';

export type WordPart = 'checkout' | 'payment' | 'more';

/** A chunk of words: elements render again when it has arrived. */
const chunk = (load: () => Promise<void>) =>
  new Lazy(load, (status) => {
    if (status === 'ready') translationsChanged();
  });

/** English's parts. A failed one is asked for again next time; 'more' stands settled even when it failed (what is here is shown). */
const english: Record<WordPart, Lazy<void>> = {
  checkout: chunk(() => import('./translations/en-checkout.js').then((module) => addEnglish(module.enCheckout))),
  payment: chunk(() => import('./translations/en-payin.js').then((module) => addEnglish(module.enPayin))),
  more: chunk(() =>
    import('./translations/en-more.js').then(
      (module) => addEnglish(module.enMore),
      () => undefined,
    ),
  ),
};

/**
 * Each bundled locale's first chunk, once asked for. One that fails to load leaves English in its
 * place, term by term, silently, and is not asked for again until the page reloads (asking again
 * at each render of each element would be a loop while the network is down).
 */
const firstChunks = new Map<string, Lazy<void>>();
/** Each bundled locale's second chunk ('more'), known once its first has arrived (in the build only). */
const secondChunks = new Map<string, Lazy<void>>();
/** The parts the page has wanted so far. */
const wanted = new Set<WordPart>();

function firstChunk(locale: string): Lazy<void> | undefined {
  const load = bundledLocales[locale];
  if (!load) return undefined;
  let first = firstChunks.get(locale);
  if (!first) {
    first = chunk(() =>
      load().then(
        (module) => {
          loaded.set(locale, module.default);
          const more = module.more;
          if (more)
            secondChunks.set(
              locale,
              chunk(() =>
                more().then(
                  (part) => void loaded.set(locale, withPart(loaded.get(locale)!, part.default)),
                  // Its own failed: English's stand in.
                  () => english.more.get(),
                ),
              ),
            );
        },
        () => undefined,
      ),
    );
    firstChunks.set(locale, first);
  }
  return first;
}

/** Fetches a part of the words of `tag` (see above) and settles when it is here; rejects when English's could not load. */
export async function loadWords(tag: string | undefined, part: WordPart): Promise<void> {
  const locale = resolveLocale(tag);
  wanted.add(part);
  await firstChunk(locale)?.get();
  const second = part === 'more' ? secondChunks.get(locale) : undefined;
  if (second) return second.get();
  if (!isComplete(locale)) await english[part].get();
}

/** Fetches, for the locale of `tag`, every part the page has wanted so far (a page that switched its language). */
export function loadWanted(tag: string | undefined): void {
  for (const part of wanted) loadWords(tag, part).catch(() => undefined);
}

/**
 * Whether a locale's own chunk has settled (arrived, or failed and left English in its place):
 * always for a locale that has none. Until then an element keeps the language it shows.
 */
const settled = (locale: string): boolean => !bundledLocales[locale] || firstChunks.get(locale)?.status === 'ready';

/** Whether a part of the words of `tag` is here (or could not be, and what is here will do); fetches nothing. */
export function wordsHere(tag: string | undefined, part: WordPart): boolean {
  const locale = resolveLocale(tag);
  if (!settled(locale)) return false;
  const second = part === 'more' ? secondChunks.get(locale) : undefined;
  if (second) return second.status === 'ready';
  return isComplete(locale) || english[part].status === 'ready';
}

/**
 * Whether a locale that falls back to English can show every term it wants now: its own chunk
 * has settled and English's wanted parts are here. ('more' is not waited for here: the views that
 * say those terms wait for them themselves.)
 */
export const englishHere = (locale: string): boolean =>
  settled(locale) &&
  [...wanted, 'checkout' as const].every((part) => part === 'more' || english[part].status === 'ready');
