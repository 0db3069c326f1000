/** The client of the checkout in the browser: the payin endpoints only, so the bundle stays small. */
import { payinEndpoints } from './endpoints/payins.js';
import { createTransport, type ClientOptions } from './transport.js';

export const createCheckoutClient = (options: ClientOptions) => payinEndpoints(createTransport(options));
export type CheckoutClient = ReturnType<typeof createCheckoutClient>;
