import { html, nothing } from 'lit';
import type { PayCheckout } from '../pay-checkout.component.js';

/** Header: the merchant's name (when the token permits reading it) and the order amount. */
export function renderHeader(host: PayCheckout) {
  const money = host.config?.money;
  const l = host.l;
  if (!host.merchantName && !money) return nothing;
  return html`<header class="header">
    ${host.merchantName ? html`<span class="merchant" part="merchant-name">${l.term('payTo', host.merchantName)}</span>` : nothing}
    ${money ? html`<span class="muted">${l.term('orderAmount')}: ${l.money(money.amount, money.currencyCode)}</span>` : nothing}
  </header>`;
}

export function renderLoading(host: PayCheckout) {
  return html`<p class="muted">${host.l.term('loading')}</p>
    <div class="skeleton"></div>
    <div class="skeleton"></div>
    <div class="skeleton"></div>`;
}

export function renderError(host: PayCheckout) {
  const error = host.error;
  return html`<div class="status" part="status">
      <p class="error" part="error" role="alert">${error?.message}</p>
    </div>
    ${error?.retryable ? html`<button type="button" class="primary" @click=${() => host.retry()}>${host.l.term('tryAgain')}</button>` : nothing}
    ${host.config?.returnUrl ? html`<p><a class="button" href=${host.config.returnUrl}>${host.l.term('returnToShop')}</a></p>` : nothing}`;
}
