/**
 * The generic view: everything a method response may carry, shown plainly — the exact amount,
 * a QR when there is a payload, the account details (its number and the reference copyable),
 * instructions, and the redirect or deep link. Method families refine it; any code without its
 * own module still gets a complete view.
 */
import { html, nothing } from 'lit';
import type { MethodModule } from './types.js';
import { instructions } from './other-parts.js';
import { amountToPay, deepLinkStep, detailList, platformQrImage, qrStep } from './parts.js';
import { redirectStep } from './redirect-step.js';

export const genericMethod: MethodModule = {
  renderPending(view) {
    const { words, response } = view;
    const account = response.account;
    return html`${amountToPay(view)}
      ${platformQrImage(view, response.qrName) ?? qrStep(view, response.qrRawData ?? response.upiQrDeepLink ?? response.qrCode, { scan: words.term('scanQr'), save: true })}
      ${detailList(view, [
        { label: words.term('bankName'), value: account?.bankName ?? response.paymentOperator?.name },
        { label: words.term('accountName'), value: account?.accountName ?? response.paymentAddress?.name },
        {
          label: words.term('accountNumber'),
          value: account?.accountNumber ?? response.paymentAddress?.idAddress,
          copy: true,
          group: true,
        },
        { label: words.term('reference'), value: response.reference, copy: true },
      ])}
      ${instructions(view)} ${redirectStep(view, response.redirectTo)}
      ${deepLinkStep(view, response.deeplink, ['upi'])}
      ${view.showDeepLink ? deepLinkStep(view, response.upiQrDeepLink, ['upi']) : nothing}`;
  },
};
