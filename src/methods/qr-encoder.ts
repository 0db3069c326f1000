/**
 * The QR encoder, a lazy chunk of its own (qr-encoder-*.js) loaded the first time a QR is drawn:
 * lean-qr, which picks the densest mix of modes by itself and is about half the size of qrcode's
 * core. At least level M; lean-qr raises the level when the same version has room for it.
 *
 * Text beyond ASCII is UTF-8 (with its ECI), never ISO-8859-1: platforms compute an EMVCo
 * payload's CRC over its UTF-8 bytes ("São Paulo" in a Pix code), and a banking app that ignores
 * the ECI still reads UTF-8 right.
 */
import { correction, generate, mode } from 'lean-qr';

const modes = [mode.numeric, mode.alphaNumeric, mode.ascii, mode.utf8];

/** The modules of a QR code: `size` × `size`, dark where `get(row, col)` is true. */
export interface QrModules {
  size: number;
  get(row: number, col: number): boolean;
}

/** Encodes `text` (UTF-8); throws when it does not fit in a version-40 code. */
export function encodeQr(text: string): QrModules {
  const code = generate(mode.auto(text, { modes }), { minCorrectionLevel: correction.M });
  return { size: code.size, get: (row, col) => code.get(col, row) };
}
