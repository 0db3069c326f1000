/**
 * UPI. One flow at a time, as the platform answered: when it sent the payment request to the
 * customer's UPI ID (`upiId` in the response), the view says to approve it in the UPI app;
 * otherwise UPIQR shows the QR of `upiQrDeepLink` — with the UPI app link first on a phone when
 * `show-deep-link="true"` or the platform sent a `deeplink`. UPICOLLECT and UPI_ID always send a
 * request. With the customer's UPI ID the UTR step is skipped; without it, the UTR may be entered.
 */
import { html, nothing } from 'lit';
import { icons } from './icons.js';
import { amountToPay, deepLinkStep, instructions, qrStep, supportDetails } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule, PendingViewContext } from './types.js';

/** "Approve the request sent to asha@okdemo": a collect request waiting in the customer's UPI app. */
function collectRequest(view: PendingViewContext, upiId: string | undefined) {
  const { l, response } = view;
  return html`${amountToPay(view)}
    <section class="approve">
      <h3>${l.term('approveOnPhone')}</h3>
      <p>${upiId ? l.term('upiRequestSent', upiId) : l.term('upiCollectSent')}</p>
    </section>
    ${instructions(view)} ${supportDetails(view, [[l.term('reference'), response.reference]])}
    ${upiId ? nothing : referenceStep(view, false)}`;
}

export const upiQr: MethodModule = {
  icon: icons.qr,
  renderPending(view) {
    const { l, response } = view;
    const link = response.upiQrDeepLink;
    const requestedFrom = response.upiId ?? (link ? undefined : view.upiId);
    if (requestedFrom) return collectRequest(view, requestedFrom);
    const appLink = response.deeplink ?? (view.showDeepLink ? link : undefined);
    const lead = appLink ? (primary: boolean) => deepLinkStep(view, appLink, ['upi'], l.term('upiOpenApp'), primary) : undefined;
    return html`${amountToPay(view)} ${qrStep(view, link, { scan: l.term('upiScan'), save: true, lead })}
      ${supportDetails(view, [[l.term('reference'), response.reference]])} ${referenceStep(view, false)}`;
  },
};

export const upiCollect: MethodModule = {
  icon: icons.wallet,
  renderPending: (view) => collectRequest(view, view.response.upiId ?? view.upiId),
};
