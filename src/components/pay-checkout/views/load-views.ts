/**
 * The element's lazy views. A payment's (payment-views.ts: the pending views of the QR and UPI
 * methods, every final view, and what follows a pending payment), fetched while the shopper fills
 * the form, with their English beside them in the same round trip when the locale in use may fall
 * back to it (a bundled locale is complete and never does). A top-up's (topup-views.ts: the top-up
 * kind, its views and its words), fetched before a top-up starts.
 */
import type { Localizer } from '../../../i18n/localize.js';
import { loadWords } from '../../../i18n/words.js';

export async function loadPaymentViews(words: Localizer) {
  const [views] = await Promise.all([import('./payment-views.js'), loadWords(words.locale, 'payment')]);
  return views;
}

export async function loadTopUpViews(words: Localizer) {
  const views = await import('./topup-views.js');
  await views.loadTopUpWords(words.locale);
  return views;
}
