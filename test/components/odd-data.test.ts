/**
 * Issue 12.9: the views survive odd data from the platform — a QR payload no QR code can hold, and
 * long unbroken strings — without an uncaught error, a spinner that never ends, or a page made
 * thousands of pixels wide.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { mount, untilState, $, $$, fastPolling, normalPolling, startedHere } from '../support/element.js';

describe('<pay-checkout> odd data from the platform', () => {
  let platform: FakePlatform;
  const unhandled: unknown[] = [];
  const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR });
    startedHere();
    fastPolling();
    unhandled.length = 0;
    window.addEventListener('unhandledrejection', onUnhandled);
  });
  afterEach(() => {
    window.removeEventListener('unhandledrejection', onUnhandled);
    platform.restore();
    normalPolling();
  });

  const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() };

  it('a QR payload beyond any QR code: the payload as copyable text, no busy placeholder, no uncaught error', async () => {
    // A version-40 QR holds at most 2,331 bytes at level M; this is far more.
    const payload = `00020101021226${'x'.repeat(5000)}`;
    platform.on('GET', '/payins/order-1', {
      body: payinResponse(
        { status: 'PROCESSING' },
        { paymentMethodCode: 'QRISPAY', qrRawData: payload, upiQrDeepLink: undefined },
      ),
    });
    const { element } = await mount(base);
    await untilState(element, 'pending');
    await waitUntil(() => !$(element, '[aria-busy="true"]'), 'the placeholder gives way', { timeout: 4000 });
    expect(element.shadowRoot!.textContent).to.contain('could not be drawn');
    expect($$(element, 'svg.qr')).to.have.length(0);
    const shown = $$(element, '.qr-fallback code').map((node) => node.textContent);
    expect(shown).to.deep.equal([payload]);
    expect($(element, '.qr-fallback button')).to.exist;
    expect(unhandled).to.deep.equal([]);
  });

  it('long unbroken platform strings wrap: the page stays as wide as the element', async () => {
    const long = 'X'.repeat(5000);
    platform.on('GET', '/payins/order-1', {
      body: payinResponse(
        { status: 'PROCESSING' },
        {
          paymentMethodCode: 'OFFLINE',
          reference: long,
          account: { accountName: long, accountNumber: '1'.repeat(400), bankName: long },
          paymentInstructionList: [{ title: long, steps: [long, `https://bank.example/${long}`] }],
          upiQrDeepLink: undefined,
        },
      ),
    });
    const wrapper = document.createElement('div');
    wrapper.style.width = '375px';
    document.body.append(wrapper);
    try {
      const { element } = await mount(base);
      wrapper.append(element);
      await untilState(element, 'pending');
      await waitUntil(() => element.shadowRoot!.textContent!.includes('X'.repeat(100)), 'the long strings are shown');
      await element.updateComplete;
      expect(element.scrollWidth, 'the element does not overflow').to.be.at.most(element.clientWidth + 1);
      expect(document.documentElement.scrollWidth, 'the page does not grow sideways').to.be.at.most(
        window.innerWidth + 1,
      );
    } finally {
      wrapper.remove();
    }
  });
});
