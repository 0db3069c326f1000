/**
 * The shop's checkout page for the browser shoppers of the load benchmark: the built element and
 * a classic script that plays one shopper — it shows <pay-checkout> with UPI QR preselected and
 * the shop's checkout (a token minted for a fresh payin, the options the kit fetched, its status
 * stream when the relay is on), asked the element's way through `fetchCheckout`, presses Pay at
 * pay-ready, and records what happens with wall-clock times, which the bench reads.
 */
export const SHOP_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sale</title>
<script src="/shopper.js"></script>
<script type="module" src="/dist/pay-checkout.js"></script>
</head>
<body><main id="host"></main></body>
</html>
`;

/** Classic script: window.__shopper.open(settings) starts the shopper; .record() reads it. */
export const SHOPPER_JS = `(() => {
  const EVENTS = ['pay-ready', 'pay-created', 'pay-status', 'pay-success', 'pay-failed', 'pay-refused', 'pay-expired', 'pay-error'];
  const record = { openedAt: 0, events: [] };
  let element;
  window.__shopper = {
    async open(settings) {
      record.openedAt = Date.now();
      await customElements.whenDefined('pay-checkout');
      element = document.createElement('pay-checkout');
      element.setAttribute('payment-method-code', 'UPIQR');
      // The shop's checkout, asked the element's way (as checkout-url does): a 429 or 503 from
      // the shop (its queue is full) is waited out as Retry-After says, and never shown. Without
      // the relay the answer's status stream is left out, and the element polls the kit's status route.
      element.fetchCheckout = async (request) => {
        const answer = await fetch('/api/checkouts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
        if (!answer.ok) return answer;
        const checkout = await answer.json();
        if (!record.tokenAt) record.tokenAt = Date.now();
        record.idPayin = checkout.idPayin;
        record.withOptions = !!checkout.options;
        if (!settings.relay) delete checkout.statusUrl;
        return checkout;
      };
      // A shopper with no checkout after their patience gives up: counted as shown an error.
      setTimeout(() => {
        if (record.tokenAt) return;
        record.checkoutFailure = 'no checkout within ' + settings.checkoutPatienceMs / 1000 + ' s';
        element.remove();
      }, settings.checkoutPatienceMs);
      for (const type of EVENTS) {
        element.addEventListener(type, (event) => {
          const d = event.detail || {};
          record.events.push({ type, at: Date.now(), status: d.status, code: d.code, retryable: d.retryable, message: d.message && String(d.message).slice(0, 160) });
          if (type === 'pay-ready') {
            record.readyAt = Date.now();
            element.updateComplete.then(() => element.shadowRoot.querySelector('[part="submit"]').click());
          }
        });
      }
      new MutationObserver(() => {
        const state = element.getAttribute('state');
        if (state === 'pending' && !record.pendingAt) record.pendingAt = Date.now();
      }).observe(element, { attributes: true, attributeFilter: ['state'] });
      document.getElementById('host').append(element);
    },
    record() {
      return { ...record, events: record.events.slice(), state: element ? element.getAttribute('state') : undefined };
    },
  };
})();
`;

/**
 * The shop's page for the long-pending row (bench-load's --pending-2h): one element given only
 * `checkout-url` (the kit's POST /api/checkouts, which it also renews its token through) and a
 * method, Pay pressed at pay-ready. `open(method, { stream: false })` asks the same URL through
 * `fetchCheckout` and leaves out the answer's status stream: the element polls the kit's status
 * route while the payment is pending (and its token is renewed all the same). The page records the element's events, its state changes and
 * every answer of the checkout URL (a first checkout, or a renewal by handle, with the token's
 * `exp`), with wall-clock times, which the bench reads as `window.__pending.record()`.
 */
export const PENDING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pending</title>
<script>
(() => {
  const EVENTS = ['pay-ready', 'pay-created', 'pay-status', 'pay-success', 'pay-failed', 'pay-refused', 'pay-expired', 'pay-token-expiring', 'pay-error'];
  const record = { events: [], states: [], checkouts: [] };
  const exp = (token) => { try { return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp; } catch { return undefined; } };
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const answer = await pageFetch(input, init);
    if (new URL(url, location.href).pathname === '/api/checkouts') {
      const renewal = typeof init?.body === 'string' && init.body.includes('handle');
      answer.clone().json().then((body) => record.checkouts.push({ at: Date.now(), renewal, status: answer.status, exp: body && body.token ? exp(body.token) : undefined }), () => record.checkouts.push({ at: Date.now(), renewal, status: answer.status }));
    }
    return answer;
  };
  window.__pending = {
    open(methodCode, { stream = true } = {}) {
      const element = document.createElement('pay-checkout');
      if (stream) element.setAttribute('checkout-url', '/api/checkouts');
      else {
        element.fetchCheckout = async (request) => {
          const answer = await window.fetch('/api/checkouts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request), credentials: 'same-origin' });
          if (!answer.ok) return answer;
          const { statusUrl, ...rest } = await answer.json();
          return rest;
        };
      }
      element.setAttribute('payment-method-code', methodCode);
      for (const type of EVENTS) {
        element.addEventListener(type, (event) => {
          const d = event.detail || {};
          record.events.push({ type, at: Date.now(), status: d.status, code: d.code, httpStatus: d.httpStatus, message: d.message && String(d.message).slice(0, 160) });
          if (type === 'pay-ready') element.updateComplete.then(() => element.shadowRoot.querySelector('[part="submit"]').click());
          if (type === 'pay-created') record.idPayin = d.idPayin || (d.payin && d.payin.idPayin);
        });
      }
      new MutationObserver(() => record.states.push({ at: Date.now(), state: element.getAttribute('state') })).observe(element, { attributes: true, attributeFilter: ['state'] });
      document.body.append(element);
      window.__element = element;
    },
    record: () => ({ ...record, events: record.events.slice(), states: record.states.slice(), checkouts: record.checkouts.slice(), state: window.__element && window.__element.getAttribute('state'), idPayin: record.idPayin || (window.__element && window.__element.payinId) }),
  };
})();
</script>
<script type="module" src="/dist/pay-checkout.js"></script>
</head>
<body></body>
</html>
`;
