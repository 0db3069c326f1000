/**
 * The generic view: everything a method response may carry, shown plainly — the exact amount,
 * a QR when there is a payload, the account details (its number and the reference copyable),
 * instructions, and the redirect or deep link. Method families refine it; any code without its
 * own module still gets a complete view.
 */
import { html, nothing } from 'lit';
import type { MethodModule } from './types.js';
import { instructions, transferDetails } from './other-parts.js';
import { amountToPay, deepLinkStep, detailList, platformQrImage, qrStep } from './parts.js';
import { redirectStep } from './redirect-step.js';

export const genericMethod: MethodModule = {
  renderPending(view) {
    const { words, response } = view;
    return html`${amountToPay(view)}
      ${platformQrImage(view, response.qrName) ?? qrStep(view, response.qrRawData ?? response.upiQrDeepLink ?? response.qrCode, { scan: words.term('scanQr'), save: true })}
      ${detailList(view, transferDetails(view))}
      ${instructions(view)} ${redirectStep(view, response.redirectTo)}
      ${deepLinkStep(view, response.deeplink, ['upi'])}
      ${view.showDeepLink ? deepLinkStep(view, response.upiQrDeepLink, ['upi']) : nothing}`;
  },
};
