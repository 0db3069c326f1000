/**
 * The UPI QR form in every bundled locale and English: its optional fields say what giving them
 * changes (a UPI ID skips the UTR step; a bank or wallet is where the payment is routed), in the
 * locale's own words, each hint tied to its control by aria-describedby. In a file of its own: the
 * locale tests make some locales' chunks fail to load, and a failed load stays failed in a page.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { BASE_URL, FakePlatform, OPTIONS_INR, checkoutToken } from '../support/fake-platform.js';
import { mount, untilState, $ } from '../support/element.js';
import { bundledLocales } from '../../src/i18n/locales.js';
import { en } from '../../src/i18n/translations/en.js';

describe('<pay-checkout> UPI QR form hints', () => {
  let platform: FakePlatform;
  beforeEach(() => (platform = new FakePlatform().install()));
  afterEach(() => platform.restore());

  for (const code of ['en', ...Object.keys(bundledLocales)]) {
    it(`${code}: the UPI QR form says what its optional UPI ID and bank or wallet change, tied to their controls`, async () => {
      const words = code === 'en' ? en : (await bundledLocales[code]!()).default;
      platform
        .on('POST', '/payins/!availablePaymentOptions', {
          body: { ...OPTIONS_INR, externalProviders: [{ code: 'PHONEPE', name: 'PhonePe' }] },
        })
        .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
      const { element } = await mount({
        'base-url': BASE_URL,
        amount: '100',
        'currency-code': 'INR',
        token: checkoutToken(),
        locale: code,
        'payment-method-code': 'UPIQR',
      });
      await untilState(element, 'select');
      const describedBy = (selector: string) =>
        $(element, selector)!
          .getAttribute('aria-describedby')!
          .split(' ')
          .map((id) => element.shadowRoot!.getElementById(id)!.textContent!.trim());
      await waitUntil(() => $(element, '[data-field="upiId"]'), 'the UPI ID field shown', { timeout: 4000 });
      expect(describedBy('[data-field="upiId"]')).to.deep.equal([words.fieldHints['upiId.UPIQR']]);
      expect(describedBy('#f-provider')).to.deep.equal([words.fieldHints.externalProviderCode]);
      expect(words.fieldHints['upiId.UPIQR']).to.match(/UTR/);
      await expect(element).to.be.accessible();
    });
  }
});
