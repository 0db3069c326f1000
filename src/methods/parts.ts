/**
 * The building blocks of method views: the amount to pay, copyable details, instructions,
 * QR codes, and the redirect and deep-link steps with their safe-scheme checks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { safeDeepLink, safeWebUrl } from '../checkout/safe-url.js';
import type { PendingViewContext } from './types.js';
import { qrCode } from './qr.js';

/** The exact amount to pay: moneyRequired when present, said plainly to differ from the order. */
export function amountToPay(view: PendingViewContext): TemplateResult {
  const { l, orderMoney } = view;
  const required = view.response.moneyRequired;
  const order = l.money(orderMoney.amount, orderMoney.currencyCode);
  if (!required || (required.amount === orderMoney.amount && required.currencyCode === orderMoney.currencyCode)) {
    return html`<div class="amount" part="amount"><span class="label">${l.term('amountToPay')}</span>
      <strong class="value">${order}</strong></div>`;
  }
  const exact = l.money(required.amount, required.currencyCode);
  return html`<div class="amount required" part="amount">
    <span class="label">${l.term('payExactly', '')}</span>
    <strong class="value">${exact}</strong>
    <p class="note">${l.term('moneyRequiredNote', exact, order)}</p>
  </div>`;
}

/** A labelled value with a copy button. */
export function copyRow(view: PendingViewContext, label: string, value: string | undefined, highlight = false): TemplateResult | typeof nothing {
  if (!value) return nothing;
  return html`<div class="row ${highlight ? 'highlight' : ''}">
    <dt>${label}</dt>
    <dd>
      <span class="copy-value">${value}</span>
      <button type="button" class="copy" aria-label=${view.l.term('copyLabel', label)} @click=${() => view.actions.copy(value)}>
        ${view.l.term('copy')}
      </button>
    </dd>
  </div>`;
}

/** Reference, account and address details of the response, copyable. */
export function paymentDetails(view: PendingViewContext): TemplateResult {
  const { l, response } = view;
  return html`<dl class="details" aria-label=${l.term('accountDetails')}>
    ${copyRow(view, l.term('reference'), response.reference, true)}
    ${copyRow(view, l.term('bankName'), response.account?.bankName ?? response.paymentOperator?.name)}
    ${copyRow(view, l.term('accountName'), response.account?.accountName ?? response.paymentAddress?.name)}
    ${copyRow(view, l.term('accountNumber'), response.account?.accountNumber ?? response.paymentAddress?.idAddress)}
  </dl>`;
}

/** The text of one instruction item: a title and its steps, or nothing readable. */
export function instructionText(item: unknown): { title?: string; steps: string[] } | undefined {
  if (typeof item === 'string') return { steps: [item] };
  if (!item || typeof item !== 'object') return undefined;
  const { title, text, steps } = item as Record<string, unknown>;
  const lines = Array.isArray(steps) ? steps.filter((step): step is string => typeof step === 'string') : typeof text === 'string' ? [text] : [];
  if (!lines.length && typeof title !== 'string') return undefined;
  return { title: typeof title === 'string' ? title : undefined, steps: lines };
}

/** paymentInstructionList as headed, ordered steps. */
export function instructions(view: PendingViewContext): TemplateResult | typeof nothing {
  const list = view.response.paymentInstructionList;
  if (!list?.length) return nothing;
  return html`<section class="instructions" part="instructions" aria-label=${view.l.term('instructions')}>
    <h3>${view.l.term('instructions')}</h3>
    ${list.map((item) => {
      const readable = instructionText(item);
      return readable
        ? html`${readable.title ? html`<h4>${readable.title}</h4>` : nothing}
            ${readable.steps.length ? html`<ol>${readable.steps.map((step) => html`<li>${step}</li>`)}</ol>` : nothing}`
        : nothing;
    })}
  </section>`;
}

/** A QR of a payload the platform sent, with the payload copyable. */
export function qrWithPayload(view: PendingViewContext, payload: string | undefined, copyable = true): TemplateResult | typeof nothing {
  if (!payload) return nothing;
  const { l } = view;
  return html`<div class="qr-step">
    <p>${l.term('scanQr')}</p>
    ${qrCode(payload, l.term('qrLabel'), l.term('qrLoadFailed'))}
    ${copyable ? html`<dl class="details">${copyRow(view, 'QR', payload)}</dl>` : nothing}
  </div>`;
}

/** A platform-sent image (data: or https: URL only), else undefined. */
export function safeImageUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i.test(value)) return value;
  const web = safeWebUrl(value);
  return web?.startsWith('https:') ? web : undefined;
}

/** The QR image the platform sent in `qrCode`, when it is a safe image URL; else undefined. */
export function platformQrImage(view: PendingViewContext, caption?: string): TemplateResult | undefined {
  const image = safeImageUrl(view.response.qrCode);
  return image ? html`<div part="qr" class="qr-box"><img class="qr" src=${image} alt=${caption ?? view.l.term('qrLabel')} /></div>` : undefined;
}

/** "Continue to your bank": a redirect the platform asked for, http(s) only. */
export function redirectStep(view: PendingViewContext, url: string | undefined): TemplateResult | typeof nothing {
  if (!url) return nothing;
  const safe = safeWebUrl(url);
  if (!safe) {
    view.actions.reportUnsafeUrl(url);
    return html`<p class="error" role="alert" part="error">${view.l.term('unsafeLink')}</p>`;
  }
  return html`<div class="redirect">
    <p class="note">${view.l.term('continueHint')}</p>
    <a class="button primary" href=${safe} rel="noopener noreferrer">${view.l.term('continueToBank')}</a>
  </div>`;
}

/** "Open the app": a deep link with an allowed app scheme. */
export function deepLinkStep(view: PendingViewContext, url: string | undefined, schemes: readonly string[], label = view.l.term('openApp')): TemplateResult | typeof nothing {
  if (!url) return nothing;
  const safe = safeDeepLink(url, schemes);
  if (!safe) {
    view.actions.reportUnsafeUrl(url);
    return html`<p class="error" role="alert" part="error">${view.l.term('unsafeLink')}</p>`;
  }
  return html`<a class="button" href=${safe} rel="noopener noreferrer">${label}</a>`;
}
