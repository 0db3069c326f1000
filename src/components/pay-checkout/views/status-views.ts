import { html, nothing } from 'lit';
import { errorText, statusText } from '../../../i18n/texts.js';
import { wordsHere } from '../../../i18n/words.js';
import type { ViewHost } from './view-host.js';

/** Header: the merchant's name (when the token permits reading it) and the order amount. */
export function renderHeader({ session, words, topUp }: ViewHost) {
  // A top-up shows its quote instead.
  const money = topUp ? undefined : session.config?.money;
  if (!session.merchantName && !money) return nothing;
  return html`<header class="header">
    ${session.merchantName ? html`<span class="merchant" part="merchant-name">${words.term('payTo', session.merchantName)}</span>` : nothing}
    ${money ? html`<span class="muted">${words.term('orderAmount')}: ${words.money(money.amount, money.currencyCode)}</span>` : nothing}
  </header>`;
}

export function renderLoading({ session, words }: ViewHost) {
  return html`<p class="muted">${session.busy ? words.term('busy') : words.term('loading')}</p>
    <div class="skeleton"></div>
    <div class="skeleton"></div>
    <div class="skeleton"></div>`;
}

/** "Return to the shop", whenever the shop gave a return-url: the way forward from an end. */
export function returnToShop({ session, words }: ViewHost, primary = true) {
  const url = session.returnUrl;
  return url
    ? html`<a class="button ${primary ? 'primary' : ''}" href=${url}>${words.term('returnToShop')}</a>`
    : nothing;
}

/** The checkout cannot go on: why, in the words of trouble (a placeholder until they are here), and the way on. */
export function renderError(host: ViewHost) {
  const { session, words } = host;
  if (!wordsHere(words.locale, 'more')) return renderLoading(host);
  const error = session.phase.name === 'error' ? session.phase.detail : undefined;
  const retry = error?.retryable;
  return html`<div class="status" part="status">
      <p class="error" part="error" role="alert">${error ? errorText(words, error.code) : nothing}</p>
    </div>
    <div class="actions">
      ${retry ? html`<button type="button" class="primary" @click=${() => host.retry()}>${words.term('tryAgain')}</button>` : nothing}
      ${returnToShop(host, !retry)}
    </div>`;
}

/**
 * A payment's views while a chunk they need loads (the payment's views, another method's), or,
 * when it failed, the failure and the way to load it again.
 */
export function renderViewsLoading({ session, words }: ViewHost, failed = false, retry?: () => void) {
  if (!failed)
    return html`<p class="muted">${statusText(words, session.status ?? 'PROCESSING')}</p><div class="skeleton" aria-busy="true"></div>`;
  return html`<p class="error" part="error" role="alert">${words.term('viewsFailed')}</p>
    <button type="button" @click=${retry}>${words.term('tryAgain')}</button>`;
}
