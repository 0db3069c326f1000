/**
 * UPI: UPIQR shows a QR of `upiQrDeepLink` drawn on the client (and the UPI app deep link when
 * show-deep-link="true"); UPICOLLECT and UPI_ID send a request to the customer's UPI app. With
 * the customer's UPI ID the UTR step is skipped; without it, the UTR may be entered.
 */
import { html, nothing } from 'lit';
import { qrCode } from './qr.js';
import { amountToPay, deepLinkStep, instructions, paymentDetails } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule, PendingViewContext } from './types.js';

const customerUpiId = (view: PendingViewContext) => view.response.upiId ?? view.upiId;

export const upiQr: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const link = response.upiQrDeepLink;
    const upiId = customerUpiId(view);
    return html`${amountToPay(view)}
      ${link
        ? html`<p>${l.term('upiScan')}</p>
            ${qrCode(link, l.term('qrLabel'), l.term('qrLoadFailed'))}
            ${view.showDeepLink ? html`<div class="actions">${deepLinkStep(view, link, ['upi'], l.term('upiOpenApp'))}</div>` : nothing}`
        : nothing}
      ${upiId ? html`<p class="note">${l.term('upiRequestSent', upiId)}</p>` : nothing}
      ${paymentDetails(view)} ${upiId ? nothing : referenceStep(view, false)}`;
  },
};

export const upiCollect: MethodModule = {
  renderPending(view) {
    const upiId = customerUpiId(view);
    return html`${amountToPay(view)}
      <p>${upiId ? view.l.term('upiRequestSent', upiId) : view.l.term('upiCollectSent')}</p>
      ${instructions(view)} ${paymentDetails(view)} ${upiId ? nothing : referenceStep(view, false)}`;
  },
};
