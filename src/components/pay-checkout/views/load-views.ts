/**
 * Loads the payin views chunk (payment-views.ts: the pending views of the QR family's methods,
 * every final view, and what follows a payin; the other methods' pending views are a chunk that
 * it fetches itself when one is wanted, viewsHere). Beside it, in the same round trip, their English when the locale in use may
 * fall back to it (a bundled locale other than English is complete and never does); after it, with
 * a `status-url`, the merchant's status stream (PushedStatus, a chunk that a polling checkout never
 * fetches; should it fail to load, the checkout polls). All of them arrive while the shopper fills
 * the form: the session fetches them at pay-ready's first idle moment.
 */
import { loadPayinEnglishFor, type Localizer } from '../../../i18n/localize.js';

export async function loadPaymentViews(statusUrl: string | undefined, l: Localizer) {
  const [views] = await Promise.all([import('./payment-views.js'), loadPayinEnglishFor(l.locale)]);
  if (statusUrl && typeof EventSource === 'function') await views.loadPushedStatus().catch(() => undefined);
  return views;
}

/** The top-up views chunk (kind="topup"): TopUpFlow, its views and the locale's top-up words. */
export async function loadTopUpViews(l: Localizer) {
  const views = await import('./topup-views.js');
  await views.loadTopUpTerms(l.locale);
  return views;
}
