/**
 * The bundled locales besides English, by BCP 47 tag. Each is a chunk of its own beside
 * pay-checkout.js (the import() specifiers are plain strings, so the bundler emits one chunk per
 * file), fetched the first time an element's locale resolves to it; English's words are chunks too
 * (localize.ts). The build splits each into two (word-parts.ts): `?words=core`, all but the terms
 * of the other methods' pending views, whose `more` fetches those (only when a view may say them).
 * Outside the build `?words=core` is the whole translation, without `more`.
 *
 * A loader may be replaced (tests make one fail); resolveLocale reads the tags from here, so it
 * knows every locale without loading any.
 */
import type { Translation } from './translations/en.js';

/** A bundled locale's chunk: its translation, and in the build the loader of its second part (word-parts.ts). */
export type LocaleLoader = () => Promise<{
  default: Translation;
  more?: () => Promise<{ default: Partial<Translation> }>;
}>;

export const bundledLocales: Record<string, LocaleLoader> = {
  hi: () => import('./translations/hi.js?words=core'),
  th: () => import('./translations/th.js?words=core'),
  id: () => import('./translations/id.js?words=core'),
  ms: () => import('./translations/ms.js?words=core'),
  vi: () => import('./translations/vi.js?words=core'),
  'pt-BR': () => import('./translations/pt-BR.js?words=core'),
  es: () => import('./translations/es.js?words=core'),
  fil: () => import('./translations/fil.js?words=core'),
  ko: () => import('./translations/ko.js?words=core'),
  ja: () => import('./translations/ja.js?words=core'),
  'zh-TW': () => import('./translations/zh-TW.js?words=core'),
  sw: () => import('./translations/sw.js?words=core'),
  'zh-CN': () => import('./translations/zh-CN.js?words=core'),
  af: () => import('./translations/af.js?words=core'),
  zu: () => import('./translations/zu.js?words=core'),
  bn: () => import('./translations/bn.js?words=core'),
  mr: () => import('./translations/mr.js?words=core'),
  gu: () => import('./translations/gu.js?words=core'),
  te: () => import('./translations/te.js?words=core'),
  ta: () => import('./translations/ta.js?words=core'),
  kn: () => import('./translations/kn.js?words=core'),
  lo: () => import('./translations/lo.js?words=core'),
};
