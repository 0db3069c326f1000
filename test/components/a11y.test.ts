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
  submit,
  fastPolling,
  normalPolling,
  emulatePointer,
  startedHere,
} from '../support/element.js';
import { loadPaymentViews } from '../../src/components/pay-checkout/views/load-views.js';
import { loadOtherViews } from '../../src/methods/builtin.js';
import { Localizer } from '../../src/i18n/localize.js';
import { loadWords } from '../../src/i18n/words.js';
import { expectAccessible } from '../support/axe.js';
import { contrast, over, rgb, smallTargets } from '../support/measure.js';

describe('<pay-checkout> accessibility', () => {
  // The chunks the views here show (the payin views, the other methods' views, the words of
  // trouble and their views) come into the page first: each test then waits on the element's renders, not on a
  // loaded machine's first fetch and compile of them, which took more than a wait's bound.
  before(() =>
    Promise.all([
      loadPaymentViews(new Localizer('en')),
      loadOtherViews(),
      import('../../src/components/pay-checkout/views/trouble-views.js'),
      loadWords('en', 'more'),
    ]),
  );
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
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR, hold: gate.promise })
      .on('GET', '/payins/order-1', notFound);
    const createGate = deferred();
    platform.on('POST', '/payins/order-1', { body: payinResponse(), hold: createGate.promise });
    const { element } = await mount({ ...base, 'payment-method-code': 'UPICOLLECT' });
    await element.updateComplete;
    expect(element.state).to.equal('loading');
    await expectAccessible(element);
    gate.resolve();
    await untilState(element, 'select');
    await expectAccessible(element);
    await submit(element);
    expect($(element, '[aria-invalid="true"]')).to.exist;
    await expectAccessible(element);
    (element.shadowRoot!.querySelector('[data-field="account.accountName"]') as HTMLInputElement).value = 'Asha';
    element.setValue('account.accountName', 'Asha');
    element.setValue('phoneNumber', '+919876543210');
    await element.updateComplete;
    await submit(element);
    expect(element.state).to.equal('submitting');
    await expectAccessible(element);
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
      platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/payins/order-1', {
        body: payinResponse(
          { status, failureReasonCode: status === 'SUCCESS' ? undefined : 'SECURITY_CHECK_FAILED' },
          { paymentInstructionList: [{ title: 'UPI app', steps: ['Open the app', 'Scan'] }] },
        ),
      });
      const { element } = await mount({ ...base, 'return-url': 'https://shop.example/return' });
      await untilState(element, state);
      if (state === 'pending')
        await waitUntil(() => element.shadowRoot!.querySelector('svg.qr'), 'QR drawn', { timeout: 5000 });
      await expectAccessible(element);
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`the focus indicator has at least 3:1 contrast against the background (${scheme})`, async () => {
      platform
        .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
        .on('GET', '/payins/order-1', notFound);
      const { element } = await mount({ ...base, 'color-scheme': scheme });
      await untilState(element, 'select');
      const { sendKeys } = await import('@web/test-runner-commands');
      element.focus();
      await sendKeys({ press: 'Tab' });
      const focused = element.shadowRoot!.activeElement as HTMLElement;
      expect(focused.matches(':focus-visible')).to.equal(true);
      // A radio's ring is drawn by its method's card (WebKit draws no box-shadow on a native radio).
      const ringed = focused.matches('input[type="radio"]')
        ? focused.closest<HTMLElement>('[part="method"]')!
        : focused;
      // The ring is the last shadow: a gap of the background, then the ring itself (after the inset
      // line of a chosen method's card).
      const shadows = getComputedStyle(ringed)
        .boxShadow.split(/,(?![^(]*\))/)
        .filter((shadow) => !/\binset\b/.test(shadow));
      const background = rgb(getComputedStyle(element).backgroundColor);
      const ring = over(shadows.at(-1)!, background);
      expect(contrast(ring, background), `ring ${ring} on ${background}`).to.be.at.least(3);
      expect(rgb(shadows[0]!), 'the gap is the background').to.deep.equal(background);
      expect(
        parseFloat(shadows.at(-1)!.match(/([\d.]+)px\s*$/)![1]!),
        'a ring at least 2 px outside the gap',
      ).to.be.at.least(4);
    });
  }

  it('every target of the form, the pending views (phone and desktop) and the final view is at least 24×24 px', async () => {
    startedHere();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', notFound);
    const { element } = await mount({ ...base, 'return-url': 'https://shop.example/return' });
    await untilState(element, 'select');
    expect(smallTargets(element), 'form').to.deep.equal([]);
    element.remove();
    for (const coarse of [true, false]) {
      const restorePointer = emulatePointer(coarse);
      try {
        const views: [Record<string, string>, Record<string, unknown>][] = [
          [{ 'show-deep-link': 'true' }, {}],
          [
            {},
            {
              paymentMethodCode: 'OFFLINE',
              upiQrDeepLink: undefined,
              account: { accountNumber: '1234567890', bankName: 'Bank' },
            },
          ],
        ];
        for (const [attributes, method] of views) {
          platform.on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }, method) });
          const pending = await mount({
            ...base,
            ...attributes,
            'return-url': 'https://shop.example/return',
          });
          await untilState(pending.element, 'pending');
          await waitUntil(() => !pending.element.shadowRoot!.querySelector('.qr-placeholder'), 'QR drawn', {
            timeout: 5000,
          });
          expect(smallTargets(pending.element), `pending, ${coarse ? 'phone' : 'desktop'}`).to.deep.equal([]);
          pending.element.remove();
        }
      } finally {
        restorePointer();
      }
    }
    platform.on('GET', '/payins/order-1', { body: payinResponse({ status: 'SUCCESS' }) });
    const final = await mount({ ...base, 'return-url': 'https://shop.example/return' });
    await untilState(final.element, 'success');
    expect(smallTargets(final.element), 'final').to.deep.equal([]);
  });

  it('an expired request, a different amount received, a copy and an error with its actions have no axe violation', async () => {
    startedHere();
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/payins/order-1', {
      body: payinResponse({ status: 'PROCESSING' }, { expireAt: new Date(Date.now() + 800).toISOString() }),
    });
    const expiring = await mount({ ...base, 'return-url': 'https://shop.example/return' });
    await untilEvent(expiring.events, 'pay-expired', 1, 3000);
    await expiring.element.updateComplete;
    expect($(expiring.element, '.expired-note')).to.exist;
    await expectAccessible(expiring.element);
    expiring.element.remove();

    platform.on('GET', '/payins/order-1', {
      body: payinResponse({
        status: 'FAILED',
        failureReasonCode: 'DIFFERENT_AMOUNT_CONFIRMED',
        moneyReceived: { amount: 99, currencyCode: 'INR' },
      }),
    });
    const different = await mount({ ...base, 'return-url': 'https://shop.example/return' });
    await untilState(different.element, 'failed');
    await expectAccessible(different.element);
    different.element.remove();

    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => undefined },
      configurable: true,
    });
    try {
      platform.on('GET', '/payins/order-1', {
        body: payinResponse(
          { status: 'PROCESSING' },
          {
            paymentMethodCode: 'OFFLINE',
            upiQrDeepLink: undefined,
            account: { accountNumber: '1234567890', bankName: 'Bank' },
          },
        ),
      });
      const transfer = await mount(base);
      await untilState(transfer.element, 'pending');
      $<HTMLButtonElement>(transfer.element, 'button.copy')!.click();
      await waitUntil(() => $(transfer.element, 'button.done'), 'Copied shown');
      await expectAccessible(transfer.element);
      transfer.element.remove();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }

    const error = await mount({
      ...base,
      token: checkoutToken('order-1', { exp: Math.floor(Date.now() / 1000) - 5 }),
      'return-url': 'https://shop.example/return',
    });
    await untilState(error.element, 'error');
    expect($(error.element, '.actions a')).to.exist;
    await expectAccessible(error.element);
  });

  it('error has no axe violation, and its message is an alert', async () => {
    const { element } = await mount({ ...base, token: 'broken' });
    await untilState(element, 'error');
    expect($(element, '[role="alert"]')).to.exist;
    await expectAccessible(element);
  });

  it('status changes are announced in a polite live region', async () => {
    startedHere();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on(
        'GET',
        '/payins/order-1',
        { body: payinResponse({ status: 'PROCESSING' }) },
        { body: payinResponse({ status: 'SUCCESS' }) },
      );
    const { element } = await mount(base);
    await untilState(element, 'success');
    const live = element.shadowRoot!.querySelector('[aria-live="polite"]')!;
    expect(live.textContent!.trim()).to.equal('Payment successful');
  });

  it('can be used by keyboard alone: Tab reaches the methods and the pay button, Space selects', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', notFound);
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
