/**
 * Payouts: the balance is debited at creation (406 BALANCE_INSUFFICIENT when it is short) and
 * given back when the payout fails or is refused. Outcomes by amount: scenarios.ts.
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { checkPayoutMethod, idSchema, paths, payoutCreateRequestSchema, payoutMethodSchema } from '../../shared.js';
import { HttpError, conflict, rejected, validateNamingAll, type FieldDetail } from '../../refusals.js';
import { platformReference } from '../methods/identifiers.js';
import { assertTokenMoney } from '../payin-flow.js';
import { pathId, type PlatformCall, type PlatformRoute } from '../checks.js';
import { payoutOutcomeFor } from '../scenarios.js';
import type { SandboxContext } from '../../state/context.js';
import type { PaymentRecord } from '../../state/payments.js';

/** The payout schema applies its notes only once the rest parses; name their fields in one answer too. */
function validatePayout(body: unknown) {
  return validateNamingAll<z.infer<typeof payoutCreateRequestSchema>>(payoutCreateRequestSchema, body, () => {
    const raw = body as {
      paymentMethod?: unknown;
      paymentRequested?: { money?: { currencyCode?: unknown } };
    } | null;
    const method = payoutMethodSchema.safeParse(raw?.paymentMethod);
    const currency = raw?.paymentRequested?.money?.currencyCode;
    if (!method.success || typeof currency !== 'string') return [];
    return checkPayoutMethod(method.data, currency).map((issue): FieldDetail => ({
      field: ['paymentMethod', ...issue.path].join('.'),
      message: issue.message,
    }));
  });
}

async function createPayout(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idPayout', idSchema);
  const body = await call.json();
  const request = validatePayout(body);
  const money = request.paymentRequested.money;
  assertTokenMoney(call.claims, money);
  const merchantCode = call.merchant.merchantCode;
  if (ctx.store.has('payout', merchantCode, id))
    throw conflict(`Payout "${id}" already exists; read it with GET ${paths.payout(id)}`);
  if (!ctx.ledger.tryDebit(merchantCode, money.currencyCode, money.amount)) {
    throw rejected(
      'BALANCE_INSUFFICIENT',
      `The ${money.currencyCode} balance (${ctx.ledger.balance(merchantCode, money.currencyCode)}) does not cover ${money.amount}`,
    );
  }
  const now = ctx.clock.now();
  const idPayment = randomUUID();
  const reference = platformReference(idPayment);
  const account = request.paymentMethod.account;
  const { name: scenarioName, ...outcome } = payoutOutcomeFor(money.amount);
  const view = {
    idPayment,
    reference,
    paymentRequested: { money },
    paymentMethodResponse: {
      paymentMethodCode: request.paymentMethod.paymentMethodCode,
      money,
      acceptedAt: new Date(now).toISOString(),
      reference,
      ...(account
        ? {
            account: {
              accountName: account.accountName,
              accountNumber: account.accountNumber,
              bankCode: account.bankCode,
            },
          }
        : {}),
    },
  };
  ctx.store.insert({
    kind: 'payout',
    merchantCode,
    id,
    idPayment,
    reference,
    createdAt: now,
    status: 'PROCESSING',
    next: { at: now + ctx.settings.settleDelayMs, ...outcome, cause: 'the amount table' },
    scenarioName,
    methodCode: request.paymentMethod.paymentMethodCode,
    callbackUrl: request.callbackUrl,
    request: body,
    view,
    settlement: money,
  });
  return view;
}

/** GET answer of a payout: the create answer, its status and failure reason. */
export const payoutView = (record: PaymentRecord) => ({
  ...record.view,
  status: record.status,
  ...(record.failureReasonCode ? { failureReasonCode: record.failureReasonCode } : {}),
});

export const payoutRoutes: PlatformRoute[] = [
  { method: 'POST', path: '/payouts/:idPayout', handle: createPayout },
  {
    method: 'GET',
    path: '/payouts/:idPayout',
    handle: (call, ctx) => {
      const id = pathId(call.c, 'idPayout', idSchema);
      const record = ctx.store.get('payout', call.merchant.merchantCode, id);
      if (!record) throw new HttpError(404, 'NOT_FOUND', `No payout "${id}" exists for this merchant`);
      return payoutView(record);
    },
  },
];
