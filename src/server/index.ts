/**
 * pay-checkout/server: the merchant's server side of the checkout, for Node and other runtimes
 * with Web Crypto. No DOM. Never ship the private key or the secret to a browser: in one,
 * importing the private key, signing, and creating an issuer or a checkout backend throw a
 * TypeError before any request.
 *
 * - `createCheckoutBackend(options)`: the whole server side of a checkout (checkouts, token
 *   renewal, the platform's callbacks, the status streams, reads after callbacks), framework-neutral.
 * - `createTokenIssuer(options)`: mints payment-scoped tokens (SHA256withRSA over the minified JSON
 *   body, base64, header X-SIGNATURE), for a server that does the rest itself.
 * - `createStatusRelay(options)`: the platform's callbacks to the shoppers' streams.
 */
import { actionOperations, exactOperation, paths } from '../api/paths.js';
import type { Money } from '../api/schemas/request-common.js';
import type { AuthTokenByActionRequest, AuthTokenRequest, TokenAction } from '../api/schemas/token.js';
import { runsInBrowser } from './browser-guard.js';
import type { WebCryptoKey } from './web-crypto-key.js';

export { actionOperations, exactOperation, paths, runsInBrowser };
export type { AuthTokenByActionRequest, AuthTokenRequest, TokenAction, Money, WebCryptoKey };

export {
  checkoutOperations,
  createTokenIssuer,
  importPrivateKey,
  importPublicKey,
  minifiedJson,
  signBody,
  verifySignature,
  type ByActionOptions,
  type CheckoutOperationsOptions,
  type OperationsOptions,
  type TokenIssuer,
  type TokenIssuerOptions,
} from './token-issuer.js';
export { createStatusRelay, type StatusRelay, type StatusRelayOptions, type StatusRelayStats, type StatusCallback, type StreamAccess } from './relay.js';
export { StatusBusUnavailableError, type StatusBus, type PayinChangeListener, type ChangeData, type BusLog } from './bus.js';
export { memoryBus, type MemoryBusOptions } from './bus-memory.js';
export { redisBus, DEFAULT_REDIS_CHANNEL, type RedisBusOptions } from './bus-redis.js';

// The merchant kit (issue 21): the whole server side of a checkout.
export { createCheckoutBackend, type CheckoutBackend, type CheckoutBackendStats } from './checkout-backend.js';
export type { CheckoutBackendOptions, CheckoutOrder } from './checkout-options.js';
export { TOKEN_SCOPES, type TokenScope } from './checkout-handle.js';
export { memoryCheckoutStore, type CheckoutStore, type MemoryCheckoutStoreOptions, type RememberedCheckout } from './checkout-store.js';
export { redisCheckoutStore, CheckoutStoreUnavailableError, type RedisCheckoutStoreOptions } from './checkout-store-redis.js';
export { PLATFORM_RETRY, type CallQueueStats } from './call-queue.js';
export { READ_PAYINS_OPERATION, type PayinUpdateContext, type PayinUpdateHook, type PayinFollowerStats } from './payin-follower.js';
export type { CheckoutResponse, CheckoutRenewal, CheckoutCustomer } from '../api/schemas/checkout-response.js';
export type { PayinDetailResponse } from '../api/schemas/payin.js';
export type { AvailableOptionsResponse } from '../api/schemas/options.js';
