/**
 * One small icon per method family, so a shopper recognises the kind of payment at a glance:
 * QR, bank or virtual account, wallet or mobile money, online banking, crypto, cash. 24×24,
 * stroked in currentColor (so they follow the theme), decorative (the method's name is beside).
 */
import { svg, type SVGTemplateResult } from 'lit';

const icon = (paths: SVGTemplateResult) =>
  svg`<svg class="icon method-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;

export const icons = {
  qr: icon(svg`<rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="14" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="3.5" y="14" width="6.5" height="6.5" rx="1"/><path d="M14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM14 20.5h.5M20.5 14h-.5"/>`),
  bank: icon(svg`<path d="M3 9.5 12 4l9 5.5M5 10.5v7M9.7 10.5v7M14.3 10.5v7M19 10.5v7M3 20h18"/>`),
  wallet: icon(svg`<path d="M19 8V6.5A1.5 1.5 0 0 0 17.5 5H5.5A2 2 0 0 0 3.5 7v10a2 2 0 0 0 2 2h13a1.5 1.5 0 0 0 1.5-1.5V15"/><path d="M3.5 7a2 2 0 0 0 2 2h13A1.5 1.5 0 0 1 20 10.5V15h-4a2 2 0 0 1 0-4h4"/>`),
  online: icon(svg`<rect x="3" y="4.5" width="18" height="11.5" rx="1.5"/><path d="M2 19.5h20M9.5 10.5h5M12.5 8.5l2 2-2 2"/>`),
  crypto: icon(svg`<circle cx="12" cy="12" r="8.5"/><path d="M9.5 7.5v9M9.5 8h3.5a2 2 0 0 1 0 4H9.5h4a2 2 0 0 1 0 4H9.5M11.5 6v1.5M11.5 16.5V18"/>`),
  cash: icon(svg`<rect x="2.5" y="6" width="19" height="12" rx="1.5"/><circle cx="12" cy="12" r="2.5"/><path d="M6 9.5v5M18 9.5v5"/>`),
} satisfies Record<string, SVGTemplateResult>;
