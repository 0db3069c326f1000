/**
 * The shop's checkout page for the browser shoppers of the load benchmark: the built element and
 * a classic script that plays one shopper — it asks the shop's backend for a checkout (a token
 * minted for a fresh payin, and the options the backend fetched), shows <pay-checkout> with the
 * `options` property (and `status-url` when the relay is on), presses Pay at pay-ready (UPI QR,
 * preselected), and records what happens with wall-clock times, which the bench reads.
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
      let session;
      try {
        const answer = await fetch('/api/checkouts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(settings.checkoutPatienceMs),
        });
        if (!answer.ok) throw new Error('POST /api/checkouts answered ' + answer.status + ': ' + (await answer.text()).slice(0, 200));
        session = await answer.json();
      } catch (error) {
        record.checkoutFailure = String(error && error.message || error);
        return;
      }
      record.tokenAt = Date.now();
      record.idPayin = session.idPayin;
      await customElements.whenDefined('pay-checkout');
      element = document.createElement('pay-checkout');
      const attributes = {
        token: session.token,
        'base-url': session.baseUrl,
        'payin-id': session.idPayin,
        amount: String(session.money.amount),
        'currency-code': session.money.currencyCode,
        'payment-method-code': 'UPIQR',
        'callback-url': session.callbackUrl,
      };
      if (settings.relay) attributes['status-url'] = session.statusUrl;
      if (session.merchantName) attributes['merchant-name'] = session.merchantName;
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      if (session.options) element.options = session.options;
      record.withOptions = !!session.options;
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
 * `fetchCheckout` and leaves out the answer's status stream: the element polls the platform, with
 * its token, while the payment is pending. The page records the element's events, its state changes and
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
