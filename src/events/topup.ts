import type { PayinStatus } from '../api/schemas/payin.js';
import type { TopUpResponse } from '../api/schemas/topup-response.js';

/**
 * The events of a top-up (`kind="topup"`): the same names, with `kind: 'topup'` and the platform's
 * top-up record `topUp` in place of `payin` (and `idTopUp` in place of `idPayin`). A payin's
 * details are unchanged and carry no `kind`, so existing code that reads `detail.payin` compiles
 * and works as before; a page with top-ups reads a detail as `PayDetail<'pay-success'>` and narrows
 * with `detail.kind === 'topup'`.
 */
export interface TopUpCreatedDetail {
  kind: 'topup';
  idTopUp: string;
  idPayment?: string;
  topUp: TopUpResponse;
  resumed: boolean;
}
export interface TopUpStatusDetail {
  kind: 'topup';
  status: PayinStatus;
  previousStatus?: PayinStatus;
  topUp: TopUpResponse;
}
export interface TopUpFinalDetail {
  kind: 'topup';
  topUp: TopUpResponse;
  failureReasonCode?: string;
}
export interface TopUpExpiredDetail {
  kind: 'topup';
  topUp: TopUpResponse;
}

/** A top-up's detail of each event that carries the payment. */
export interface PayTopUpEventDetails {
  'pay-created': TopUpCreatedDetail;
  'pay-status': TopUpStatusDetail;
  'pay-success': TopUpFinalDetail;
  'pay-failed': TopUpFinalDetail;
  'pay-refused': TopUpFinalDetail;
  'pay-expired': TopUpExpiredDetail;
}
