/**
 * <pay-checkout> refuses every broad token shape by rule (issue 12.1): state error, one pay-error
 * TOKEN_TOO_BROAD, the error shown, and not a single request. Payment-scoped tokens still start.
 * The shapes are those of the Node test of the rule (test/support/token-shapes.ts).
 */
import { expect } from '@open-wc/testing';
import { fakeJwt } from '../support/jwt.js';
import { FakePlatform, BASE_URL, OPTIONS_INR } from '../support/fake-platform.js';
import { mount, untilEvent, untilState, $ } from '../support/element.js';
import { BROAD_TOKENS, SCOPED_PAYIN, SCOPED_TOKENS } from '../support/token-shapes.js';
import { pageClock, type PageClock } from '../support/page-clock.js';

const exp = () => Math.floor(Date.now() / 1000) + 600;
const attributes = { 'base-url': BASE_URL, 'payin-id': SCOPED_PAYIN, amount: '100', 'currency-code': 'INR' };

describe('<pay-checkout> and broad tokens', () => {
  let platform: FakePlatform;
  let clock: PageClock;
  beforeEach(() => {
    clock = pageClock();
    platform = new FakePlatform().install();
  });
  afterEach(() => {
    platform.restore();
    clock.uninstall();
  });

  for (const [name, payload] of BROAD_TOKENS) {
    it(`refuses ${name}: TOKEN_TOO_BROAD and zero requests`, async () => {
      const { element, events } = await mount({
        ...attributes,
        token: fakeJwt({ merchantCode: 'demo-merchant', exp: exp(), ...payload }),
      });
      await untilState(element, 'error');
      const errors = events.filter((event) => event.name === 'pay-error');
      expect(errors.map((event) => event.detail.code)).to.deep.equal(['TOKEN_TOO_BROAD']);
      const shown = $(element, '[part="error"]');
      expect(shown?.getAttribute('role')).to.equal('alert');
      expect(shown?.textContent?.trim()).to.not.equal('');
      // Nothing may go out later either (a deferred start, a merchant-info lookup, a poll): every
      // timer the page set runs.
      await clock.runAll();
      expect(platform.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([]);
    });
  }

  // The control: the same element, given a payment-scoped token, does talk to the platform.
  for (const [name, payload, idPayin] of SCOPED_TOKENS.filter(([, , idPayin]) => idPayin === SCOPED_PAYIN)) {
    it(`starts with a scoped token: ${name}`, async () => {
      platform
        .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
        .on('GET', `/payins/${idPayin}`, { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } });
      const { element, events } = await mount({
        ...attributes,
        token: fakeJwt({ merchantCode: 'demo-merchant', exp: exp(), ...payload }),
      });
      await untilEvent(events, 'pay-ready');
      expect(element.state).to.equal('select');
      expect(platform.count('POST', '/payins/!availablePaymentOptions')).to.equal(1);
      expect(events.filter((event) => event.name === 'pay-error')).to.deep.equal([]);
    });
  }
});
