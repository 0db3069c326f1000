/**
 * One-line descriptions of the element's events and of the merchant's callbacks, shared by every
 * demo page (plain DOM, React and Vue).
 */
import type { PayEventDetails, PayEventName } from 'pay-checkout';
import type { CallbackRecord } from './merchant-api.js';

/** Every event of <pay-checkout>; the compiler checks that none is missing. */
const EVENT_NAMES_SET = {
  'pay-ready': true,
  'pay-method-change': true,
  'pay-change': true,
  'pay-created': true,
  'pay-status': true,
  'pay-success': true,
  'pay-failed': true,
  'pay-refused': true,
  'pay-expired': true,
  'pay-error': true,
  'pay-token-expiring': true,
} satisfies Record<PayEventName, true>;
export const PAY_EVENT_NAMES = Object.keys(EVENT_NAMES_SET) as PayEventName[];

export interface LoggedEvent<K extends PayEventName = PayEventName> {
  name: K;
  detail: PayEventDetails[K];
  at: Date;
}

const money = (value: unknown): string => {
  const m = value as { amount?: unknown; currencyCode?: unknown } | undefined;
  return m && m.amount !== undefined ? `${String(m.amount)} ${String(m.currencyCode ?? '')}`.trim() : '';
};

/** What an event says, in a line. */
export function describeEvent(event: LoggedEvent): string {
  const { name, detail } = event as { name: PayEventName; detail: PayEventDetails[PayEventName] };
  switch (name) {
    case 'pay-ready': {
      const ready = detail as PayEventDetails['pay-ready'];
      const names = ready.options.map((option) => option.paymentMethodCode).join(', ');
      return `${ready.options.length} option(s): ${names}${ready.merchantName ? ` — merchant "${ready.merchantName}"` : ''}`;
    }
    case 'pay-method-change': {
      const change = detail as PayEventDetails['pay-method-change'];
      return change.paymentMethodCode + (change.paymentOperatorCode ? ` / ${change.paymentOperatorCode}` : '');
    }
    case 'pay-change': {
      const change = detail as PayEventDetails['pay-change'];
      return `${change.complete ? 'complete' : 'incomplete'}${change.paymentMethodCode ? ` — ${change.paymentMethodCode}` : ''}${change.paymentOperatorCode ? ` / ${change.paymentOperatorCode}` : ''}`;
    }
    case 'pay-created': {
      const created = detail as PayEventDetails['pay-created'];
      const required = (created.payin.paymentMethodResponse as { moneyRequired?: unknown }).moneyRequired;
      return `${created.idPayin}${created.resumed ? ' (resumed)' : ''}${required ? ` — pay exactly ${money(required)}` : ''}`;
    }
    case 'pay-status': {
      const status = detail as PayEventDetails['pay-status'];
      return `${status.previousStatus ? `${status.previousStatus} → ` : ''}${status.status}`;
    }
    case 'pay-success':
    case 'pay-failed':
    case 'pay-refused': {
      const final = detail as PayEventDetails['pay-success'];
      const received = (final.payin as { moneyReceived?: unknown }).moneyReceived;
      return (
        [final.failureReasonCode, received ? `received ${money(received)}` : ''].filter(Boolean).join(', ') || 'final'
      );
    }
    case 'pay-expired':
      return `expireAt ${String((detail as PayEventDetails['pay-expired']).payin.paymentMethodResponse.expireAt ?? '')} passed`;
    case 'pay-token-expiring':
      return `the token of ${(detail as PayEventDetails['pay-token-expiring']).idPayin} expires at ${(detail as PayEventDetails['pay-token-expiring']).expiresAt}: set a fresh one`;
    case 'pay-error': {
      const error = detail as PayEventDetails['pay-error'];
      return `${error.code}${error.httpStatus ? ` (HTTP ${error.httpStatus})` : ''}: ${error.message}`;
    }
  }
}

/** What a callback brought, in a line (its type aside): the payment, then what the merchant read. */
export function describeCallback(record: CallbackRecord): string {
  const head = `${record.idPayin ?? ''}${record.attempt && record.attempt > 1 ? ` (attempt ${record.attempt})` : ''}`;
  const read = record.read;
  switch (read.state) {
    case 'reading':
      return `${head} — reading the payin…`;
    case 'skipped':
      return read.reason ? `${head} — ignored: ${read.reason}` : head;
    case 'error':
      return `${head} — reading the payin failed: ${read.errorCode}`;
    case 'read':
      return `${head} — GET /payins: ${read.status}${read.failureReasonCode ? ` (${read.failureReasonCode})` : ''}${read.moneyReceived ? `, received ${money(read.moneyReceived)}` : ''}${read.changed ? '' : ' (no change)'}`;
  }
}

export const timeOf = (date: Date) => date.toLocaleTimeString('en-GB', { hour12: false });
