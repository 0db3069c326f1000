/**
 * The QR encoder's codes scan back to exactly what the platform sent: each payload is encoded by
 * src/methods/qr-encoder.ts (lean-qr), drawn as pixels with the 4-module quiet zone qrPath() and
 * qrPng() give it, and read by another implementation (jsQR, a scanner's decoder). Payloads: a
 * UPI link, EMVCo merchant QRs (PromptPay, QRIS, Pix with UTF-8 in the merchant's city), digits
 * only, and the longest the view lets through (qrFits).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { encodeQr, qrPath, type QrModules } from '../../src/methods/qr-encoder.js';
import { QR_MAX_BYTES, qrFits } from '../../src/methods/qr.js';

/** The code as RGBA pixels, `scale` pixels a module, black on white with a 4-module quiet zone. */
function pixels(matrix: QrModules, scale = 4) {
  const side = (matrix.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const at = (((row + 4) * scale + y) * side + (col + 4) * scale + x) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

const scan = (text: string) => {
  const matrix = encodeQr(text);
  const { data, side } = pixels(matrix, matrix.size > 100 ? 2 : 4);
  const read = jsQR(data, side, side, { inversionAttempts: 'dontInvert' });
  assert.ok(read, `jsQR found no code for ${text.slice(0, 40)}…`);
  return { matrix, bytes: Buffer.from(read.binaryData) };
};

const PAYLOADS: Record<string, string> = {
  'UPI link': 'upi://pay?pa=demo@okaxis&pn=Demo%20Shop&am=100.00&cu=INR&tr=pay-123',
  'PromptPay (EMVCo)': '00020101021230370016A000000677010111011300669123456785802TH53037645406350.006304ABCD',
  'QRIS (EMVCo)':
    '00020101021226610016ID.CO.SHOPEE.WWW01189360091800000000000202150000000000000030303UMI51440014ID.CO.QRIS.WWW0215ID10200000000000303UMI5204581253033605405100005802ID5909Demo Shop6007JAKARTA610510110630412AB',
  'Pix, UTF-8 in the city':
    '00020126360014BR.GOV.BCB.PIX0114+5511999999999520400005303986540510.005802BR5913Loja Demonstração6009São Paulo62070503***6304C0DE',
  'digits only': '12345678901234567890123456789012345678901234567890',
};

describe('QR encoder (lean-qr) against a decoder', () => {
  for (const [name, text] of Object.entries(PAYLOADS)) {
    it(`${name} scans back byte for byte`, () => {
      const { matrix, bytes } = scan(text);
      assert.deepEqual(bytes, Buffer.from(text, 'utf8'));
      assert.equal((matrix.size - 17) % 4, 0, 'a QR version is 21 + 4n modules wide');
    });
  }

  it('the longest text the view draws (qrFits) is encoded and scans back', () => {
    const text = 'A1b2C3d4-'.repeat(Math.ceil(QR_MAX_BYTES / 9)).slice(0, QR_MAX_BYTES);
    assert.equal(qrFits(text), true);
    const { matrix, bytes } = scan(text);
    assert.equal(matrix.size, 177, 'version 40');
    assert.deepEqual(bytes, Buffer.from(text, 'utf8'));
  });

  it('one byte more does not fit: the view shows the text instead, and the encoder says so', () => {
    const text = 'x'.repeat(QR_MAX_BYTES + 1);
    assert.equal(qrFits(text), false);
    assert.throws(() => encodeQr(text));
  });

  it('the SVG path draws exactly the dark modules, offset by the quiet zone', () => {
    const matrix = encodeQr(PAYLOADS['UPI link']!);
    const drawn = new Set(
      [...qrPath(matrix).matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`),
    );
    let dark = 0;
    for (let row = 0; row < matrix.size; row++)
      for (let col = 0; col < matrix.size; col++)
        if (matrix.get(row, col)) (dark++, assert.ok(drawn.has(`${row},${col}`)));
    assert.equal(drawn.size, dark);
  });
});
