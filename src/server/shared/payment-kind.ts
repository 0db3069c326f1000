/**
 * What the relay, the bus, the checkout store and the follower key a payment by: a payin by its
 * idPayin, as they always have, and a top-up by `topup/{idTopUp}`. No identifier holds a `/`
 * (ID_PATTERN), so a top-up's key can never be a payin's, whatever ids the merchant chooses.
 */
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
