/**
 * A payment's kind, and how the relay, the bus, the checkout store and the kit key a payment: a
 * payin by its idPayin, a top-up by `topup/{idTopUp}`. No identifier holds a `/` (ID_PATTERN), so
 * a top-up's key can never be a payin's, whatever ids the merchant chooses.
 */
import { ID_PATTERN, ID_RULE } from '../../api/patterns.js';
import { invalidRequest } from '../http/error.js';

/** `payin` (POST /payins/{idPayin}) or `topup` (POST /topups/{idTopUp}, a wallet deposit). */
export type PaymentKind = 'payin' | 'topup';

const TOPUP_PREFIX = 'topup/';

/** The key of a payment of either kind. */
export const subjectOf = (kind: PaymentKind, id: string) => (kind === 'topup' ? TOPUP_PREFIX + id : id);

/** The kind and identifier a key stands for. */
export function paymentOf(subject: string): { kind: PaymentKind; id: string } {
  return subject.startsWith(TOPUP_PREFIX)
    ? { kind: 'topup', id: subject.slice(TOPUP_PREFIX.length) }
    : { kind: 'payin', id: subject };
}

/** How messages and the platform's fields name a payment of this kind. */
export const KIND_WORDS = {
  payin: { noun: 'payin', idField: 'idPayin' },
  topup: { noun: 'top-up', idField: 'idTopUp' },
} as const satisfies Record<PaymentKind, { noun: string; idField: string }>;

/** Whether a value is a platform identifier (ID_PATTERN), of either kind. */
export const isPaymentId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** 400 INVALID_REQUEST for an id that breaks the rule, named by its kind's field. */
export const invalidId = (kind: PaymentKind = 'payin') => {
  const field = KIND_WORDS[kind].idField;
  return invalidRequest([{ field, message: ID_RULE }], `The ${field} ${ID_RULE}`);
};
