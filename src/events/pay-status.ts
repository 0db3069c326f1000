import type { PayinDetailResponse, PayinStatus } from '../api/schemas/payin.js';

/** A status was first seen or changed. */
export interface PayStatusDetail {
  status: PayinStatus;
  previousStatus?: PayinStatus;
  payin: PayinDetailResponse;
}
export type PayStatusEvent = CustomEvent<PayStatusDetail>;
