/**
 * The building blocks of method views: the amount to pay, details (with a copy button only where
 * a shopper pastes the value: the exact amount, an account, VA or wallet number, a transfer's
 * reference), a QR with "Save QR image", details for support, and the deep-link step with its
 * safe-scheme check. What only views outside the QR family show — the platform's instructions,
 * "Copy all details" (other-parts.ts), the redirect step (redirect-step.ts) — is in their chunk.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { safeDeepLink, safeWebUrl } from '../api/safe-url.js';
import type { MoneyResponse } from '../api/schemas/common.js';
import type { PendingViewContext } from './types.js';
import { prepareQrImage, qrCode, qrFits, saveQrImage } from './qr.js';

export type Part = TemplateResult | typeof nothing;

/** An amount as a shopper types it into a banking app: digits and a dot, no symbol, no grouping. */
export function plainAmount(money: MoneyResponse): string {
  let digits: number | undefined;
  try {
    digits = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: money.currencyCode,
    }).resolvedOptions().maximumFractionDigits;
  } catch {
    // Crypto codes such as USDT are not ISO 4217: the amount as it came.
  }
  return digits === undefined ? String(money.amount) : money.amount.toFixed(digits);
}

/** The money the shopper must send: moneyRequired when present, else the order's. */
export const moneyToPay = (view: PendingViewContext): MoneyResponse => view.response.moneyRequired ?? view.orderMoney;

const check = svg`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * A copy button for `text`. It says "Copied" for a moment after a copy; when the browser refused
 * the clipboard the value is selected on screen instead, and a note says to copy it by hand.
 */
export function copyButton(
  view: PendingViewContext,
  text: string,
  what: string,
  options: { caption?: string; primary?: boolean } = {},
): TemplateResult {
  const { words } = view;
  const caption = options.caption ?? words.term('copy');
  const outcome = view.copied?.text === text ? view.copied.outcome : undefined;
  const kind = options.primary ? 'primary' : options.caption ? '' : 'copy';
  // A bare "Copy" is named for what it copies; a caption names itself, and so does "Copied" (its
  // name contains what it shows, WCAG 2.5.3).
  const name = outcome === 'copied' || options.caption ? undefined : words.term('copyLabel', what);
  return html`<button type="button" class="${kind} ${outcome === 'copied' ? 'done' : ''}" aria-label=${ifDefined(name)}
      @click=${(event: Event) => view.actions.copy(text, event.currentTarget as Element)}>
      ${outcome === 'copied' ? html`${check}<span>${words.term('copied')}</span>` : caption}
    </button>
    ${outcome === 'selected' ? html`<span class="copy-note">${words.term('copyBlocked')}</span>` : nothing}`;
}

/** The exact amount to pay: moneyRequired when present, said plainly to differ from the order. */
export function amountToPay(view: PendingViewContext, options: { copy?: boolean } = {}): TemplateResult {
  const { words, orderMoney } = view;
  const pay = moneyToPay(view);
  const differs = pay.amount !== orderMoney.amount || pay.currencyCode !== orderMoney.currencyCode;
  const shown = words.money(pay.amount, pay.currencyCode);
  const label = differs ? words.term('payExactly', '') : words.term('amountToPay');
  return html`<div class="amount ${differs ? 'required' : ''}" part="amount">
    <span class="label">${label}</span>
    <div class="amount-line ${options.copy ? 'copyable' : ''}">
      <strong class="value ${options.copy ? 'copy-value' : ''}">${shown}</strong>
      ${options.copy ? copyButton(view, plainAmount(pay), words.term('amountToPay')) : nothing}
    </div>
    ${differs ? html`<p class="note">${words.term('moneyRequiredNote', shown, words.money(orderMoney.amount, orderMoney.currencyCode))}</p>` : nothing}
  </div>`;
}

/** A number or code in groups of four for reading; the groups are spans, so it copies (and selects) without spaces. */
export function grouped(value: string): TemplateResult | string {
  if (!/^[0-9A-Za-z]{8,}$/.test(value)) return value;
  return html`${value.match(/.{1,4}/g)!.map((group) => html`<span class="group">${group}</span>`)}`;
}

export interface Detail {
  label: string;
  value: string | undefined;
  /** The shopper pastes it somewhere (an account number, a transfer's reference): a copy button. */
  copy?: boolean;
  /** Shown in groups of four (account, VA and wallet numbers, payment codes). */
  group?: boolean;
}

function detailRow(view: PendingViewContext, { label, value, copy, group }: Detail): Part {
  if (!value) return nothing;
  return html`<div class="row">
    <dt>${label}</dt>
    <dd class=${copy ? 'copyable' : ''}>
      <span class="${copy ? 'copy-value' : 'value'} ${group ? 'grouped' : ''}">${group ? grouped(value) : value}</span>
      ${copy ? copyButton(view, value, label) : nothing}
    </dd>
  </div>`;
}

/**
 * Labelled details; `after` goes inside their panel, below them (other-parts.ts puts "Copy all
 * details" there, which copies from the panel as a whole when the clipboard is refused).
 */
export function detailList(
  view: PendingViewContext,
  rows: Detail[],
  options: { label?: string; after?: TemplateResult } = {},
): Part {
  const shown = rows.filter((row) => row.value);
  if (!shown.length) return nothing;
  const list = html`<dl class="details copy-value" aria-label=${options.label ?? view.words.term('accountDetails')}>${shown.map((row) => detailRow(view, row))}</dl>`;
  return options.after
    ? html`<div class="details-box copyable">${list}${options.after}</div>`
    : html`<div class="details-box">${list}</div>`;
}

/** Data a shopper never types but support may ask for (the reference, a raw QR payload), closed by default. */
export function supportDetails(view: PendingViewContext, rows: [label: string, value: string | undefined][]): Part {
  const shown = rows.filter((row): row is [string, string] => !!row[1]);
  if (!shown.length) return nothing;
  return html`<details class="support">
    <summary>${view.words.term('supportDetails')}</summary>
    <dl>${shown.map(([label, value]) => html`<div class="row"><dt>${label}</dt><dd class="raw">${value}</dd></div>`)}</dl>
  </details>`;
}

/** "Save QR image": the QR as a PNG, shared or downloaded, to scan from the phone's gallery. */
function saveQrButton(view: PendingViewContext, payload: string, primary: boolean): TemplateResult {
  const { words, response } = view;
  // Drawn now, so a click can hand the file to the share sheet at once.
  prepareQrImage(payload);
  const save = () =>
    void saveQrImage(payload, `qr-${response.reference ?? response.idPayin ?? 'payment'}`, words.term('qrLabel')).catch(
      () => undefined,
    );
  return html`<button type="button" class="save-qr ${primary ? 'primary' : ''}" @click=${save}>${words.term('saveQr')}</button>`;
}

export interface QrStepOptions {
  /** What a desktop shopper is told above the QR. */
  scan: string;
  /** The QR's accessible name. */
  label?: string;
  /** Offer "Save QR image" (a payment QR: a phone pays by scanning it from its gallery). */
  save?: boolean;
  /** What works on this very phone better than a QR (the UPI app link, the Pix code): first on a touch device. */
  lead?: (primary: boolean) => Part;
}

/**
 * A QR of a payload the platform sent. On a desktop the QR comes first, as the shopper scans it
 * with the phone in their hand. On a touch device the shopper most likely holds the phone that
 * must pay: the view leads with what works on it — an app link when there is one, else "Save QR
 * image" with the words of scanning it from the gallery — and the QR follows, for another phone.
 */
export function qrStep(view: PendingViewContext, payload: string | undefined, options: QrStepOptions): Part {
  if (!payload) return nothing;
  const { words } = view;
  const label = options.label ?? words.term('qrLabel');
  // Should the QR not be drawn, the payload itself, to paste into an app that takes it.
  const asText = html`<div class="qr-fallback"><code>${payload}</code> ${copyButton(view, payload, label)}</div>`;
  if (!qrFits(payload))
    return html`<div class="qr-step"><p class="note">${words.term('qrLoadFailed')}</p>${options.lead?.(true) ?? nothing} ${asText}</div>`;
  const code = qrCode(payload, label, words.term('qrLoadFailed'), asText, view.actions.update);
  if (!view.touch) {
    return html`<div class="qr-step">
      <p>${options.scan}</p>
      ${code}
      ${options.lead || options.save ? html`<div class="actions">${options.lead?.(false) ?? nothing} ${options.save ? saveQrButton(view, payload, false) : nothing}</div>` : nothing}
    </div>`;
  }
  return html`<div class="qr-step touch">
    ${options.lead ? html`<div class="actions">${options.lead(true)}</div>` : nothing}
    ${options.save ? html`<p class="note">${options.lead ? words.term('qrSaveAlso') : words.term('qrSaveHint')}</p><div class="actions">${saveQrButton(view, payload, !options.lead)}</div>` : nothing}
    ${code}
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
  return image
    ? html`<div part="qr" class="qr-box"><img class="qr" src=${image} alt=${caption ?? view.words.term('qrLabel')} /></div>`
    : undefined;
}

/** "Open the app": a deep link with an allowed app scheme. */
export function deepLinkStep(
  view: PendingViewContext,
  url: string | undefined,
  schemes: readonly string[],
  label = view.words.term('openApp'),
  primary = false,
): Part {
  if (!url) return nothing;
  const safe = safeDeepLink(url, schemes);
  if (!safe) {
    view.actions.reportUnsafeUrl(url);
    return html`<p class="error" role="alert" part="error">${view.words.term('unsafeLink')}</p>`;
  }
  return html`<a class="button ${primary ? 'primary' : ''}" href=${safe} rel="noopener noreferrer">${label}</a>`;
}
