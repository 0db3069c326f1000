/**
 * The built element, dist/pay-checkout.js, as a page loads it (the test runner builds dist/ first
 * when it is missing or stale). Nothing from src/ is imported here: the element is the built one.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';

const ENTRY = '/dist/pay-checkout.js';
/** hi.ts failureReasons.SECURITY_CHECK_FAILED, as a Hindi shopper reads it (this file imports nothing from src/). */
const HINDI_SECURITY_CHECK_FAILED = 'भुगतान सुरक्षा जाँच में पास नहीं हुआ।';

interface BuiltElement extends HTMLElement {
  state: string;
}

/**
 * The bound of a wait that fetches chunks of dist/ (words, views, the QR encoder) through the test
 * server: within the test's 15 s. This file runs among the browser suite's first, while the Node
 * suite starts its type-checkers, an npm install and three browsers on the same two cores; there
 * the chunks of a page came later than 1 s and than 5 s (two runs of 2026-11-27: no `pay-error`
 * after 1 s; no state at all after 5 s, the Thai words not yet loaded).
 */
const CHUNKS = { timeout: 12_000 };

/** The page's own fetch: the fake platform replaces window.fetch while a test runs. */
const realFetch = window.fetch.bind(window);

/**
 * Names only the views of methods outside the QR family use (other-views-*.js): terms only their
 * pending views say (src/i18n/word-split.ts MORE_WORDS, which the views name as keys) and an
 * e-wallet's app schemes. The built element is all this test reads, so they are spelled here.
 */
const OTHER_VIEWS_MARKERS = [
  'transferHint',
  'cryptoWarning',
  'paymentCodeHint',
  'approveOnPhoneText',
  'upiCollectSent',
  'continueToBank',
  'shopeeid',
];

/** The files of dist/ the page has fetched so far (as modules: not this test's own reads of them, with fetch()). */
const distFilesLoaded = () =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'fetch')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/dist/'));

describe('dist/pay-checkout.js', () => {
  let platform: FakePlatform;
  let entry: { PayCheckout: CustomElementConstructor; readRedirectParams: unknown };
  /** What the page fetched to define the element, before any element was mounted. */
  let firstLoad: string[];
  before(async () => {
    entry = await import(ENTRY);
    firstLoad = distFilesLoaded();
  });
  beforeEach(() => {
    platform = new FakePlatform().install();
  });
  afterEach(() => {
    platform.restore();
    document.querySelectorAll('pay-checkout').forEach((element) => element.remove());
  });

  const mount = (attributes: Record<string, string>) => {
    const element = document.createElement('pay-checkout') as BuiltElement;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };

  it('defines <pay-checkout> and exports its class and readRedirectParams, loading nothing else at first', () => {
    // Booleans: chai, failing, would print the whole class.
    expect(
      customElements.get('pay-checkout') === entry.PayCheckout,
      'the tag is defined with the exported class',
    ).to.equal(true);
    expect(entry.readRedirectParams).to.be.a('function');
    expect(distFilesLoaded()).to.deep.equal([ENTRY]);
  });

  it('loads with one <script type="module"> tag in a page of its own', async () => {
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><script type="module" src="${new URL(ENTRY, location.href)}"></script><pay-checkout token="not-a-jwt" base-url="${BASE_URL}" amount="10" currency-code="INR"></pay-checkout>`;
    document.body.append(frame);
    try {
      await waitUntil(() => frame.contentWindow?.customElements.get('pay-checkout'), 'defined in the frame', CHUNKS);
      const element = frame.contentDocument!.querySelector('pay-checkout')!;
      await waitUntil(
        () => element.getAttribute('state') === 'error',
        'the frame’s element reached state error',
        CHUNKS,
      );
    } finally {
      frame.remove();
    }
  });

  // Before any English element: a chunk, once fetched, stays for the page.
  it("a Thai shopper fetches the payin views and Thai, never a payin's English nor, without a status-url, the status stream", async () => {
    sessionStorage.setItem(`pay-checkout:started:${BASE_URL} order-th`, String(Date.now()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-th', {
        body: payinResponse({ status: 'PROCESSING' }, { idPayin: 'order-th' }),
      });
    const element = mount({
      token: checkoutToken('order-th'),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'th',
    });
    await waitUntil(
      () => element.shadowRoot?.querySelector('[part="qr"] svg path'),
      `a QR drawn (state ${element.getAttribute('state')})`,
      CHUNKS,
    );
    expect(element.shadowRoot!.querySelector('section')!.getAttribute('lang')).to.equal('th');
    const loaded = distFilesLoaded()
      .filter((path) => path !== ENTRY)
      .map((path) => path.replace(/^\/dist\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(loaded).to.include.members(['payment-views', 'th', 'qr-encoder']);
    expect(loaded).to.not.include('en-payin');
    expect(loaded).to.not.include('pushed-status');
    // Issue 24: the words only other methods' pending views say are Thai's second chunk, not fetched for a QR.
    expect(loaded).to.not.include('th-more');
  });

  // Before any view of another method: a chunk, once fetched, stays for the page.
  it("a Thai shopper paying by UPI QR pays through the form to the pending view and never downloads another method's view", async () => {
    const payin = payinResponse({ status: 'PROCESSING' }, { idPayin: 'order-th-upi' });
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('POST', '/payins/order-th-upi', { body: payin })
      .on('GET', '/payins/order-th-upi', { body: payin });
    const element = mount({
      token: checkoutToken('order-th-upi'),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'th',
      'payment-method-code': 'UPIQR',
    });
    await waitUntil(
      () => element.getAttribute('state') === 'select' && element.shadowRoot?.querySelector('[part="submit"]'),
      `the form (state ${element.getAttribute('state')})`,
      CHUNKS,
    );
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!.click();
    await waitUntil(
      () => element.shadowRoot?.querySelector('[part="qr"] svg path'),
      `a QR drawn (state ${element.getAttribute('state')})`,
      CHUNKS,
    );
    expect(element.getAttribute('state')).to.equal('pending');
    expect(platform.count('POST', '/payins/order-th-upi')).to.equal(1);
    const files = distFilesLoaded();
    const loaded = files.map((path) => path.replace(/^\/dist\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(loaded).to.include.members(['payment-views', 'th', 'qr-encoder']);
    expect(loaded).to.not.include('other-views');
    // Nor do the files it fetched hold those views under another name.
    const code = await Promise.all(files.map((path) => realFetch(path).then((response) => response.text())));
    for (const marker of OTHER_VIEWS_MARKERS) {
      expect(
        files.filter((_, i) => code[i]!.includes(marker)),
        `the files that name ${marker}`,
      ).to.deep.equal([]);
    }
  });

  it("a bank transfer's pending view waits for the other methods' views, then shows all its details", async () => {
    sessionStorage.setItem(`pay-checkout:started:${BASE_URL} order-th-bank`, String(Date.now()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-th-bank', {
        body: payinResponse(
          { status: 'PROCESSING' },
          {
            idPayin: 'order-th-bank',
            paymentMethodCode: 'OFFLINE',
            upiQrDeepLink: undefined,
            account: {
              accountNumber: '1234567890123456',
              accountName: 'DEMO SHOP',
              bankName: 'Kasikornbank',
            },
            paymentInstructionList: ['Open your banking app'],
          },
        ),
      });
    const element = mount({
      token: checkoutToken('order-th-bank'),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'th',
    });
    // The method's view is never drawn without its module: while its chunk loads, a placeholder.
    const partial: string[] = [];
    const watch = new MutationObserver(() => {
      const title = element.shadowRoot?.querySelector('.method-title');
      if (title && !element.shadowRoot!.querySelector('.details-box'))
        partial.push(element.shadowRoot!.textContent!.slice(0, 200));
    });
    await waitUntil(() => element.shadowRoot, 'a shadow root');
    watch.observe(element.shadowRoot!, { childList: true, subtree: true, characterData: true });
    try {
      await waitUntil(
        () => element.shadowRoot!.querySelector('.copy-all'),
        `the transfer's details (state ${element.getAttribute('state')}: ${element.shadowRoot!.textContent?.slice(0, 200)})`,
        CHUNKS,
      );
    } finally {
      watch.disconnect();
    }
    expect(partial, 'a pending view without its method').to.deep.equal([]);
    const root = element.shadowRoot!;
    const copyValues = [...root.querySelectorAll('.copy-value')].map((node) => node.textContent!.replace(/\s+/g, ''));
    expect(copyValues).to.include.members(['1234567890123456', 'REF-12345']);
    expect(root.textContent).to.include('Kasikornbank').and.include('DEMO SHOP').and.include('Open your banking app');
    // The bank icon, which travels with those views (other-icons.ts), beside the method's name.
    expect(root.querySelector('.method-title svg.method-icon path')!.getAttribute('d')).to.match(
      /^M3 9\.5 12 4l9 5\.5/,
    );
    const loaded = distFilesLoaded().map((path) => path.replace(/^\/dist\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(loaded.filter((name) => name === 'other-views')).to.have.length(1);
    expect(loaded).to.include.members(['payment-views', 'th', 'th-more']);
  });

  it("a Thai shopper's bank transfer waits for Thai's second chunk and shows its words in Thai", async () => {
    sessionStorage.setItem(`pay-checkout:started:${BASE_URL} order-th-va`, String(Date.now()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-th-va', {
        body: payinResponse(
          { status: 'PROCESSING' },
          {
            idPayin: 'order-th-va',
            paymentMethodCode: 'VAPAY',
            upiQrDeepLink: undefined,
            account: { accountNumber: '8808123456789', accountName: 'DEMO SHOP', bankName: 'Demo Bank' },
          },
        ),
      });
    const element = mount({
      token: checkoutToken('order-th-va'),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'th',
    });
    // th.ts transferHint; the view never shows a key nor English in its place.
    await waitUntil(
      () => element.shadowRoot?.textContent?.includes('กรุณาโอนจากบัญชีธนาคารของคุณเอง'),
      `Thai transfer words (state ${element.getAttribute('state')}: ${element.shadowRoot?.textContent?.slice(0, 200)})`,
      CHUNKS,
    );
    expect(element.shadowRoot!.textContent).to.not.include('transferHint');
    expect(element.shadowRoot!.textContent).to.include('8808123456789');
    const loaded = distFilesLoaded().map((path) => path.replace(/^\/dist\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(loaded).to.include.members(['th', 'th-more', 'payment-views']);
    expect(loaded).to.not.include('en-payin');
  });

  it("a Hindi shopper whose payment failed waits for Hindi's second chunk and reads the reason in Hindi", async () => {
    sessionStorage.setItem(`pay-checkout:started:${BASE_URL} order-hi-failed`, String(Date.now()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-hi-failed', {
        body: payinResponse(
          { status: 'FAILED', failureReasonCode: 'SECURITY_CHECK_FAILED' },
          { idPayin: 'order-hi-failed' },
        ),
      });
    const before = distFilesLoaded().length;
    const element = mount({
      token: checkoutToken('order-hi-failed'),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      locale: 'hi',
    });
    // hi.ts failureReasons.SECURITY_CHECK_FAILED: the words of trouble are Hindi's second chunk.
    await waitUntil(
      () => element.shadowRoot?.textContent?.includes(HINDI_SECURITY_CHECK_FAILED),
      `the reason in Hindi (state ${element.getAttribute('state')}: ${element.shadowRoot?.textContent?.slice(0, 200)})`,
      CHUNKS,
    );
    expect(element.getAttribute('state')).to.equal('failed');
    expect(element.shadowRoot!.textContent).to.not.match(/failureReasons|failedText|newPaymentHint/);
    const loaded = distFilesLoaded()
      .slice(before)
      .map((path) => path.replace(/^\/dist\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(loaded).to.include.members(['hi', 'hi-more']);
    expect(loaded).to.not.include('en-more');
  });

  it('draws a UPI QR with the encoder from its lazily loaded chunk', async () => {
    expect(
      firstLoad.some((path) => /qr-encoder/.test(path)),
      'the encoder is not part of the first load',
    ).to.equal(false);
    // A payin started in this tab earlier (the built element's own marker): it resumes at pending.
    sessionStorage.setItem(`pay-checkout:started:${BASE_URL} order-1`, String(Date.now()));
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) });
    const element = mount({
      token: checkoutToken(),
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
    });
    await waitUntil(
      () => element.shadowRoot?.querySelector('[part="qr"] svg path'),
      `a QR drawn (state ${element.getAttribute('state')})`,
      CHUNKS,
    );
    expect(element.getAttribute('state')).to.equal('pending');
    const path = element.shadowRoot!.querySelector('[part="qr"] svg path')!.getAttribute('d')!;
    expect(path).to.match(/^M\d+ \d+h1v1h-1z/);
    // A version-3+ QR has hundreds of dark modules.
    expect(path.match(/M/g)!.length).to.be.greaterThan(200);
    expect(distFilesLoaded().filter((file) => /^\/dist\/qr-encoder-[\w-]+\.js$/.test(file))).to.have.length(1);
    // An English shopper: a payin's English arrives beside the views.
    expect(distFilesLoaded().filter((file) => /^\/dist\/en-payin-[\w-]+\.js$/.test(file))).to.have.length(1);
    expect(element.shadowRoot!.textContent).to.include('Scan the QR code with any UPI app');
    // Nothing went wrong, and the method is a QR: English's words of other methods and of trouble stay where they are.
    expect(distFilesLoaded().filter((file) => /^\/dist\/en-more-[\w-]+\.js$/.test(file))).to.have.length(0);
  });

  // After the English QR payer, which must not have fetched what this one does.
  it('a malformed token: state="error" and pay-error TOKEN_INVALID, with no request', async () => {
    const errors: CustomEvent[] = [];
    document.addEventListener('pay-error', (event) => errors.push(event), { once: true });
    const element = mount({
      token: 'not-a-jwt',
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
    });
    await waitUntil(
      () => element.getAttribute('state') === 'error',
      `state error (is ${element.getAttribute('state')})`,
      CHUNKS,
    );
    // Its message is in the shopper's words, which are a chunk fetched when trouble comes (word-parts.ts).
    await waitUntil(() => errors.length === 1, 'pay-error', CHUNKS);
    expect(errors[0]?.detail.code).to.equal('TOKEN_INVALID');
    expect(errors[0]?.detail.message).to.equal(
      'This checkout link is not valid. Please start the payment again from the shop. (token: the token attribute is not a JWT)',
    );
    await waitUntil(
      () =>
        element.shadowRoot!.querySelector('[part="error"]')?.textContent?.includes('This checkout link is not valid'),
      'the error, in words',
      CHUNKS,
    );
    expect(platform.requests).to.have.length(0);
  });
});
