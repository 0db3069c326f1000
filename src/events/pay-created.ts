import type { Payin } from '../api/schemas/payin.js';

/** The platform accepted the payin, or it already existed (`resumed`). */
export interface PayCreatedDetail {
  idPayin: string;
  idPayment?: string;
  payin: Payin;
  resumed: boolean;
}
export type PayCreatedEvent = CustomEvent<PayCreatedDetail>;
