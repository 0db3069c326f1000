/**
 * The JSON the dashboard reads: what the emulator's tools answer (GET /__sandbox/payments…,
 * /__sandbox/clock) and what its event stream (GET /__sandbox/events) sends. Types only, so the
 * page's script shares them with the server without taking any of its code. Times are ISO 8601
 * in sandbox time.
 */
import type { Delivery, DeliveryAttempt, DeliverySubject } from '../state/callbacks.js';
import type { LoggedRequest } from '../state/request-log.js';
import type { Faults } from '../faults/faults.js';

export type { Delivery, DeliveryAttempt, DeliverySubject, Faults, LoggedRequest };

export type PaymentKind = 'payin' | 'topup' | 'payout';
export type PaymentStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED' | 'REFUSED';

export interface MoneyView {
  amount: number;
  currencyCode: string;
}

/** One payment as the list shows it. */
export interface PaymentSummary {
  kind: PaymentKind;
  id: string;
  merchantCode: string;
  idPayment: string;
  reference: string;
  methodCode?: string;
  operator?: { code?: string; name?: string };
  /** What the customer is asked for (a top-up's moneyProvided; a payout's amount). */
  money: MoneyView;
  /** What the customer must pay instead, when the platform asks a different amount. */
  moneyRequired?: MoneyView;
  /** A top-up's credit to the wallet, in its currency. */
  moneyCredited?: MoneyView;
  /** What the customer paid, when it differed (the different-amount scenarios). */
  moneyReceived?: MoneyView;
  status: PaymentStatus;
  failureReasonCode?: string;
  createdAt: string;
  expireAt?: string;
  finalAt?: string;
  /** The scheduled outcome while PROCESSING. */
  next?: { at: string; status: PaymentStatus; cause?: string };
  /** The amount table's row (or payout outcome) its amount chose. */
  scenario?: string;
  callbackUrl?: string;
}

export interface TimelineView {
  at: string;
  status: PaymentStatus;
  failureReasonCode?: string;
  cause: string;
}

/** One payment's page: its request and the platform's answers, its timeline, its callbacks. */
export interface PaymentDetail {
  summary: PaymentSummary;
  /** The create request's body, as received. */
  request: unknown;
  /** The create answer, as sent. */
  answer: Record<string, unknown>;
  /** What GET answers now. */
  current: Record<string, unknown>;
  timeline: TimelineView[];
  /** Its callbacks, oldest first, with every attempt. */
  deliveries: Delivery[];
}

export interface ClockView {
  now: string;
  offsetSeconds: number;
  /** The next moment something is due (an expiry, a scheduled outcome), if any. */
  next?: { at: string; what: string; payment: DeliverySubject };
}

/** What the event stream sends first, and again after a reset. */
export interface Snapshot {
  clock: ClockView;
  faults: Faults;
  payments: PaymentSummary[];
  requests: LoggedRequest[];
  deliveries: Delivery[];
  /** The platform's failure reasons, for the FAILED action. */
  failureReasonCodes: readonly string[];
}

/** The event stream's events, by SSE event name. */
export interface StreamEvents {
  snapshot: Snapshot;
  payment: PaymentSummary;
  request: LoggedRequest;
  delivery: Delivery;
  clock: ClockView;
  faults: Faults;
}
