/** The customer-data and option attributes (docs/reference.md): prefilled, sent, and shown. */
import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, checkoutToken, payinResponse } from '../support/fake-platform.js';
import {
  mount,
  untilState,
  untilEvent,
  $,
  $$,
  submit,
  expectNone,
  fastPolling,
  normalPolling,
} from '../support/element.js';

describe('<pay-checkout> attributes', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform.on('GET', '/merchant-info', { status: 403, body: { errorCode: 'FORBIDDEN' } });
    fastPolling();
  });
  afterEach(() => {
    platform.restore();
    normalPolling();
  });

  const notFound = { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } };
  const created = () =>
    platform.requests.find((r) => r.method === 'POST' && r.path === '/payins/order-1')?.body as Record<string, any>;
  async function open(currencyCode: string, options: object, attributes: Record<string, string>) {
    platform.on('POST', '/payins/!availablePaymentOptions', { body: options }).on('GET', '/payins/order-1', notFound, {
      body: payinResponse({ status: 'PROCESSING' }, { upiId: attributes['upi-id'] }),
    });
    const mounted = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': currencyCode,
      token: checkoutToken(),
      ...attributes,
    });
    await untilState(mounted.element, 'select');
    return mounted;
  }

  it('external-provider-code preselects the provider, which is sent with the method', async () => {
    platform.on('POST', '/payins/order-1', { body: payinResponse({}, { paymentMethodCode: 'NETBANKING' }) });
    const { element, events } = await open(
      'INR',
      {
        data: [{ paymentMethodCode: 'NETBANKING', paymentOperators: [{ code: 'HDFC', name: 'HDFC Bank' }] }],
        externalProviders: [{ code: 'GPAY', name: 'Google Pay' }],
      },
      { 'payment-method-code': 'NETBANKING', 'external-provider-code': 'GPAY' },
    );
    expect($<HTMLSelectElement>(element, '#f-provider')!.value).to.equal('GPAY');
    expect(events.find((e) => e.name === 'pay-ready')!.detail.externalProviders).to.deep.equal([
      { code: 'GPAY', name: 'Google Pay' },
    ]);
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(created().paymentMethod).to.deep.equal({
      paymentMethodCode: 'NETBANKING',
      externalProviderCode: 'GPAY',
    });
  });

  it('upi-id: offered prefilled, sent, and the UTR step is skipped', async () => {
    platform.on('POST', '/payins/order-1', { body: payinResponse({}, { upiId: 'asha@okbank' }) });
    const { element, events } = await open(
      'INR',
      { data: [{ paymentMethodCode: 'UPIQR', paymentOperators: [] }] },
      { 'upi-id': 'asha@okbank' },
    );
    expect($<HTMLInputElement>(element, '[data-field="upiId"]')!.value).to.equal('asha@okbank');
    await submit(element);
    await untilState(element, 'pending');
    expect(created().paymentMethod).to.deep.equal({ paymentMethodCode: 'UPIQR', upiId: 'asha@okbank' });
    await waitUntil(() => element.shadowRoot!.textContent!.includes('Paying from asha@okbank'), 'the UPI ID paid from');
    await waitUntil(() => $(element, '[part="qr"] svg.qr'), 'the QR, still there', { timeout: 5000 });
    expect(element.shadowRoot!.textContent).not.to.contain('request was sent');
    expectNone(element, '#utr');
    expect(events.some((e) => e.name === 'pay-error')).to.equal(false);
  });

  it('without upi-id the UPI view offers the UTR step; show-deep-link="true" adds the UPI app link', async () => {
    platform.on('POST', '/payins/order-1', { body: payinResponse() });
    const { element } = await open(
      'INR',
      { data: [{ paymentMethodCode: 'UPIQR', paymentOperators: [] }] },
      { 'show-deep-link': 'true' },
    );
    await submit(element);
    await untilState(element, 'pending');
    await waitUntil(() => $(element, '#utr'), 'UTR step');
    const link = $$<HTMLAnchorElement>(element, 'a').find((a) => a.href.startsWith('upi://'));
    expect(link, 'UPI app link').to.exist;
    expect(link!.textContent).to.contain('Pay with a UPI app');
  });

  it('show-deep-link absent: no UPI app link', async () => {
    platform.on('POST', '/payins/order-1', { body: payinResponse() });
    const { element } = await open('INR', { data: [{ paymentMethodCode: 'UPIQR', paymentOperators: [] }] }, {});
    await submit(element);
    await untilState(element, 'pending');
    await waitUntil(() => $(element, '[part="qr"]'), 'QR');
    expect($$<HTMLAnchorElement>(element, 'a').some((a) => a.href.startsWith('upi://'))).to.equal(false);
  });

  it('postal-code, city and disctrict (the redirect spelling) fill the payment location; email, name and phone too', async () => {
    platform.on('POST', '/payins/order-1', {
      body: payinResponse(
        { paymentRequested: { money: { amount: 100, currencyCode: 'TWD' } } },
        { paymentMethodCode: 'CODE_PAYMENT', money: { amount: 100, currencyCode: 'TWD' } },
      ),
    });
    const { element, events } = await open(
      'TWD',
      { data: [{ paymentMethodCode: 'CODE_PAYMENT', paymentOperators: [] }] },
      {
        'postal-code': '100',
        city: 'Taipei',
        disctrict: 'Zhongzheng',
        'email-address': 'mei@example.tw',
        'account-name': 'Lin Mei',
        'phone-number': '+886912345678',
      },
    );
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(created().paymentMethod).to.deep.equal({
      paymentMethodCode: 'CODE_PAYMENT',
      emailAddress: 'mei@example.tw',
      account: { accountName: 'Lin Mei' },
      phoneNumber: '+886912345678',
      paymentLocation: { postalCode: '100', city: 'Taipei', district: 'Zhongzheng' },
    });
  });

  it('district is accepted as well as disctrict', async () => {
    const { element } = await open(
      'TWD',
      { data: [{ paymentMethodCode: 'CODE_PAYMENT', paymentOperators: [] }] },
      { district: 'Da-an' },
    );
    expect($<HTMLInputElement>(element, '[data-field="paymentLocation.district"]')!.value).to.equal('Da-an');
  });

  it('passport-number and account-number prefill Absa Pay; product-id goes with Offline; id-customer is never sent', async () => {
    platform.on('POST', '/payins/order-1', {
      body: payinResponse(
        { paymentRequested: { money: { amount: 100, currencyCode: 'ZAR' } } },
        { paymentMethodCode: 'ABSA_PAY', money: { amount: 100, currencyCode: 'ZAR' } },
      ),
    });
    const { element, events } = await open(
      'ZAR',
      {
        data: [
          { paymentMethodCode: 'ABSA_PAY', paymentOperators: [] },
          { paymentMethodCode: 'OFFLINE', paymentOperators: [] },
        ],
      },
      {
        'payment-method-code': 'ABSA_PAY',
        'account-name': 'Thabo Nkosi',
        'account-number': '4081234567',
        'passport-number': 'A1234567',
        'product-id': 'SKU-9',
        'id-customer': 'CUST-42',
      },
    );
    expect($<HTMLInputElement>(element, '[data-field="passportNumber"]')!.value).to.equal('A1234567');
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(created().paymentMethod).to.deep.equal({
      paymentMethodCode: 'ABSA_PAY',
      account: { accountName: 'Thabo Nkosi', accountNumber: '4081234567' },
      passportNumber: 'A1234567',
    });
    expect(JSON.stringify(created())).not.to.contain('CUST-42');
  });

  it('product-id is sent with the Offline method, which accepts it', async () => {
    platform.on('POST', '/payins/order-1', {
      body: payinResponse(
        { paymentRequested: { money: { amount: 100, currencyCode: 'MXN' } } },
        { paymentMethodCode: 'OFFLINE', money: { amount: 100, currencyCode: 'MXN' } },
      ),
    });
    const { element, events } = await open(
      'MXN',
      { data: [{ paymentMethodCode: 'OFFLINE', paymentOperators: [] }] },
      { 'product-id': 'SKU-9' },
    );
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(created().paymentMethod).to.deep.equal({ paymentMethodCode: 'OFFLINE', productId: 'SKU-9' });
  });

  it('a locked method that is not offered is an error, not a silent switch', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', {
        body: { data: [{ paymentMethodCode: 'UPIQR', paymentOperators: [] }] },
      })
      .on('GET', '/payins/order-1', notFound);
    const { element, events } = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      token: checkoutToken(),
      'payment-method-code': 'PIXQR',
      'options-available': 'false',
    });
    await untilState(element, 'error');
    expect(events.find((e) => e.name === 'pay-error')!.detail.code).to.equal('PAYMENT_OPERATOR_UNAVAILABLE');
  });
});
