/**
 * The words of a top-up in the shopper's locale: English (en.ts here) and one lazily loaded file
 * per bundled locale, fetched with the top-up chunk (loadTopUpTerms) so a payin's checkout and the
 * payin locales carry none of them. A locale without its file, or whose file failed to load, says
 * English. Every bundled locale has a complete file (test/i18n/topup-translations.node.test.ts).
 */
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

const loaded = new Map<string, TopUpTranslation>([['en', enTopUp]]);
const loads = new Map<string, Promise<void>>();

/** Loads a locale's top-up words once; resolves when they are there (or failed: English then). */
export function loadTopUpTerms(locale: string): Promise<void> {
  const loader = topUpLocales[locale];
  if (!loader) return Promise.resolve();
  let load = loads.get(locale);
  if (!load)
    loads.set(
      locale,
      (load = loader().then(
        (module) => void loaded.set(locale, module.default),
        () => undefined,
      )),
    );
  return load;
}

/** The top-up words for a localizer's locale; `arrived` is called when they load later. */
export function topUpTerms(l: Localizer, arrived?: () => void): TopUpTranslation {
  const terms = loaded.get(l.locale);
  if (terms) return terms;
  if (arrived) void loadTopUpTerms(l.locale).then(arrived);
  return enTopUp;
}
