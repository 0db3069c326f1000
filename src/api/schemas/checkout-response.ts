/**
 * The merchant kit's checkout protocol: what the merchant's server answers the element's
 * `checkout-url` (docs/reference.md) — `createCheckoutBackend`'s `POST {prefix}/checkouts`, or
 * any server that speaks the same — and how the element renews its token there. This is our own
 * protocol between the merchant's page and the merchant's server, not the platform's.
 *
 *   POST {checkout-url}   Content-Type: application/json, Accept: application/json, the page's
 *                         credentials (same-origin cookies)
 *     body {}                   a new checkout: the merchant's `order` hook decides the payin and
 *                               its money from the request (its cookies, its session), never from
 *                               the browser's word
 *     body {"handle": "…"}      a renewal: a fresh token for the same payin, for the browser
 *                               that holds the checkout's handle (also after a reload)
 *   201 (new) or 200 (renewal)  CheckoutResponse below
 *   429 / 503 + Retry-After     busy: the element waits as the platform's 429s are waited out
 *   4xx other                   `{errorCode, message}`: the checkout cannot be had (403 for a
 *                               handle that is not this backend's, or expired)
 *
 * The status stream (`statusUrl`): with a handle, the backend gives an *authorized* stream URL
 * (the handle in its query). Its `changed` events then carry the payin the shop read after the
 * platform's callback, `data: {"payin": <GET /payins/{idPayin} answer>}`, and the element needs
 * no read of its own. Without a handle (`createStatusRelay`'s stream) `changed` carries `{}`, and
 * the element reads the payin itself.
 *
 * The status poll (`statusPollUrl`): the same payin as the shop last read it, for an element whose
 * stream is left out or fails; such an element never polls the platform.
 */
import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { moneyResponseSchema } from './common.js';
import { availableOptionsResponseSchema } from './options.js';

/**
 * Customer data the merchant supplies with a checkout (the element's `account-name`,
 * `account-number`, `email-address`, `phone-number`, `upi-id`, `passport-number`, `id-customer`).
 */
export const checkoutCustomerSchema = z.looseObject({
  accountName: opt(z.string()),
  accountNumber: opt(z.string()),
  emailAddress: opt(z.string()),
  phoneNumber: opt(z.string()),
  upiId: opt(z.string()),
  passportNumber: opt(z.string()),
  idCustomer: opt(z.string()),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/** What every checkout answer carries, a payin's or a top-up's (topup-checkout-response.ts). */
export const checkoutAnswerShape = {
  /** A payment-scoped token for this payment only (the element refuses anything broader). */
  token: z.string(),
  /** The platform's base URL. */
  baseUrl: z.string(),
  /** X-API-Version; default 2. */
  apiVersion: opt(z.string()),
  /** The payment's available options, as the server has them: no options request. */
  options: opt(availableOptionsResponseSchema),
  /** The shop's name, shown as text: no GET /merchant-info. */
  merchantName: opt(z.string()),
  /** The payment's status stream on the merchant's server (authorized when a handle is given). */
  statusUrl: opt(z.string()),
  /**
   * The payment's status on the merchant's server, polled when the stream is left out or fails:
   * `GET` answers the payment as the server last read it (`{"payin": …}`, `{"topUp": …}`, or `{}`
   * before its first read), with an `ETag` to send back as `If-None-Match` (304 while unchanged).
   */
  statusPollUrl: opt(z.string()),
  /** Where the platform calls the merchant back (sent with the create). */
  callbackUrl: opt(z.string()),
  /** Renews this checkout's token: sent back as `{"handle": …}` to the same URL. Opaque. */
  handle: opt(z.string()),
  /** Customer data the merchant supplies for this checkout (createCheckoutBackend: its order hook's `customer`). */
  customer: opt(checkoutCustomerSchema),
};

export const checkoutResponseSchema = z.looseObject({
  ...checkoutAnswerShape,
  idPayin: z.string(),
  money: moneyResponseSchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The body of a renewal request. */
export interface CheckoutRenewal {
  handle: string;
  /** Optional: the payin the caller means; when given it must be the handle's (403 otherwise). */
  idPayin?: string;
}

/**
 * The element's `fetchCheckout` property: asks the merchant's server for the checkout its own way
 * (`{}` for a new one, `{handle}` to renew), and resolves to the answer above, or to the server's
 * `Response` (then its status counts as checkout-url's would: 429 and 503 waited out, another 4xx
 * CHECKOUT_UNAVAILABLE).
 */
export type FetchCheckout = (request: Partial<CheckoutRenewal>) => Promise<unknown>;
