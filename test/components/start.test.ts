import { expect, waitUntil } from '@open-wc/testing';
import {
  FakePlatform,
  BASE_URL,
  OPTIONS_INR,
  checkoutToken,
  deferred,
  payinResponse,
} from '../support/fake-platform.js';
import { fakeJwt } from '../support/jwt.js';
import {
  mount,
  untilState,
  untilEvent,
  $,
  expectNone,
  fastPolling,
  normalPolling,
  startedHere,
} from '../support/element.js';
import { pageClock, type PageClock } from '../support/page-clock.js';

describe('<pay-checkout> start', () => {
  let platform: FakePlatform;
  // The page's timers on the test's clock: "no request" is checked by running them all.
  let clock: PageClock;
  beforeEach(() => {
    clock = pageClock();
    platform = new FakePlatform().install();
    fastPolling();
  });
  afterEach(() => {
    clock.uninstall();
    platform.restore();
    normalPolling();
  });

  const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR' };

  it('a token not there yet is waited for, in loading (no error, no request); it starts once the token is set', async () => {
    const { element, events } = await mount({ ...base, 'payin-id': 'order-1' });
    await clock.runAll();
    expect(element.getAttribute('state')).to.equal('loading');
    expect(events).to.have.length(0);
    expect(platform.requests).to.have.length(0);
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR });
    element.token = checkoutToken();
    await untilState(element, 'select');
    expect(events.map((event) => event.name)).to.deep.equal(['pay-ready']);
  });

  for (const [name, token, code] of [
    ['malformed', 'not-a-jwt', 'TOKEN_INVALID'],
    ['expired', checkoutToken('order-1', { exp: Math.floor(Date.now() / 1000) - 5 }), 'TOKEN_EXPIRED'],
    [
      'general-privilege',
      fakeJwt({
        exp: Math.floor(Date.now() / 1000) + 600,
        operations: ['POST /payins/.*', 'GET /payins/.*'],
      }),
      'TOKEN_TOO_BROAD',
    ],
  ] as const) {
    it(`a ${name} token: state error, pay-error ${code}, and no request at all`, async () => {
      const { element, events } = await mount({ ...base, token, 'payin-id': 'order-1' });
      await untilState(element, 'error');
      expect(element.getAttribute('state')).to.equal('error');
      const error = events.find((event) => event.name === 'pay-error');
      expect(error?.detail.code).to.equal(code);
      expect(error?.detail.retryable).to.equal(false);
      expect($(element, '[part="error"]')?.getAttribute('role')).to.equal('alert');
      await clock.runAll();
      expect(platform.requests).to.have.length(0);
    });
  }

  it('bad attributes get a clear error naming the attribute and send nothing', async () => {
    for (const [attributes, pattern] of [
      [{ 'base-url': 'ftp://x' }, /base-url/],
      [{ amount: 'lots' }, /amount/],
      [{ 'currency-code': 'rupees' }, /currency/],
      [{ 'return-url': 'javascript:alert(1)' }, /return-url/],
    ] as const) {
      const { element, events } = await mount({ ...base, token: checkoutToken(), ...attributes });
      await untilState(element, 'error');
      const error = events.find((event) => event.name === 'pay-error')!;
      expect(error.detail.code).to.equal('INVALID_ATTRIBUTE');
      expect(error.detail.message).to.match(pattern);
      element.remove();
    }
    expect(platform.requests).to.have.length(0);
  });

  it('a fresh checkout asks for the options and the merchant name in parallel, and never for a payin that cannot exist yet', async () => {
    const gate = deferred();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR, hold: gate.promise })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Chai & Co' } }, hold: gate.promise });
    const { element, events } = await mount({ ...base, token: checkoutToken() });
    await waitUntil(() => platform.requests.length >= 2, 'the first requests');
    // Both are on the wire before either has answered; no GET /payins/order-1 (no 404 in the console).
    expect(platform.requests.map((r) => `${r.method} ${r.path}`).sort()).to.deep.equal([
      'GET /merchant-info',
      'POST /payins/!availablePaymentOptions',
    ]);
    gate.resolve();
    await untilEvent(events, 'pay-ready');
    expect(element.state).to.equal('select');
    const ready = events.find((event) => event.name === 'pay-ready')!;
    expect(ready.detail.merchantName).to.equal('Chai & Co');
    expect(ready.detail.options.map((o: { paymentMethodCode: string }) => o.paymentMethodCode)).to.deep.equal([
      'UPIQR',
      'NETBANKING',
      'UPICOLLECT',
    ]);
    expect($(element, '[part="merchant-name"]')!.textContent).to.contain('Chai & Co');
    expect(platform.requests[0]!.body).to.deep.equal({ money: { amount: 100, currencyCode: 'INR' } });
    // Ready, and every timer the page set run: still those two, never a read of the payin.
    await clock.runAll();
    expect(platform.requests).to.have.length(2);
  });

  it('sends Accept, Content-Type, X-API-Version and the bearer token on every call', async () => {
    startedHere();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
    const token = checkoutToken('order-1', {}, [
      'POST /payins/!availablePaymentOptions',
      'POST /payins/order-1',
      'GET /payins/order-1',
    ]);
    const { element } = await mount({ ...base, token, 'api-version': '2' });
    await untilState(element, 'select');
    expect(platform.requests).to.have.length(2);
    for (const request of platform.requests) {
      expect(request.headers.accept).to.equal('application/json');
      expect(request.headers['content-type']).to.equal('application/json');
      expect(request.headers['x-api-version']).to.equal('2');
      expect(request.headers.authorization).to.equal(`Bearer ${token}`);
    }
  });

  it('does not ask for the merchant name when the token does not permit it, and hides it', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
    const { element } = await mount({
      ...base,
      token: checkoutToken('order-1', {}, [
        'POST /payins/!availablePaymentOptions',
        'POST /payins/order-1',
        'GET /payins/order-1',
      ]),
    });
    await untilState(element, 'select');
    expect(platform.count('GET', '/merchant-info')).to.equal(0);
    expectNone(element, '[part="merchant-name"]');
  });

  it('when the token does not say, tries the merchant name and hides it on 403', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } })
      .on('GET', '/merchant-info', { status: 403, body: { errorCode: 'FORBIDDEN' } });
    const token = fakeJwt({ idPayment: 'order-1', exp: Math.floor(Date.now() / 1000) + 600 });
    const { element, events } = await mount({ ...base, token });
    await untilState(element, 'select');
    expect(platform.count('GET', '/merchant-info')).to.equal(1);
    expectNone(element, '[part="merchant-name"]');
    expect(events.filter((event) => event.name === 'pay-error')).to.have.length(0);
  });

  it('takes idPayin and money from the token when the attributes are absent', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/o-77', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
    const { element } = await mount({
      'base-url': BASE_URL,
      token: checkoutToken('o-77', { money: { amount: 250, currencyCode: 'INR' } }),
    });
    await untilState(element, 'select');
    expect(platform.requests.find((r) => r.path === '/payins/!availablePaymentOptions')!.body).to.deep.equal({
      money: { amount: 250, currencyCode: 'INR' },
    });
    expect($(element, '[part="submit"]')!.textContent).to.contain('250');
  });

  it('a payin that already exists resumes at its status, never at the form', async () => {
    startedHere();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) });
    const { element, events } = await mount({ ...base, token: checkoutToken() });
    await untilState(element, 'pending');
    expectNone(element, '[part="form"]');
    const created = events.find((event) => event.name === 'pay-created')!;
    expect(created.detail).to.include({ idPayin: 'order-1', idPayment: 'PAY-1', resumed: true });
    expect(events.find((event) => event.name === 'pay-status')!.detail.status).to.equal('PROCESSING');
    expect(events.some((event) => event.name === 'pay-ready')).to.equal(false);
  });

  it('a payin already final resumes at its final state', async () => {
    startedHere();
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/payins/order-1', {
      body: payinResponse({ status: 'FAILED', failureReasonCode: 'DIFFERENT_AMOUNT_CONFIRMED' }),
    });
    const { element, events } = await mount({
      ...base,
      token: checkoutToken(),
      'return-url': 'https://shop.example/return',
    });
    await untilState(element, 'failed');
    expect(events.find((event) => event.name === 'pay-failed')!.detail.failureReasonCode).to.equal(
      'DIFFERENT_AMOUNT_CONFIRMED',
    );
    // The final view arrives with the payin views chunk, a moment after the state.
    await waitUntil(
      () => element.shadowRoot!.textContent!.includes('A different amount was paid'),
      'the reason in words',
    );
    expect($<HTMLAnchorElement>(element, 'a.button')!.href).to.equal('https://shop.example/return');
  });

  it('an unsupported version (404 on every call) is VERSION_UNSUPPORTED', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { status: 404, text: '' })
      .on('GET', '/payins/order-1', { status: 404, text: '' })
      .on('GET', '/merchant-info', { status: 404, text: '' });
    const { element, events } = await mount({ ...base, token: checkoutToken(), 'api-version': '9' });
    await untilState(element, 'error');
    expect(platform.requests[0]!.headers['x-api-version']).to.equal('9');
    expect(events.find((event) => event.name === 'pay-error')!.detail).to.include({
      code: 'VERSION_UNSUPPORTED',
      httpStatus: 404,
    });
  });

  it('a malformed options answer is BAD_RESPONSE with a way to try again', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: { data: 'nope' } }, { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
    const { element, events } = await mount({ ...base, token: checkoutToken() });
    await untilState(element, 'error');
    expect(events.find((event) => event.name === 'pay-error')!.detail).to.include({
      code: 'BAD_RESPONSE',
      retryable: true,
    });
    $<HTMLButtonElement>(element, 'button.primary')!.click();
    await untilState(element, 'select');
  });

  it('an expired or rejected token at the platform (401) is UNAUTHORIZED', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', {
        status: 401,
        body: { errorCode: 'UNAUTHORIZED', message: 'bad signature' },
      })
      .on('GET', '/payins/order-1', { status: 401, body: { errorCode: 'UNAUTHORIZED' } });
    const { element, events } = await mount({ ...base, token: checkoutToken() });
    await untilState(element, 'error');
    expect(events.find((event) => event.name === 'pay-error')!.detail).to.include({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      retryable: false,
    });
  });
});
