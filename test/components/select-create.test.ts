import { expect, waitUntil } from '@open-wc/testing';
import {
  FakePlatform,
  BASE_URL,
  OPTIONS_INR,
  checkoutToken,
  deferred,
  payinResponse,
} from '../support/fake-platform.js';
import {
  mount,
  untilState,
  untilEvent,
  $,
  $$,
  type,
  submit,
  fastPolling,
  normalPolling,
  WAIT_MS,
} from '../support/element.js';

describe('<pay-checkout> select and create', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      // Read only after a create (a fresh checkout does not read a payin it has not started).
      .on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
    fastPolling();
  });
  afterEach(() => {
    platform.restore();
    normalPolling();
  });

  const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() };
  const radio = (element: HTMLElement, code: string) =>
    $$<HTMLInputElement>(element as never, 'input[type="radio"]').find((input) => input.value === code)!;

  it('lists the methods with operators under their method, and fires pay-method-change on the customer choice', async () => {
    const { element, events } = await mount(base);
    await untilState(element, 'select');
    expect($$(element, '[part="method"]')).to.have.length(3);
    expect($(element, '[part="method-list"]')!.getAttribute('role')).to.equal('radiogroup');
    radio(element, 'NETBANKING').click();
    // Net banking's rules (form-rules.ts) come with its choice: its operator shows once they are here.
    await waitUntil(() => $(element, '#f-operator'), 'the operator of net banking', { timeout: WAIT_MS });
    const operators = $<HTMLSelectElement>(element, '#f-operator')!;
    expect([...operators.options].map((o) => o.textContent!.trim())).to.deep.equal([
      'Choose…',
      'HDFC Bank',
      'State Bank of India',
    ]);
    operators.value = 'SBI';
    operators.dispatchEvent(new Event('change'));
    await element.updateComplete;
    expect(events.filter((e) => e.name === 'pay-method-change').map((e) => e.detail)).to.deep.equal([
      { paymentMethodCode: 'NETBANKING' },
      { paymentMethodCode: 'NETBANKING', paymentOperatorCode: 'SBI' },
    ]);
  });

  it('preselects from the attributes without firing pay-method-change, and locks with options-available="false"', async () => {
    const { element, events } = await mount({
      ...base,
      'payment-method-code': 'NETBANKING',
      'payment-operator-code': 'HDFC',
      'options-available': 'false',
    });
    await untilState(element, 'select');
    expect($$(element, '[part="method"]')).to.have.length(1);
    expect(radio(element, 'NETBANKING').checked).to.equal(true);
    expect($<HTMLSelectElement>(element, '#f-operator')!.value).to.equal('HDFC');
    expect($<HTMLSelectElement>(element, '#f-operator')!.disabled).to.equal(true);
    expect(events.some((e) => e.name === 'pay-method-change')).to.equal(false);
  });

  it('a preselection may be changed when options are available', async () => {
    const { element } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    expect($$(element, '[part="method"]')).to.have.length(3);
    expect(radio(element, 'UPIQR').checked).to.equal(true);
    expect(radio(element, 'NETBANKING').disabled).to.equal(false);
  });

  it('prefills customer data, read-only with allow-customer-data-change="false"', async () => {
    const { element } = await mount({
      ...base,
      'payment-method-code': 'UPICOLLECT',
      'account-name': 'Asha Devi',
      'phone-number': '+919876543210',
      'allow-customer-data-change': 'false',
    });
    await untilState(element, 'select');
    const name = $<HTMLInputElement>(element, '[data-field="account.accountName"]')!;
    expect(name.value).to.equal('Asha Devi');
    expect(name.readOnly).to.equal(true);
    expect($<HTMLInputElement>(element, '[data-field="phoneNumber"]')!.readOnly).to.equal(true);
  });

  it('validates with the method rules before any request: errors at the field, announced', async () => {
    const { element } = await mount({ ...base, 'payment-method-code': 'UPICOLLECT' });
    await untilState(element, 'select');
    type(element, 'phoneNumber', '12');
    await submit(element);
    expect(platform.count('POST', '/payins/order-1')).to.equal(0);
    const name = $<HTMLInputElement>(element, '[data-field="account.accountName"]')!;
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    const described = element.shadowRoot!.getElementById(name.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(described.textContent).to.equal('Enter your full name.');
    expect(element.shadowRoot!.getElementById('f-phoneNumber-error')!.textContent).to.equal(
      'Enter a valid mobile number.',
    );
    expect($(element, '.form-error')!.getAttribute('role')).to.equal('alert');
    expect(element.shadowRoot!.activeElement === name, 'focus on the first invalid field').to.equal(true);
    type(element, 'account.accountName', 'Asha');
    await element.updateComplete;
    expect(name.getAttribute('aria-invalid')).to.equal('false');
  });

  it('no method chosen: says so, sends nothing', async () => {
    const { element } = await mount(base);
    await untilState(element, 'select');
    await submit(element);
    expect($(element, '.form-error')!.textContent).to.contain('Choose how to pay');
    expect(platform.count('POST', '/payins/order-1')).to.equal(0);
  });

  it('creates the payin with the money, the method, callbackUrl and returnUrl, once however often Pay is pressed', async () => {
    const gate = deferred();
    platform.on('POST', '/payins/order-1', { body: payinResponse(), hold: gate.promise });
    const { element, events } = await mount({
      ...base,
      'payment-method-code': 'NETBANKING',
      'payment-operator-code': 'SBI',
      'phone-number': '98765 43210',
      'callback-url': 'https://shop.example/callback',
      'return-url': 'https://shop.example/return',
    });
    await untilState(element, 'select');
    await submit(element);
    expect(element.state).to.equal('submitting');
    await submit(element);
    element.shadowRoot!.querySelector('form')!.requestSubmit();
    gate.resolve();
    await untilEvent(events, 'pay-created');
    expect(platform.count('POST', '/payins/order-1')).to.equal(1);
    expect(platform.requests.find((r) => r.method === 'POST' && r.path === '/payins/order-1')!.body).to.deep.equal({
      paymentRequested: { money: { amount: 100, currencyCode: 'INR' } },
      paymentMethod: {
        paymentMethodCode: 'NETBANKING',
        paymentOperatorCode: 'SBI',
        phoneNumber: '9876543210',
      },
      callbackUrl: 'https://shop.example/callback',
      returnUrl: 'https://shop.example/return',
    });
    expect(events.find((e) => e.name === 'pay-created')!.detail).to.include({
      idPayin: 'order-1',
      idPayment: 'PAY-1',
      resumed: false,
    });
    await untilState(element, 'pending');
    // The pending view may arrive a moment later (its chunk): focus follows it there.
    await waitUntil(
      () => $(element, '.status') && element.shadowRoot!.activeElement === $(element, '.status'),
      'focus on the status',
    );
  });

  it('409: the payin exists, it is read and resumed', async () => {
    platform.on('POST', '/payins/order-1', { status: 409, body: { errorCode: 'CONFLICT' } });
    const { element, events } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(events.find((e) => e.name === 'pay-created')!.detail.resumed).to.equal(true);
    await untilState(element, 'pending');
    expect(platform.count('POST', '/payins/order-1')).to.equal(1);
  });

  it('406: the reason in the customer language, pay-error, and another method may be chosen', async () => {
    platform.on(
      'POST',
      '/payins/order-1',
      { status: 406, body: { errorCode: 'PAYMENT_OPERATOR_UNAVAILABLE', message: 'operator down' } },
      { body: payinResponse({}, { paymentMethodCode: 'NETBANKING' }) },
    );
    const { element, events } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    await submit(element);
    await untilEvent(events, 'pay-error');
    await untilState(element, 'select');
    expect(events.find((e) => e.name === 'pay-error')!.detail).to.deep.equal({
      code: 'PAYMENT_OPERATOR_UNAVAILABLE',
      message: 'This payment provider is unavailable right now. Try another payment method.',
      httpStatus: 406,
      retryable: false,
    });
    expect($(element, '.form-error')!.textContent).to.contain('unavailable');
    radio(element, 'NETBANKING').click();
    await element.updateComplete;
    await submit(element);
    await untilEvent(events, 'pay-created');
    expect(platform.count('POST', '/payins/order-1')).to.equal(2);
  });

  it('a network failure while creating is retried; the retry meets 409 and resumes — never a second payin', async () => {
    platform.on('POST', '/payins/order-1', 'network-error', { status: 409, body: { errorCode: 'CONFLICT' } });
    const { element, events } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    await submit(element);
    await untilEvent(events, 'pay-created', 1, 8000);
    expect(events.find((e) => e.name === 'pay-created')!.detail.resumed).to.equal(true);
  });

  it('400 from the platform marks the fields it names', async () => {
    platform.on('POST', '/payins/order-1', {
      status: 400,
      body: {
        errorCode: 'INVALID_REQUEST',
        message: 'bad',
        details: [{ field: 'paymentMethod.phoneNumber', message: 'invalid' }],
      },
    });
    const { element, events } = await mount({
      ...base,
      'payment-method-code': 'NETBANKING',
      'phone-number': '9876543210',
    });
    await untilState(element, 'select');
    await submit(element);
    await untilEvent(events, 'pay-error');
    await untilState(element, 'select');
    expect($(element, '[data-field="phoneNumber"]')!.getAttribute('aria-invalid')).to.equal('true');
    expect(events.find((e) => e.name === 'pay-error')!.detail.code).to.equal('INVALID_REQUEST');
  });
});
