/** The element end to end against the sandbox emulator: from a merchant-minted token to the result. */
import { expect } from '@open-wc/testing';
import { mount, untilState, untilEvent, $, submit, fastPolling, normalPolling } from '../support/element.js';
import { advanceClock, mintToken, ownPlatform, sandboxUrl, uniqueId } from '../support/browser-sandbox.js';

describe('<pay-checkout> against the sandbox emulator', () => {
  before(fastPolling);
  after(normalPolling);

  /** `own`: on an emulator of the test's own, whose clock it moves. */
  async function open(amount: number, extra: Record<string, string> = {}, own?: string) {
    const idPayin = uniqueId('flow');
    // A day-long token: the expiry test moves the emulator's clock 2 h 17 min on while following,
    // and tokens live in sandbox time.
    const token = await mintToken(idPayin, {
      merchantInfo: true,
      money: { amount, currencyCode: 'INR' },
      validitySecs: 86_400,
      own,
    });
    const attributes = {
      token,
      'base-url': await sandboxUrl(own),
      'payin-id': idPayin,
      'payment-method-code': 'UPIQR',
      ...extra,
    };
    return { ...(await mount(attributes)), idPayin, attributes };
  }

  it('from the token to pay-success: merchant name, events in order, no request too many', async () => {
    const { element, events, idPayin } = await open(100);
    await untilState(element, 'select');
    expect($(element, '[part="merchant-name"]')!.textContent).to.contain('Demo Shop');
    await submit(element);
    await untilState(element, 'success', 8000);
    // PROCESSING is seen only if a poll comes before the emulator settles (a busy machine may be
    // later): a status is reported when first seen or changed.
    const statuses = events.filter((e) => e.name === 'pay-status').map((e) => e.detail.status);
    expect([['PROCESSING', 'SUCCESS'], ['SUCCESS']]).to.deep.include(statuses);
    expect(events.map((e) => e.name)).to.deep.equal([
      'pay-ready',
      'pay-created',
      ...statuses.map(() => 'pay-status'),
      'pay-success',
    ]);
    expect(events[1]!.detail).to.include({ idPayin, resumed: false });
  });

  it('a business rejection (406) keeps the customer at the form with the reason', async () => {
    const { element, events } = await open(47);
    await untilState(element, 'select');
    await submit(element);
    await untilEvent(events, 'pay-error');
    expect(events.find((e) => e.name === 'pay-error')!.detail).to.include({
      code: 'PAYMENT_OPERATOR_UNAVAILABLE',
      httpStatus: 406,
    });
    expect(element.state).to.equal('select');
  });

  it('a page reload while pending resumes at pending, and the sandbox clock drives expiry then failure', async () => {
    const own = ownPlatform();
    const first = await open(1, {}, own);
    await untilState(first.element, 'select');
    await submit(first.element);
    await untilState(first.element, 'pending');
    first.element.remove(); // the page goes away…
    const again = await mount(first.attributes); // …and comes back with the same attributes
    await untilState(again.element, 'pending');
    expect(again.events.find((e) => e.name === 'pay-created')!.detail.resumed).to.equal(true);
    expect(again.events.some((e) => e.name === 'pay-ready')).to.equal(false);
    await advanceClock(own, 16 * 60 + 2 * 3600 + 60);
    await untilState(again.element, 'failed', 8000);
    expect(again.events.find((e) => e.name === 'pay-failed')!.detail.failureReasonCode).to.equal(
      'CUSTOMER_VERIFICATION_INACTIVITY',
    );
  });
});
