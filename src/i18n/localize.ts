/**
 * A small typed localizer in the manner of Shoelace's LocalizeController: terms come from the
 * resolved locale, fall back to English term by term, and amounts and dates are
 * formatted with Intl in the same locale.
 *
 * English is the fallback, but only its first few terms are in the initial file (en-first.ts): the
 * rest is a chunk (en-checkout.ts) fetched beside the options when the page's locale needs it
 * (loadWords), and a payin's English another, fetched beside the payin views. Every other locale is
 * a complete chunk of its own (locales.ts), loaded when a connected element first needs it; a Thai
 * page never fetches English unless its own chunk fails.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { enFirst } from './translations/en-first.js';
import type { Translation } from './translations/en.js';
import { bundledLocales, type LocaleLoader } from './locales.js';

export type { Translation };
/** A merchant's terms: any of ours, and in the keyed tables also keys we do not have (new codes). */
export type PartialTranslation = {
  [K in keyof Translation]?: K extends `$${string}`
    ? Translation[K]
    : Translation[K] extends string | ((...args: never[]) => string)
      ? Translation[K]
      : Partial<Translation[K]> & Record<string, string>;
};

/**
 * English, the fallback of every term: its first terms from the start, the checkout's once a page
 * needs them (loadEnglish), a payin's once its views do (loadPayinEnglish).
 */
const english = { ...enFirst } as unknown as Translation;

/**
 * A translation with a part of it that arrived later: the part's terms win, and the errors of both
 * are kept (the NETWORK error is in the first part, the others in the second: word-parts.ts).
 */
const withPart = <T extends { errors?: object }>(translation: T, part: { errors?: object }): T => ({
  ...translation,
  ...part,
  errors: { ...translation.errors, ...part.errors },
});

/** Adds English terms that load with a lazy chunk (the checkout's, a payin's, the rest). */
export function addEnglish(terms: PartialTranslation): void {
  Object.assign(english, withPart(english, terms));
}

let checkoutEnglish: Promise<void> | undefined;
/** Whether the checkout's English (en-checkout.ts) has arrived. */
let hasEnglish = false;

/**
 * The checkout's English (en-checkout.ts), a chunk of its own, fetched once when a locale in use
 * falls back to English (English itself, a merchant's own locale, a bundled one whose chunk
 * failed). A failure is not remembered: the next element that needs English asks again.
 */
export function loadEnglish(): Promise<void> {
  checkoutEnglish ??= import('./translations/en-checkout.js').then(
    (module) => {
      addEnglish(module.enCheckout as Partial<Translation>);
      hasEnglish = true;
      translationsChanged();
    },
    (error: unknown) => {
      checkoutEnglish = undefined;
      throw error;
    },
  );
  return checkoutEnglish;
}

let payinEnglish: Promise<void> | undefined;
/** Set once a payin's views are wanted: from then on, a locale that needs English gets a payin's English. */
let payinTermsWanted = false;
let hasPayinEnglish = false;

/**
 * The English of a payin's views (en-payin.ts), a chunk of its own: fetched beside the payin views
 * when the locale in use may fall back to it (English itself, a merchant's own locale, a bundled
 * locale that is not here), never for a bundled locale, which is complete
 * (test/i18n/translations.node.test.ts). Elements render again when it arrives.
 */
export function loadPayinEnglish(): Promise<void> {
  payinTermsWanted = true;
  payinEnglish ??= import('./translations/en-payin.js').then(
    (module) => {
      addEnglish(module.enPayin);
      hasPayinEnglish = true;
      translationsChanged();
    },
    (error: unknown) => {
      payinEnglish = undefined;
      throw error;
    },
  );
  return payinEnglish;
}

/** The bundled translations loaded so far, by tag as in locales.ts. */
const loaded = new Map<string, Translation>([['en', english]]);
/** The merchant's, by lower-case tag: they win over the bundled ones term by term. */
const registered = new Map<string, PartialTranslation>();
const loads = new Map<string, Promise<void>>();
/** Locales whose chunk is on its way: meanwhile an element keeps the language it shows. */
const pending = new Set<string>();
const connected = new Set<LocalizeController>();
/** Bumped whenever a translation arrives or is registered: Localizers made before are stale. */
let generation = 0;

/** Checks of moreWords() waiting for terms to arrive. */
const waiting: (() => void)[] = [];

function translationsChanged() {
  generation++;
  for (const controller of connected) controller.host.requestUpdate();
  for (const check of waiting.splice(0)) check();
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

/**
 * Loads the chunk of the bundled locale a tag resolves to, once; resolves when it is in use (at
 * once for English, a registered-only locale or an unknown tag). A chunk that fails to load leaves
 * English in its place, term by term, silently, and is not asked for again until the page reloads
 * (asking again at each render of each element would be a loop while the network is down).
 */
export function loadLocale(tag: string | undefined): Promise<void> {
  const locale = resolveLocale(tag);
  const loader = bundledLocales[locale];
  if (loader && !loads.has(locale)) {
    pending.add(locale);
    const arrived = (module: Awaited<ReturnType<LocaleLoader>>) => {
      loaded.set(locale, module.default);
      moreParts.set(locale, module.more);
    };
    loads.set(
      locale,
      loader()
        .then(arrived, () => undefined)
        .finally(() => {
          pending.delete(locale);
          translationsChanged();
        }),
    );
  }
  return loads.get(locale) ?? Promise.resolve();
}

/**
 * A payin's English when the locale of `tag` may fall back to it: once the locale's own chunk
 * (if it is a bundled one) has arrived or failed, so a Thai shopper whose chunk is still on its way
 * does not fetch English it will not use.
 */
export function loadPayinEnglishFor(tag: string): Promise<void> {
  // Wanted from now on, should the page switch to a language that needs English.
  payinTermsWanted = true;
  return loadLocale(tag).then(() => (new Localizer(tag).complete ? undefined : loadPayinEnglish()));
}

/**
 * Resolves when the words of `tag` are here, so an element can show its first screen without a
 * key or a flash of another language: the bundled locale's chunk when it is one (complete, no
 * English needed), otherwise (or should that chunk fail) the checkout's English. Rejects when
 * English was needed and could not load. Started as the element connects, beside its options.
 */
export function loadWords(tag: string | undefined): Promise<void> {
  return loadLocale(tag).then(() => (new Localizer(tag).complete ? undefined : loadEnglish()));
}

/** The loaders of the bundled locales' second parts (word-parts.ts), which their first parts bring (in the build only). */
const moreParts = new Map<string, Awaited<ReturnType<LocaleLoader>>['more'] | 'loading'>();

/** English's second part (en-more.ts), asked for once; settled when it arrived or could not. */
let englishMore: Promise<void> | undefined;
let englishMoreSettled = false;
const loadMoreEnglish = (): Promise<void> =>
  (englishMore ??= import('./translations/en-more.js')
    .then(
      (module) => addEnglish(module.enMore),
      () => undefined,
    )
    .then(() => {
      englishMoreSettled = true;
      translationsChanged();
    }));

/**
 * Whether the terms only some shoppers see — other methods' pending views, and trouble (word-parts.ts
 * MORE_WORDS) — are here for `tag`, or need no fetch; if not, they are fetched once, and elements
 * render again on arrival. A bundled locale fetches its second part (should it fail to load,
 * English's stands in); English, and a locale that falls back to it, English's. Words that cannot
 * load are not waited for: what is here is shown.
 */
export function moreWordsHere(tag: string | undefined): boolean {
  const locale = resolveLocale(tag);
  const more = moreParts.get(locale);
  if (more === 'loading' || pending.has(locale)) return false;
  if (more) {
    moreParts.set(locale, 'loading');
    more()
      .then(
        (module) => void loaded.set(locale, withPart(loaded.get(locale)!, module.default)),
        () => loadMoreEnglish(),
      )
      .then(() => {
        moreParts.delete(locale);
        translationsChanged();
      });
    return false;
  }
  if ((loaded.has(locale) && locale !== 'en') || englishMoreSettled) return true;
  void loadMoreEnglish();
  return false;
}

/** Those terms for `tag`, when moreWordsHere says they are here: a pay-error's message waits for them. */
export function moreWords(tag: string | undefined): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (moreWordsHere(tag) ? resolve() : waiting.push(check));
    check();
  });
}

type Term = Exclude<keyof Translation, `$${string}`>;
type Args<K extends Term> = Translation[K] extends (...args: infer A) => string ? A : [];
type RecordTerm = {
  [K in Term]: Translation[K] extends string | ((...args: never[]) => string) ? never : K;
}[Term];

export class Localizer {
  /** The resolved locale, e.g. 'pt-BR'; its terms may still be loading (see `lang`). */
  readonly locale: string;
  private readonly own?: PartialTranslation;
  /** The bundled locale's translation once it is here: its words, and how it formats (deadline.ts). */
  readonly bundled?: Translation;

  constructor(tag: string | undefined) {
    this.locale = resolveLocale(tag);
    this.own = registered.get(this.locale.toLowerCase());
    this.bundled = loaded.get(this.locale);
    // A locale that falls back to English, settled (not a bundled chunk still to come): English,
    // and a payin's English too when a payin is shown (the page switched its language).
    if (!this.complete && !pending.has(this.locale) && (!bundledLocales[this.locale] || loads.has(this.locale))) {
      loadEnglish().catch(() => undefined);
      if (payinTermsWanted) loadPayinEnglish().catch(() => undefined);
    }
  }

  /** Whether this locale's words are all here: its own complete chunk, or English beside it. */
  get ready(): boolean {
    return this.complete || (hasEnglish && (!payinTermsWanted || hasPayinEnglish) && !pending.has(this.locale));
  }

  /** Every term is in this locale's own bundled translation: a bundled locale other than English, loaded. */
  get complete(): boolean {
    return !!this.bundled && this.locale !== 'en';
  }

  /**
   * The language tag for Intl and the `lang` attribute: English until the locale's terms are here; a
   * bundled locale's own full tag where it says more than its code (`bn-IN-u-nu-latn`, en.ts LocaleFormats).
   */
  get lang(): string {
    return this.own || this.bundled ? (this.bundled?.$lang ?? this.locale) : 'en';
  }

  get dir(): 'ltr' | 'rtl' {
    return this.own?.$dir ?? this.bundled?.$dir ?? 'ltr';
  }

  term<K extends Term>(key: K, ...args: Args<K>): string {
    // A payin's English arrives with its views when the locale needs it; a term asked for before that says its key.
    const value = (this.own?.[key] ?? this.bundled?.[key] ?? english[key] ?? key) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => string)(...args) : String(value);
  }

  /** A term from one of the keyed tables (errors, statuses, field labels…), or undefined. */
  lookup(table: RecordTerm, key: string): string | undefined {
    // Keys come from the platform (codes): only a table's own entries count, never Object's.
    const from = (terms: object | undefined) =>
      terms && Object.hasOwn(terms, key) ? (terms as Record<string, string>)[key] : undefined;
    return from(this.own?.[table]) ?? from(this.bundled?.[table]) ?? from(english[table]);
  }

  money(amount: number, currencyCode: string): string {
    try {
      return new Intl.NumberFormat(this.lang, {
        style: 'currency',
        currency: currencyCode,
        currencyDisplay: 'symbol',
      }).format(amount);
    } catch {
      // Crypto codes such as USDT are not ISO 4217: show the number and the code.
      return `${new Intl.NumberFormat(this.lang, { maximumFractionDigits: 8 }).format(amount)} ${currencyCode}`;
    }
  }
}

/**
 * Keeps a host's Localizer in step with its `locale`, the page's language and the translations:
 * it starts loading the host's locale as soon as the host connects (beside the host's own first
 * requests) and renders the host again when the locale arrives or a translation is registered.
 */
export class LocalizeController implements ReactiveController {
  private observer?: MutationObserver;
  private current?: Localizer;
  private currentTag?: string;
  private currentGeneration?: number;

  constructor(readonly host: ReactiveControllerHost & HTMLElement & { locale?: string | null }) {
    host.addController(this);
  }

  hostConnected() {
    connected.add(this);
    // The page may switch its language after load; follow <html lang>.
    this.observer = new MutationObserver(() => this.host.requestUpdate());
    this.observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    loadWords(this.tag).catch(() => undefined);
  }

  hostDisconnected() {
    connected.delete(this);
    this.observer?.disconnect();
    this.observer = undefined;
  }

  get tag(): string {
    return (
      this.host.locale || this.host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en'
    );
  }

  get localizer(): Localizer {
    const tag = this.tag;
    if (!this.current || this.currentTag !== tag || this.currentGeneration !== generation) {
      // A new locale (the `locale` property or the page's language changed): fetch its words, and
      // keep the language on screen while they load rather than flash English or keys.
      loadWords(tag).catch(() => undefined);
      const next = new Localizer(tag);
      if (this.current?.ready && !next.ready) return this.current;
      this.current = next;
      this.currentTag = tag;
      this.currentGeneration = generation;
    }
    return this.current;
  }
}
