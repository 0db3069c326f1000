import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, deferred, payinResponse } from '../support/fake-platform.js';
import { mount, untilState, $, submit, fastPolling, normalPolling, startedHere } from '../support/element.js';

describe('<pay-checkout> accessibility', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform.on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
    fastPolling();
  });
  afterEach(() => {
    platform.restore();
    normalPolling();
  });
  const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() };
  const notFound = { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } };

  it('loading, select, field errors and submitting have no axe violation', async () => {
    const gate = deferred();
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR, hold: gate.promise }).on('GET', '/payins/order-1', notFound);
    const createGate = deferred();
    platform.on('POST', '/payins/order-1', { body: payinResponse(), hold: createGate.promise });
    const { element } = await mount({ ...base, 'payment-method-code': 'UPICOLLECT' });
    await element.updateComplete;
    expect(element.state).to.equal('loading');
    await expect(element).to.be.accessible();
    gate.resolve();
    await untilState(element, 'select');
    await expect(element).to.be.accessible();
    await submit(element);
    expect($(element, '[aria-invalid="true"]')).to.exist;
    await expect(element).to.be.accessible();
    (element.shadowRoot!.querySelector('[data-field="account.accountName"]') as HTMLInputElement).value = 'Asha';
    element.setValue('account.accountName', 'Asha');
    element.setValue('phoneNumber', '+919876543210');
    await element.updateComplete;
    await submit(element);
    expect(element.state).to.equal('submitting');
    await expect(element).to.be.accessible();
    createGate.resolve();
    await untilState(element, 'pending');
  });

  for (const [status, state] of [
    ['PROCESSING', 'pending'],
    ['SUCCESS', 'success'],
    ['FAILED', 'failed'],
    ['REFUSED', 'refused'],
  ] as const) {
    it(`${state} has no axe violation`, async () => {
      startedHere();
      platform
        .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
        .on('GET', '/payins/order-1', { body: payinResponse({ status, failureReasonCode: status === 'SUCCESS' ? undefined : 'SECURITY_CHECK_FAILED' }, { paymentInstructionList: [{ title: 'UPI app', steps: ['Open the app', 'Scan'] }] }) });
      const { element } = await mount({ ...base, 'return-url': 'https://shop.example/return' });
      await untilState(element, state);
      if (state === 'pending') await waitUntil(() => element.shadowRoot!.querySelector('svg.qr'), 'QR drawn');
      await expect(element).to.be.accessible();
    });
  }

  it('error has no axe violation, and its message is an alert', async () => {
    const { element } = await mount({ ...base, token: 'broken' });
    await untilState(element, 'error');
    expect($(element, '[role="alert"]')).to.exist;
    await expect(element).to.be.accessible();
  });

  it('status changes are announced in a polite live region', async () => {
    startedHere();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) }, { body: payinResponse({ status: 'SUCCESS' }) });
    const { element } = await mount(base);
    await untilState(element, 'success');
    const live = element.shadowRoot!.querySelector('[aria-live="polite"]')!;
    expect(live.textContent!.trim()).to.equal('Payment successful');
  });

  it('can be used by keyboard alone: Tab reaches the methods and the pay button, Space selects', async () => {
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/payins/order-1', notFound);
    // The create is held so the submitting state can be seen.
    const held = deferred();
    platform.on('POST', '/payins/order-1', { body: payinResponse(), hold: held.promise });
    const { element } = await mount(base);
    await untilState(element, 'select');
    const { sendKeys } = await import('@web/test-runner-commands');
    element.focus();
    await sendKeys({ press: 'Tab' });
    expect((element.shadowRoot!.activeElement as HTMLInputElement).type).to.equal('radio');
    // The space bar by its character: Playwright and WebDriver also know it as 'Space', puppeteer does not.
    await sendKeys({ press: ' ' });
    await element.updateComplete;
    expect(element.selectedCode).to.equal('UPIQR');
    // UPI QR offers the customer's UPI ID: Tab reaches it, then the pay button.
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement!.getAttribute('data-field')).to.equal('upiId');
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement!.getAttribute('part')).to.equal('submit');
    await sendKeys({ press: 'Enter' });
    await untilState(element, 'submitting');
    held.resolve();
  });
});
