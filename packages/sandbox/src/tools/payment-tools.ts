/**
 * The emulator's tools on its payments (under /__sandbox/payments), each on its own for scripts and
 * CI, and what the dashboard's actions call: list them, read one's page, settle it, let it expire,
 * send its callback again. A payment is named by its identifier; `kind` and `merchantCode` (query
 * or body) say which when the identifier alone names several.
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { FAILURE_REASON_CODES, opt, validateInput } from '../shared.js';
import { HttpError } from '../refusals.js';
import { SANDBOX_PREFIX } from '../platform/checks.js';
import type { SandboxEnv } from '../hono-env.js';
import type { SandboxContext } from '../state/context.js';
import { DEMO_MERCHANT_CODE } from '../state/merchants.js';
import type { PaymentRecord } from '../state/payments.js';
import { expire, findPayment, resend, settle, type PaymentQuery } from './actions.js';
import { detailOf, summaryOf } from './payment-views.js';
import { toolBody } from './tool-body.js';

const kindSchema = z.enum(['payin', 'topup', 'payout']);
const whichSchema = z.object({ kind: opt(kindSchema), merchantCode: opt(z.string().check(z.minLength(1))) });
const settleSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED', 'REFUSED']),
  failureReasonCode: opt(z.enum(FAILURE_REASON_CODES)),
  kind: opt(kindSchema),
  merchantCode: opt(z.string().check(z.minLength(1))),
});

/** The payment of the path's `:id`, with `kind` and `merchantCode` from the query or the body. */
function paymentOf(c: Context, ctx: SandboxContext, which: z.infer<typeof whichSchema>): PaymentRecord {
  const query: PaymentQuery = { id: c.req.param('id') ?? '', ...which };
  return findPayment(ctx, query);
}

const whichFromQuery = (c: Context) =>
  validateInput(whichSchema, {
    ...(c.req.query('kind') ? { kind: c.req.query('kind') } : {}),
    ...(c.req.query('merchantCode') ? { merchantCode: c.req.query('merchantCode') } : {}),
  });

export function registerPaymentTools(app: Hono<SandboxEnv>, ctx: SandboxContext) {
  const base = `${SANDBOX_PREFIX}/payments`;

  app.get(base, (c) => {
    const { kind, merchantCode } = whichFromQuery(c);
    ctx.store.settleDue();
    const data = ctx.store
      .list(kind)
      .filter((record) => !merchantCode || record.merchantCode === merchantCode)
      .reverse()
      .map(summaryOf);
    return c.json({ data });
  });

  app.get(`${base}/:id`, (c) => c.json(detailOf(paymentOf(c, ctx, whichFromQuery(c)), ctx)));

  app.post(`${base}/:id/settle`, async (c) => {
    const { status, failureReasonCode, ...which } = validateInput(settleSchema, await toolBody(c));
    const record = paymentOf(c, ctx, which);
    settle(ctx, record, status, failureReasonCode, `settled ${status} by the sandbox tools`);
    return c.json(summaryOf(record));
  });

  app.post(`${base}/:id/expire`, async (c) => {
    const record = paymentOf(c, ctx, validateInput(whichSchema, await toolBody(c)));
    expire(ctx, record, 'expired now by the sandbox tools');
    return c.json(summaryOf(record));
  });

  app.post(`${base}/:id/resend`, async (c) => {
    const record = paymentOf(c, ctx, validateInput(whichSchema, await toolBody(c)));
    return c.json(await resend(ctx, record));
  });

  // The first of these tools, for payins of one merchant (the demo merchant unless named); kept as it was.
  app.post(`${SANDBOX_PREFIX}/payins/:idPayin/status`, async (c) => {
    const request = validateInput(settleSchema, await toolBody(c));
    const id = c.req.param('idPayin');
    const merchantCode = request.merchantCode ?? DEMO_MERCHANT_CODE;
    const record = ctx.store.get('payin', merchantCode, id);
    if (!record) throw new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${id}" exists for ${merchantCode}`);
    settle(ctx, record, request.status, request.failureReasonCode, `settled ${request.status} by the sandbox tools`);
    return c.json({
      idPayin: id,
      status: record.status,
      ...(record.failureReasonCode ? { failureReasonCode: record.failureReasonCode } : {}),
    });
  });
}
