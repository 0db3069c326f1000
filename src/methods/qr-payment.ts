/**
 * QR payments — QRIS, Pix, QR Ph, VietQR, PromptPay, DuitNow, Zapper, SnapScan: a QR drawn on the
 * client from the raw payload (or the platform's image when it sends one), the payload copyable,
 * and the exact amount emphasised when moneyRequired differs from the order.
 */
import { html, nothing } from 'lit';
import { qrCode } from './qr.js';
import { amountToPay, copyRow, paymentDetails, platformQrImage, safeImageUrl } from './parts.js';
import type { MethodModule, PendingViewContext } from './types.js';

export function qrImageOrCode(view: PendingViewContext, payload: string | undefined, caption?: string) {
  const { l } = view;
  const image = platformQrImage(view, caption);
  if (image) return image;
  if (!payload) return html`<p class="error" part="error">${l.term('qrLoadFailed')}</p>`;
  return qrCode(payload, caption ?? l.term('qrLabel'), l.term('qrLoadFailed'));
}

export function qrPaymentModule(payloadLabel: 'qrPayload' | 'pixCopyPaste' = 'qrPayload'): MethodModule {
  return {
    renderPending(view) {
      const { l, response } = view;
      const payload = response.qrRawData ?? (safeImageUrl(response.qrCode) ? undefined : response.qrCode);
      return html`${amountToPay(view)}
        <p>${l.term('scanQr')}</p>
        ${qrImageOrCode(view, payload)}
        ${payload ? html`<dl class="details">${copyRow(view, l.term(payloadLabel), payload)}</dl>` : nothing}
        ${paymentDetails(view)}`;
    },
  };
}
