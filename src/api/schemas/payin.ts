import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { accountResponseSchema, moneyResponseSchema } from './common.js';
import { paymentMethodResponseSchema } from './method-responses.js';

export const PAYIN_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED', 'REFUSED'] as const;
export type KnownPayinStatus = (typeof PAYIN_STATUSES)[number];
/** A status the platform may add later is kept as a string and treated as not final. */
export type PayinStatus = KnownPayinStatus | (string & {});
export type FinalPayinStatus = Exclude<KnownPayinStatus, 'PROCESSING'>;
export const FINAL_STATUSES: readonly PayinStatus[] = ['SUCCESS', 'FAILED', 'REFUSED'];
export const isFinalStatus = (status: PayinStatus | undefined): status is FinalPayinStatus =>
  !!status && FINAL_STATUSES.includes(status);

/** failureReasonCode values of GET /payins/{idPayin}. */
export const FAILURE_REASON_CODES = [
  'SECURITY_CHECK_FAILED',
  'CUSTOMER_VERIFICATION_INACTIVITY',
  'CUSTOMER_NOT_REGISTERED',
  'CUSTOMER_ACCOUNT_LIMIT_EXCEEDED',
  'CUSTOMER_VERIFICATION_REJECTED',
  'CUSTOMER_VERIFICATION_FAILED',
  'ACCOUNT_TYPE_INELIGIBLE',
  'PAYMENT_OPERATOR_UNAVAILABLE',
  'PAYMENT_OPERATOR_INVALID',
  'INCORRECT_CURRENCY',
  'DIFFERENT_AMOUNT_CONFIRMED',
] as const;
export type FailureReasonCode = (typeof FAILURE_REASON_CODES)[number];

/** Codes returned with 406 on POST /payins/{idPayin}. */
export const PAYIN_REJECTION_CODES = [
  'SECURITY_CHECK_FAILED',
  'CUSTOMER_VERIFICATION_INACTIVITY',
  'CUSTOMER_NOT_REGISTERED',
  'CUSTOMER_ACCOUNT_LIMIT_EXCEEDED',
  'ACCOUNT_TYPE_INELIGIBLE',
  'INVALID_ACCOUNT_NUMBER',
  'PAYMENT_OPERATOR_UNAVAILABLE',
] as const;
export type PayinRejectionCode = (typeof PAYIN_REJECTION_CODES)[number];

const paymentRequestedResponseSchema = z.looseObject({ money: moneyResponseSchema });

/** Response of POST /payins/{idPayin}. */
export const payinCreateResponseSchema = z.looseObject({
  paymentRequested: opt(paymentRequestedResponseSchema),
  paymentMethodResponse: paymentMethodResponseSchema,
  idPayment: opt(z.string()),
  status: opt(z.string()),
  paymentProcess: opt(z.looseObject({ processorStatus: opt(z.string()) })),
});
export type PayinCreateResponse = z.infer<typeof payinCreateResponseSchema>;

/** Response of GET /payins/{idPayin}: the create response plus status and failureReasonCode. */
export const payinDetailResponseSchema = z.looseObject({
  ...payinCreateResponseSchema.def.shape,
  status: z.string(),
  failureReasonCode: opt(z.string()),
});
export type PayinDetailResponse = z.infer<typeof payinDetailResponseSchema>;
/** What the element hands to its events: the last payin seen, created or read. */
export type Payin = PayinCreateResponse | PayinDetailResponse;

/** GET /payins/{idPayin}/accounts. Shape not shown: accounts, each saying where it came from. */
export const payinAccountsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      ...accountResponseSchema.def.shape,
      /** REQUEST: from the create request; PAYMENT: collected during the payment process. */
      source: opt(z.string()),
    }),
  ),
});
export type PayinAccountsResponse = z.infer<typeof payinAccountsResponseSchema>;
