/**
 * The method icons (icons.ts) only the views outside the QR family use: bank or virtual account,
 * wallet or mobile money (a UPI collect request too), online banking, crypto, cash. A module of its own, so they travel in those views' chunk
 * (other-views.ts) and a shopper paying by QR never downloads them.
 */
import { svg, type SVGTemplateResult } from 'lit';
import { methodIcon } from './icons.js';

export const otherIcons = {
  wallet: methodIcon(
    svg`<path d="M19 8V6.5A1.5 1.5 0 0 0 17.5 5H5.5A2 2 0 0 0 3.5 7v10a2 2 0 0 0 2 2h13a1.5 1.5 0 0 0 1.5-1.5V15"/><path d="M3.5 7a2 2 0 0 0 2 2h13A1.5 1.5 0 0 1 20 10.5V15h-4a2 2 0 0 1 0-4h4"/>`,
  ),
  bank: methodIcon(svg`<path d="M3 9.5 12 4l9 5.5M5 10.5v7M9.7 10.5v7M14.3 10.5v7M19 10.5v7M3 20h18"/>`),
  online: methodIcon(
    svg`<rect x="3" y="4.5" width="18" height="11.5" rx="1.5"/><path d="M2 19.5h20M9.5 10.5h5M12.5 8.5l2 2-2 2"/>`,
  ),
  crypto: methodIcon(
    svg`<circle cx="12" cy="12" r="8.5"/><path d="M9.5 7.5v9M9.5 8h3.5a2 2 0 0 1 0 4H9.5h4a2 2 0 0 1 0 4H9.5M11.5 6v1.5M11.5 16.5V18"/>`,
  ),
  cash: methodIcon(
    svg`<rect x="2.5" y="6" width="19" height="12" rx="1.5"/><circle cx="12" cy="12" r="2.5"/><path d="M6 9.5v5M18 9.5v5"/>`,
  ),
} satisfies Record<string, SVGTemplateResult>;
