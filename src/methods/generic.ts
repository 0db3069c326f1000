/**
 * The generic view: everything a method response may carry, shown plainly — the exact amount,
 * a QR when there is a payload, copyable details, instructions, and the redirect or deep link.
 * Method families refine it; any code without its own module still gets a complete view.
 */
import { html, nothing } from 'lit';
import type { MethodModule } from './types.js';
import { amountToPay, deepLinkStep, instructions, paymentDetails, platformQrImage, qrWithPayload, redirectStep } from './parts.js';

export const genericMethod: MethodModule = {
  renderPending(view) {
    const { response } = view;
    return html`${amountToPay(view)}
      ${platformQrImage(view, response.qrName) ?? qrWithPayload(view, response.qrRawData ?? response.upiQrDeepLink ?? response.qrCode)}
      ${paymentDetails(view)} ${instructions(view)} ${redirectStep(view, response.redirectTo)}
      ${deepLinkStep(view, response.deeplink, ['upi'])}
      ${view.showDeepLink ? deepLinkStep(view, response.upiQrDeepLink, ['upi']) : nothing}`;
  },
};
