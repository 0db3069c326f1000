/**
 * QR codes in the views. What draws them — the encoder, the SVG, the PNG of "Save QR image" — is
 * a chunk of its own (qr-encoder.ts), fetched the first time a view shows a QR: until it arrives
 * the view holds the QR's place with a placeholder of the QR's size, then renders again.
 */
import { html, type TemplateResult } from 'lit';
import type * as QrEncoder from './qr-encoder.js';

export type { QrModules } from './qr-encoder.js';

let drawing: typeof QrEncoder | undefined;
let loading: Promise<typeof QrEncoder> | undefined;
let loadFailed = false;

/** Loads the QR chunk once. */
export function loadQrDrawing(): Promise<typeof QrEncoder> {
  loading ??= import('./qr-encoder.js').then(
    (module) => (drawing = module),
    (error: unknown) => {
      loadFailed = true;
      throw error;
    },
  );
  return loading;
}

/** The encoder, once its chunk is here. */
export const loadQrEncoder = () => loadQrDrawing().then((module) => module.encodeQr);

/**
 * The most a QR code holds in any mode the encoder may pick: version 40 at level M, 2,331 bytes.
 * A payload beyond it cannot be drawn, whatever it is (the emulator's EMVCo payloads are ~150).
 */
export const QR_MAX_BYTES = 2331;

/** Whether a QR code can hold `text`. */
export const qrFits = (text: string) => new TextEncoder().encode(text).length <= QR_MAX_BYTES;

/**
 * A QR image of `text` with an accessible name; when it cannot be drawn (the chunk did not load,
 * or the text does not fit), the message `failed` and what the caller gives as `fallback`. While
 * the chunk loads, a placeholder of the QR's size; `update` renders again once it is here.
 */
export function qrCode(
  text: string,
  label: string,
  failed: string,
  fallback?: TemplateResult,
  update?: () => void,
): TemplateResult {
  let content: TemplateResult | undefined;
  if (drawing) content = drawing.qrSvg(text, label);
  else if (!loadFailed) {
    void loadQrDrawing().then(update, update);
    content = html`<div class="qr-placeholder" aria-busy="true"></div>`;
  }
  return html`<div part="qr" class="qr-box">${content ?? html`<p class="note">${failed}</p>${fallback ?? ''}`}</div>`;
}

/** Draws the PNG of `text` ahead of a click on "Save QR image", so the click can share it at once. */
export function prepareQrImage(text: string): void {
  loadQrDrawing()
    .then((module) => module.qrPng(text))
    .catch(() => undefined);
}

/** Saves the QR of `text` as a PNG: shared where the browser can share files, else downloaded. */
export const saveQrImage = (text: string, name: string, title: string) =>
  loadQrDrawing().then((module) => module.saveQrImage(text, name, title));
