import type { PayinDetailResponse } from '../api/schemas/payin.js';

/** A final status was reached: `pay-success`, `pay-failed` or `pay-refused`, each once. */
export interface PayFinalDetail {
  payin: PayinDetailResponse;
  failureReasonCode?: string;
}
export type PaySuccessEvent = CustomEvent<PayFinalDetail>;
export type PayFailedEvent = CustomEvent<PayFinalDetail>;
export type PayRefusedEvent = CustomEvent<PayFinalDetail>;
