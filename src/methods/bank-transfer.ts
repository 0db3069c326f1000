/**
 * Offline bank transfer and virtual accounts: the exact amount, the account to pay into and the
 * reference, each copyable, "Copy all details", the platform's instructions, and for VND and LAK
 * the QR it may send instead of an account.
 */
import { html, nothing } from 'lit';
import { otherIcons } from './other-icons.js';
import { detailListWithCopyAll, instructions, transferBank, transferDetails } from './other-parts.js';
import { amountToPay } from './parts.js';
import { paymentQr, qrPayloadOf } from './qr-payment.js';
import type { MethodModule } from './types.js';

export const bankTransfer: MethodModule = {
  icon: otherIcons.bank,
  renderPending(view) {
    const { words, response } = view;
    const bank = transferBank(view);
    // The QR's name, unless the bank's name below says it already.
    const qrName = response.qrName !== bank ? response.qrName : undefined;
    return html`${amountToPay(view, { copy: true })}
      ${
        response.qrCode
          ? html`${qrName ? html`<p><strong>${qrName}</strong></p>` : nothing}${paymentQr(view, qrPayloadOf(view), { caption: response.qrName })}`
          : nothing
      }
      ${detailListWithCopyAll(view, transferDetails(view))}
      ${instructions(view)}
      <p class="note">${words.term('transferHint')}</p>`;
  },
};
