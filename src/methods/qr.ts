/**
 * A QR code drawn on the client as SVG. The encoder (qrcode's core) is loaded the first time a QR
 * is shown, so the initial bundle does not pay for it.
 */
import { html, svg, type TemplateResult } from 'lit';
import { until } from 'lit/directives/until.js';
import type { QrModules } from 'qrcode/lib/core/qrcode.js';

let encoder: Promise<(text: string) => QrModules> | undefined;

/** Loads the encoder once. */
export function loadQrEncoder(): Promise<(text: string) => QrModules> {
  encoder ??= import('qrcode/lib/core/qrcode.js').then((module) => {
    // A CommonJS module: its exports arrive as named exports or as the default, by bundler.
    const { create } = 'create' in module ? module : (module as unknown as { default: typeof module }).default;
    return (text: string) => create(text, { errorCorrectionLevel: 'M' }).modules;
  });
  return encoder;
}

/** The SVG path of the dark modules, with a 4-module quiet zone. */
export function qrPath(matrix: QrModules): string {
  let d = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return d;
}

const cache = new Map<string, Promise<TemplateResult>>();

/** A QR image of `text` with an accessible name, or a message when it cannot be drawn. */
export function qrCode(text: string, label: string, failed: string): TemplateResult {
  const key = `${label}\n${text}`;
  let image = cache.get(key);
  if (!image) {
    image = loadQrEncoder().then(
      (encode) => {
        const matrix = encode(text);
        const size = matrix.size + 8;
        return html`<svg class="qr" role="img" aria-label=${label} viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">
          ${svg`<rect width=${size} height=${size} fill="#fff"></rect><path d=${qrPath(matrix)} fill="#000"></path>`}
        </svg>`;
      },
      () => html`<p class="note">${failed}</p>`,
    );
    if (cache.size > 20) cache.clear();
    cache.set(key, image);
  }
  return html`<div part="qr" class="qr-box">${until(image, html`<div class="qr-placeholder" aria-busy="true"></div>`)}</div>`;
}
