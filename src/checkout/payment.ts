/**
 * A payment as the checkout follows and shows it, whatever its kind (payment-kind.ts): every
 * record the platform answers about it, a payin's or a top-up's, becomes a Payment, the one shape
 * the session, the views and the events read; and its client, the calls the session makes.
 */
import type { MoneyResponse } from '../api/schemas/common.js';
import type { PaymentMethodResponse } from '../api/schemas/method-responses.js';
import type { AvailableOptionsRequest, AvailableOptionsResponse } from '../api/schemas/options.js';
import type { Payin, PayinStatus } from '../api/schemas/payin.js';
import type { TopUpResponse } from '../api/schemas/topup-response.js';
import type { CallOptions } from '../api/transport.js';
import type { PayEventDetails, PayEventName, PayTopUpEventDetails } from '../events/index.js';

/** The platform's record of a payment as the events carry it: a payin's, or with `kind` a top-up's. */
export type CarriedPayment = { payin: Payin } | { kind: 'topup'; topUp: TopUpResponse };

/**
 * Each event's detail as the session sends it: one that is about the payment carries it as its
 * kind does (`payin`, or `kind: 'topup'` and `topUp`: the union the page reads, PayDetail).
 */
export type SessionEventDetails = {
  [K in PayEventName]: K extends keyof PayTopUpEventDetails
    ? Omit<PayEventDetails[K], 'payin' | 'idPayin'> &
        CarriedPayment &
        (K extends 'pay-created' ? Payment['named'] : unknown)
    : PayEventDetails[K];
};

/** A payment the platform has, as the checkout follows and shows it, whatever its kind. */
export interface Payment {
  /** Its status, once the platform has said one (the answer to a create may not). */
  readonly status?: PayinStatus;
  /** What the platform says about paying it: the method's details, the deadline, the reference. */
  readonly response: PaymentMethodResponse;
  /** What the customer pays. */
  readonly money: MoneyResponse;
  readonly idPayment?: string;
  readonly failureReasonCode?: string;
  /** The platform's own record, as it answered. */
  readonly record: Payin | TopUpResponse;
  /** The record as every event about the payment carries it. */
  readonly carried: CarriedPayment;
  /** The merchant's id of the payment, as pay-created names it. */
  readonly named: { idPayin: string } | { idTopUp: string };
}

/** One payment's calls on the platform, with one token; each answer is checked to be this payment's. */
export interface PaymentClient {
  options(body: AvailableOptionsRequest, call?: CallOptions): Promise<AvailableOptionsResponse>;
  merchantName(call?: CallOptions): Promise<string>;
  /** Creates the payment from the form's payment method. */
  create(method: Record<string, unknown>, call?: CallOptions): Promise<Payment>;
  read(call?: CallOptions): Promise<Payment>;
  /** Sends the customer's external reference (UTR); a kind without that request offers no such step. */
  sendReference?(reference: string, call?: CallOptions): Promise<Payment>;
  /** A record the merchant's status stream carried, checked as a read's answer is (else it throws). */
  pushed(data: unknown): Payment;
}
