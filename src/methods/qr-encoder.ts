/**
 * QR codes drawn on the client: the encoder (lean-qr), the SVG a view shows and the PNG that
 * "Save QR image" stores or shares. A lazy chunk of its own (qr-encoder-*.js), fetched the first
 * time a view shows a QR (qr.ts), so neither the initial load nor the views of other methods pay
 * for it.
 *
 * lean-qr picks the densest mix of modes by itself. At least level M; it raises the level when the
 * same version has room for it. Text beyond ASCII is UTF-8 (with its ECI), never ISO-8859-1:
 * platforms compute an EMVCo payload's CRC over its UTF-8 bytes ("São Paulo" in a Pix code), and a
 * banking app that ignores the ECI still reads UTF-8 right.
 */
import { html, svg, type TemplateResult } from 'lit';
import { correction, generate, mode } from 'lean-qr';

/** The modules of a QR code: `size` × `size`, dark where `get(row, col)` is true. */
export interface QrModules {
  size: number;
  get(row: number, col: number): boolean;
}

const modes = [mode.numeric, mode.alphaNumeric, mode.ascii, mode.utf8];

/** Encodes `text` (UTF-8); throws when it does not fit in a version-40 code. */
export function encodeQr(text: string): QrModules {
  const code = generate(mode.auto(text, { modes }), { minCorrectionLevel: correction.M });
  return { size: code.size, get: (row, col) => code.get(col, row) };
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

/** Drawn once per text and label: a pending view renders every second (its countdown). */
const svgs = new Map<string, TemplateResult | undefined>();

/** The QR of `text` as an SVG named `label`; undefined when the text does not fit a QR code. */
export function qrSvg(text: string, label: string): TemplateResult | undefined {
  const key = `${label}\n${text}`;
  if (svgs.has(key)) return svgs.get(key);
  let image: TemplateResult | undefined;
  try {
    const matrix = encodeQr(text);
    const size = matrix.size + 8;
    image = html`<svg class="qr" role="img" aria-label=${label} viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">
      ${svg`<rect width=${size} height=${size} fill="#fff"></rect><path d=${qrPath(matrix)} fill="#000"></path>`}
    </svg>`;
  } catch {
    image = undefined;
  }
  if (svgs.size > 20) svgs.clear();
  svgs.set(key, image);
  return image;
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
    png = new Promise<Blob>((resolve, reject) => {
      const matrix = encodeQr(text);
      const side = (matrix.size + 8) * scale;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, side, side);
      context.fillStyle = '#000';
      for (let row = 0; row < matrix.size; row++) {
        for (let col = 0; col < matrix.size; col++)
          if (matrix.get(row, col)) context.fillRect((col + 4) * scale, (row + 4) * scale, scale, scale);
      }
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png');
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
export async function saveQrImage(
  text: string,
  name: string,
  title: string,
): Promise<'shared' | 'downloaded' | 'cancelled'> {
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
