/**
 * pay-checkout/server: the merchant's server side of the checkout, for Node and other runtimes
 * with Web Crypto. No DOM. Never ship the private key or the secret to a browser: in one,
 * importing the private key, signing, and creating an issuer or a checkout backend throw a
 * TypeError before any request.
 *
 * - `createCheckoutBackend(options)`: the whole server side of a checkout (checkouts, token
 *   renewal, the platform's callbacks, the status streams and polls, reads after callbacks),
 *   framework-neutral.
 * - `createTokenIssuer(options)`: mints payment-scoped tokens (SHA256withRSA over the minified JSON
 *   body, base64, header X-SIGNATURE), for a server that does the rest itself.
 * - `createStatusRelay(options)`: the platform's callbacks to the shoppers' streams.
 *
 * Both report through OpenTelemetry when the merchant installs it (docs/server.md).
 */
import { actionOperations, exactOperation, paths } from '../api/paths.js';
import type { Money } from '../api/schemas/request-common.js';
import type { AuthTokenByActionRequest, AuthTokenRequest, TokenAction } from '../api/schemas/token.js';
import { runsInBrowser } from './tokens/browser-guard.js';
import type { WebCryptoKey } from './tokens/web-crypto-key.js';
import type { PaymentReaderStats } from './kit/payment-reader.js';

export { actionOperations, exactOperation, paths, runsInBrowser };
export type { AuthTokenByActionRequest, AuthTokenRequest, TokenAction, Money, WebCryptoKey };

export {
  checkoutOperations,
  topUpOperations,
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
} from './tokens/issuer.js';
export {
  createStatusRelay,
  type StatusRelay,
  type StatusRelayOptions,
  type StatusRelayStats,
  type StatusCallback,
  type StreamAccess,
  type StreamOptions,
} from './relay/relay.js';
export { StatusBusUnavailableError, type StatusBus, type PayinChangeListener, type ChangeData } from './relay/bus.js';
export type { BusLog } from './shared/log.js';
export { memoryBus, type MemoryBusOptions } from './relay/bus-memory.js';
export { redisBus, DEFAULT_REDIS_CHANNEL, type RedisBusOptions } from './relay/bus-redis.js';

// The merchant kit: the whole server side of a checkout (docs/server.md).
export { createCheckoutBackend } from './kit/backend.js';
export type { CheckoutBackend, CheckoutBackendStats, PaymentCallOptions } from './kit/backend-api.js';
export type { CheckoutBackendOptions, CheckoutOrder, TopUpCheckoutOrder } from './kit/options.js';
export { TOKEN_SCOPES, type TokenScope } from './kit/handle.js';
export {
  memoryCheckoutStore,
  type CheckoutStore,
  type MemoryCheckoutStoreOptions,
  type RememberedCheckout,
} from './stores/checkout-store.js';
export {
  redisCheckoutStore,
  CheckoutStoreUnavailableError,
  type RedisCheckoutStoreOptions,
} from './stores/checkout-store-redis.js';
export { PLATFORM_RETRY, type CallQueueStats } from './kit/call-queue.js';
export { READ_PAYINS_OPERATION, READ_TOPUPS_OPERATION, type PaymentReaderStats } from './kit/payment-reader.js';
export type {
  Payment,
  PaymentUpdate,
  PaymentUpdateHook,
  PaymentRead,
  PaymentReadHook,
  TopUpUpdateContext,
  TopUpUpdateHook,
  PayinUpdateContext,
  PayinUpdateHook,
  PayinRead,
  PayinReadHook,
} from './kit/payment-hooks.js';
export type { PaymentKind } from './shared/payment-kind.js';
/** @deprecated Use `PaymentReaderStats`. */
export type PayinFollowerStats = PaymentReaderStats;
export type { CheckoutResponse, CheckoutRenewal, CheckoutCustomer } from '../api/schemas/checkout-response.js';
export type { TopUpCheckoutResponse } from '../api/schemas/topup-checkout-response.js';

// What a merchant's own routes around the relay and the checkout use: one error with the platform's
// error body, a bounded JSON body read, and zod validation that names each field at fault.
export { HttpError, jsonResponse, invalidRequest, type FieldDetail, type HttpErrorOptions } from './http/error.js';
export { readBodyText, parseJson, readJsonBody } from './http/body.js';
export { validateInput, zodDetails } from './http/validation.js';

// The platform as a merchant's server calls it (GET /payins/{idPayin} after a callback, the options
// of a checkout), the errors it throws, and the shapes it answers.
export {
  createClient,
  type PlatformClient,
  type CallOptions,
  type ClientOptions,
  type RetryOptions,
} from '../api/client.js';
export { PlatformError, isPlatformError, type ErrorCode } from '../api/errors.js';
export type { AvailableOptionsResponse, PaymentOption } from '../api/schemas/options.js';
export type { Payin, PayinDetailResponse, PayinStatus } from '../api/schemas/payin.js';

// The platform's method table and its rules, for the merchant's own order checks (which currencies
// it sells in, which methods a currency has, whether an amount is one the platform takes).
export { PAYIN_METHOD_TABLE, currenciesOf, methodCodesFor, type MethodTableRow } from '../api/schemas/method-table.js';
export { METHOD_NAMES } from '../api/method-names.js';
export { fieldRulesFor, isRequired, type FieldRule } from '../api/method-rules.js';
export { amountProblem } from '../api/money.js';
// Top-ups: the quote's arithmetic, the same as the element's and the emulator's (src/api/fx.ts).
export {
  quoteTopUp,
  conversionFor,
  isRateValid,
  roundToCurrency,
  topUpQuoteProblem,
  type TopUpQuote,
  type TopUpMode,
  type TopUpCurrencies,
  type Conversion,
} from '../api/fx.js';
export type { FxRate, FxRatesResponse } from '../api/schemas/fx.js';
export type { TopUpRequested, TopUpResponse } from '../api/schemas/topup.js';
/** The platform's identifier rule (idPayin, idTopUp, …) as a zod schema, for the merchant's routes. */
export { idSchema } from '../api/schemas/payin-request.js';
