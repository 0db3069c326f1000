/**
 * The translations the page has so far: English (the fallback of every term, whose parts arrive
 * as chunks: words.ts), the bundled locales loaded so far, and the merchant's registered ones,
 * which win over the bundled ones term by term. Which locale a tag means is decided here too,
 * without loading any.
 */
import { enFirst } from './translations/en-first.js';
import type { Translation } from './translations/en.js';
import { bundledLocales } from './locales.js';

export type { Translation };
/** A merchant's terms: any of ours, and in the keyed tables also keys we do not have (new codes). */
export type PartialTranslation = {
  [K in keyof Translation]?: K extends `$${string}`
    ? Translation[K]
    : Translation[K] extends string | ((...args: never[]) => string)
      ? Translation[K]
      : Partial<Translation[K]> & Record<string, string>;
};

/** English: its first terms from the start (en-first.ts), the rest as its parts arrive. */
export const english = { ...enFirst } as unknown as Translation;

/** The bundled translations loaded so far, by tag as in locales.ts. */
export const loaded = new Map<string, Translation>([['en', english]]);

/** The merchant's, by lower-case tag. */
export const registered = new Map<string, PartialTranslation>();

/** Whether a translation arrived or was registered since: bumped each time. */
export let generation = 0;
const listeners = new Set<() => void>();

/** `listener` hears of every translation that arrives or is registered, until it is removed. */
export function onTranslations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function translationsChanged(): void {
  generation++;
  for (const listener of listeners) listener();
}

/**
 * A translation with a part of it that arrived later: the part's terms win, and each keyed table
 * (errors, fields, …) keeps the entries of both, since the build may split one table between the
 * parts (word-split.ts: the NETWORK error and the QR family's fields stay in the first).
 */
export function withPart<T extends object>(translation: T, part: object): T {
  const joined = { ...translation, ...part } as Record<string, unknown>;
  for (const [key, value] of Object.entries(part))
    if (typeof value === 'object') joined[key] = { ...translation[key as keyof T], ...value };
  return joined as T;
}

/** Adds English terms that arrived with a chunk. */
export function addEnglish(terms: PartialTranslation): void {
  Object.assign(english, withPart(english, terms));
}

/** Registers translations (a merchant may add a language or override terms of a bundled one). */
export function registerTranslation(...translations: PartialTranslation[]) {
  for (const translation of translations) {
    if (translation.$code) registered.set(translation.$code.toLowerCase(), translation);
  }
  translationsChanged();
}

/** Every locale an element can use, loaded or not: English, the bundled ones and the registered ones. */
export function registeredLocales(): string[] {
  return [
    ...new Set([
      'en',
      ...Object.keys(bundledLocales),
      ...[...registered.values()].map((translation) => translation.$code!),
    ]),
  ];
}

/** The script a tag is written in, by CLDR's likely subtags (zh-SG → Hans, zh-HK → Hant); none for a tag Intl rejects. */
function scriptOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().script;
  } catch {
    return undefined;
  }
}

/**
 * The best locale for a BCP 47 tag, without loading any: the exact tag, then the language alone,
 * then another locale of the same language in the same script (pt → pt-BR, zh-Hant-TW and zh-HK →
 * zh-TW, zh and zh-SG → zh-CN), then English. Tagalog (tl) is written as Filipino (fil) here.
 */
export function resolveLocale(tag = ''): string {
  const [first = '', ...rest] = tag.toLowerCase().split('-');
  const language = first === 'tl' ? 'fil' : first;
  const known = registeredLocales();
  const find = (wanted: string) => known.find((code) => code.toLowerCase() === wanted);
  return (
    find([language, ...rest].join('-')) ??
    find(language) ??
    known.find((code) => code.toLowerCase().startsWith(`${language}-`) && scriptOf(code) === scriptOf(tag)) ??
    'en'
  );
}

/** Whether a locale's own bundled translation, complete, is here: a bundled locale other than English, loaded. */
export const isComplete = (locale: string): boolean => locale !== 'en' && loaded.has(locale);
