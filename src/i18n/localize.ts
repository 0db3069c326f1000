/**
 * A small typed localizer in the manner of Shoelace's LocalizeController: terms come from the
 * resolved locale, fall back to English term by term, and amounts and dates are formatted with
 * Intl in the same locale. The translations it reads are catalog.ts's; their chunks arrive by
 * words.ts (English's parts, each bundled locale's chunks), fetched when a page first needs them:
 * a Thai page never fetches English unless its own chunk fails.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  english,
  generation,
  isComplete,
  loaded,
  onTranslations,
  registered,
  resolveLocale,
  type PartialTranslation,
  type Translation,
} from './catalog.js';
import { englishHere, loadWanted, loadWords } from './words.js';

export { registerTranslation, registeredLocales, resolveLocale } from './catalog.js';
export type { PartialTranslation, Translation };

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
  }

  /** Whether this locale's words are all here: its own complete chunk, or English beside it. */
  get ready(): boolean {
    return this.complete || englishHere(this.locale);
  }

  /** Every term is in this locale's own bundled translation: a bundled locale other than English, loaded. */
  get complete(): boolean {
    return isComplete(this.locale);
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
    // A payment's English arrives with its views when the locale needs it; a term asked for before that says its key.
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
 * it starts fetching the host's words as soon as the host connects (beside the host's own first
 * requests), and those of a new locale before the host renders in it, and renders the host again
 * when words arrive or a translation is registered.
 */
export class LocalizeController implements ReactiveController {
  private observer?: MutationObserver;
  private stopListening?: () => void;
  private current?: Localizer;
  private currentTag?: string;
  private currentGeneration?: number;
  /** The tag whose words were last asked for. */
  private fetchedTag?: string;

  constructor(readonly host: ReactiveControllerHost & HTMLElement & { locale?: string | null }) {
    host.addController(this);
  }

  hostConnected() {
    this.stopListening = onTranslations(() => this.host.requestUpdate());
    // The page may switch its language after load; follow <html lang>.
    this.observer = new MutationObserver(() => this.host.requestUpdate());
    this.observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    this.fetchedTag = this.tag;
    loadWords(this.fetchedTag, 'checkout').catch(() => undefined);
  }

  hostDisconnected() {
    this.stopListening?.();
    this.observer?.disconnect();
    this.observer = undefined;
  }

  /** Before the host renders: a new locale (the `locale` property or the page's language) gets its words. */
  hostUpdate() {
    const tag = this.tag;
    if (tag === this.fetchedTag) return;
    this.fetchedTag = tag;
    loadWanted(tag);
  }

  get tag(): string {
    return (
      this.host.locale || this.host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en'
    );
  }

  get words(): Localizer {
    const tag = this.tag;
    if (!this.current || this.currentTag !== tag || this.currentGeneration !== generation) {
      // While a new locale's words load, the language on screen stays rather than flash English or keys.
      const next = new Localizer(tag);
      if (this.current?.ready && !next.ready) return this.current;
      this.current = next;
      this.currentTag = tag;
      this.currentGeneration = generation;
    }
    return this.current;
  }
}
