/**
 * On a phone: the wtr group "phone" (web-test-runner.config.mjs) runs this file in Chromium at
 * 375 CSS pixels with touch and mobile viewport rules, on a page with a viewport meta tag as a
 * merchant's mobile page has. The shopper taps a method, taps pay, sees a QR that fits the screen
 * and gets the success; nothing on the way is wider than the screen or too small to tap.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import {
  FakePlatform,
  BASE_URL,
  OPTIONS_INR,
  checkoutToken,
  deferred,
  payinResponse,
} from '../support/fake-platform.js';
import { mount, untilState, $, $$ } from '../support/element.js';

/** Apple's and WCAG 2.5.5's size for a target a finger can hit. */
const MIN_TOUCH_TARGET_PX = 44;

/** A touch tap in the middle of `target`, scrolled into view first, as a thumb would. */
async function tap(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const box = target.getBoundingClientRect();
  await executeServerCommand('tap', { x: box.left + box.width / 2, y: box.top + box.height / 2 });
}

/** What sticks out sideways: the page must not scroll horizontally on a phone. */
function overflow(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  return {
    page: document.documentElement.scrollWidth - window.innerWidth,
    left: -box.left,
    right: box.right - window.innerWidth,
  };
}

describe('<pay-checkout> on a phone', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform.on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
  });
  afterEach(() => platform.restore());

  it('is a phone: 375 px wide, a coarse pointer, touch events', () => {
    expect(window.innerWidth).to.equal(375);
    expect(matchMedia('(pointer: coarse)').matches).to.equal(true);
    expect(navigator.maxTouchPoints).to.be.greaterThan(0);
  });

  it('tap a method, tap pay, the QR fits the screen, then the success', async () => {
    const poll = deferred();
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('GET', '/payins/order-1', { body: payinResponse({ status: 'SUCCESS' }), hold: poll.promise })
      .on('POST', '/payins/order-1', { body: payinResponse({ status: 'PROCESSING' }) });
    const { element, events } = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      token: checkoutToken(),
    });
    await untilState(element, 'select');
    const form = overflow(element);
    expect(form.page, 'no sideways scrolling at the form').to.equal(0);
    expect(form.left).to.be.at.most(0);
    expect(form.right).to.be.at.most(0);

    const methods = $$(element, '[part="method"]');
    expect(methods.length).to.equal(3);
    for (const method of methods)
      expect(method.getBoundingClientRect().height, method.textContent!.trim()).to.be.at.least(MIN_TOUCH_TARGET_PX);
    const upiQr = methods.find((method) => method.textContent!.includes('UPI QR'))!;
    const touches: string[] = [];
    element.shadowRoot!.addEventListener('touchend', (event) => touches.push((event.target as Element).localName), {
      capture: true,
    });
    await tap(upiQr);
    await element.updateComplete;
    expect(element.selectedCode).to.equal('UPIQR');
    expect(touches.length, 'the tap arrived as a touch').to.equal(1);
    expect(events.filter((event) => event.name === 'pay-method-change')).to.have.length(1);

    const pay = $(element, '[part="submit"]')!;
    expect(pay.getBoundingClientRect().height).to.be.at.least(MIN_TOUCH_TARGET_PX);
    await tap(pay);
    await untilState(element, 'pending');
    // Polling is held: the pending view stays until the test lets the SUCCESS through.
    await waitUntil(() => $(element, '[part="qr"] svg.qr'), 'QR drawn', { timeout: 4000 });
    const box = $(element, '[part="qr"] svg.qr')!.getBoundingClientRect();
    expect(box.left, 'QR inside the screen on the left').to.be.at.least(0);
    expect(box.right, 'QR inside the screen on the right').to.be.at.most(window.innerWidth);
    // Big enough to scan from another phone's camera, square.
    expect(box.width).to.be.at.least(200);
    expect(Math.abs(box.width - box.height)).to.be.below(1);
    expect(overflow(element).page, 'no sideways scrolling in the pending view').to.equal(0);

    poll.resolve();
    await untilState(element, 'success', 8000);
    expect(overflow(element).page, 'no sideways scrolling in the success view').to.equal(0);
    expect(events.map((event) => event.name)).to.include.members(['pay-created', 'pay-success']);
  });
});
