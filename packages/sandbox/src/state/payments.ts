/**
 * The payments the emulator holds (payins, top-ups, payouts) and how their status moves. Each
 * record carries at most one pending transition, due at a sandbox-clock time; it is applied lazily
 * whenever the record is read and by a light ticker, so a test that advances the clock sees the
 * outcome at once. Every change is written in the record's timeline, with its cause, and told to
 * `onChange` (the dashboard's live feed). The store is capped: beyond maxPayments the oldest record
 * is forgotten.
 */
import type { Money } from '../shared.js';
import type { FinalStatus, PayinScenario } from '../platform/scenarios.js';

export type PaymentKind = 'payin' | 'topup' | 'payout';
export type PaymentStatus = 'PROCESSING' | FinalStatus;

export interface Transition {
  at: number;
  status: FinalStatus;
  failureReasonCode?: string;
  /** Why it happens, in words (the timeline says it): "the amount table", "expiry". */
  cause?: string;
}

/** One step of a payment's life, in sandbox time. */
export interface TimelineEntry {
  at: number;
  status: PaymentStatus;
  failureReasonCode?: string;
  cause: string;
}

export interface AccountData {
  accountName?: string;
  accountNumber?: string;
  bankCode?: string;
  bankName?: string;
}

export interface PaymentRecord {
  kind: PaymentKind;
  merchantCode: string;
  /** idPayin, idTopUp or idPayout: the merchant's identifier. */
  id: string;
  idPayment: string;
  reference: string;
  /** Sandbox time of creation, of expiry (payins and top-ups) and of the final status. */
  createdAt: number;
  expireAt?: number;
  finalAt?: number;
  status: PaymentStatus;
  failureReasonCode?: string;
  next?: Transition;
  callbackUrl?: string;
  /** The create request's body, as it was received. */
  request?: unknown;
  /** The create answer (without status); GET adds status and what happened since. */
  view: Record<string, unknown>;
  /** The create answer exactly as it was sent (`view` changes after: an external reference, an expiry). */
  answer: Record<string, unknown>;
  methodCode?: string;
  scenario?: PayinScenario;
  /** The name of the amount table's row (or the payout outcome) that the amount chose. */
  scenarioName?: string;
  /** Creation, then every status change. */
  timeline: TimelineEntry[];
  /** P2A_V2 waits for the customer's external reference before it can settle. */
  awaitingReference?: boolean;
  /** Opened on the sandbox bank page: the outcome waits for the person there (or expiry). */
  waitsForPage?: boolean;
  /** What the customer actually paid, when it differs from the request. */
  moneyReceived?: Money;
  /** What a success credits (payins, top-ups) or a failure refunds (payouts). */
  settlement: Money;
  /** Account data from the request, for GET /payins/{id}/accounts. */
  requestAccount?: AccountData;
  /** Account data "collected during the payment", set when it succeeds. */
  paymentAccount?: AccountData;
}

/** A record as insert() takes it: its timeline and its answer's copy start there. */
export type NewPayment = Omit<PaymentRecord, 'timeline' | 'answer'>;

export interface PaymentStoreOptions {
  maxPayments: number;
  now: () => number;
  /** Called once when a record reaches a final status, after the status is set. */
  onFinal: (record: PaymentRecord) => void;
  /** Called after every change of a record: created, a status, its expiry or its schedule. */
  onChange?: (record: PaymentRecord) => void;
}

const FINAL = new Set<PaymentStatus>(['SUCCESS', 'FAILED', 'REFUSED']);
export const isFinal = (status: PaymentStatus) => FINAL.has(status);

export function createPaymentStore(options: PaymentStoreOptions) {
  const records = new Map<string, PaymentRecord>();
  const pending = new Set<PaymentRecord>();
  const keyOf = (kind: PaymentKind, merchantCode: string, id: string) => `${kind}\u0000${merchantCode}\u0000${id}`;
  const changed = (record: PaymentRecord) => options.onChange?.(record);

  function setStatus(record: PaymentRecord, status: FinalStatus, failureReasonCode: string | undefined, cause: string) {
    const at = options.now();
    record.status = status;
    record.failureReasonCode = status === 'SUCCESS' ? undefined : failureReasonCode;
    record.next = undefined;
    record.finalAt = at;
    record.timeline.push({ at, status, ...(record.failureReasonCode ? { failureReasonCode } : {}), cause });
    pending.delete(record);
    options.onFinal(record);
    changed(record);
  }

  function applyDue(record: PaymentRecord, now = options.now()) {
    const next = record.next;
    if (next && next.at <= now && record.status === 'PROCESSING')
      setStatus(record, next.status, next.failureReasonCode, next.cause ?? 'scheduled');
    return record;
  }

  return {
    get(kind: PaymentKind, merchantCode: string, id: string): PaymentRecord | undefined {
      const record = records.get(keyOf(kind, merchantCode, id));
      return record && applyDue(record);
    },
    has: (kind: PaymentKind, merchantCode: string, id: string) => records.has(keyOf(kind, merchantCode, id)),
    insert(payment: NewPayment): PaymentRecord {
      const record: PaymentRecord = {
        ...payment,
        answer: structuredClone(payment.view),
        timeline: [{ at: payment.createdAt, status: payment.status, cause: 'created' }],
      };
      records.set(keyOf(record.kind, record.merchantCode, record.id), record);
      if (record.next) pending.add(record);
      while (records.size > options.maxPayments) {
        const [oldestKey, oldest] = records.entries().next().value!;
        records.delete(oldestKey);
        pending.delete(oldest);
      }
      changed(record);
      return applyDue(record);
    },
    /** Replaces the pending transition of a record that is still PROCESSING. */
    schedule(record: PaymentRecord, transition: Transition | undefined) {
      if (record.status !== 'PROCESSING') return;
      record.next = transition;
      if (transition) pending.add(record);
      else pending.delete(record);
      changed(record);
      applyDue(record);
    },
    /** Sets a final status now, as the sandbox tools do, cancelling what was pending; `cause` says who. */
    force(record: PaymentRecord, status: FinalStatus, failureReasonCode: string | undefined, cause: string) {
      setStatus(record, status, failureReasonCode, cause);
    },
    /** The request of a PROCESSING payin or top-up runs out now (its outcome stays the caller's to set). */
    expireNow(record: PaymentRecord) {
      const now = options.now();
      record.expireAt = now;
      const method = record.view.paymentMethodResponse as { expireAt?: string } | undefined;
      if (method?.expireAt) method.expireAt = new Date(now).toISOString();
      changed(record);
    },
    /** Applies every transition that is due (the ticker, and after the clock moves). */
    settleDue() {
      const now = options.now();
      for (const record of [...pending]) applyDue(record, now);
    },
    /** The earliest moment after `now` at which something is due: an expiry or a pending transition. */
    nextDue(now = options.now()): { at: number; record: PaymentRecord; what: 'expiry' | FinalStatus } | undefined {
      let best: { at: number; record: PaymentRecord; what: 'expiry' | FinalStatus } | undefined;
      for (const record of records.values()) {
        if (record.status !== 'PROCESSING') continue;
        if (record.expireAt !== undefined && record.expireAt > now && (!best || record.expireAt < best.at))
          best = { at: record.expireAt, record, what: 'expiry' };
        if (record.next && (!best || record.next.at < best.at))
          best = { at: Math.max(record.next.at, now), record, what: record.next.status };
      }
      return best;
    },
    size: () => records.size,
    list: (kind?: PaymentKind) => [...records.values()].filter((r) => !kind || r.kind === kind),
    clear() {
      records.clear();
      pending.clear();
    },
  };
}
export type PaymentStore = ReturnType<typeof createPaymentStore>;
