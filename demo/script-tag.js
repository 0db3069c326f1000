// The script-tag page's own lines, plain JavaScript with no build step: what a merchant writes
// around the element on a page that loads dist/pay-checkout.js with one <script type="module">.

const EVENTS = [
  'pay-ready',
  'pay-method-change',
  'pay-created',
  'pay-status',
  'pay-success',
  'pay-failed',
  'pay-refused',
  'pay-expired',
  'pay-error',
];

const $ = (id) => document.getElementById(id);
const log = $('event-log');

function logEvent(name, detail) {
  const item = document.createElement('li');
  item.className = `log-entry event-${name}`;
  item.dataset.event = name;
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString('en-GB', { hour12: false });
  const code = document.createElement('code');
  code.textContent = name;
  const text = document.createElement('span');
  text.textContent =
    name === 'pay-ready'
      ? `${detail.options.length} option(s)`
      : [detail.idPayin, detail.paymentMethodCode, detail.status, detail.failureReasonCode, detail.code, detail.message]
          .filter(Boolean)
          .join(' ');
  item.append(time, ' ', code, ' ', text);
  log.append(item);
}

// The element is defined by the module script above; if it never is, dist/ was not built.
const defined = customElements.whenDefined('pay-checkout').then(() => true);
const timeout = new Promise((resolve) => setTimeout(() => resolve(false), 4000));
Promise.race([defined, timeout]).then((ok) => {
  $('build-missing').hidden = ok;
});

$('order-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const error = $('order-error');
  error.hidden = true;
  // The merchant's own server prices the cart and mints a token for this payment alone (see demo/merchant/).
  const cart = new URLSearchParams({ preset: $('preset').value, currency: $('currency').value });
  const response = await fetch(`/api/checkouts?${cart}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  });
  const session = await response.json();
  if (!response.ok) {
    error.textContent = `The merchant backend said ${session.errorCode}: ${session.message}`;
    error.hidden = false;
    return;
  }
  const checkout = document.createElement('pay-checkout');
  checkout.setAttribute('token', session.token);
  checkout.setAttribute('base-url', session.baseUrl);
  checkout.setAttribute('payin-id', session.idPayin);
  checkout.setAttribute('amount', String(session.money.amount));
  checkout.setAttribute('currency-code', session.money.currencyCode);
  checkout.setAttribute('callback-url', session.callbackUrl);
  // The merchant backend's status stream for this payin: the element follows it instead of polling.
  checkout.setAttribute('status-url', session.statusUrl);
  for (const name of EVENTS) checkout.addEventListener(name, (e) => logEvent(name, e.detail));
  log.replaceChildren();
  $('checkout-host').replaceChildren(checkout);
});
