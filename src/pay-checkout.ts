/**
 * The package entry: defines <pay-checkout> and exports its class, its types and the helpers a
 * page needs (readRedirectParams for hosted-page mode).
 */
export {
  PayCheckout,
  type CheckoutState,
  type PayAnySubmitResult,
  type PaySubmitResult,
} from './components/pay-checkout/pay-checkout.js';
export { readRedirectParams, applyRedirectParams, REDIRECT_PARAMS } from './checkout/redirect-params.js';
export { registerTranslation } from './i18n/localize.js';
export { decodeToken } from './api/token.js';
export { registerMethod } from './methods/registry.js';
export type { MethodModule, PendingViewContext } from './methods/types.js';
export type * from './events/index.js';
export type { Payin, PayinDetailResponse, PayinStatus } from './api/schemas/payin.js';
export type { PaymentOption } from './api/schemas/options.js';
export type { Money } from './api/schemas/request-common.js';
export type { ErrorCode } from './api/errors.js';
export type { CheckoutRenewal, CheckoutResponse, FetchCheckout } from './api/schemas/checkout-response.js';
export type { TokenPayload } from './api/schemas/token-payload.js';
