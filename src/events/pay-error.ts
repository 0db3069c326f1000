import type { ErrorCode } from '../api/errors.js';

/**
 * An error the customer or the merchant must act on. `code` is the platform's code where there is
 * one (406 rejections), otherwise one of TOKEN_INVALID, TOKEN_EXPIRED, TOKEN_TOO_BROAD,
 * UNAUTHORIZED, FORBIDDEN, VERSION_UNSUPPORTED, RATE_LIMITED, NETWORK, BAD_RESPONSE, and our
 * additions INVALID_ATTRIBUTE (bad page input), INVALID_REQUEST (400), SERVER_ERROR (5xx),
 * UNSAFE_URL (a platform link with a scheme we do not follow), CHECKOUT_UNAVAILABLE (the merchant's
 * `checkout-url` answered a 4xx other than 429), and, only in what `submit()` returns,
 * INVALID_FORM (the form is not complete) and INVALID_STATE (the checkout is not at its form).
 */
export interface PayErrorDetail {
  code: ErrorCode | 'INVALID_ATTRIBUTE' | 'UNSAFE_URL' | 'INVALID_FORM' | 'INVALID_STATE';
  message: string;
  httpStatus?: number;
  retryable: boolean;
}
export type PayErrorEvent = CustomEvent<PayErrorDetail>;
