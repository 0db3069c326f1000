/**
 * UPI. Each method keeps its own flow (platform document: a collect request is the method
 * UPICOLLECT; UPIQR answers with `upiQrDeepLink`):
 *
 * - UPIQR always offers the QR of `upiQrDeepLink`, with the UPI app link first on a phone when
 *   `show-deep-link="true"` or the platform sent a `deeplink`. The customer's UPI ID (`upiId` in
 *   the response, the `upi-id` attribute or the field the shopper typed) is where they pay from:
 *   it is shown ("Paying from asha@okdemo") and skips the UTR step, nothing more. A UPIQR payin
 *   sends no request to the customer's app, so its view never says one was sent.
 * - UPICOLLECT and UPI_ID send a request to the customer's UPI app: the view says to approve it
 *   (upi-collect.ts). Its words are those of the other methods' views (word-parts.ts), so it
 *   travels with them, in their chunk (other-views.ts); this one is the QR family's (builtin.ts).
 *
 * With the customer's UPI ID the UTR step is skipped; without it, the UTR may be entered.
 */
import { html, nothing } from 'lit';
import { icons } from './icons.js';
import { amountToPay, deepLinkStep, qrStep, supportDetails } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule, PendingViewContext } from './types.js';

/** The customer's UPI ID: as the platform echoed it, else as the shop supplied or the shopper typed it. */
export const customerUpiId = (view: PendingViewContext) => view.response.upiId ?? view.upiId;

export const upiQr: MethodModule = {
  icon: icons.qr,
  renderPending(view) {
    const { words, response } = view;
    const link = response.upiQrDeepLink;
    const upiId = customerUpiId(view);
    const appLink = response.deeplink ?? (view.showDeepLink ? link : undefined);
    const lead = appLink
      ? (primary: boolean) => deepLinkStep(view, appLink, ['upi'], words.term('upiOpenApp'), primary)
      : undefined;
    return html`${amountToPay(view)} ${upiId ? html`<p class="note">${words.term('upiPayingFrom', upiId)}</p>` : nothing}
      ${qrStep(view, link, { scan: words.term('upiScan'), save: true, lead })}
      ${supportDetails(view, [[words.term('reference'), response.reference]])} ${upiId ? nothing : referenceStep(view, false)}`;
  },
};
