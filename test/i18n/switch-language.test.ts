/**
 * A page that switches its language after a payin's views have loaded. A file of its own: the
 * English of a payin's views (en-payin.ts) must not be in this page before the element asks for it,
 * and every other i18n test file imports en.ts, which brings it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { BASE_URL, FakePlatform, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { mount, startedHere, untilState, $ } from '../support/element.js';

describe('<pay-checkout> switching to English once a payin is shown', () => {
  let platform: FakePlatform;
  beforeEach(() => (platform = new FakePlatform().install()));
  afterEach(() => platform.restore());

  it('a Thai page that turns English shows the pending view in English words, never their keys', async () => {
    startedHere('order-1');
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-1', {
        body: payinResponse({ status: 'PROCESSING' }, { upiQrDeepLink: 'upi://pay?pa=shop@bank&am=100' }),
      });
    // Thai is complete: its views' English is not needed, and not fetched, while the page is Thai.
    const { element } = await mount({
      token: checkoutToken(),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'th',
    });
    await untilState(element, 'pending');
    await waitUntil(() => $(element, 'section')?.getAttribute('lang') === 'th', 'the Thai view');
    element.locale = 'en';
    await waitUntil(() => $(element, 'section')?.getAttribute('lang') === 'en', 'the English view', {
      timeout: 4000,
    });
    await waitUntil(
      () => $(element, 'section')!.textContent!.includes('Scan the QR code with any UPI app'),
      `the views' English (shows "${$(element, 'section')?.textContent?.replace(/\s+/g, ' ').slice(0, 300)}")`,
      { timeout: 4000 },
    );
    expect($(element, 'section')!.textContent).to.not.match(/\b(upiScan|expiresIn|amountToPay|qrLabel)\b/);
  });
});
