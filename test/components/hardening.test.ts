/**
 * Issues 12 and 13 in real Chromium: polling that never spins, bad answers that pass, answers
 * about another payment, a patient start and create, the started-here marker, the merchant's own
 * options, a wrong base-url.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { fakeJwt } from '../support/jwt.js';
import {
  mount,
  untilState,
  untilEvent,
  $,
  submit,
  fastPolling,
  normalPolling,
  startedHere,
} from '../support/element.js';
import { pageClock, type PageClock } from '../support/page-clock.js';

describe('<pay-checkout> hardening and scale', () => {
  let platform: FakePlatform;
  // The page's timers on the test's clock: what the element does as time passes is seen at once.
  let clock: PageClock;
  beforeEach(() => {
    clock = pageClock();
    platform = new FakePlatform().install();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
    fastPolling();
  });
  afterEach(() => {
    clock.uninstall();
    platform.restore();
    normalPolling();
  });

  const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() };
  const processing = { body: payinResponse({ status: 'PROCESSING' }) };

  for (const [name, retryAfter] of [
    ['Retry-After: 0', () => '0'],
    ['a Retry-After date already past', () => new Date(Date.now() - 60_000).toUTCString()],
  ] as const) {
    it(`polling never spins: ${name} waits at least the normal cadence`, async () => {
      startedHere();
      platform.on('GET', '/payins/order-1', processing, {
        status: 429,
        body: { errorCode: 'RATE_LIMITED' },
        headers: { 'Retry-After': retryAfter() },
      });
      const { element } = await mount(base);
      await untilState(element, 'pending');
      const before = platform.count('GET', '/payins/order-1');
      await clock.pass(600);
      // The fast cadence is 20 ms in these tests: at most 31 polls in 600 ms of the page's time,
      // one at its start and one every 20 ms (a spin would run the clock's timers past its limit).
      expect(platform.count('GET', '/payins/order-1') - before).to.be.at.most(31);
    });
  }

  it('a busy platform (429) while following is nothing for anyone to act on: no pay-error, no "connection lost"', async () => {
    startedHere();
    const limited = { status: 429, body: { errorCode: 'RATE_LIMITED' }, headers: { 'Retry-After': '0' } };
    platform.on('GET', '/payins/order-1', processing, limited, limited, {
      body: payinResponse({ status: 'SUCCESS' }),
    });
    const { element, events } = await mount(base);
    await untilState(element, 'pending');
    await waitUntil(() => platform.count('GET', '/payins/order-1') >= 3, 'the 429s');
    expect(element.shadowRoot!.textContent).not.to.contain('Connection lost');
    await untilState(element, 'success', 4000);
    expect(events.filter((event) => event.name === 'pay-error')).to.have.length(0);
  });

  it('a bad answer while polling is transient: retried with backoff, and the payment that succeeded shows it', async () => {
    startedHere();
    platform.on(
      'GET',
      '/payins/order-1',
      processing,
      { text: '{"status":"PROC' },
      { body: { status: 42 } },
      { body: payinResponse({ status: 'SUCCESS' }) },
    );
    const { element, events } = await mount(base);
    await untilState(element, 'success', 4000);
    // pay-error waits for the words of trouble; pay-success, after it, waits behind it.
    await untilEvent(events, 'pay-success');
    const errors = events.filter((event) => event.name === 'pay-error');
    expect(errors.map((event) => [event.detail.code, event.detail.retryable])).to.deep.equal([['BAD_RESPONSE', true]]);
    expect(
      events
        .map((event) => event.name)
        .filter((name) => name === 'pay-error' || name === 'pay-status')
        .slice(-2),
    ).to.deep.equal(['pay-error', 'pay-status']);
  });

  it('an answer about another payment is BAD_RESPONSE, never its success: another idPayin, or other money', async () => {
    startedHere();
    const other = payinResponse({ status: 'SUCCESS' }, { idPayin: 'f-1' });
    const otherMoney = payinResponse({
      status: 'SUCCESS',
      paymentRequested: { money: { amount: 999, currencyCode: 'INR' } },
    });
    platform.on('GET', '/payins/order-1', processing, { body: other }, { body: otherMoney }, processing);
    const { element, events } = await mount(base);
    await untilState(element, 'pending');
    await waitUntil(() => platform.count('GET', '/payins/order-1') >= 4, 'polled past the wrong answers');
    expect(element.state).to.equal('pending');
    expect(events.some((event) => event.name === 'pay-success')).to.equal(false);
    await untilEvent(events, 'pay-error');
    expect(events.find((event) => event.name === 'pay-error')!.detail).to.include({
      code: 'BAD_RESPONSE',
      retryable: true,
    });
    platform.on('GET', '/payins/order-1', { body: payinResponse({ status: 'SUCCESS' }) });
    await untilState(element, 'success');
  });

  it('a 429 at the start is never final: "busy" in loading, then the form, and no error for anyone', async () => {
    const limited = { status: 429, body: { errorCode: 'RATE_LIMITED' }, headers: { 'Retry-After': '0' } };
    platform.on('POST', '/payins/!availablePaymentOptions', limited, limited, { body: OPTIONS_INR });
    const { element, events } = await mount(base);
    await waitUntil(() => element.shadowRoot!.textContent!.includes('Busy'), 'busy shown');
    expect(element.state).to.equal('loading');
    await untilState(element, 'select', 8000);
    expect(platform.count('POST', '/payins/!availablePaymentOptions')).to.equal(3);
    expect(events.filter((event) => event.name === 'pay-error')).to.have.length(0);
  });

  it('a 429 at the create waits at the pressed button, then creates once', async () => {
    const limited = { status: 429, body: { errorCode: 'RATE_LIMITED' }, headers: { 'Retry-After': '0' } };
    platform.on('POST', '/payins/order-1', limited, { body: payinResponse() }).on('GET', '/payins/order-1', processing);
    const { element, events } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    // With Retry-After: 0 the wait is as short as a task: the button's words are watched as they
    // change, so a poll cannot miss them, and the state is read at that moment.
    let busyIn: string | undefined;
    const watch = new MutationObserver(() => {
      if (!busyIn && $(element, '[part="submit"]')?.textContent?.includes('Busy')) busyIn = element.state;
    });
    watch.observe(element.shadowRoot!, { subtree: true, childList: true, characterData: true });
    await submit(element);
    await waitUntil(() => busyIn, 'the button says busy');
    watch.disconnect();
    expect(busyIn).to.equal('submitting');
    await untilState(element, 'pending', 8000);
    expect(platform.count('POST', '/payins/order-1')).to.equal(2);
    expect(events.filter((event) => event.name === 'pay-error')).to.have.length(0);
  });

  it('a 406 the moment the form shows: the customer and the pay-error read the rejection in words (they load with the payin views)', async () => {
    platform.on('POST', '/payins/order-1', {
      status: 406,
      body: { errorCode: 'INVALID_ACCOUNT_NUMBER', message: 'no such account' },
    });
    const { element, events } = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(element, 'select');
    await submit(element);
    await waitUntil(() => events.some((event) => event.name === 'pay-error'), 'pay-error');
    const words = 'The account number was not accepted. Check it and try again.';
    expect(events.find((event) => event.name === 'pay-error')!.detail).to.include({
      code: 'INVALID_ACCOUNT_NUMBER',
      message: words,
      httpStatus: 406,
    });
    await waitUntil(() => $(element, '.form-error')?.textContent?.includes(words), 'the words at the form');
  });

  it('a payin created in this tab is marked: a reload resumes it, a new tab shows the form', async () => {
    platform.on('POST', '/payins/order-1', { body: payinResponse() }).on('GET', '/payins/order-1', processing);
    const first = await mount({ ...base, 'payment-method-code': 'UPIQR' });
    await untilState(first.element, 'select');
    expect(platform.count('GET', '/payins/order-1')).to.equal(0);
    await submit(first.element);
    await untilState(first.element, 'pending');
    first.element.remove();
    const reads = platform.count('GET', '/payins/order-1');
    const reloaded = await mount(base);
    await untilState(reloaded.element, 'pending');
    expect(reloaded.events.find((event) => event.name === 'pay-created')!.detail.resumed).to.equal(true);
    expect(platform.count('GET', '/payins/order-1')).to.be.greaterThan(reads);
    reloaded.element.remove();
    // Another tab (no marker): the form; were the customer to pay there, the create meets 409 and resumes.
    sessionStorage.clear();
    const other = await mount(base);
    await untilState(other.element, 'select');
  });

  it('a token that can only read (PAYIN_INFO) reads the payin at once, marker or not', async () => {
    platform.on('GET', '/payins/order-1', processing);
    const token = fakeJwt({
      merchantCode: 'demo-merchant',
      action: 'PAYIN_INFO',
      idPayment: 'order-1',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const { element } = await mount({ ...base, token });
    await untilState(element, 'pending');
  });

  it("the merchant's own options: no options request, pay-ready at once, the merchant name after", async () => {
    const { element, events } = await mount(base, { options: OPTIONS_INR });
    await untilState(element, 'select');
    expect(platform.count('POST', '/payins/!availablePaymentOptions')).to.equal(0);
    expect(events.filter((event) => event.name === 'pay-ready')).to.have.length(1);
    await waitUntil(
      () => $(element, '[part="merchant-name"]')?.textContent?.includes('Demo Shop'),
      'the merchant name',
    );
    expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([
      'GET /merchant-info',
    ]);
  });

  it("the merchant's own options and name: pay-ready with that name and not one platform request; the name is text", async () => {
    const { element, events } = await mount(
      { ...base, 'merchant-name': '  <b>Chai</b> & Co  ' },
      { options: OPTIONS_INR },
    );
    await untilState(element, 'select');
    expect(
      events.filter((event) => event.name === 'pay-ready').map((event) => event.detail.merchantName),
    ).to.deep.equal(['<b>Chai</b> & Co']);
    const shown = $(element, '[part="merchant-name"]')!;
    expect(shown.textContent).to.contain('<b>Chai</b> & Co');
    expect(shown.querySelector('b')).to.equal(null);
    // Every timer the page set runs: none of them asks, the shop said the name.
    await clock.runAll();
    expect(platform.requests).to.have.length(0);
  });

  it('a merchant-name without options: the options are asked for, the merchant name is not', async () => {
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR });
    const { element } = await mount({ ...base, 'merchant-name': 'Chai & Co' });
    await untilState(element, 'select');
    expect($(element, '[part="merchant-name"]')!.textContent).to.contain('Chai & Co');
    expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([
      'POST /payins/!availablePaymentOptions',
    ]);
  });

  it('options that are not an options answer are bad page input naming options', async () => {
    const { element, events } = await mount(base, { options: { data: 'UPIQR' } as never });
    await untilState(element, 'error');
    const errors = events
      .filter((event) => event.name === 'pay-error')
      .map((event) => event.detail as { code: string; message: string });
    expect(errors[0]).to.include({ code: 'INVALID_ATTRIBUTE' });
    expect(errors[0]!.message).to.match(/options/);
    expect(platform.requests).to.have.length(0);
  });

  it('a base-url that is not the platform (404 to the options) is INVALID_ATTRIBUTE naming base-url', async () => {
    platform.on('POST', '/payins/!availablePaymentOptions', {
      status: 404,
      body: { errorCode: 'NOT_FOUND', message: 'No such page' },
    });
    const { element, events } = await mount(base);
    await untilState(element, 'error');
    const error = events.find((event) => event.name === 'pay-error')!.detail;
    expect(error).to.include({ code: 'INVALID_ATTRIBUTE', retryable: false });
    expect(error.message).to.match(/base-url/);
    expect($(element, '[part="error"]')!.textContent).to.contain('not set up correctly');
  });
});

describe('<pay-checkout> bad amounts are bad input', () => {
  let clock: PageClock;
  beforeEach(() => (clock = pageClock()));
  afterEach(() => clock.uninstall());
  for (const [amount, currency, says] of [
    ['590.5', 'KRW', /KRW has no decimals/],
    ['150000.5', 'IDR', /IDR has no decimals/],
    ['60.123', 'INR', /at most 2 decimals for INR/],
    ['10.1234567', 'USDT', /at most 6 decimals for USDT/],
    ['0', 'INR', /greater than 0/],
    ['-5', 'INR', /greater than 0/],
    ['1e308', 'INR', /at most 1,000,000,000,000/],
    ['Infinity', 'INR', /finite/],
  ] as const) {
    it(`${amount} ${currency}: INVALID_ATTRIBUTE naming amount, and no request`, async () => {
      const platform = new FakePlatform().install();
      try {
        const { element, events } = await mount({
          'base-url': BASE_URL,
          amount,
          'currency-code': currency,
          token: checkoutToken(),
        });
        await untilState(element, 'error');
        const error = events.find((event) => event.name === 'pay-error')!.detail;
        expect(error.code).to.equal('INVALID_ATTRIBUTE');
        expect(error.message)
          .to.match(/\(amount: /)
          .and.to.match(says);
        // Every timer the page set runs: none of them makes a request.
        await clock.runAll();
        expect(platform.requests).to.have.length(0);
      } finally {
        platform.restore();
      }
    });
  }
});

describe('<pay-checkout> waits for its token', () => {
  it('no token yet: loading, no request, no error; a hint in the console after a few seconds, not at once', async () => {
    const clock = pageClock();
    const platform = new FakePlatform().install();
    const infos: { text: string; at: number }[] = [];
    const info = console.info;
    console.info = (...args: unknown[]) => void infos.push({ text: args.join(' '), at: Date.now() });
    try {
      const mountedAt = Date.now();
      const { element, events } = await mount({
        'base-url': BASE_URL,
        amount: '100',
        'currency-code': 'INR',
      });
      await element.updateComplete;
      expect(infos).to.have.length(0);
      // All the page would do by itself, done: it waits on, and says so once, seconds later.
      await clock.runAll();
      expect(element.state).to.equal('loading');
      expect(events).to.have.length(0);
      expect(platform.requests).to.have.length(0);
      expect(infos.map((hint) => hint.text)).to.have.length(1);
      expect(infos[0]!.text).to.contain('waiting for its token');
      expect(infos[0]!.at - mountedAt).to.be.at.least(3000);
      expect(events).to.have.length(0);
    } finally {
      console.info = info;
      platform.restore();
      clock.uninstall();
    }
  });
});
