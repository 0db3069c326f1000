/**
 * UPI. Each method keeps its own flow (platform document: a collect request is the method
 * UPICOLLECT; UPIQR answers with `upiQrDeepLink`):
 *
 * - UPIQR always offers the QR of `upiQrDeepLink`, with the UPI app link first on a phone when
 *   `show-deep-link="true"` or the platform sent a `deeplink`. The customer's UPI ID (`upiId` in
 *   the response, the `upi-id` attribute or the field the shopper typed) is where they pay from:
 *   it is shown ("Paying from asha@okdemo") and skips the UTR step, nothing more. A UPIQR payin
 *   sends no request to the customer's app, so its view never says one was sent.
 * - UPICOLLECT and UPI_ID send a request to the customer's UPI app: the view says to approve it.
 *
 * With the customer's UPI ID the UTR step is skipped; without it, the UTR may be entered.
 */
import { html, nothing } from 'lit';
import { icons } from './icons.js';
import { amountToPay, deepLinkStep, instructions, qrStep, supportDetails } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule, PendingViewContext } from './types.js';

/** The customer's UPI ID: as the platform echoed it, else as the shop supplied or the shopper typed it. */
const customerUpiId = (view: PendingViewContext) => view.response.upiId ?? view.upiId;

/** "Approve the request sent to asha@okdemo": a collect request waiting in the customer's UPI app. */
function collectRequest(view: PendingViewContext) {
  const { words, response } = view;
  const upiId = customerUpiId(view);
  return html`${amountToPay(view)}
    <section class="approve">
      <h3>${words.term('approveOnPhone')}</h3>
      <p>${upiId ? words.term('upiRequestSent', upiId) : words.term('upiCollectSent')}</p>
    </section>
    ${instructions(view)} ${supportDetails(view, [[words.term('reference'), response.reference]])}
    ${upiId ? nothing : referenceStep(view, false)}`;
}

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

export const upiCollect: MethodModule = {
  icon: icons.wallet,
  renderPending: collectRequest,
};
