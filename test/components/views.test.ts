/**
 * The payin views from the shopper's side (issue 14): one device first, one flow at a time, copy
 * that works, deadlines people can read, honest expiry, a way forward, final screens that explain
 * — in Chromium, with a scripted platform.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import {
  mount,
  untilState,
  untilEvent,
  $,
  $$,
  expectNone,
  fastPolling,
  normalPolling,
  emulatePointer,
  startedHere,
} from '../support/element.js';
import { loadQrEncoder } from '../../src/methods/qr.js';
import type { PayCheckout } from '../../src/pay-checkout.js';

const realFetch = window.fetch;
const RETURN_URL = 'https://shop.example/orders/1029';
const text = (element: PayCheckout) => element.shadowRoot!.textContent!.replace(/\s+/g, ' ');
const visibleText = (node: Element) => (node as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
/** Buttons whose accessible name or visible text matches. */
const buttonsNamed = (element: PayCheckout, name: RegExp) =>
  $$<HTMLButtonElement>(element, 'button').filter(
    (b) => name.test(b.getAttribute('aria-label') ?? '') || name.test(b.textContent!.trim()),
  );
const before = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** Replaces a navigator member for one test. */
function stubNavigator(name: string, value: unknown): () => void {
  Object.defineProperty(navigator, name, { value, configurable: true });
  return () => void delete (navigator as unknown as Record<string, unknown>)[name];
}

const QRIS_PAYLOAD = '00020101021226700017ID.CO.QRIS.WWW0215ID10200000000010303UMI5204599953033605403100580';
const offline = (method: Record<string, unknown> = {}) =>
  payinResponse(
    { status: 'PROCESSING' },
    {
      paymentMethodCode: 'OFFLINE',
      upiQrDeepLink: undefined,
      account: { accountNumber: '1234567890123456', accountName: 'Demo Shop', bankName: 'Kasikornbank' },
      moneyRequired: { amount: 99.97, currencyCode: 'INR' },
      ...method,
    },
  );

describe('payin views, from the shopper’s side', () => {
  let platform: FakePlatform;
  const restores: (() => void)[] = [];
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
    fastPolling();
    // The payin of these tests was started in this tab: the element reads it and resumes.
    startedHere();
  });
  afterEach(() => {
    platform.restore();
    normalPolling();
    while (restores.length) restores.pop()!();
  });
  const base = {
    'base-url': BASE_URL,
    amount: '100',
    'currency-code': 'INR',
    token: checkoutToken(),
    'return-url': RETURN_URL,
  };

  async function pending(payin: unknown, attributes: Record<string, string> = {}) {
    platform.on('GET', '/payins/order-1', { body: payin });
    const mounted = await mount({ ...base, ...attributes });
    await untilState(mounted.element, 'pending');
    return mounted;
  }

  describe('one device first', () => {
    it('on a phone the UPI app link leads, as the main action, above the QR (show-deep-link)', async () => {
      restores.push(emulatePointer(true));
      const { element } = await pending(payinResponse({ status: 'PROCESSING' }), {
        'show-deep-link': 'true',
      });
      await waitUntil(() => $(element, 'svg.qr'), 'QR drawn', { timeout: 5000 });
      const qr = $(element, 'svg.qr')!;
      const link = $$<HTMLAnchorElement>(element, 'a').find((a) => a.href.startsWith('upi://'))!;
      expect(link.classList.contains('primary'), 'the main action').to.equal(true);
      expect(before(link, qr), 'the app link above the QR').to.equal(true);
    });

    it('on a desktop the QR stays first and the app link follows it as a secondary action', async () => {
      restores.push(emulatePointer(false));
      const { element } = await pending(payinResponse({ status: 'PROCESSING' }), {
        'show-deep-link': 'true',
      });
      await waitUntil(() => $(element, 'svg.qr'), 'QR drawn', { timeout: 5000 });
      const qr = $(element, 'svg.qr')!;
      const link = $$<HTMLAnchorElement>(element, 'a').find((a) => a.href.startsWith('upi://'))!;
      expect(link.classList.contains('primary')).to.equal(false);
      expect(before(qr, link), 'the QR above the app link').to.equal(true);
      expect(before(qr, buttonsNamed(element, /Save QR image/)[0]!)).to.equal(true);
    });

    it('the platform’s deeplink allows the app link without show-deep-link; without either there is none', async () => {
      restores.push(emulatePointer(true));
      const { element } = await pending(
        payinResponse({ status: 'PROCESSING' }, { deeplink: 'upi://pay?pa=shop@bank&am=100.00' }),
      );
      const link = $$<HTMLAnchorElement>(element, 'a').find((a) => a.href.startsWith('upi://'))!;
      expect(link.getAttribute('href')).to.equal('upi://pay?pa=shop@bank&am=100.00');
      element.remove();
      const again = await pending(payinResponse({ status: 'PROCESSING' }));
      expect($$<HTMLAnchorElement>(again.element, 'a').some((a) => a.href.startsWith('upi://'))).to.equal(false);
    });

    for (const code of ['QRISPAY', 'PROMPTPAY', 'DUITNOW', 'VIETQR', 'QRPH', 'PIXQR', 'ZAPPER_QR']) {
      it(`${code} on a phone: Save QR image, with the words of scanning it from the gallery, before the QR`, async () => {
        restores.push(emulatePointer(true));
        const { element } = await pending(
          payinResponse(
            { status: 'PROCESSING' },
            { paymentMethodCode: code, upiQrDeepLink: undefined, qrRawData: QRIS_PAYLOAD },
          ),
        );
        await waitUntil(() => $(element, 'svg.qr'), 'QR drawn', { timeout: 5000 });
        const qr = $(element, 'svg.qr')!;
        const save = buttonsNamed(element, /^Save QR image$/)[0]!;
        expect(before(save, qr)).to.equal(true);
        expect(text(element)).to.match(/open your banking app and scan the image from your gallery/);
        // Pix: the copy-and-paste code pays on this very phone, so it leads; saving is the alternative.
        if (code === 'PIXQR') expect(before(buttonsNamed(element, /Copy Pix code/)[0]!, save)).to.equal(true);
        else expect(save.classList.contains('primary')).to.equal(true);
      });
    }

    it('Save QR image downloads a PNG of exactly the QR where the browser cannot share files', async () => {
      restores.push(emulatePointer(true), stubNavigator('canShare', undefined));
      const clicked: { href: string; download: string }[] = [];
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      };
      restores.push(() => void (HTMLAnchorElement.prototype.click = click));
      const { element } = await pending(
        payinResponse(
          { status: 'PROCESSING' },
          { paymentMethodCode: 'QRISPAY', upiQrDeepLink: undefined, qrRawData: QRIS_PAYLOAD },
        ),
      );
      buttonsNamed(element, /^Save QR image$/)[0]!.click();
      await waitUntil(() => clicked.length === 1, 'a download', { timeout: 4000 });
      expect(clicked[0]!.href).to.match(/^blob:/);
      expect(clicked[0]!.download).to.equal('qr-REF-12345.png');
      const blob = await (await realFetch(clicked[0]!.href)).blob();
      expect(blob.type).to.equal('image/png');
      // The image is the QR of the payload, module for module, with its quiet zone.
      const matrix = (await loadQrEncoder())(QRIS_PAYLOAD);
      const bitmap = await createImageBitmap(blob);
      const scale = bitmap.width / (matrix.size + 8);
      expect(scale).to.equal(10);
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const dark = (row: number, col: number) =>
        context.getImageData((col + 4.5) * scale, (row + 4.5) * scale, 1, 1).data[0]! < 128;
      for (let row = -4; row < matrix.size + 4; row++) {
        for (let col = -4; col < matrix.size + 4; col++) {
          const inside = row >= 0 && col >= 0 && row < matrix.size && col < matrix.size;
          expect(dark(row, col), `module ${row},${col}`).to.equal(inside && !!matrix.get(row, col));
        }
      }
    });

    it('Save QR image hands the PNG to the share sheet where files can be shared; a closed sheet downloads nothing', async () => {
      restores.push(emulatePointer(true));
      const shared: ShareData[] = [];
      let answer: () => Promise<void> = async () => undefined;
      restores.push(stubNavigator('canShare', (data: ShareData) => !!data.files?.length));
      restores.push(stubNavigator('share', (data: ShareData) => (shared.push(data), answer())));
      let downloads = 0;
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = () => void downloads++;
      restores.push(() => void (HTMLAnchorElement.prototype.click = click));
      const { element } = await pending(
        payinResponse(
          { status: 'PROCESSING' },
          { paymentMethodCode: 'PROMPTPAY', upiQrDeepLink: undefined, qrRawData: QRIS_PAYLOAD },
        ),
      );
      const save = buttonsNamed(element, /^Save QR image$/)[0]!;
      save.click();
      await waitUntil(() => shared.length === 1, 'shared', { timeout: 4000 });
      const file = shared[0]!.files![0]!;
      expect([file.name, file.type]).to.deep.equal(['qr-REF-12345.png', 'image/png']);
      expect([...new Uint8Array(await file.slice(0, 8).arrayBuffer())]).to.deep.equal([
        137, 80, 78, 71, 13, 10, 26, 10,
      ]);
      answer = () => Promise.reject(new DOMException('closed', 'AbortError'));
      save.click();
      // The sheet's refusal is handled in the microtasks after it: by the task that sees the share,
      // a download would have been made.
      await waitUntil(() => shared.length === 2, 'shared again', { timeout: 4000 });
      expect(downloads, 'the shopper closed the sheet').to.equal(0);
      answer = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
      save.click();
      await waitUntil(() => downloads === 1, 'a refused share falls back to the download', { timeout: 4000 });
    });
  });

  describe('one flow at a time', () => {
    it('a UPI QR payin with the customer’s UPI ID keeps its QR: the UPI ID is where they pay from, and skips the UTR step', async () => {
      const { element } = await pending(payinResponse({ status: 'PROCESSING' }, { upiId: 'asha@okdemo' }));
      await waitUntil(() => $(element, '[part="qr"] svg.qr'), 'QR drawn', { timeout: 5000 });
      expect(text(element)).to.contain('Paying from asha@okdemo');
      expect(text(element)).not.to.contain('request was sent');
      expectNone(element, '#utr');
      expect(buttonsNamed(element, /Save QR image/)).to.have.length(1);
    });

    it('a UPI QR payin without the customer’s UPI ID shows the QR and the optional UTR step, and no request', async () => {
      const { element } = await pending(payinResponse({ status: 'PROCESSING' }));
      await waitUntil(() => $(element, 'svg.qr'), 'QR drawn', { timeout: 5000 });
      expect(text(element)).not.to.contain('request was sent');
      expect($(element, '#utr')).to.exist;
    });

    it('UPI collect says the request was sent to the customer’s UPI ID, with no QR and no UTR step', async () => {
      const { element } = await pending(
        payinResponse({ status: 'PROCESSING' }, { paymentMethodCode: 'UPICOLLECT', upiQrDeepLink: undefined }),
        { 'upi-id': 'asha@okdemo' },
      );
      expect(text(element)).to.contain('A payment request was sent to asha@okdemo');
      expectNone(element, '[part="qr"]');
      expectNone(element, '#utr');
    });
  });

  describe('copy that works', () => {
    let written: string[];
    beforeEach(() => {
      written = [];
      restores.push(stubNavigator('clipboard', { writeText: async (value: string) => void written.push(value) }));
    });

    it('only values a shopper pastes get a copy button: the exact amount, the account number, the reference, and all details', async () => {
      const { element } = await pending(offline());
      const labels = $$<HTMLButtonElement>(element, 'button')
        .filter((b) => b.textContent!.trim().startsWith('Copy'))
        .map((b) => b.getAttribute('aria-label'));
      expect(labels).to.deep.equal(['Copy Amount to pay', 'Copy Account number', 'Copy Reference', null]);
      expect(buttonsNamed(element, /^Copy all details$/)).to.have.length(1);
      expect(text(element)).to.contain('Kasikornbank');
      expect(text(element)).to.contain('Demo Shop');
    });

    it('account numbers read in groups of four and copy without spaces; the amount copies as digits', async () => {
      const { element } = await pending(offline());
      const number = $$(element, '.copy-value.grouped')[0]!;
      expect($$(element, '.copy-value.grouped .group').map((group) => group.textContent)).to.deep.equal([
        '1234',
        '5678',
        '9012',
        '3456',
      ]);
      expect(number.textContent).to.equal('1234567890123456');
      buttonsNamed(element, /Copy Account number/)[0]!.click();
      buttonsNamed(element, /Copy Amount to pay/)[0]!.click();
      await waitUntil(() => written.length === 2, 'copied', { timeout: 4000 });
      expect(written).to.deep.equal(['1234567890123456', '99.97']);
    });

    it('Copy all details copies the amount and every detail, one per line', async () => {
      const { element } = await pending(offline());
      buttonsNamed(element, /Copy all details/)[0]!.click();
      await waitUntil(() => written.length === 1, 'copied', { timeout: 4000 });
      expect(written[0]!.split('\n')).to.deep.equal([
        'Amount to pay: ₹99.97',
        'Bank: Kasikornbank',
        'Account name: Demo Shop',
        'Account number: 1234567890123456',
        'Reference: REF-12345',
      ]);
    });

    it('a copy shows a visible "Copied" on its button for a moment, and says it in the live region', async () => {
      const { element } = await pending(offline());
      const button = buttonsNamed(element, /Copy Reference/)[0]!;
      button.click();
      await waitUntil(() => visibleText(button) === 'Copied', 'Copied shown', { timeout: 4000 });
      expect($(element, '[aria-live="polite"]')!.textContent).to.equal('Copied');
      expect(visibleText(buttonsNamed(element, /Copy Account number/)[0]!)).to.equal('Copy');
      await waitUntil(() => visibleText(button) === 'Copy', 'back to Copy', { timeout: 4000 });
    });

    it('a refused clipboard falls back to the copy command, with exactly the value', async () => {
      restores.push(
        stubNavigator('clipboard', {
          writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
        }),
      );
      const commanded: string[] = [];
      const execCommand = document.execCommand;
      document.execCommand = (command: string) => {
        const area = (document.querySelector('pay-checkout')!.shadowRoot!.activeElement as HTMLTextAreaElement | null)
          ?.value;
        commanded.push(`${command}:${area}`);
        return true;
      };
      restores.push(() => void (document.execCommand = execCommand));
      const { element } = await pending(offline());
      const button = buttonsNamed(element, /Copy Account number/)[0]!;
      button.click();
      await waitUntil(() => visibleText(button) === 'Copied', 'Copied shown', { timeout: 4000 });
      expect(commanded).to.deep.equal(['copy:1234567890123456']);
      expect(element.shadowRoot!.querySelector('textarea'), 'the helper is gone').to.equal(null);
    });

    it('when the browser refuses every way to copy, the value is selected on screen and a note says to copy it', async () => {
      restores.push(stubNavigator('clipboard', undefined));
      const execCommand = document.execCommand;
      document.execCommand = () => false;
      restores.push(() => void (document.execCommand = execCommand));
      const { element } = await pending(offline());
      buttonsNamed(element, /Copy Account number/)[0]!.click();
      await waitUntil(() => $(element, '.copy-note'), 'note shown', { timeout: 4000 });
      expect(getSelection()!.toString()).to.equal('1234567890123456');
      expect($(element, '.copy-note')!.textContent).to.contain('Copying was blocked');
      expect($(element, '[aria-live="polite"]')!.textContent).to.contain('Copying was blocked');
    });

    it('the raw QR payload is not shown: it sits in a closed "Details for support"', async () => {
      const { element } = await pending(
        payinResponse(
          { status: 'PROCESSING' },
          { paymentMethodCode: 'QRISPAY', upiQrDeepLink: undefined, qrRawData: QRIS_PAYLOAD },
        ),
      );
      const support = $<HTMLDetailsElement>(element, 'details.support')!;
      expect(support.open).to.equal(false);
      expect(support.textContent).to.contain(QRIS_PAYLOAD);
      expect(
        $$(element, ':not(details) > .copy-value, .row:not(details .row)').some((node) =>
          node.textContent!.includes(QRIS_PAYLOAD),
        ),
      ).to.equal(false);
      expect(buttonsNamed(element, /^Copy/).length).to.equal(0);
    });
  });

  describe('deadlines people can read', () => {
    it('the deadline in local time ("Pay by 5:41 PM today") beside the countdown', async () => {
      const expireAt = Date.now() + 10 * 60_000;
      const { element } = await pending(
        payinResponse({ status: 'PROCESSING' }, { expireAt: new Date(expireAt).toISOString() }),
      );
      const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(expireAt);
      const sameDay = new Date(expireAt).getDate() === new Date().getDate();
      expect($(element, '.deadline')!.textContent).to.equal(`Pay by ${time} ${sameDay ? 'today' : 'tomorrow'}`);
    });

    it('a day-long window counts down in hours and minutes, not 24:00:01', async () => {
      const { element } = await pending(
        offline({ expireAt: new Date(Date.now() + 24 * 3600_000 - 90_000).toISOString() }),
      );
      expect($(element, '[role="timer"]')!.textContent!.replace(/\u00a0/g, ' ')).to.equal(
        'Time left to pay: 23 hr 58 min',
      );
      expect($(element, '.deadline')!.textContent).to.match(/^Pay by .+ (today|tomorrow)$/);
    });
  });

  describe('honest expiry', () => {
    for (const [name, payin] of [
      ['a UPI QR', payinResponse({ status: 'PROCESSING' }, { expireAt: new Date(Date.now() + 1200).toISOString() })],
      ['a bank transfer', offline({ expireAt: new Date(Date.now() + 1200).toISOString() })],
    ] as const) {
      it(`${name}: past expireAt the QR and details are withdrawn, the view says so and offers the way back to the shop`, async () => {
        const { element, events } = await pending({
          ...payin,
          paymentMethodResponse: {
            ...payin.paymentMethodResponse,
            expireAt: new Date(Date.now() + 1200).toISOString(),
          },
        });
        await untilEvent(events, 'pay-expired', 1, 3000);
        await element.updateComplete;
        expectNone(element, '[part="qr"]');
        expectNone(element, '.details-box');
        expectNone(element, 'button.copy');
        expect($(element, '.status h2')!.textContent).to.equal('Payment request expired');
        expect(text(element)).to.contain('no longer valid: do not pay with them');
        const back = $$<HTMLAnchorElement>(element, 'a').find((a) => a.textContent!.includes('Return to the shop'))!;
        expect(back.href).to.equal(RETURN_URL);
      });
    }
  });

  describe('a way forward from every screen', () => {
    it('a token error offers "Return to the shop" when return-url is set', async () => {
      const { element } = await mount({
        ...base,
        token: checkoutToken('order-1', { exp: Math.floor(Date.now() / 1000) - 5 }),
      });
      await untilState(element, 'error');
      const back = $$<HTMLAnchorElement>(element, 'a').find((a) => a.textContent!.includes('Return to the shop'))!;
      expect(back.href).to.equal(RETURN_URL);
      expect(buttonsNamed(element, /Try again/)).to.have.length(0);
    });

    it('a return-url that is not a web address is never offered', async () => {
      const { element } = await mount({ ...base, token: 'broken', 'return-url': 'javascript:alert(1)' });
      await untilState(element, 'error');
      expect($$(element, 'a')).to.have.length(0);
    });

    it('an error retrying can mend offers "Try again", which starts again', async () => {
      // An answer the element cannot read ends the start at once; trying again may read a good one.
      platform.on('POST', '/payins/!availablePaymentOptions', { text: '{"data": [' }, { body: OPTIONS_INR });
      platform.on('GET', '/payins/order-1', { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
      const { element } = await mount(base);
      await untilState(element, 'error');
      expect(text(element)).to.contain('an answer we could not read');
      expect($$<HTMLAnchorElement>(element, 'a').some((a) => a.href === RETURN_URL)).to.equal(true);
      buttonsNamed(element, /Try again/)[0]!.click();
      await untilState(element, 'select');
    });

    for (const status of ['SUCCESS', 'FAILED', 'REFUSED']) {
      it(`${status.toLowerCase()} offers "Return to the shop"`, async () => {
        platform.on('GET', '/payins/order-1', { body: payinResponse({ status }) });
        const { element } = await mount(base);
        await untilState(element, status.toLowerCase());
        const back = $$<HTMLAnchorElement>(element, '.actions a')[0]!;
        expect([back.textContent!.trim(), back.href]).to.deep.equal(['Return to the shop', RETURN_URL]);
      });
    }
  });

  describe('no way back to the page the shopper is on', () => {
    // The shop's own page: its return-url is this page with the order in the query, where the platform brings the shopper back from a bank.
    const here = () => `${location.origin}${location.pathname}?returnedFrom=order-1#paid`;

    for (const status of ['SUCCESS', 'FAILED']) {
      it(`${status.toLowerCase()} on the shop's own page offers no "Return to the shop"`, async () => {
        platform.on('GET', '/payins/order-1', { body: payinResponse({ status }) });
        const { element } = await mount({ ...base, 'return-url': here() });
        await untilState(element, status.toLowerCase());
        await waitUntil(() => $(element, '.final'), 'the final screen shown', { timeout: 5000 });
        expect(text(element)).not.to.contain('Return to the shop');
        expectNone(element, '.actions a');
      });
    }

    it("an expired payment on the shop's own page says so without a link back to it", async () => {
      platform.on('GET', '/payins/order-1', {
        body: payinResponse({ status: 'PROCESSING' }, { expireAt: new Date(Date.now() - 1000).toISOString() }),
      });
      const { element } = await mount({ ...base, 'return-url': here() });
      await waitUntil(() => $(element, '.expired-note'), 'the expired note shown', { timeout: 5000 });
      expect(text(element)).to.contain('start a new payment from the shop');
      expectNone(element, '.actions a');
    });

    it('another page of the same site is elsewhere: it is offered', async () => {
      platform.on('GET', '/payins/order-1', { body: payinResponse({ status: 'SUCCESS' }) });
      const orders = `${location.origin}/orders/order-1`;
      const { element } = await mount({ ...base, 'return-url': orders });
      await untilState(element, 'success');
      const back = $$<HTMLAnchorElement>(element, '.actions a')[0]!;
      expect([back.textContent!.trim(), back.href]).to.deep.equal(['Return to the shop', orders]);
    });
  });

  describe('final screens that explain', () => {
    async function final(state: string, payin: unknown) {
      platform.on('GET', '/payins/order-1', { body: payin });
      const { element } = await mount(base);
      await untilState(element, state);
      return element;
    }
    const rows = (element: PayCheckout) =>
      $$(element, '.details .row').map(
        (row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('.value, .copy-value')!.textContent}`,
      );

    it('success shows the amount paid and the reference', async () => {
      const element = await final('success', payinResponse({ status: 'SUCCESS' }));
      expect(rows(element)).to.deep.equal(['Amount paid: ₹100.00', 'Reference: REF-12345']);
      expect(buttonsNamed(element, /Copy Reference/)).to.have.length(1);
    });

    it('a different amount received shows what arrived against what was asked, and what happens next', async () => {
      const failed = await final(
        'failed',
        payinResponse({
          status: 'FAILED',
          failureReasonCode: 'DIFFERENT_AMOUNT_CONFIRMED',
          moneyReceived: { amount: 99, currencyCode: 'INR' },
        }),
      );
      expect(rows(failed)).to.deep.equal(['Amount asked: ₹100.00', 'Amount received: ₹99.00', 'Reference: REF-12345']);
      expect(text(failed)).to.contain(
        'so the payment was not completed. Contact the shop about getting back the amount you sent',
      );
      failed.remove();
      const accepted = await final(
        'success',
        payinResponse({ status: 'SUCCESS', moneyReceived: { amount: 99, currencyCode: 'INR' } }),
      );
      expect(rows(accepted)).to.deep.equal([
        'Amount asked: ₹100.00',
        'Amount received: ₹99.00',
        'Reference: REF-12345',
      ]);
      expect(text(accepted)).to.contain('and the shop accepted it');
    });

    it('refused gives the reason in words, and says when the provider gave none', async () => {
      const element = await final(
        'refused',
        payinResponse({ status: 'REFUSED', failureReasonCode: 'CUSTOMER_ACCOUNT_LIMIT_EXCEEDED' }),
      );
      expect(text(element)).to.contain('Your account limit has been exceeded.');
      element.remove();
      const bare = await final('refused', payinResponse({ status: 'REFUSED' }));
      expect(text(bare)).to.contain('The payment provider gave no reason. Try another payment method.');
      expect(text(bare)).to.contain('start a new payment from the shop');
    });
  });

  describe('recognition at a glance', () => {
    for (const [code, family] of [
      ['UPIQR', 'QR'],
      ['QRISPAY', 'QR'],
      ['OFFLINE', 'bank'],
      ['VAPAY', 'bank'],
      ['P2A_V2', 'bank'],
      ['MOBILE_MONEY', 'wallet'],
      ['EWALLET', 'wallet'],
      ['ONLINE', 'online'],
      ['NETBANKING', 'online'],
      ['CRYPTO_OFFLINE', 'crypto'],
      ['CODE_PAYMENT', 'cash'],
    ] as const) {
      it(`${code}: the ${family} icon beside the method's name`, async () => {
        // The QR family's icons travel with the payin views, the others with the other methods' views.
        const icons = {
          ...(await import('../../src/methods/icons.js')).icons,
          ...(await import('../../src/methods/other-icons.js')).otherIcons,
        };
        const key = family === 'QR' ? 'qr' : family;
        const { element } = await pending(
          payinResponse(
            { status: 'PROCESSING' },
            { paymentMethodCode: code, upiQrDeepLink: code === 'UPIQR' ? 'upi://pay?pa=a@b' : undefined },
          ),
        );
        const title = $(element, '.method-title')!;
        const drawn = title.querySelector('svg.method-icon')!;
        const expected = document.createElement('div');
        const { render } = await import('lit');
        render(icons[key], expected);
        expect(drawn.innerHTML.replace(/<!--.*?-->/g, '')).to.equal(
          expected.querySelector('svg')!.innerHTML.replace(/<!--.*?-->/g, ''),
        );
        expect(drawn.getAttribute('aria-hidden')).to.equal('true');
        expect(title.textContent!.trim()).to.not.equal('');
      });
    }
  });
});
