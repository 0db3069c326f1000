import type { Payin } from '../api/schemas/payin.js';

/** `expireAt` passed while the payin was still PROCESSING. Fired once. */
export interface PayExpiredDetail {
  payin: Payin;
}
export type PayExpiredEvent = CustomEvent<PayExpiredDetail>;
