import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import { loadQrEncoder, qrCode } from '../../src/methods/qr.js';
import { expectNone } from '../support/element.js';

describe('client-side QR', () => {
  it('holds the place of the QR while its chunk loads, then renders an accessible SVG, no inline style', async () => {
    let updates = 0;
    const draw = () => qrCode('00020101021226', 'QR code to scan', 'failed', undefined, () => updates++);
    // The first QR of the page: its chunk is not here yet. (Booleans: chai, failing, would print the DOM.)
    const element = await fixture<HTMLElement>(html`<div></div>`);
    render(draw(), element);
    expect(!!element.querySelector('.qr-placeholder[aria-busy="true"]'), 'a placeholder').to.equal(true);
    await waitUntil(() => updates > 0, 'rendered again once the QR chunk is here');
    render(draw(), element);
    expect(!!element.querySelector('.qr-placeholder'), 'no placeholder').to.equal(false);
    const svg = element.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('QR code to scan');
    expect(svg.querySelector('path')!.getAttribute('d')).to.match(/^M\d+ \d+h1v1h-1z/);
    expectNone(element, '[style]');
  });

  it('encodes a UPI link into a square module matrix', async () => {
    const encode = await loadQrEncoder();
    const matrix = encode('upi://pay?pa=demo@bank&pn=Demo&am=100.00&cu=INR');
    expect(matrix.size).to.be.within(21, 177);
    expect((matrix.size - 17) % 4).to.equal(0);
    // Finder pattern: the top-left 7×7 corner has a dark ring.
    expect(Boolean(matrix.get(0, 0)) && Boolean(matrix.get(6, 6)) && !matrix.get(1, 1)).to.equal(true);
  });
});
