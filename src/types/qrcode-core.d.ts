// The core of the qrcode package (no renderers): all the element needs to draw an SVG itself.
declare module 'qrcode/lib/core/qrcode.js' {
  export interface QrModules {
    size: number;
    get(row: number, col: number): number | boolean;
  }
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: QrModules };
}
