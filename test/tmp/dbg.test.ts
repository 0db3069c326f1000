import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { mount, fastPolling } from '../support/element.js';
it('dbg', async () => {
  const platform = new FakePlatform().install();
  fastPolling();
  platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
  platform.on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) });
  const { element, events } = await mount({ 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() });
  await new Promise((r) => setTimeout(r, 1500));
  console.log('STATE', element.state, JSON.stringify(events.map((e) => e.name)), JSON.stringify(platform.requests.map((r) => r.method + ' ' + r.path)));
  platform.restore();
});
