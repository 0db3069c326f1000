/**
 * The bundled locales besides English, by BCP 47 tag. Each is a chunk of its own beside
 * pay-checkout.js (the import() specifiers are plain strings, so the bundler emits one chunk per
 * file), fetched the first time an element's locale resolves to it. English is in the initial file.
 *
 * A loader may be replaced (tests make one fail); resolveLocale reads the tags from here, so it
 * knows every locale without loading any.
 */
import type { Translation } from './translations/en.js';

export type LocaleLoader = () => Promise<{ default: Translation }>;

export const bundledLocales: Record<string, LocaleLoader> = {
  hi: () => import('./translations/hi.js'),
  th: () => import('./translations/th.js'),
  id: () => import('./translations/id.js'),
  ms: () => import('./translations/ms.js'),
  vi: () => import('./translations/vi.js'),
  'pt-BR': () => import('./translations/pt-BR.js'),
  es: () => import('./translations/es.js'),
  fil: () => import('./translations/fil.js'),
  ko: () => import('./translations/ko.js'),
  ja: () => import('./translations/ja.js'),
  'zh-TW': () => import('./translations/zh-TW.js'),
  sw: () => import('./translations/sw.js'),
};
