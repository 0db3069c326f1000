import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { moneyResponseSchema } from './common.js';
import { moneySchema } from './request-common.js';
import { paymentMethodResponseSchema } from './method-responses.js';
import { PAYOUT_ACCOUNT_TYPES, payoutMethodSchema, type PayoutMethod } from './payout-methods.js';

const WALLET_CURRENCIES = ['GHS', 'KES', 'TZS', 'ZMW'];

/** The payout notes of the document: which field each payout method needs in which currency. */
export function checkPayoutMethod(method: PayoutMethod, currencyCode: string): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const need = (present: unknown, path: string[], why: string) => {
    if (present === undefined || present === '') issues.push({ path, message: `${path.join('.')} is required ${why}` });
  };
  const accountType = method.account?.accountType;
  if (['MXN', 'COP'].includes(currencyCode))
    need(accountType, ['account', 'accountType'], `for ${currencyCode} payouts`);
  const allowedTypes = PAYOUT_ACCOUNT_TYPES[currencyCode];
  if (accountType && allowedTypes && !allowedTypes.includes(accountType)) {
    issues.push({
      path: ['account', 'accountType'],
      message: `account.accountType must be one of ${allowedTypes.join(', ')} for ${currencyCode}`,
    });
  }
  if (method.paymentMethodCode === 'BANK_TRANSFER') {
    if (['ARS', 'COP'].includes(currencyCode))
      need(method.identifyingReference, ['identifyingReference'], `for ${currencyCode} bank transfers`);
    if (currencyCode === 'COP') need(method.phoneNumber, ['phoneNumber'], 'for COP bank transfers');
    if (currencyCode === 'GHS') need(method.account?.bankBranch, ['account', 'bankBranch'], 'for GHS bank transfers');
  }
  if (method.paymentMethodCode === 'WALLET_TRANSFER' && WALLET_CURRENCIES.includes(currencyCode)) {
    need(method.phoneNumber, ['phoneNumber'], `for ${currencyCode} wallet transfers`);
    need(method.account?.accountName, ['account', 'accountName'], `for ${currencyCode} wallet transfers`);
    if (['TZS', 'ZMW'].includes(currencyCode))
      need(method.paymentOperatorCode, ['paymentOperatorCode'], `for ${currencyCode} wallet transfers`);
  }
  return issues;
}

/** POST /payouts/{idPayout}: the payin request's shape with a payout method object. */
export const payoutCreateRequestSchema = z
  .object({
    paymentRequested: z.object({ money: moneySchema }),
    paymentMethod: payoutMethodSchema,
    callbackUrl: opt(z.url({ protocol: /^https?$/ })),
  })
  .check(
    z.superRefine((request, ctx) => {
      for (const issue of checkPayoutMethod(request.paymentMethod, request.paymentRequested.money.currencyCode)) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['paymentMethod', ...issue.path],
          input: request,
        });
      }
    }),
  );
export type PayoutCreateRequest = z.infer<typeof payoutCreateRequestSchema>;

export const payoutCreateResponseSchema = z.looseObject({
  idPayment: z.string(),
  reference: opt(z.string()),
  paymentRequested: opt(z.looseObject({ money: moneyResponseSchema })),
  paymentMethodResponse: opt(
    z.looseObject({ ...paymentMethodResponseSchema.def.shape, paymentMethodCode: opt(z.string()) }),
  ),
});
export type PayoutCreateResponse = z.infer<typeof payoutCreateResponseSchema>;

export const payoutDetailResponseSchema = z.looseObject({
  ...payoutCreateResponseSchema.def.shape,
  status: z.string(),
  failureReasonCode: opt(z.string()),
});
export type PayoutDetailResponse = z.infer<typeof payoutDetailResponseSchema>;

/** The 406 code of POST /payouts/{idPayout}. */
export const PAYOUT_REJECTION_CODES = ['BALANCE_INSUFFICIENT'] as const;
