/**
 * The words of a top-up in the shopper's locale: English (en.ts here) and one lazily loaded file
 * per bundled locale, fetched with the top-up chunk (loadTopUpWords) so a payin's checkout and the
 * payin locales carry none of them. A locale without its file, or whose file failed to load, says
 * English. Every bundled locale has a complete file (test/i18n/topup-translations.node.test.ts).
 */
import { Lazy } from '../../api/lazy.js';
import { translationsChanged } from '../catalog.js';
import type { Localizer } from '../localize.js';
import { enTopUp, type TopUpTranslation } from './en.js';

export type { TopUpTranslation };

export const topUpLocales: Record<string, () => Promise<{ default: TopUpTranslation }>> = {
  hi: () => import('./hi.js'),
  th: () => import('./th.js'),
  id: () => import('./id.js'),
  ms: () => import('./ms.js'),
  vi: () => import('./vi.js'),
  'pt-BR': () => import('./pt-BR.js'),
  es: () => import('./es.js'),
  fil: () => import('./fil.js'),
  ko: () => import('./ko.js'),
  ja: () => import('./ja.js'),
  'zh-TW': () => import('./zh-TW.js'),
  sw: () => import('./sw.js'),
  'zh-CN': () => import('./zh-CN.js'),
  af: () => import('./af.js'),
  zu: () => import('./zu.js'),
  bn: () => import('./bn.js'),
  mr: () => import('./mr.js'),
  gu: () => import('./gu.js'),
  te: () => import('./te.js'),
  ta: () => import('./ta.js'),
  kn: () => import('./kn.js'),
  lo: () => import('./lo.js'),
};

const loaded = new Map<string, Lazy<TopUpTranslation | undefined>>();

/** Fetches a locale's top-up words once (failed: English stands in); settles when that is decided. */
export function loadTopUpWords(locale: string): Promise<unknown> {
  const load = topUpLocales[locale];
  if (!load) return Promise.resolve();
  let words = loaded.get(locale);
  // Arrived: elements render again, in these words.
  if (!words)
    loaded.set(
      locale,
      (words = new Lazy(
        () =>
          load().then(
            (module) => module.default,
            () => undefined,
          ),
        (status) => status === 'ready' && translationsChanged(),
      )),
    );
  return words.get();
}

/** The top-up words of a locale's words (a Localizer), when they are here; English until then. Fetches nothing. */
export function topUpWords(words: Localizer): TopUpTranslation {
  return loaded.get(words.locale)?.value ?? enTopUp;
}
