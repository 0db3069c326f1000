/**
 * What the emulator takes from pay-checkout's own source, in one place: the platform's schemas,
 * method rules and arithmetic (src/api/, the same code the element validates with, so a rule is
 * never written twice) and the server side's HTTP helpers (a bounded JSON body, zod validation that
 * names each field, the error with the platform's body), through pay-checkout/server's public
 * entry. The package's build bundles them into its own dist/, so pay-checkout-sandbox never
 * depends on pay-checkout.
 */
export * from '../../../src/api/index.js';
export { opt } from '../../../src/api/zod.js';
export { currencyDigits } from '../../../src/api/money.js';
export { quoteTopUp, roundToCurrency, topUpQuoteProblem, type FxRate } from '../../../src/api/fx.js';
export {
  HttpError,
  importPublicKey,
  invalidRequest,
  parseJson,
  readBodyText,
  readJsonBody,
  validateInput,
  verifySignature,
  type FieldDetail,
} from '../../../src/server/index.js';
