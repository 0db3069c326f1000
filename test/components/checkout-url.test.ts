/**
 * checkout-url and fetchCheckout (issue 21): the element asks the merchant's server for its
 * checkout, renews its token there while a payin is pending, and resumes through the checkout's
 * handle after a reload. The merchant's server is the real kit,
 * createCheckoutBackend, mounted on the test runner's server (test/support/kit-server.mjs), the
 * platform the emulator.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { $, fastPolling, mount, normalPolling, submit, untilEvent, untilState } from '../support/element.js';
import {
  advanceClock,
  mintToken,
  ownPlatform,
  recordFetch,
  recordStreams,
  sandboxUrl,
  uniqueId,
} from '../support/browser-sandbox.js';
import { decodeToken } from '../../src/api/token.js';
import { loadWords } from '../../src/i18n/words.js';
import type { CheckoutResponse } from '../../src/api/schemas/checkout-response.js';
import { PushedStatus } from '../../src/checkout/pushed-status.js';
import { pageClock } from '../support/page-clock.js';

interface KitStats {
  idPayin?: string;
  creates: number;
  renewals: number;
  refused: number;
  busy: number;
}

/**
 * The kit's checkout URL for one order (`key`, which its order hook reads as a shop reads its
 * cart) and the test's scenario (kit-server.mjs); `stream: '0'`: a server that offers no stream,
 * so the element polls the kit's status route; with `poll: '0'` neither, so it polls the platform. `own`: the kit on an emulator of the test's own, whose clock the test moves.
 */
const checkoutUrl = (key: string, scenario: Record<string, string> = {}, own?: string) =>
  `/__test/kit${own ? `/own/${own}` : ''}/checkouts?${new URLSearchParams({ key, amount: '100', currencyCode: 'INR', ...scenario })}`;
/** An answer no kit gives (kit-server.mjs): `bad` (no token), `broad`, `otherPayin`. */
const oddCheckoutUrl = (kind: string) => `/__test/odd-checkout?${new URLSearchParams({ key: uniqueId('odd'), kind })}`;
const kitStats = (key: string): Promise<KitStats> =>
  fetch(`/__test/kit/stats?key=${key}`).then((response) => response.json());

/** A virtual account in IDR: the platform keeps it pending a day (amount 1: until it expires). */
const VIRTUAL_ACCOUNT = {
  'payment-method-code': 'VAPAY',
  'payment-operator-code': 'BCA',
  'options-available': 'false',
};

const settle = async (idPayin: string, status = 'SUCCESS', own?: string) =>
  fetch(`${await sandboxUrl(own)}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });

/**
 * The bound of a wait for what the element does next with the platform (a read, a renewal, the
 * final state). Under fastPolling() the poller reads every 40 ms: the bound is for a loaded
 * machine, and no wait depends on it being reached in time or not.
 */
const NEXT_STEP_MS = 14_000;

describe('<pay-checkout> with checkout-url (the merchant’s checkout)', () => {
  let recorder: ReturnType<typeof recordFetch>;
  let platform: string;
  before(async () => {
    platform = await sandboxUrl();
  });
  beforeEach(() => {
    fastPolling();
    recorder = recordFetch();
  });
  afterEach(() => {
    recorder.restore();
    normalPolling();
  });

  /** The page's requests to the platform (the test's own to the emulator's tools aside). */
  const toPlatform = (base = platform) =>
    recorder.requests.filter((request) => request.url.startsWith(base) && !request.path.startsWith('/__sandbox/'));
  const toKit = () => recorder.requests.filter((request) => request.path === '/__test/kit/checkouts');
  const reads = (idPayin: string, base = platform) =>
    toPlatform(base).filter((request) => request.method === 'GET' && request.path === `/payins/${idPayin}`);
  const creates = (idPayin: string) =>
    toPlatform().filter((request) => request.method === 'POST' && request.path === `/payins/${idPayin}`);

  it('takes the token, platform, payin, money, options and name from the answer, and pays to success', async () => {
    const key = uniqueId('kit');
    // The page's own merchant-name and payin-id give way to the answer's.
    const { element, events } = await mount({
      'checkout-url': checkoutUrl(key),
      'payment-method-code': 'UPIQR',
      'merchant-name': 'Page Shop',
      'payin-id': 'not-the-order',
    });
    await untilState(element, 'select');
    const [asked] = toKit();
    expect(asked!.method).to.equal('POST');
    expect(asked!.body).to.deep.equal({});
    expect(asked!.credentials).to.equal('same-origin');
    expect(asked!.headers).to.include({ accept: 'application/json', 'content-type': 'application/json' });
    expect(asked!.headers).to.not.have.property('x-api-version');
    expect($(element, '[part="merchant-name"]')!.textContent).to.contain('Kit Shop');
    // The answer carried the options: pay-ready took no platform request.
    expect(toPlatform()).to.have.length(0);
    const { idPayin } = await kitStats(key);
    expect(events.find((e) => e.name === 'pay-ready')!.detail.merchantName).to.equal('Kit Shop');
    await submit(element);
    await untilState(element, 'success', 8000);
    expect(creates(idPayin!)).to.have.length(1);
    expect(creates(idPayin!)[0]!.body).to.nested.include({
      'paymentRequested.money.amount': 100,
      'paymentRequested.money.currencyCode': 'INR',
    });
    expect(events.find((e) => e.name === 'pay-created')!.detail).to.include({ idPayin, resumed: false });
    expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
    expect(await kitStats(key)).to.include({ creates: 1, renewals: 0 });
  });

  it('a reload renews the same checkout through its handle and resumes its payin: one create in all, never the form', async () => {
    const key = uniqueId('kit');
    const attributes = { 'checkout-url': checkoutUrl(key, { amount: '1' }), 'payment-method-code': 'UPIQR' };
    const first = await mount(attributes);
    await untilState(first.element, 'select');
    await submit(first.element);
    await untilState(first.element, 'pending');
    const { idPayin } = await kitStats(key);
    first.element.remove(); // the page goes away…
    const again = await mount(attributes); // …and comes back
    await untilState(again.element, 'pending');
    expect(again.events.find((e) => e.name === 'pay-created')!.detail).to.include({ idPayin, resumed: true });
    expect(again.events.some((e) => e.name === 'pay-ready')).to.equal(false);
    const [created, renewed] = toKit();
    expect(created!.body).to.deep.equal({});
    expect(Object.keys(renewed!.body as object)).to.deep.equal(['handle']);
    expect((renewed!.body as { handle: string }).handle)
      .to.be.a('string')
      .and.have.length.greaterThan(8);
    expect(await kitStats(key)).to.include({ creates: 1, renewals: 1 });
    expect(creates(idPayin!)).to.have.length(1);
  });

  it('renews its token a minute before it expires, by the platform’s clock: no 401, no pay-error', async function () {
    this.timeout(45_000);
    const key = uniqueId('kit');
    const own = ownPlatform();
    const base = await sandboxUrl(own);
    const { element, events } = await mount({
      'checkout-url': checkoutUrl(key, { amount: '1', currencyCode: 'IDR', stream: '0', poll: '0' }, own),
      ...VIRTUAL_ACCOUNT,
    });
    // The kit on an emulator of the test's own starts with this checkout.
    await untilState(element, 'select', NEXT_STEP_MS);
    await submit(element);
    await untilState(element, 'pending', NEXT_STEP_MS);
    const { idPayin } = await kitStats(key);
    const first = reads(idPayin!, base).at(-1)?.headers.authorization;
    // 30 s of the token's 1800 left, by the emulator's clock: the next read's Date says so.
    await advanceClock(own, 1800 - 30);
    await waitUntil(async () => (await kitStats(key)).renewals >= 1, 'a renewal', { timeout: NEXT_STEP_MS });
    await waitUntil(
      () => reads(idPayin!, base).some((read) => read.headers.authorization !== first && read.status === 200),
      'a read with the fresh token',
      { timeout: NEXT_STEP_MS },
    );
    expect(toPlatform(base).filter((request) => request.status === 401)).to.have.length(0);
    expect(events.filter((e) => e.name === 'pay-error' || e.name === 'pay-token-expiring')).to.have.length(0);
    await settle(idPayin!, 'SUCCESS', own);
    await untilState(element, 'success', NEXT_STEP_MS);
  });

  it('the emulator’s clock moved past the token’s expiry: a 401, renewed once, read again; no pay-error and no error shown', async function () {
    this.timeout(45_000);
    const key = uniqueId('kit');
    const own = ownPlatform();
    const base = await sandboxUrl(own);
    const { element, events } = await mount({
      'checkout-url': checkoutUrl(key, { amount: '1', currencyCode: 'IDR', stream: '0', poll: '0' }, own),
      ...VIRTUAL_ACCOUNT,
    });
    // The kit on an emulator of the test's own starts with this checkout.
    await untilState(element, 'select', NEXT_STEP_MS);
    await submit(element);
    await untilState(element, 'pending', NEXT_STEP_MS);
    const { idPayin } = await kitStats(key);
    // The element's next read waits in the page until the clock has moved: a read the platform
    // answered while its clock moved (checked before, its Date after) would tell the element the
    // new time, and the element would rightly renew before any 401. Held, the read that goes out
    // is the one refused.
    const readsBefore = reads(idPayin!, base).length;
    const release = recorder.hold((method, path) => method === 'GET' && path === `/payins/${idPayin}`);
    await waitUntil(() => reads(idPayin!, base).length > readsBefore, 'the next read, held', { timeout: NEXT_STEP_MS });
    await advanceClock(own, 1800 + 60);
    release();
    await waitUntil(() => reads(idPayin!, base).some((read) => read.status === 401), 'a read refused for its token', {
      timeout: NEXT_STEP_MS,
    });
    const refused = reads(idPayin!, base).findIndex((read) => read.status === 401);
    expect(refused).to.equal(readsBefore, 'the held read is the one refused');
    await waitUntil(
      () =>
        reads(idPayin!, base)
          .slice(refused)
          .some((read) => read.status === 200),
      'a read again, with the fresh token',
      { timeout: 8000 },
    );
    const stats = await kitStats(key);
    expect(stats.renewals).to.equal(1);
    expect(element.state).to.equal('pending');
    expect($(element, '[part="error"]')).to.equal(null);
    expect(events.filter((e) => e.name === 'pay-error' || e.name === 'pay-token-expiring')).to.have.length(0);
    await settle(idPayin!, 'SUCCESS', own);
    await untilState(element, 'success', NEXT_STEP_MS);
    expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
  });

  it('429 and 503 from the checkout URL are waited out as the platform’s are: "Busy — one moment…", then the form', async () => {
    const key = uniqueId('kit');
    const { element, events } = await mount({
      'checkout-url': checkoutUrl(key, { busy: '2' }),
      'payment-method-code': 'UPIQR',
    });
    await waitUntil(() => element.shadowRoot!.textContent!.includes('Busy — one moment…'), 'the busy words', {
      timeout: 3000,
    });
    expect(element.state).to.equal('loading');
    await untilState(element, 'select', 10_000);
    expect(toKit().map((request) => request.status)).to.deep.equal([429, 503, 201]);
    expect(await kitStats(key)).to.include({ busy: 2, creates: 1 });
    expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
  });

  for (const [name, kind, code] of [
    ['an answer with no token is BAD_RESPONSE', 'bad', 'BAD_RESPONSE'],
    ['a general-privilege token in the answer is TOKEN_TOO_BROAD', 'broad', 'TOKEN_TOO_BROAD'],
    ['a token for another payin than the answer’s is BAD_RESPONSE', 'otherPayin', 'BAD_RESPONSE'],
  ] as const) {
    it(`${name}, and nothing goes to the platform`, async () => {
      const clock = pageClock();
      try {
        const { element, events } = await mount({
          'checkout-url': oddCheckoutUrl(kind),
          'payment-method-code': 'UPIQR',
        });
        await untilState(element, 'error');
        const error = events.find((e) => e.name === 'pay-error')!.detail;
        expect(error.code).to.equal(code);
        expect(error.message).to.contain('checkout-url');
        expect($(element, '[part="error"]')).to.not.equal(null);
        // Every timer the page set runs: none of them goes to the platform.
        await clock.runAll();
        expect(toPlatform()).to.have.length(0);
      } finally {
        clock.uninstall();
      }
    });
  }

  it('another 4xx is CHECKOUT_UNAVAILABLE, in the shopper’s words (Thai), with the way back to the shop', async () => {
    // The Thai terms are here before the answer (a pay-error says the words loaded when it fires).
    await loadWords('th', 'checkout');
    const { element, events } = await mount({
      'checkout-url': checkoutUrl(uniqueId('kit'), { refuse: '1' }),
      locale: 'th',
      'return-url': 'https://shop.example/cart',
    });
    await untilState(element, 'error');
    const error = events.find((e) => e.name === 'pay-error')!.detail;
    expect(error).to.include({ code: 'CHECKOUT_UNAVAILABLE', httpStatus: 403, retryable: false });
    expect(error.message).to.equal('ร้านค้าไม่สามารถเริ่มการชำระเงินนี้ได้ กรุณากลับไปที่ร้านค้าแล้วลองอีกครั้ง');
    await waitUntil(
      () => $(element, '[part="error"]')?.textContent?.includes('ร้านค้าไม่สามารถเริ่มการชำระเงินนี้ได้'),
      'the Thai words in the view',
    );
    expect(element.shadowRoot!.querySelector('a[href="https://shop.example/cart"]')).to.not.equal(null);
    expect(toPlatform()).to.have.length(0);
  });

  it('the authorized stream’s payin is used as it is: no GET /payins at all', async () => {
    // The create waits for the stream as long as the kit takes to answer on a loaded machine.
    Object.assign(PushedStatus.defaults, { prepareMs: 15_000 });
    const streams = recordStreams(() => toPlatform().length);
    try {
      const key = uniqueId('kit');
      const { element, events } = await mount({
        'checkout-url': checkoutUrl(key, { amount: '1' }),
        'payment-method-code': 'UPIQR',
      });
      await untilState(element, 'select');
      await submit(element);
      await untilState(element, 'pending');
      const { idPayin } = await kitStats(key);
      // The stream said ready before anything went to the platform: it sees the change.
      expect(streams.readyAt).to.deep.equal([0]);
      await settle(idPayin!);
      await untilState(element, 'success', 5000);
      expect(events.find((e) => e.name === 'pay-success')!.detail.payin.status).to.equal('SUCCESS');
      // The create, and nothing read: the stream was ready before it, and brought the payin.
      expect(toPlatform().map((request) => `${request.method} ${request.path}`)).to.deep.equal([
        `POST /payins/${idPayin}`,
      ]);
    } finally {
      streams.restore();
      Object.assign(PushedStatus.defaults, { prepareMs: 1000 });
    }
  });

  it('fetchCheckout: the page’s own function gets {} and its answer is used as checkout-url’s', async () => {
    const key = uniqueId('kit');
    const asked: unknown[] = [];
    const fetchCheckout = async (request: { handle?: string }) => {
      asked.push(request);
      const response = await fetch(checkoutUrl(key), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      });
      return (await response.json()) as CheckoutResponse;
    };
    const { element } = await mount({ 'payment-method-code': 'UPIQR' }, { fetchCheckout });
    await untilState(element, 'select');
    expect(asked).to.deep.equal([{}]);
    expect($(element, '[part="merchant-name"]')!.textContent).to.contain('Kit Shop');
    await submit(element);
    await untilState(element, 'success', 8000);
  });
});

describe('<pay-checkout> with a token and nothing to renew it: pay-token-expiring', () => {
  before(fastPolling);
  after(normalPolling);

  it('the token refused while pending: pay-token-expiring once, no pay-error, no reads meanwhile; a fresh token resumes', async () => {
    const clock = pageClock();
    const recorder = recordFetch();
    try {
      const idPayin = uniqueId('expiring');
      const own = ownPlatform();
      const token = await mintToken(idPayin, {
        money: { amount: 1, currencyCode: 'IDR' },
        validitySecs: 1800,
        own,
      });
      const { element, events } = await mount({
        token,
        'base-url': await sandboxUrl(own),
        ...VIRTUAL_ACCOUNT,
      });
      await untilState(element, 'select');
      await submit(element);
      await untilState(element, 'pending');
      await advanceClock(own, 1800 + 60);
      await untilEvent(events, 'pay-token-expiring', 1, 5000);
      const { detail } = events.find((e) => e.name === 'pay-token-expiring')!;
      expect(detail).to.deep.equal({
        idPayin,
        expiresAt: new Date(decodeToken(token)!.exp! * 1000).toISOString(),
      });
      // Following waits for a fresh token: the pending view says it is checking, as just after
      // the create, and nothing is asked of the platform meanwhile.
      await waitUntil(
        () => $(element, '[part="status"] [part="error"]')?.textContent?.trim() === 'Checking payment status…',
        'the checking line',
      );
      const read = () =>
        recorder.requests.filter((request) => request.method === 'GET' && request.path === `/payins/${idPayin}`).length;
      const paused = read();
      // A second of the page's time: 25 of the poller's slow waits, and not one read.
      await clock.pass(1000);
      expect(read()).to.equal(paused);
      expect(element.state).to.equal('pending');
      expect(element.shadowRoot!.textContent).to.not.match(/expired|not valid|session/i);
      await settle(idPayin, 'SUCCESS', own);
      const fresh = await mintToken(idPayin, { money: { amount: 1, currencyCode: 'IDR' }, own });
      element.token = fresh;
      await untilState(element, 'success', 5000);
      expect(
        recorder.requests.filter((request) => request.path === `/payins/${idPayin}`).at(-1)!.headers.authorization,
      ).to.equal(`Bearer ${fresh}`);
      expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
      expect(events.filter((e) => e.name === 'pay-token-expiring')).to.have.length(1);
    } finally {
      recorder.restore();
      clock.uninstall();
    }
  });

  it('a fresh token for another payin is not used: following waits on for this payin’s', async () => {
    const clock = pageClock();
    const recorder = recordFetch();
    try {
      const idPayin = uniqueId('expiring');
      const own = ownPlatform();
      const token = await mintToken(idPayin, {
        money: { amount: 1, currencyCode: 'IDR' },
        validitySecs: 1800,
        own,
      });
      const { element, events } = await mount({
        token,
        'base-url': await sandboxUrl(own),
        ...VIRTUAL_ACCOUNT,
      });
      await untilState(element, 'select');
      await submit(element);
      await untilState(element, 'pending');
      await advanceClock(own, 1800 + 60);
      await untilEvent(events, 'pay-token-expiring', 1, 5000);
      const other = await mintToken(uniqueId('other'), { money: { amount: 1, currencyCode: 'IDR' }, own });
      element.token = other;
      await element.updateComplete;
      // A second of the page's time: the other payin's token goes nowhere.
      await clock.pass(1000);
      expect(recorder.requests.filter((request) => request.headers.authorization === `Bearer ${other}`)).to.have.length(
        0,
      );
      expect(element.state).to.equal('pending');
      expect($(element, '[part="status"] [part="error"]')?.textContent?.trim()).to.equal('Checking payment status…');
      element.token = await mintToken(idPayin, { money: { amount: 1, currencyCode: 'IDR' }, own });
      await settle(idPayin, 'SUCCESS', own);
      await untilState(element, 'success', 5000);
      expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
    } finally {
      recorder.restore();
      clock.uninstall();
    }
  });
});
