/**
 * The checkout answer's `statusPollUrl` (src/checkout/checkout-source.ts): resolved against the
 * checkout URL as `statusUrl` is, followed only when it is http(s), and a problem of the answer's
 * (BAD_RESPONSE) otherwise; an answer without one leaves the element polling the platform.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkoutConfig } from '../../src/checkout/checkout-source.js';
import { payinKind } from '../../src/checkout/payin-kind.js';
import type { CheckoutResponse } from '../../src/api/schemas/checkout-response.js';
import { fakeJwt } from '../support/jwt.js';

const CHECKOUT_URL = 'https://shop.example/api/checkouts?cart=7';
const answer = (extra: Partial<CheckoutResponse> = {}): CheckoutResponse => ({
  token: fakeJwt({
    merchantCode: 'm',
    action: 'PAYIN_CREATE',
    idPayment: 'order-1',
    exp: Math.floor(Date.now() / 1000) + 1800,
    iat: Math.floor(Date.now() / 1000),
  }),
  baseUrl: 'https://platform.example',
  idPayin: 'order-1',
  money: { amount: 100, currencyCode: 'INR' },
  ...extra,
});
const configOf = (extra: Partial<CheckoutResponse>) =>
  checkoutConfig(payinKind(), { optionsAvailable: true }, answer(extra), CHECKOUT_URL);

describe("a checkout answer's statusPollUrl", () => {
  it('a path is resolved against the checkout URL, beside the stream’s', () => {
    const config = configOf({
      statusUrl: '/api/payins/order-1/events?handle=h.s',
      statusPollUrl: '/api/payins/order-1/status?handle=h.s',
    });
    assert.ok(!('attribute' in config), JSON.stringify(config));
    assert.equal(config.statusPollUrl, 'https://shop.example/api/payins/order-1/status?handle=h.s');
    assert.equal(config.statusUrl, 'https://shop.example/api/payins/order-1/events?handle=h.s');
  });

  it('an absolute http(s) URL is kept as it is', () => {
    const config = configOf({ statusPollUrl: 'https://status.shop.example/p/order-1?handle=h.s' });
    assert.ok(!('attribute' in config));
    assert.equal(config.statusPollUrl, 'https://status.shop.example/p/order-1?handle=h.s');
  });

  for (const url of ['javascript:alert(1)', 'data:application/json,{}', 'ftp://shop.example/status']) {
    it(`${url.split(':')[0]}: is BAD_RESPONSE naming the answer's field, not the page's`, () => {
      const problem = configOf({ statusPollUrl: url });
      assert.ok('attribute' in problem);
      assert.equal(problem.code, 'BAD_RESPONSE');
      assert.equal(problem.attribute, 'checkout-url');
      assert.match(problem.detail, /statusPollUrl/);
    });
  }

  it('none: no status route, so the element polls the platform', () => {
    const config = configOf({});
    assert.ok(!('attribute' in config));
    assert.equal(config.statusPollUrl, undefined);
  });
});
