/**
 * A QR code drawn on the client as SVG. The encoder (qr-encoder.ts, lean-qr) is loaded the first
 * time a QR is shown, so the initial bundle does not pay for it.
 */
import { html, svg, type TemplateResult } from 'lit';
import { until } from 'lit/directives/until.js';
import type { QrModules } from './qr-encoder.js';

let encoder: Promise<(text: string) => QrModules> | undefined;

/** Loads the encoder once. */
export function loadQrEncoder(): Promise<(text: string) => QrModules> {
  encoder ??= import('./qr-encoder.js').then((module) => module.encodeQr);
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

/**
 * The most a QR code holds in any mode the encoder may pick: version 40 at level M, 2,331 bytes.
 * A payload beyond it cannot be drawn, whatever it is (the emulator's EMVCo payloads are ~150).
 */
export const QR_MAX_BYTES = 2331;

/** Whether a QR code can hold `text`. */
export const qrFits = (text: string) => new TextEncoder().encode(text).length <= QR_MAX_BYTES;

/**
 * A QR image of `text` with an accessible name; when it cannot be drawn (the encoder did not load,
 * or the text does not fit), the message `failed` and what the caller gives as `fallback`.
 */
export function qrCode(text: string, label: string, failed: string, fallback?: TemplateResult): TemplateResult {
  const key = `${label}\n${text}`;
  const cannot = () => html`<p class="note">${failed}</p>${fallback ?? ''}`;
  let image = cache.get(key);
  if (!image) {
    image = loadQrEncoder().then(
      (encode) => {
        let matrix: QrModules;
        try {
          matrix = encode(text);
        } catch {
          return cannot();
        }
        const size = matrix.size + 8;
        return html`<svg class="qr" role="img" aria-label=${label} viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">
          ${svg`<rect width=${size} height=${size} fill="#fff"></rect><path d=${qrPath(matrix)} fill="#000"></path>`}
        </svg>`;
      },
      cannot,
    );
    if (cache.size > 20) cache.clear();
    cache.set(key, image);
  }
  return html`<div part="qr" class="qr-box">${until(image, html`<div class="qr-placeholder" aria-busy="true"></div>`)}</div>`;
}

const pngs = new Map<string, Promise<Blob>>();

/**
 * The QR of `text` as a PNG (black on white, the 4-module quiet zone, `scale` pixels a module),
 * drawn on a canvas: what "Save QR image" stores or shares, for a banking app to scan from the
 * gallery. Made once per text and kept, so a click can share it at once (Web Share wants the
 * click's user activation, which a long wait would lose).
 */
export function qrPng(text: string, scale = 10): Promise<Blob> {
  let png = pngs.get(text);
  if (!png) {
    png = loadQrEncoder().then((encode) => {
      const matrix = encode(text);
      const side = (matrix.size + 8) * scale;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, side, side);
      context.fillStyle = '#000';
      for (let row = 0; row < matrix.size; row++) {
        for (let col = 0; col < matrix.size; col++) if (matrix.get(row, col)) context.fillRect((col + 4) * scale, (row + 4) * scale, scale, scale);
      }
      return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png'));
    });
    png.catch(() => pngs.delete(text));
    if (pngs.size > 20) pngs.clear();
    pngs.set(text, png);
  }
  return png;
}

/** A file name for the image: letters, digits, dots and dashes of `name`. */
const fileName = (name: string) => `${name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'qr'}.png`;

/**
 * Saves the QR of `text` as a PNG: through the share sheet with the file where the browser can
 * share files (phones: "Save image", or straight to a banking app), else as a download. Downloads
 * use an object URL: a download is not subject to the page's img-src, so `img-src 'self' data:`
 * does not stop it (test/methods/save-qr.node.test.ts proves it under the strict policy).
 */
export async function saveQrImage(text: string, name: string, title: string): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const blob = await qrPng(text);
  const file = new File([blob], fileName(name), { type: 'image/png' });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      // The shopper closed the sheet; any other refusal falls back to the download.
      if ((error as Error).name === 'AbortError') return 'cancelled';
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
