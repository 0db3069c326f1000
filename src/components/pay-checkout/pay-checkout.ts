import { PayCheckout } from './pay-checkout.component.js';

export { PayCheckout };
export type { CheckoutState, PayAnySubmitResult, PaySubmitResult } from './pay-checkout.component.js';

// Defined once, even if the module is loaded twice (e.g. a script tag and a bundle). Without a
// registry (a server that imports the package for its types or for server rendering) there is
// nothing to define; in Node, lit's `node` build supplies one.
if (typeof customElements !== 'undefined' && !customElements.get('pay-checkout'))
  customElements.define('pay-checkout', PayCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
