import type { PayReadyDetail } from './pay-ready.js';
import type { PayMethodChangeDetail } from './pay-method-change.js';
import type { PayChangeDetail } from './pay-change.js';
import type { PayCreatedDetail } from './pay-created.js';
import type { PayStatusDetail } from './pay-status.js';
import type { PayFinalDetail } from './pay-final.js';
import type { PayExpiredDetail } from './pay-expired.js';
import type { PayErrorDetail } from './pay-error.js';
import type { PayTokenExpiringDetail } from './pay-token-expiring.js';
import type { PayTopUpEventDetails } from './topup.js';

export type * from './pay-ready.js';
export type * from './pay-method-change.js';
export type * from './pay-change.js';
export type * from './pay-created.js';
export type * from './pay-status.js';
export type * from './pay-final.js';
export type * from './pay-expired.js';
export type * from './pay-error.js';
export type * from './pay-token-expiring.js';

/** Every event of <pay-checkout> with its detail: the one place the names live. */
export interface PayEventDetails {
  'pay-ready': PayReadyDetail;
  'pay-method-change': PayMethodChangeDetail;
  'pay-change': PayChangeDetail;
  'pay-created': PayCreatedDetail;
  'pay-status': PayStatusDetail;
  'pay-success': PayFinalDetail;
  'pay-failed': PayFinalDetail;
  'pay-refused': PayFinalDetail;
  'pay-expired': PayExpiredDetail;
  'pay-error': PayErrorDetail;
  'pay-token-expiring': PayTokenExpiringDetail;
}
export type PayEventName = keyof PayEventDetails;

/** The union by kind: a payin's detail (no `kind`) or a top-up's. */
export type PayDetail<K extends keyof PayTopUpEventDetails> =
  ({ kind?: 'payin' } & PayEventDetails[K]) | PayTopUpEventDetails[K];

/** Each event as the DOM types it: `CustomEvent` with its detail. */
export type PayEventMap = { [K in PayEventName]: CustomEvent<PayEventDetails[K]> };

// addEventListener('pay-status', …) on any element is typed, from the list above.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the map
  interface GlobalEventHandlersEventMap extends PayEventMap {}
}
export type * from './topup.js';
