/**
 * POST /auth-tokens and POST /auth-tokens-by-action. The credential is in the request itself, so
 * the order is: version (middleware), a body that is JSON at all (400), the signature or secret
 * (401), the rate of that merchant (429), the fields (400), then the token. Operations are checked
 * here, once, for what the emulator can match in bounded time (operations.ts). A signature is used
 * up only by the token it gets, so a request refused with 429 or 400 can be retried as it is.
 */
import type { Context } from 'hono';
import {
  DEFAULT_TOKEN_VALIDITY_SECS,
  actionOperations,
  authTokenByActionRequestSchema,
  authTokenRequestSchema,
  paths,
  parseJson,
  readBodyText,
  validateInput,
} from '../../shared.js';
import { MAX_VALIDITY_SECS, authenticateTokenRequest, replayed } from '../auth.js';
import { invalidRequest } from '../../refusals.js';
import { operationsProblems } from '../operations.js';
import { MAX_BODY_BYTES } from '../checks.js';
import type { SandboxContext } from '../../state/context.js';
import type { SandboxEnv } from '../../hono-env.js';

function validity(requested: number | undefined): number {
  if (requested !== undefined && requested > MAX_VALIDITY_SECS) {
    throw invalidRequest([{ field: 'validitySecs', message: `must be at most ${MAX_VALIDITY_SECS}` }]);
  }
  return requested ?? DEFAULT_TOKEN_VALIDITY_SECS;
}

async function authenticated(c: Context<SandboxEnv>, ctx: SandboxContext) {
  const text = await readBodyText(c.req.raw, MAX_BODY_BYTES);
  const body = parseJson(text);
  const { merchant, signed } = await authenticateTokenRequest(
    ctx.merchants,
    ctx.signatures,
    text,
    body,
    c.req.header('x-signature'),
  );
  c.set('merchantCode', merchant.merchantCode);
  ctx.rateLimiter.take(merchant.merchantCode);
  /** Call once the request is valid, right before issuing: marks its signature used (401 when it already was). */
  const useSignature = () => {
    if (signed && !ctx.signatures.use(signed.signature, signed.timestamp)) throw replayed();
  };
  return { body, merchant, useSignature };
}

export const TOKEN_ROUTE_PATHS = [paths.authTokens(), paths.authTokensByAction()];

export function tokenRoutes(ctx: SandboxContext) {
  return {
    async byOperations(c: Context<SandboxEnv>) {
      const { body, useSignature } = await authenticated(c, ctx);
      const request = validateInput(authTokenRequestSchema, body);
      const problems = operationsProblems(request.operations);
      if (problems.length) throw invalidRequest(problems);
      const validitySecs = validity(request.validitySecs);
      useSignature();
      const token = await ctx.tokens.issue({
        merchantCode: request.merchantCode,
        operations: request.operations,
        money: request.money,
        validitySecs,
      });
      return c.json({ token }, 200);
    },
    async byAction(c: Context<SandboxEnv>) {
      const { body, useSignature } = await authenticated(c, ctx);
      const request = validateInput(authTokenByActionRequestSchema, body);
      const validitySecs = validity(request.validitySecs);
      const settlement: Record<string, string> = {};
      if (request.settlementMethodPaymentMethodCode)
        settlement.paymentMethodCode = request.settlementMethodPaymentMethodCode;
      if (request.settlementMethodPaymentOperatorCode)
        settlement.paymentOperatorCode = request.settlementMethodPaymentOperatorCode;
      if (request.settlementMethodAcccountNumber) settlement.accountNumber = request.settlementMethodAcccountNumber;
      useSignature();
      const token = await ctx.tokens.issue({
        merchantCode: request.merchantCode,
        // Ids escaped (exactOperation): a by-action id is never a live pattern.
        operations: actionOperations(request.action, request.idPayment),
        action: request.action,
        idPayment: request.idPayment,
        money: request.money,
        settlement,
        validitySecs,
      });
      return c.json({ token }, 200);
    },
  };
}
