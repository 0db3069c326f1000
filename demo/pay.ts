/**
 * The hosted payment page (pay.html): the merchant sends the customer here with a payment-scoped
 * token and the platform document's redirect parameters in the address, and the page acts as the
 * platform's hosted payment web application.
 *
 * The callback URL is not a redirect parameter (a customer could change it in the address bar):
 * like the real application, the page takes it from the merchant's configuration.
 */
import { applyRedirectParams, readRedirectParams } from '../src/pay-checkout.js';
import { byId } from './lib/dom.js';
import { createEventLog } from './lib/log-view.js';
import { hostedConfig } from './lib/merchant-api.js';

async function main(): Promise<void> {
  const attributes = readRedirectParams(location.search);
  if (!attributes.token) {
    byId('no-token').hidden = false;
    return;
  }
  const element = document.createElement('pay-checkout');
  applyRedirectParams(element, attributes);
  if (attributes['payin-id']) element.setAttribute('status-url', `/api/payins/${encodeURIComponent(attributes['payin-id'])}/events`);
  try {
    // Only for the platform the configuration belongs to: a pasted token for another platform
    // must not send that platform's notifications to the local backend's address.
    const config = await hostedConfig();
    if (attributes['base-url'] === config.platformUrl) element.setAttribute('callback-url', config.callbackUrl);
  } catch {
    // No merchant configuration to read: the payment goes on without callbacks.
  }
  createEventLog(byId<HTMLOListElement>('event-log')).attach(element);
  byId('checkout-host').append(element);
}

void main();
