/**
 * UPI QR with the customer's UPI ID (issue 24), against the sandbox emulator: the UPI ID, given by
 * the shop (`upi-id`) or typed by the shopper, only skips the UTR step. A UPIQR payin sends no
 * request to the customer's app, so the view keeps its QR — on a desktop first, on a phone after
 * the app link — and never says a request was sent. UPICOLLECT is the method that does.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { $, $$, emulatePointer, expectNone, submit, type, untilState } from '../support/element.js';
import { openSandboxCheckout } from '../support/sandbox-checkout.js';
import type { PayCheckout } from '../../src/pay-checkout.js';

const UPI_ID = 'asha@okdemo';
const text = (element: PayCheckout) => element.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const before = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
const appLink = (element: PayCheckout) =>
  $$<HTMLAnchorElement>(element, 'a').find((a) => a.getAttribute('href')?.startsWith('upi://pay?'));

/** A UPI QR checkout of ₹1 (pending until it expires), paid with the UPI ID from `how`. */
async function payWithUpiId(how: 'attribute' | 'typed', attributes: Record<string, string> = {}) {
  // The token permits the UTR step, so its absence is the view's choice, not the token's.
  const opened = await openSandboxCheckout(
    'UPIQR',
    'INR',
    1,
    { 'show-deep-link': 'true', ...(how === 'attribute' ? { 'upi-id': UPI_ID } : {}), ...attributes },
    { externalReference: true },
  );
  if (how === 'typed') type(opened.element, 'upiId', UPI_ID);
  await submit(opened.element);
  await untilState(opened.element, 'pending');
  await waitUntil(() => $(opened.element, '[part="qr"] svg.qr'), 'the QR drawn', { timeout: 8000 });
  return opened;
}

describe('UPI QR with the customer’s UPI ID', () => {
  const restores: (() => void)[] = [];
  afterEach(() => {
    while (restores.length) restores.pop()!();
  });

  for (const how of ['attribute', 'typed'] as const) {
    it(`${how === 'attribute' ? 'given as upi-id' : 'typed by the shopper'}, on a desktop: the QR first, no request, no UTR step`, async () => {
      restores.push(emulatePointer(false));
      const { element, events } = await payWithUpiId(how);
      const created = events.find((event) => event.name === 'pay-created')!.detail.payin;
      expect(created.paymentMethodResponse.upiId, 'the platform echoes the UPI ID').to.equal(UPI_ID);
      expect(created.paymentMethodResponse.upiQrDeepLink).to.match(/^upi:\/\/pay\?/);
      const qr = $(element, '[part="qr"] svg.qr')!;
      const link = appLink(element)!;
      expect(link, 'the app link (show-deep-link)').to.exist;
      expect(before(qr, link), 'the QR above the app link').to.equal(true);
      expect(text(element)).to.contain(`Paying from ${UPI_ID}`);
      expect(text(element)).not.to.contain('request was sent');
      expectNone(element, '#utr');
    });

    it(`${how === 'attribute' ? 'given as upi-id' : 'typed by the shopper'}, on a phone: the app link first, then the QR, no UTR step`, async () => {
      restores.push(emulatePointer(true));
      const { element } = await payWithUpiId(how);
      const qr = $(element, '[part="qr"] svg.qr')!;
      const link = appLink(element)!;
      expect(link.classList.contains('primary'), 'the app link is the main action').to.equal(true);
      expect(before(link, qr), 'the app link above the QR').to.equal(true);
      expect(text(element)).not.to.contain('request was sent');
      expectNone(element, '#utr');
    });
  }

  it('without a UPI ID the QR comes with the optional UTR step', async () => {
    restores.push(emulatePointer(false));
    const { element } = await openSandboxCheckout('UPIQR', 'INR', 1, {}, { externalReference: true });
    await submit(element);
    await untilState(element, 'pending');
    await waitUntil(() => $(element, '[part="qr"] svg.qr'), 'the QR drawn', { timeout: 8000 });
    expect($(element, '#utr'), 'the UTR step').to.exist;
    expect(text(element)).not.to.contain('Paying from');
  });

  it('UPICOLLECT is the request: approve it in the UPI app, no QR', async () => {
    const { element } = await openSandboxCheckout('UPICOLLECT', 'INR', 1, {
      'account-name': 'Asha Rao',
      'phone-number': '9876543210',
    });
    await submit(element);
    await untilState(element, 'pending');
    expect(text(element)).to.contain('A payment request was sent to your UPI app');
    expectNone(element, '[part="qr"]');
  });
});
