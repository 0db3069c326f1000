/**
 * The way back after a payment ends or expires: "Return to the shop" when the shop's `return-url`
 * leads away from the page the element is on. On the shop's own page (whose `return-url` is that
 * page, where the platform brings the shopper back from a bank's page) the shopper is already
 * there, and a link back to it would only reload it. The hosted page's `return-url` is the shop's.
 */
import { html, nothing } from 'lit';
import { returnToShop } from './status-views.js';
import type { ViewHost } from './view-host.js';

/**
 * "Return to the shop" under a payment's last screen, when return-url is another page than this
 * one: another origin or path. The query and the fragment do not make another page (a shop that
 * adds the order to its own address is still that page).
 */
export function renderWayBack(host: ViewHost) {
  const url = host.session.returnUrl;
  const to = url ? new URL(url, location.href) : location;
  return to.origin !== location.origin || to.pathname !== location.pathname
    ? html`<div class="actions">${returnToShop(host)}</div>`
    : nothing;
}
