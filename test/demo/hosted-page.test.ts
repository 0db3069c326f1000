/**
 * The demo's hosted payment page (demo/pay.html) from its address, in every engine: the merchant
 * sends the shopper there with a token and the redirect parameters, and the page takes them from
 * its address and nothing else. It ignores a baseUrl in the address (its platform is its own),
 * takes the token out of the address bar, and resumes on reload. The page and the demo merchant's
 * backend it calls are on the runner's origin (test/support/hosted-page.mjs), in an iframe of
 * this page, so the test reads and clicks the page's element as its own.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../src/pay-checkout.js';
import { sandboxUrl } from '../support/browser-sandbox.js';

/** A checkout of the demo shop's cart, as its shop page gets one from the backend. */
async function backendCheckout(): Promise<{ idPayin: string; token: string }> {
  const response = await fetch('/api/checkouts?preset=success&currency=INR', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).to.equal(201);
  return (await response.json()) as { idPayin: string; token: string };
}

/** Until the frame has loaded its page (again, after a reload). */
const loaded = (frame: HTMLIFrameElement) =>
  new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));

const elementOf = (frame: HTMLIFrameElement) => frame.contentDocument?.querySelector<PayCheckout>('pay-checkout');

async function untilState(frame: HTMLIFrameElement, state: string) {
  await waitUntil(
    () => elementOf(frame)?.getAttribute('state') === state,
    `the hosted page's element in ${state} (is ${elementOf(frame)?.getAttribute('state')})`,
    { timeout: 10_000 },
  );
}

const elsewhereHits = async () =>
  ((await (await fetch('/__test/hosted/elsewhere-hits')).json()) as { hits: number }).hits;

describe('the hosted payment page, from its address', function () {
  // The page's first load compiles the demo's modules and the element's on the runner's server.
  this.timeout(45_000);
  let frame: HTMLIFrameElement;
  afterEach(() => frame?.remove());

  it('without a token in its address or the tab, says how it is opened', async () => {
    frame = document.createElement('iframe');
    const first = loaded(frame);
    frame.src = `/__test/hosted/pay.html?${new URLSearchParams({ idPayin: 'nobody', amount: '60', currencyCode: 'INR' })}`;
    document.body.append(frame);
    await first;
    await waitUntil(() => frame.contentDocument!.getElementById('no-token')?.hidden === false, 'the notice');
    expect(elementOf(frame)).to.equal(null);
  });

  it('takes the token and the redirect parameters from its address, ignores a baseUrl there, and resumes on reload', async () => {
    const { idPayin, token } = await backendCheckout();
    const hitsBefore = await elsewhereHits();
    const query = new URLSearchParams({
      token,
      // Another party, as a crafted link on the shop's origin would name it.
      baseUrl: `${location.origin}/__test/hosted/elsewhere/api`,
      idPayin,
      amount: '60',
      currencyCode: 'INR',
      paymentMethodCode: 'UPIQR',
      returnUrl: `${location.origin}/shop/orders/${idPayin}`,
    });
    frame = document.createElement('iframe');
    Object.assign(frame.style, { width: '420px', height: '900px', border: '0' });
    const first = loaded(frame);
    frame.src = `/__test/hosted/pay.html?${query}`;
    document.body.append(frame);
    await first;
    await untilState(frame, 'select');

    const element = elementOf(frame)!;
    expect(element.getAttribute('base-url'), "the platform is the merchant's own").to.equal(await sandboxUrl());
    expect(
      ['payin-id', 'amount', 'currency-code', 'payment-method-code'].map((name) => element.getAttribute(name)),
      'the redirect parameters, as attributes',
    ).to.deep.equal([idPayin, '60', 'INR', 'UPIQR']);
    expect(element.getAttribute('token')).to.equal(token);
    const address = new URL(frame.contentWindow!.location.href);
    expect(address.searchParams.get('token'), 'the token left the address bar').to.equal(null);
    expect(address.searchParams.get('idPayin'), 'the rest of the address stays').to.equal(idPayin);
    expect(frame.contentDocument!.title).to.equal('Pay Hosted Shop — pay-checkout hosted page');
    expect(frame.contentDocument!.getElementById('summary-total')!.textContent).to.equal('₹60.00');

    // A reload: the address has no token now; the page finds it in the tab, and the payment goes on.
    const again = loaded(frame);
    frame.contentWindow!.location.reload();
    await again;
    await untilState(frame, 'select');
    expect(elementOf(frame)!.getAttribute('token')).to.equal(token);
    expect(new URL(frame.contentWindow!.location.href).searchParams.get('token')).to.equal(null);
    elementOf(frame)!.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!.click();
    await untilState(frame, 'success');
    expect(await elsewhereHits(), "nothing was sent to the address's baseUrl").to.equal(hitsBefore);
  });
});
