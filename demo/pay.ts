/**
 * The hosted payment page (pay.html): the merchant sends the customer here with a payment-scoped
 * token and the platform document's redirect parameters in the address, and the page acts as the
 * platform's hosted payment web application.
 *
 * It takes the token and the redirect parameters from its address and nothing else. Its platform
 * is its own: the demo's emulator, from the demo's configuration, never a base URL from the
 * address (a link with `baseUrl=<someone else>` on the shop's origin would otherwise show that
 * party's account details as the shop's). The callback URL is not a redirect parameter either (a
 * customer could change it in the address bar): like the real application, the page takes it from
 * the merchant's configuration. Once read, the token leaves the address bar (history, screenshots,
 * a shared link), kept in this tab's sessionStorage so that a reload resumes the payment.
 */
import { applyRedirectParams, readRedirectParams } from '../src/pay-checkout.js';
import { byId } from './lib/dom.js';
import { createEventLog } from './lib/log-view.js';
import { hostedConfig } from './lib/merchant-api.js';

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
  const element = document.createElement('pay-checkout');
  applyRedirectParams(element, attributes);
  element.setAttribute('token', token);
  element.setAttribute('base-url', config.platformUrl);
  element.setAttribute('callback-url', config.callbackUrl);
  if (attributes['payin-id']) element.setAttribute('status-url', `/api/payins/${encodeURIComponent(attributes['payin-id'])}/events`);
  createEventLog(byId<HTMLOListElement>('event-log')).attach(element);
  byId('checkout-host').append(element);
}

void main();
