/**
 * QR payments — QRIS, Pix, QR Ph, VietQR, PromptPay, DuitNow, Zapper, SnapScan: a QR drawn on the
 * client from the raw payload (or the platform's image when it sends one), "Save QR image" to
 * scan it from a phone's gallery, and the exact amount emphasised when moneyRequired differs from
 * the order. The raw payload is for support only (closed), except Pix's copy-and-paste code,
 * which shoppers paste into their bank app ("Pix Copia e Cola").
 */
import { html, type TemplateResult } from 'lit';
import { icons } from './icons.js';
import {
  amountToPay,
  copyButton,
  platformQrImage,
  qrStep,
  safeImageUrl,
  supportDetails,
  type QrStepOptions,
} from './parts.js';
import type { MethodModule, PendingViewContext } from './types.js';

/** The payload a QR method's view draws: qrRawData, or qrCode when it is not an image. */
export const qrPayloadOf = (view: PendingViewContext) =>
  view.response.qrRawData ?? (safeImageUrl(view.response.qrCode) ? undefined : view.response.qrCode);

/** The QR of a payment: the platform's image, or the payload drawn with "Save QR image", or a message. */
export function paymentQr(
  view: PendingViewContext,
  payload: string | undefined,
  options: { caption?: string; lead?: QrStepOptions['lead'] } = {},
) {
  const { words } = view;
  return (
    platformQrImage(view, options.caption) ??
    (payload
      ? qrStep(view, payload, {
          scan: words.term('scanQr'),
          label: options.caption,
          save: true,
          lead: options.lead,
        })
      : html`<p class="error" part="error">${words.term('qrLoadFailed')}</p>`)
  );
}

export function qrPaymentModule(pasteCode?: 'pixCopyPaste'): MethodModule {
  return {
    icon: icons.qr,
    renderPending(view) {
      const { words, response } = view;
      const payload = qrPayloadOf(view);
      // Pix: the copy-and-paste code pays on this very phone, in the bank app's Pix section.
      const lead =
        pasteCode && payload
          ? (primary: boolean): TemplateResult => html`<div class="paste-code copyable">
              <p class="note">${words.term('pixPasteHint')}</p>
              <code class="copy-value raw clamp">${payload}</code>
              ${copyButton(view, payload, words.term(pasteCode), { caption: words.term('copyPixCode'), primary })}
            </div>`
          : undefined;
      return html`${amountToPay(view)} ${paymentQr(view, payload, { lead })}
        ${supportDetails(view, [
          [words.term('reference'), response.reference],
          [words.term('qrPayload'), pasteCode ? undefined : payload],
        ])}`;
    },
  };
}
