import { html, nothing } from 'lit';
import { errorText, statusText } from '../../../i18n/texts.js';
import type { ViewHost } from './view-host.js';

/** Header: the merchant's name (when the token permits reading it) and the order amount. */
export function renderHeader({ session, l }: ViewHost) {
  // A top-up shows its quote instead.
  const money = session.topUp ? undefined : session.config?.money;
  if (!session.merchantName && !money) return nothing;
  return html`<header class="header">
    ${session.merchantName ? html`<span class="merchant" part="merchant-name">${l.term('payTo', session.merchantName)}</span>` : nothing}
    ${money ? html`<span class="muted">${l.term('orderAmount')}: ${l.money(money.amount, money.currencyCode)}</span>` : nothing}
  </header>`;
}

export function renderLoading({ session, l }: ViewHost) {
  return html`<p class="muted">${session.busy ? l.term('busy') : l.term('loading')}</p>
    <div class="skeleton"></div>
    <div class="skeleton"></div>
    <div class="skeleton"></div>`;
}

/** "Return to the shop", whenever the shop gave a return-url: the way forward from an end. */
export function returnToShop({ session, l }: ViewHost, primary = true) {
  const url = session.returnUrl;
  return url ? html`<a class="button ${primary ? 'primary' : ''}" href=${url}>${l.term('returnToShop')}</a>` : nothing;
}

export function renderError(host: ViewHost) {
  const { session, l } = host;
  const error = session.phase.name === 'error' ? session.phase.detail : undefined;
  const retry = error?.retryable;
  return html`<div class="status" part="status">
      <p class="error" part="error" role="alert">${error ? errorText(l, error.code) : nothing}</p>
    </div>
    <div class="actions">
      ${retry ? html`<button type="button" class="primary" @click=${() => host.retry()}>${l.term('tryAgain')}</button>` : nothing}
      ${returnToShop(host, !retry)}
    </div>`;
}

/** A payin's views while their chunk loads, or the way to load them again when that failed. */
export function renderViewsLoading({ session, l }: ViewHost) {
  if (session.views !== 'failed')
    return html`<p class="muted">${statusText(l, session.status ?? 'PROCESSING')}</p><div class="skeleton" aria-busy="true"></div>`;
  return html`<p class="error" part="error" role="alert">${l.term('viewsFailed')}</p>
    <button type="button" @click=${() => void session.loadFollowers().catch(() => undefined)}>${l.term('tryAgain')}</button>`;
}
