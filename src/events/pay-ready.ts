import type { PaymentOption, ExternalProvider } from '../api/schemas/options.js';

/** Options loaded and shown. */
export interface PayReadyDetail {
  options: PaymentOption[];
  externalProviders?: ExternalProvider[];
  merchantName?: string;
}
export type PayReadyEvent = CustomEvent<PayReadyDetail>;
