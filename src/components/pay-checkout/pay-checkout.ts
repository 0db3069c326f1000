import { PayCheckout } from './pay-checkout.component.js';

export { PayCheckout };
export type { CheckoutState } from './pay-checkout.component.js';

// Defined once, even if the module is loaded twice (e.g. a script tag and a bundle).
if (!customElements.get('pay-checkout')) customElements.define('pay-checkout', PayCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
