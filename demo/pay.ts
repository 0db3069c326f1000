/**
 * The hosted payment page (pay.html): the merchant sends the customer here with a payment-scoped
 * token and the platform document's redirect parameters in the address, and the page acts as the
 * platform's hosted payment web application: the merchant's name at the top, the order, the
 * checkout, and a way back to the shop.
 *
 * It takes the token and the redirect parameters from its address and nothing else. Its platform
 * is its own: the demo's emulator, from the demo's configuration, never a base URL from the
 * address (a link with `baseUrl=<someone else>` on the shop's origin would otherwise show that
 * party's account details as the shop's). The callback URL is not a redirect parameter either (a
 * customer could change it in the address bar): like the real application, the page takes it from
 * the merchant's configuration, and the merchant's name too. Once read, the token leaves the
 * address bar (history, screenshots, a shared link), kept in this tab's sessionStorage so that a
 * reload resumes the payment.
 */
import {
  applyRedirectParams,
  decodeToken,
  readRedirectParams,
  type CheckoutState,
  type PayCheckout,
} from 'pay-checkout';
import { byId } from './lib/dom.js';
import { createEventLog } from './lib/log-view.js';
import { hostedConfig } from './lib/merchant-api.js';

type Attributes = ReturnType<typeof readRedirectParams>;

const storageKey = (idPayin: string | undefined) => `pay-checkout-demo.hosted-token:${idPayin ?? ''}`;

/** The token of the address, or of an earlier load of this tab; the address loses it either way. */
function takeToken(idPayin: string | undefined): string | undefined {
  const url = new URL(location.href);
  const fromAddress = url.searchParams.get('token');
  if (fromAddress === null) return sessionStorage.getItem(storageKey(idPayin)) ?? undefined;
  sessionStorage.setItem(storageKey(idPayin), fromAddress);
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url);
  return fromAddress;
}

/**
 * Where Cancel leads: the address's returnUrl when it is on the shop's origin (in the demo, this
 * page's own), else the shop's home page. A link from the address is the customer's to change, so
 * it never sends them to another site.
 */
function shopAddress(returnUrl: string | undefined): string {
  try {
    const url = new URL(returnUrl ?? '/', location.href);
    if (url.origin === location.origin) return url.href;
  } catch {
    // Not a URL: the home page.
  }
  return new URL('/', location.href).href;
}

function showMerchant(name: string): void {
  byId('merchant-name').textContent = name;
  byId('merchant-mark').textContent = name.trim().charAt(0).toUpperCase();
  document.title = `Pay ${name} — pay-checkout hosted page`;
}

/** The total as the checkout writes it: the currency's symbol, or the number and the code for a crypto code. */
function formatMoney(amount: number, currencyCode: string, locale: string | undefined): string {
  let lang = 'en';
  try {
    lang = Intl.NumberFormat.supportedLocalesOf(locale || document.documentElement.lang || [])[0] ?? 'en';
  } catch {
    // Not a language tag: English, as the checkout falls back to.
  }
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currencyCode }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 8 }).format(amount)} ${currencyCode}`;
  }
}

/** The order as the token decides it (its money), else as the address says. */
function showSummary(token: string, attributes: Attributes): void {
  const payload = decodeToken(token);
  const money =
    payload?.money ??
    (attributes.amount && attributes['currency-code']
      ? { amount: Number(attributes.amount), currencyCode: attributes['currency-code'] }
      : undefined);
  const order = attributes['payin-id'] ?? payload?.idPayment;
  byId('summary-order').textContent = order ?? '—';
  byId('summary-total').textContent = money ? formatMoney(money.amount, money.currencyCode, attributes.locale) : '—';
  byId('order-summary').hidden = false;
}

/**
 * The way back: Cancel while nothing is paid, Leave once a payment is under way (it may still
 * complete), and none at a final state, where the checkout shows its own return link.
 */
function followWithCancel(element: PayCheckout, returnUrl: string | undefined, merchantName: string): void {
  const cancel = byId<HTMLAnchorElement>('cancel');
  cancel.href = shopAddress(returnUrl);
  const show = () => {
    const state = (element.getAttribute('state') ?? 'loading') as CheckoutState;
    cancel.hidden = ['success', 'failed', 'refused'].includes(state);
    cancel.textContent =
      state === 'pending' ? `Leave and return to ${merchantName}` : `Cancel and return to ${merchantName}`;
  };
  new MutationObserver(show).observe(element, { attributes: true, attributeFilter: ['state'] });
  show();
}

async function main(): Promise<void> {
  const { 'base-url': _ignored, token: _inAddress, ...attributes } = readRedirectParams(location.search);
  const token = takeToken(attributes['payin-id']);
  if (!token) {
    byId('no-token').hidden = false;
    return;
  }
  let config: Awaited<ReturnType<typeof hostedConfig>>;
  try {
    config = await hostedConfig();
  } catch {
    byId('no-platform').hidden = false;
    return;
  }
  showMerchant(config.merchantName);
  showSummary(token, attributes);
  const element = document.createElement('pay-checkout');
  applyRedirectParams(element, attributes);
  element.setAttribute('token', token);
  element.setAttribute('base-url', config.platformUrl);
  element.setAttribute('callback-url', config.callbackUrl);
  if (attributes['payin-id'])
    element.setAttribute('status-url', `/api/payins/${encodeURIComponent(attributes['payin-id'])}/events`);
  createEventLog(byId<HTMLOListElement>('event-log')).attach(element);
  followWithCancel(element, attributes['return-url'], config.merchantName);
  byId('checkout-host').append(element);
}

void main();
