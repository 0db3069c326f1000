/**
 * The emulator's own endpoints under /__sandbox/: never part of the platform, so they need no
 * token or version and no fault touches them.
 */
import type { Context, Hono } from 'hono';
import { FAILURE_REASON_CODES } from '../../api/index.js';
import * as z from 'zod/mini';
import { opt } from '../../api/zod.js';
import { HttpError, conflict } from '../errors.js';
import { faultsSchema } from '../faults.js';
import { readJsonBody, validateInput } from '../../server/index.js';
import { DEMO_MERCHANT_CODE } from '../merchants.js';
import { MAX_BODY_BYTES, SANDBOX_PREFIX } from '../platform.js';
import { PAYIN_SCENARIOS } from '../scenarios.js';
import { SANDBOX_ENDPOINTS } from '../tool-endpoints.js';
import type { SandboxContext } from '../context.js';
import type { SandboxEnv } from '../sandbox-env.js';
import { bankDecision, bankPage } from './redirect-page.js';

const TEN_YEARS_SECS = 10 * 365 * 24 * 3600;
const advanceSchema = z.object({ seconds: z.number().check(z.gte(0), z.lte(TEN_YEARS_SECS)) });
const forceStatusSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED', 'REFUSED']),
  failureReasonCode: opt(z.enum(FAILURE_REASON_CODES)),
  merchantCode: opt(z.string()),
});

const jsonBody = (c: Context) => readJsonBody(c.req.raw, MAX_BODY_BYTES);

export function registerSandboxTools(app: Hono<SandboxEnv>, ctx: SandboxContext) {
  const clockState = () => ({
    now: new Date(ctx.clock.now()).toISOString(),
    offsetSeconds: ctx.clock.offsetMs() / 1000,
  });

  app.get(SANDBOX_PREFIX, (c) => c.json({ endpoints: SANDBOX_ENDPOINTS }));
  app.get(`${SANDBOX_PREFIX}/clock`, (c) => c.json(clockState()));
  app.post(`${SANDBOX_PREFIX}/clock/advance`, async (c) => {
    const { seconds } = validateInput(advanceSchema, await jsonBody(c));
    ctx.clock.advance(seconds);
    return c.json(clockState());
  });

  app.get(`${SANDBOX_PREFIX}/scenarios`, (c) =>
    c.json({
      data: PAYIN_SCENARIOS.map(({ name, amounts, example, result, source }) => ({
        name,
        amounts,
        example,
        result,
        source,
      })),
    }),
  );

  app.post(`${SANDBOX_PREFIX}/payins/:idPayin/status`, async (c) => {
    const request = validateInput(forceStatusSchema, await jsonBody(c));
    const id = c.req.param('idPayin');
    const record = ctx.store.get('payin', request.merchantCode ?? DEMO_MERCHANT_CODE, id);
    if (!record)
      throw new HttpError(
        404,
        'PAYIN_NOT_FOUND',
        `No payin "${id}" exists for ${request.merchantCode ?? DEMO_MERCHANT_CODE}`,
      );
    if (record.status !== 'PROCESSING') throw conflict(`Payin "${id}" is already ${record.status}`);
    const reason =
      request.status === 'SUCCESS'
        ? undefined
        : (request.failureReasonCode ?? (request.status === 'FAILED' ? 'CUSTOMER_VERIFICATION_FAILED' : undefined));
    ctx.store.force(record, request.status, reason);
    return c.json({
      idPayin: id,
      status: record.status,
      ...(record.failureReasonCode ? { failureReasonCode: record.failureReasonCode } : {}),
    });
  });

  app.get(`${SANDBOX_PREFIX}/requests`, (c) => {
    const method = c.req.query('method')?.toUpperCase();
    const path = c.req.query('path');
    return c.json({
      data: ctx.requests.list().filter((r) => (!method || r.method === method) && (!path || r.path === path)),
    });
  });
  app.delete(`${SANDBOX_PREFIX}/requests`, (c) => {
    ctx.requests.clear();
    return c.json({ data: [] });
  });

  app.get(`${SANDBOX_PREFIX}/callbacks`, (c) => c.json({ data: ctx.callbacks.deliveries() }));
  app.delete(`${SANDBOX_PREFIX}/callbacks`, (c) => {
    ctx.callbacks.clear();
    return c.json({ data: [] });
  });

  app.get(`${SANDBOX_PREFIX}/faults`, (c) => c.json(ctx.faults.get()));
  app.post(`${SANDBOX_PREFIX}/faults`, async (c) => {
    ctx.faults.merge(validateInput(faultsSchema, await jsonBody(c)));
    return c.json(ctx.faults.get());
  });
  app.put(`${SANDBOX_PREFIX}/faults`, async (c) => {
    ctx.faults.replace(validateInput(faultsSchema, await jsonBody(c)));
    return c.json(ctx.faults.get());
  });
  app.delete(`${SANDBOX_PREFIX}/faults`, (c) => {
    ctx.faults.reset();
    return c.json(ctx.faults.get());
  });

  app.post(`${SANDBOX_PREFIX}/reset`, (c) => {
    ctx.store.clear();
    ctx.ledger.reset();
    return c.json({ reset: true });
  });

  app.get(`${SANDBOX_PREFIX}/redirect/:id`, (c) => bankPage(c, ctx));
  app.post(`${SANDBOX_PREFIX}/redirect/:id`, (c) => bankDecision(c, ctx));
}
