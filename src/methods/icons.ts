/**
 * One small icon per method family, so a shopper recognises the kind of payment at a glance:
 * QR, bank or virtual account, wallet or mobile money, online banking, crypto, cash. 24×24,
 * stroked in currentColor (so they follow the theme), decorative (the method's name is beside).
 *
 * Here is the icon of the QR family's views (builtin.ts), which travels with the payin views; the
 * icons only the other methods' views use (a wallet's among them) are in
 * other-icons.ts, in those views' own chunk (other-views.ts), which a shopper paying by QR never
 * downloads.
 */
import { svg, type SVGTemplateResult } from 'lit';

/** An icon of the family drawn by `paths`: the one frame and stroke every method icon shares. */
export const methodIcon = (paths: SVGTemplateResult) =>
  svg`<svg class="icon method-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;

export const icons = {
  qr: methodIcon(
    svg`<rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="14" y="3.5" width="6.5" height="6.5" rx="1"/><rect x="3.5" y="14" width="6.5" height="6.5" rx="1"/><path d="M14 14h2.5v2.5H14zM18 18h2.5v2.5H18zM14 20.5h.5M20.5 14h-.5"/>`,
  ),
} satisfies Record<string, SVGTemplateResult>;
