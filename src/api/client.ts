/**
 * A typed client for every endpoint of the platform: one function per endpoint, each parsing its
 * answer with its schema and failing with a typed PlatformError. No DOM: runs in browsers, Node
 * and edge runtimes. The endpoints are grouped in endpoints/ so a browser bundle takes only the
 * group it calls (createCheckoutClient).
 */
import { merchantEndpoints } from './endpoints/merchant.js';
import { payinEndpoints } from './endpoints/payins.js';
import { tokenEndpoints } from './endpoints/tokens.js';
import { createTransport, type ClientOptions } from './transport.js';

export { backoffDelay, sleep, createTransport, DEFAULT_API_VERSION, DEFAULT_TIMEOUT_MS } from './transport.js';
export type { CallOptions, ClientOptions, RetryOptions, Transport } from './transport.js';

export function createClient(options: ClientOptions) {
  const transport = createTransport(options);
  return { ...tokenEndpoints(transport), ...payinEndpoints(transport), ...merchantEndpoints(transport) };
}
export type PlatformClient = ReturnType<typeof createClient>;
