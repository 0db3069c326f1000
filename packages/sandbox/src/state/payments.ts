/**
 * The payments the emulator holds (payins, top-ups, payouts) and how their status moves. Each
 * record carries at most one pending transition, due at a sandbox-clock time; it is applied lazily
 * whenever the record is read and by a light ticker, so a test that advances the clock sees the
 * outcome at once. The store is capped: beyond maxPayments the oldest record is forgotten.
 */
import type { Money } from '../shared.js';
import type { FinalStatus, PayinScenario } from '../platform/scenarios.js';

export type PaymentKind = 'payin' | 'topup' | 'payout';
export type PaymentStatus = 'PROCESSING' | FinalStatus;

export interface Transition {
  at: number;
  status: FinalStatus;
  failureReasonCode?: string;
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
  /** Sandbox time of creation and of expiry (payins and top-ups). */
  createdAt: number;
  expireAt?: number;
  status: PaymentStatus;
  failureReasonCode?: string;
  next?: Transition;
  callbackUrl?: string;
  /** The create answer as sent (without status); GET adds status and what happened since. */
  view: Record<string, unknown>;
  methodCode?: string;
  scenario?: PayinScenario;
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

export interface PaymentStoreOptions {
  maxPayments: number;
  now: () => number;
  /** Called once when a record reaches a final status, after the status is set. */
  onFinal: (record: PaymentRecord) => void;
}

const FINAL = new Set<PaymentStatus>(['SUCCESS', 'FAILED', 'REFUSED']);
export const isFinal = (status: PaymentStatus) => FINAL.has(status);

export function createPaymentStore(options: PaymentStoreOptions) {
  const records = new Map<string, PaymentRecord>();
  const pending = new Set<PaymentRecord>();
  const keyOf = (kind: PaymentKind, merchantCode: string, id: string) => `${kind}\u0000${merchantCode}\u0000${id}`;

  function setStatus(record: PaymentRecord, status: PaymentStatus, failureReasonCode?: string) {
    record.status = status;
    record.failureReasonCode = status === 'SUCCESS' || status === 'PROCESSING' ? undefined : failureReasonCode;
    if (isFinal(status)) {
      record.next = undefined;
      pending.delete(record);
      options.onFinal(record);
    }
  }

  function applyDue(record: PaymentRecord, now = options.now()) {
    const next = record.next;
    if (next && next.at <= now && record.status === 'PROCESSING')
      setStatus(record, next.status, next.failureReasonCode);
    return record;
  }

  return {
    get(kind: PaymentKind, merchantCode: string, id: string): PaymentRecord | undefined {
      const record = records.get(keyOf(kind, merchantCode, id));
      return record && applyDue(record);
    },
    has: (kind: PaymentKind, merchantCode: string, id: string) => records.has(keyOf(kind, merchantCode, id)),
    insert(record: PaymentRecord) {
      records.set(keyOf(record.kind, record.merchantCode, record.id), record);
      if (record.next) pending.add(record);
      while (records.size > options.maxPayments) {
        const [oldestKey, oldest] = records.entries().next().value!;
        records.delete(oldestKey);
        pending.delete(oldest);
      }
      applyDue(record);
    },
    /** Replaces the pending transition of a record that is still PROCESSING. */
    schedule(record: PaymentRecord, transition: Transition | undefined) {
      if (record.status !== 'PROCESSING') return;
      record.next = transition;
      if (transition) pending.add(record);
      else pending.delete(record);
      applyDue(record);
    },
    /** Sets a status now, as the sandbox tools do; a final status cancels what was pending. */
    force(record: PaymentRecord, status: PaymentStatus, failureReasonCode?: string) {
      if (status === 'PROCESSING') return;
      setStatus(record, status, failureReasonCode);
    },
    /** Applies every transition that is due (the ticker, and after the clock moves). */
    settleDue() {
      const now = options.now();
      for (const record of [...pending]) applyDue(record, now);
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
