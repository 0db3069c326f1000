/**
 * A small typed localizer in the manner of Shoelace's LocalizeController: terms come from the
 * resolved locale, fall back to English term by term, and amounts, dates and durations are
 * formatted with Intl in the same locale.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en, type Translation } from './translations/en.js';

export type { Translation };
export type PartialTranslation = { [K in keyof Translation]?: Translation[K] extends Record<string, string> ? Record<string, string> : Translation[K] };

const registry = new Map<string, PartialTranslation>([['en', en]]);

/** Registers translations (bundled by the package; merchants may add or override). */
export function registerTranslation(...translations: PartialTranslation[]) {
  for (const translation of translations) {
    if (translation.$code) registry.set(translation.$code.toLowerCase(), translation);
  }
}

export function registeredLocales(): string[] {
  return [...registry.keys()];
}

/** The best registered locale for a BCP 47 tag: exact, then language only, then English. */
export function resolveLocale(tag: string | undefined): string {
  if (!tag) return 'en';
  const lower = tag.toLowerCase();
  if (registry.has(lower)) return lower;
  const language = lower.split('-')[0]!;
  if (registry.has(language)) return language;
  const sameLanguage = [...registry.keys()].find((code) => code.split('-')[0] === language);
  return sameLanguage ?? 'en';
}

type Term = Exclude<keyof Translation, `$${string}`>;
type Args<K extends Term> = Translation[K] extends (...args: infer A) => string ? A : [];
type RecordTerm = { [K in Term]: Translation[K] extends Record<string, string> ? K : never }[Term];

export class Localizer {
  readonly locale: string;
  private readonly translation: PartialTranslation;

  constructor(tag: string | undefined) {
    this.locale = resolveLocale(tag);
    this.translation = registry.get(this.locale) ?? en;
  }

  /** The language tag for Intl and the `lang` attribute. */
  get lang(): string {
    return this.translation.$code ?? 'en';
  }

  get dir(): 'ltr' | 'rtl' {
    return this.translation.$dir ?? 'ltr';
  }

  term<K extends Term>(key: K, ...args: Args<K>): string {
    const value = (this.translation[key] ?? en[key]) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => string)(...args) : String(value);
  }

  /** A term from one of the keyed tables (errors, statuses, field labels…), or undefined. */
  lookup(table: RecordTerm, key: string): string | undefined {
    const own = this.translation[table] as Record<string, string> | undefined;
    return own?.[key] ?? (en[table] as Record<string, string>)[key];
  }

  money(amount: number, currencyCode: string): string {
    try {
      return new Intl.NumberFormat(this.lang, { style: 'currency', currency: currencyCode, currencyDisplay: 'symbol' }).format(amount);
    } catch {
      // Crypto codes such as USDT are not ISO 4217: show the number and the code.
      return `${new Intl.NumberFormat(this.lang, { maximumFractionDigits: 8 }).format(amount)} ${currencyCode}`;
    }
  }

  dateTime(ms: number): string {
    return new Intl.DateTimeFormat(this.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  }

  /** A countdown such as 14:05 or 1:02:03. */
  duration(ms: number): string {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    const two = (n: number) => new Intl.NumberFormat(this.lang, { minimumIntegerDigits: 2, useGrouping: false }).format(n);
    const one = (n: number) => new Intl.NumberFormat(this.lang, { useGrouping: false }).format(n);
    return hours > 0 ? `${one(hours)}:${two(minutes)}:${two(seconds)}` : `${one(minutes)}:${two(seconds)}`;
  }
}

/** Keeps a host's Localizer in step with its `locale` and the page's language. */
export class LocalizeController implements ReactiveController {
  private observer?: MutationObserver;
  private current?: Localizer;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { locale?: string | null },
  ) {
    host.addController(this);
  }

  hostConnected() {
    // The page may switch its language after load; follow <html lang>.
    this.observer = new MutationObserver(() => {
      this.current = undefined;
      this.host.requestUpdate();
    });
    this.observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }

  hostDisconnected() {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  get tag(): string {
    return this.host.locale || this.host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
  }

  get localizer(): Localizer {
    const tag = this.tag;
    if (!this.current || this.currentTag !== tag) {
      this.current = new Localizer(tag);
      this.currentTag = tag;
    }
    return this.current;
  }
  private currentTag?: string;
}
