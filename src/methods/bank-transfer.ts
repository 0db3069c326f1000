/**
 * Offline bank transfer and virtual accounts: the account to pay into and the reference as
 * copy-to-clipboard fields, the platform's instructions, and for VND and LAK the QR it may send
 * instead of an account.
 */
import { html, nothing } from 'lit';
import { amountToPay, instructions, paymentDetails } from './parts.js';
import { qrImageOrCode } from './qr-payment.js';
import type { MethodModule } from './types.js';

export const bankTransfer: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const qr = response.qrCode;
    return html`${amountToPay(view)}
      ${qr ? html`${response.qrName ? html`<p><strong>${response.qrName}</strong></p>` : nothing}${qrImageOrCode(view, qr, response.qrName)}` : nothing}
      ${paymentDetails(view)} ${instructions(view)}
      <p class="note">${l.term('transferHint')}</p>`;
  },
};
