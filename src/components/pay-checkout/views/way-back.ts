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
 * Whether `url` is another page than `here`: another origin or path. The query and the fragment
 * do not make another page (a shop that adds the order to its own address is still that page).
 */
export function leadsElsewhere(url: string, here: string): boolean {
  const to = new URL(url, here);
  const at = new URL(here);
  return to.origin !== at.origin || to.pathname !== at.pathname;
}

/** "Return to the shop" under a payment's last screen, when it leads elsewhere. */
export function renderWayBack(host: ViewHost) {
  const url = host.session.returnUrl;
  return url && leadsElsewhere(url, location.href) ? html`<div class="actions">${returnToShop(host)}</div>` : nothing;
}
