import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { loadQrEncoder, qrCode } from '../../src/methods/qr.js';
import { expectNone } from '../support/element.js';

describe('client-side QR', () => {
  it('encodes a UPI link into a square module matrix', async () => {
    const encode = await loadQrEncoder();
    const matrix = encode('upi://pay?pa=demo@bank&pn=Demo&am=100.00&cu=INR');
    expect(matrix.size).to.be.within(21, 177);
    expect((matrix.size - 17) % 4).to.equal(0);
    // Finder pattern: the top-left 7×7 corner has a dark ring.
    expect(Boolean(matrix.get(0, 0)) && Boolean(matrix.get(6, 6)) && !matrix.get(1, 1)).to.equal(true);
  });

  it('renders an accessible SVG, no inline style', async () => {
    const element = await fixture(html`<div>${qrCode('00020101021226', 'QR code to scan', 'failed')}</div>`);
    await waitUntil(() => element.querySelector('svg'), 'svg drawn');
    const svg = element.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('QR code to scan');
    expect(svg.querySelector('path')!.getAttribute('d')).to.match(/^M\d+ \d+h1v1h-1z/);
    expectNone(element, '[style]');
  });
});
