/**
 * The emulator's own endpoints under /__sandbox/: never part of the platform, so they need no
 * token or version and no fault touches them.
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { validateInput } from '../shared.js';
import { faultsSchema } from '../faults/faults.js';
import { SANDBOX_PREFIX } from '../platform/checks.js';
import { PAYIN_SCENARIOS } from '../platform/scenarios.js';
import { SANDBOX_ENDPOINTS } from './endpoints.js';
import type { SandboxContext } from '../state/context.js';
import type { SandboxEnv } from '../hono-env.js';
import { registerDashboard } from '../dashboard/page.js';
import { advanceToNext, resetAll } from './actions.js';
import { bankDecision, bankPage } from './bank-page.js';
import { registerEventStream } from './events.js';
import { registerPaymentTools } from './payment-tools.js';
import { clockOf } from './payment-views.js';
import { toolBody } from './tool-body.js';

const TEN_YEARS_SECS = 10 * 365 * 24 * 3600;
const advanceSchema = z.object({ seconds: z.number().check(z.gte(0), z.lte(TEN_YEARS_SECS)) });

/** `?status=` of the request log: one status (`429`), a class (`4xx`), or `dropped`. */
function statusMatcher(filter: string | undefined): (status: number | 'dropped') => boolean {
  if (!filter) return () => true;
  const value = filter.trim().toLowerCase();
  if (/^[1-5]xx$/.test(value))
    return (status) => typeof status === 'number' && Math.floor(status / 100) === Number(value[0]);
  return (status) => String(status) === value;
}

export function registerSandboxTools(app: Hono<SandboxEnv>, ctx: SandboxContext) {
  app.get(SANDBOX_PREFIX, (c) => c.json({ endpoints: SANDBOX_ENDPOINTS }));
  app.get(`${SANDBOX_PREFIX}/clock`, (c) => c.json(clockOf(ctx)));
  app.post(`${SANDBOX_PREFIX}/clock/advance`, async (c) => {
    const { seconds } = validateInput(advanceSchema, await toolBody(c));
    ctx.clock.advance(seconds);
    return c.json(clockOf(ctx));
  });
  app.post(`${SANDBOX_PREFIX}/clock/next`, (c) => {
    const { seconds, what, record } = advanceToNext(ctx);
    return c.json({
      ...clockOf(ctx),
      advancedSeconds: seconds,
      reached: { what, payment: { kind: record.kind, merchantCode: record.merchantCode, id: record.id } },
    });
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

  app.get(`${SANDBOX_PREFIX}/requests`, (c) => {
    const method = c.req.query('method')?.toUpperCase();
    const path = c.req.query('path');
    const status = statusMatcher(c.req.query('status'));
    return c.json({
      data: ctx.requests
        .list()
        .filter((r) => (!method || r.method === method) && (!path || r.path === path) && status(r.status)),
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
    ctx.faults.merge(validateInput(faultsSchema, await toolBody(c)));
    return c.json(ctx.faults.get());
  });
  app.put(`${SANDBOX_PREFIX}/faults`, async (c) => {
    ctx.faults.replace(validateInput(faultsSchema, await toolBody(c)));
    return c.json(ctx.faults.get());
  });
  app.delete(`${SANDBOX_PREFIX}/faults`, (c) => {
    ctx.faults.reset();
    return c.json(ctx.faults.get());
  });

  app.post(`${SANDBOX_PREFIX}/reset`, (c) => {
    resetAll(ctx);
    return c.json({ reset: true });
  });

  app.get(`${SANDBOX_PREFIX}/redirect/:id`, (c) => bankPage(c, ctx));
  app.post(`${SANDBOX_PREFIX}/redirect/:id`, (c) => bankDecision(c, ctx));

  registerPaymentTools(app, ctx);
  registerEventStream(app, ctx);
  registerDashboard(app);
}
