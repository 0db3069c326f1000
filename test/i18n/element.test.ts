/**
 * <pay-checkout> speaks the chosen locale: from its `locale` attribute, else the page's language,
 * loaded as a chunk when the element connects (beside its own first requests), its first screen
 * past "loading" shown in it (a bundled locale is complete: no English is fetched or flashed), and
 * English term by term when it cannot be loaded (English's own words are a chunk too).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { BASE_URL, FakePlatform, OPTIONS_INR, checkoutToken, deferred } from '../support/fake-platform.js';
import { mount, untilState, untilEvent, $ } from '../support/element.js';
import { bundledLocales, type LocaleLoader } from '../../src/i18n/locales.js';
import { registerTranslation } from '../../src/i18n/localize.js';
import { en } from '../../src/i18n/translations/en.js';
import type { PayCheckout } from '../../src/pay-checkout.js';
import { pageClock } from '../support/page-clock.js';

/** A malformed token: the element goes straight to state="error" without a request. */
const badToken = {
  'base-url': BASE_URL,
  amount: '100',
  'currency-code': 'INR',
  token: 'not-a-jwt',
  'payin-id': 'order-1',
};
const errorText = (element: PayCheckout) => $(element, '[part="error"]')?.textContent?.trim();
const sectionLang = (element: PayCheckout) => $(element, 'section')?.getAttribute('lang');
const bundled = async (code: string) => (await bundledLocales[code]!()).default;

async function untilErrorText(element: PayCheckout, expected: string) {
  await waitUntil(() => errorText(element) === expected, `error text "${expected}" (is "${errorText(element)}")`, {
    timeout: 4000,
  });
}

/** Replaces a locale's loader for one test. */
function replaceLoader(code: string, loader: (original: LocaleLoader) => LocaleLoader): () => void {
  const original = bundledLocales[code]!;
  bundledLocales[code] = loader(original);
  return () => void (bundledLocales[code] = original);
}

describe('<pay-checkout> locales', () => {
  let platform: FakePlatform;
  let restore: (() => void) | undefined;
  beforeEach(() => (platform = new FakePlatform().install()));
  afterEach(() => {
    platform.restore();
    restore?.();
    restore = undefined;
  });

  it('locale="th": the error is the Thai one, the section says lang="th", and nothing went to the platform', async () => {
    const th = await bundled('th');
    const { element, events } = await mount({ ...badToken, locale: 'th' });
    await untilState(element, 'error');
    await untilErrorText(element, th.errors.TOKEN_INVALID!);
    expect(sectionLang(element)).to.equal('th');
    expect($(element, 'section')!.getAttribute('aria-label')).to.equal(th.checkoutLabel);
    expect(events.filter((event) => event.name === 'pay-error').map((event) => event.detail.code)).to.deep.equal([
      'TOKEN_INVALID',
    ]);
    expect(platform.requests).to.have.length(0);
  });

  it('no locale attribute: <html lang="ja"> picks Japanese', async () => {
    const ja = await bundled('ja');
    const previous = document.documentElement.getAttribute('lang');
    document.documentElement.lang = 'ja';
    try {
      const { element } = await mount(badToken);
      await untilErrorText(element, ja.errors.TOKEN_INVALID!);
      expect(sectionLang(element)).to.equal('ja');
    } finally {
      if (previous === null) document.documentElement.removeAttribute('lang');
      else document.documentElement.lang = previous;
    }
  });

  it('setting `locale` at runtime renders again in the new language, and back in English', async () => {
    const [th, es] = await Promise.all([bundled('th'), bundled('es')]);
    const gate = deferred();
    restore = replaceLoader('es', (original) => () => gate.promise.then(original));
    const { element, events } = await mount({ ...badToken, locale: 'th' });
    await untilErrorText(element, th.errors.TOKEN_INVALID!);
    element.locale = 'es-CO';
    await element.updateComplete;
    // While the Spanish chunk loads the element keeps its Thai rather than flash English.
    expect(errorText(element)).to.equal(th.errors.TOKEN_INVALID);
    expect(sectionLang(element)).to.equal('th');
    gate.resolve();
    await untilErrorText(element, es.errors.TOKEN_INVALID!);
    expect(sectionLang(element)).to.equal('es');
    element.locale = 'en';
    await untilErrorText(element, en.errors.TOKEN_INVALID!);
    expect(sectionLang(element)).to.equal('en');
    // Changing the language is the page's doing, not an event for the merchant.
    expect(events.filter((event) => event.name === 'pay-error')).to.have.length(1);
  });

  it('switching to a locale whose chunk fails: English, once the load has failed', async () => {
    const th = await bundled('th');
    const gate = deferred();
    restore = replaceLoader(
      'fil',
      () => () => gate.promise.then(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    );
    const { element } = await mount({ ...badToken, locale: 'th' });
    await untilErrorText(element, th.errors.TOKEN_INVALID!);
    element.locale = 'fil';
    await element.updateComplete;
    expect(errorText(element)).to.equal(th.errors.TOKEN_INVALID);
    gate.resolve();
    await untilErrorText(element, en.errors.TOKEN_INVALID!);
    expect(sectionLang(element)).to.equal('en');
  });

  it('starts loading the locale when the element connects, and shows its first screen in it: no English between', async () => {
    const ko = await bundled('ko');
    const gate = deferred();
    let requestedAt: number | undefined;
    restore = replaceLoader(
      'ko',
      (original) => () => ((requestedAt ??= performance.now()), gate.promise.then(original)),
    );
    const { element, events } = await mount({ ...badToken, locale: 'ko' });
    expect(requestedAt, 'the chunk was asked for as the element connected').to.be.a('number');
    // Korean is complete on its own: until it is here the element says only that it is loading.
    await element.updateComplete;
    expect(element.state).to.equal('loading');
    expect($(element, 'p.muted')!.textContent!.trim()).to.equal(en.loading);
    expect(events).to.deep.equal([]);
    gate.resolve();
    await untilState(element, 'error');
    expect(errorText(element)).to.equal(ko.errors.TOKEN_INVALID);
    expect(sectionLang(element)).to.equal('ko');
  });

  it('English: the form shows only with its words (their chunk comes beside the options), never a key', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
    const { element, events } = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      token: checkoutToken(),
      locale: 'en',
      'merchant-name': 'Chai Point',
    });
    await untilEvent(events, 'pay-ready');
    await element.updateComplete;
    expect($(element, 'legend')!.textContent!.trim()).to.equal(en.chooseMethod);
    expect($(element, '[part="merchant-name"]')!.textContent!.trim()).to.equal(en.payTo('Chai Point'));
  });

  it('asks for the locale in parallel with the first platform requests, and the form shows in it', async () => {
    const gate = deferred();
    let requestedAt: number | undefined;
    restore = replaceLoader('id', (original) => () => ((requestedAt ??= performance.now()), original()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR, hold: gate.promise })
      .on('GET', '/payins/order-1', {
        status: 404,
        body: { errorCode: 'PAYIN_NOT_FOUND' },
        hold: gate.promise,
      })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Toko Kopi' } }, hold: gate.promise });
    const { element, events } = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      token: checkoutToken(),
      locale: 'id-ID',
    });
    await waitUntil(
      () => platform.requests.length === 2,
      'the first requests (options, merchant name) are on the wire',
    );
    expect(requestedAt).to.be.a('number');
    expect(requestedAt!).to.be.at.most(Math.min(...platform.requests.map((request) => request.at)));
    gate.resolve();
    await untilEvent(events, 'pay-ready');
    await waitUntil(
      () => $(element, '[part="submit"]')?.textContent?.trim().startsWith('Bayar '),
      'the pay button in Indonesian',
    );
    expect($(element, 'legend')!.textContent!.trim()).to.equal('Pilih metode pembayaran');
  });

  it('a chunk that cannot be loaded: English throughout, and nothing told to the customer or the merchant', async () => {
    restore = replaceLoader(
      'ms',
      () => () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const clock = pageClock();
    const unhandled: unknown[] = [];
    const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    window.addEventListener('unhandledrejection', onUnhandled);
    try {
      const { element, events } = await mount({ ...badToken, locale: 'ms' });
      await untilState(element, 'error');
      // All the page would do by itself, done: no later words, event or unhandled rejection.
      await clock.runAll();
      expect(errorText(element)).to.equal(en.errors.TOKEN_INVALID);
      expect(sectionLang(element)).to.equal('en');
      expect(events.map((event) => `${event.name} ${event.detail.code}`)).to.deep.equal(['pay-error TOKEN_INVALID']);
      expect(unhandled).to.deep.equal([]);
    } finally {
      window.removeEventListener('unhandledrejection', onUnhandled);
      clock.uninstall();
    }
  });

  it('a translation the merchant registers synchronously shows on the first render, before any chunk', async () => {
    const gate = deferred();
    restore = replaceLoader('vi', (original) => () => gate.promise.then(original));
    registerTranslation({
      $code: 'vi',
      loading: 'Đang tải (cửa hàng)…',
      errors: { TOKEN_INVALID: 'Liên kết không hợp lệ (cửa hàng).' },
    });
    const { element } = await mount({ ...badToken, locale: 'vi' });
    await element.updateComplete;
    expect($(element, 'p.muted')!.textContent!.trim()).to.equal('Đang tải (cửa hàng)…');
    expect(sectionLang(element)).to.equal('vi');
    // The first screen past loading waits for the bundled terms, which fill in around the merchant's.
    expect(element.state).to.equal('loading');
    gate.resolve();
    const vi = await bundled('vi');
    await untilState(element, 'error');
    expect(errorText(element)).to.equal('Liên kết không hợp lệ (cửa hàng).');
    expect($(element, 'section')!.getAttribute('aria-label')).to.equal(vi.checkoutLabel);
  });
});
