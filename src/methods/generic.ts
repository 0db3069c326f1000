/**
 * The generic view: everything a method response may carry, shown plainly — the exact amount,
 * a QR when there is a payload, copyable details, instructions, and the redirect or deep link.
 * Method families refine it; any code without its own module still gets a complete view.
 */
import { html, nothing } from 'lit';
import type { MethodModule, PendingViewContext } from './types.js';
import { amountToPay, deepLinkStep, instructions, paymentDetails, qrWithPayload, redirectStep, safeImageUrl } from './parts.js';

export function genericPending(view: PendingViewContext, deepLinkSchemes: readonly string[] = ['upi']) {
  const { response, l } = view;
  const image = safeImageUrl(response.qrCode);
  return html`${amountToPay(view)}
    ${image ? html`<div part="qr" class="qr-box"><img class="qr" src=${image} alt=${response.qrName ?? l.term('qrLabel')} /></div>` : qrWithPayload(view, response.qrRawData ?? response.upiQrDeepLink ?? response.qrCode)}
    ${paymentDetails(view)} ${instructions(view)} ${redirectStep(view, response.redirectTo)}
    ${deepLinkStep(view, response.deeplink, deepLinkSchemes)}
    ${view.showDeepLink ? deepLinkStep(view, response.upiQrDeepLink, ['upi']) : nothing}`;
}

export const genericMethod: MethodModule = {
  renderPending: (view) => genericPending(view),
};
