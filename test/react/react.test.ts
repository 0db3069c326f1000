import { expect, waitUntil } from '@open-wc/testing';
import { createElement, createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { PayCheckout, type PayCheckoutProps } from '../../src/react/index.js';
import type { PayCheckout as PayCheckoutElement } from '../../src/pay-checkout.js';
import type { PayChangeEvent, PayErrorDetail, PayErrorEvent } from '../../src/events/index.js';
import type { PaySubmitResult } from '../../src/pay-checkout.js';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { type } from '../support/element.js';

describe('pay-checkout/react', () => {
  let platform: FakePlatform;
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    platform = new FakePlatform().install();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    flushSync(() => root.unmount());
    container.remove();
    platform.restore();
  });

  const render = (props: PayCheckoutProps) => flushSync(() => root.render(createElement(PayCheckout, props)));
  const element = () => container.querySelector('pay-checkout') as PayCheckoutElement;

  it('renders <pay-checkout> with its props as element properties, and HTML props as attributes', async () => {
    render({
      token: 'not-a-jwt',
      baseUrl: BASE_URL,
      amount: 125.5,
      currencyCode: 'INR',
      optionsAvailable: false,
      locale: 'en',
      className: 'shop-checkout',
      id: 'checkout',
    });
    const checkout = element();
    // Booleans: chai, failing, would print the whole element class.
    expect(checkout instanceof customElements.get('pay-checkout')!, 'an upgraded <pay-checkout>').to.equal(true);
    expect(checkout.baseUrl).to.equal(BASE_URL);
    expect(checkout.amount).to.equal(125.5);
    expect(checkout.currencyCode).to.equal('INR');
    expect(checkout.optionsAvailable).to.equal(false);
    expect(checkout.getAttribute('class')).to.equal('shop-checkout');
    expect(checkout.id).to.equal('checkout');

    render({ token: 'not-a-jwt', baseUrl: BASE_URL, amount: 300, currencyCode: 'INR' });
    expect(element() === checkout, 'the same element, updated in place').to.equal(true);
    expect(checkout.amount).to.equal(300);
  });

  it('onPayError receives the typed pay-error of a malformed token, with no request sent', async () => {
    const errors: PayErrorEvent[] = [];
    const codes: PayErrorDetail['code'][] = [];
    render({
      token: 'not-a-jwt',
      baseUrl: BASE_URL,
      amount: 100,
      currencyCode: 'INR',
      onPayError: (event) => {
        errors.push(event);
        codes.push(event.detail.code); // typed: a PayErrorEvent, not a bare Event
      },
    });
    await waitUntil(() => errors.length > 0, 'onPayError called');
    expect(errors[0]).to.be.instanceOf(CustomEvent);
    expect(errors[0]!.type).to.equal('pay-error');
    expect(codes).to.deep.equal(['TOKEN_INVALID']);
    expect(errors[0]!.detail.retryable).to.equal(false);
    await waitUntil(() => element().state === 'error', 'state error');
    expect(platform.requests).to.have.length(0);
  });

  it('a page’s own pay button: submit() and checkValidity() through the ref, pay-change as onPayChange', async () => {
    platform
      .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
      .on('POST', '/payins/order-1', { body: payinResponse() });
    const ref = createRef<PayCheckoutElement>();
    const changes: PayChangeEvent[] = [];
    render({
      ref,
      token: checkoutToken(),
      baseUrl: BASE_URL,
      payinId: 'order-1',
      amount: 100,
      currencyCode: 'INR',
      paymentMethodCode: 'UPICOLLECT',
      submitButton: 'none',
      onPayChange: (event) => changes.push(event), // typed: a PayChangeEvent
    });
    const checkout = ref.current!;
    expect(checkout === element(), 'the ref is the element').to.equal(true);
    await waitUntil(() => checkout.state === 'select', 'the form');
    expect(checkout.shadowRoot!.querySelector('[part="submit"]')).to.equal(null);
    expect(checkout.checkValidity()).to.equal(false);

    const refused: PaySubmitResult = await checkout.submit();
    expect(refused.ok === false && refused.error.code).to.equal('INVALID_FORM');
    expect(platform.count('POST', '/payins/order-1')).to.equal(0);

    type(checkout, 'account.accountName', 'Asha Devi');
    type(checkout, 'phoneNumber', '+919876543210');
    expect(changes.map((event) => event.detail)).to.deep.equal([{ complete: true, paymentMethodCode: 'UPICOLLECT' }]);
    expect(changes[0]).to.be.instanceOf(CustomEvent);
    expect(checkout.checkValidity()).to.equal(true);

    const paid = await checkout.submit();
    expect(paid.ok && paid.payin.paymentMethodResponse.idPayin).to.equal('order-1');
    expect(platform.count('POST', '/payins/order-1')).to.equal(1);
  });

  it('a handler replaced on re-render is the one called; removed, none is', async () => {
    const first: string[] = [];
    const second: string[] = [];
    render({
      token: 'not-a-jwt',
      baseUrl: BASE_URL,
      amount: 100,
      currencyCode: 'INR',
      onPayError: (event) => first.push(event.detail.code),
    });
    await waitUntil(() => first.length === 1, 'first handler called');

    render({
      token: 'still-not-a-jwt',
      baseUrl: BASE_URL,
      amount: 100,
      currencyCode: 'INR',
      onPayError: (event) => second.push(event.detail.code),
    });
    element().dispatchEvent(
      new CustomEvent('pay-error', { detail: { code: 'NETWORK', message: 'x', retryable: true } }),
    );
    expect(first).to.deep.equal(['TOKEN_INVALID']);
    expect(second).to.include('NETWORK');

    render({ token: 'still-not-a-jwt', baseUrl: BASE_URL, amount: 100, currencyCode: 'INR' });
    const seen = second.length;
    element().dispatchEvent(
      new CustomEvent('pay-error', { detail: { code: 'NETWORK', message: 'x', retryable: true } }),
    );
    expect(second).to.have.length(seen);
  });
});
