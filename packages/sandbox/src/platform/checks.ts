/**
 * The checks every platform request goes through, in the documented order (docs/platform-choices.md): API version (404),
 * token (401, then 403 for an operation it does not permit), rate (429), body (413, 400), and only
 * then the route's own business rules (404 for an unknown payment, 406, 409).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { readJsonBody } from '../shared.js';
import { HttpError, forbidden, invalidRequest } from '../refusals.js';
import type { TokenClaims } from './auth.js';
import type { Merchant } from '../state/merchants.js';
import { operationPermits } from './operations.js';
import type { SandboxContext } from '../state/context.js';
import type { SandboxEnv } from '../hono-env.js';

export const SUPPORTED_API_VERSION = '2';
/** The largest request body the emulator reads (413 beyond). */
export const MAX_BODY_BYTES = 64 * 1024;

export const SANDBOX_PREFIX = '/__sandbox';

export const isSandboxPath = (path: string) => path === SANDBOX_PREFIX || path.startsWith(`${SANDBOX_PREFIX}/`);

/** The request path as sent (still percent-encoded), without a trailing slash: what tokens name. */
export function operationPath(c: Context): string {
  const path = new URL(c.req.url).pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export const versionCheck: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  if (isSandboxPath(new URL(c.req.url).pathname)) return next();
  const version = c.req.header('x-api-version')?.trim();
  if (version !== SUPPORTED_API_VERSION) {
    throw new HttpError(
      404,
      'VERSION_UNSUPPORTED',
      version
        ? `X-API-Version "${version}" is not supported; send X-API-Version: ${SUPPORTED_API_VERSION}`
        : `The X-API-Version header is missing; send X-API-Version: ${SUPPORTED_API_VERSION} (the emulator's dashboard is at / in a browser, its tools under ${SANDBOX_PREFIX}/)`,
    );
  }
  return next();
};

export interface PlatformCall {
  c: Context<SandboxEnv>;
  merchant: Merchant;
  claims: TokenClaims;
  /** The emulator's own origin as the caller reached it (for redirect pages). */
  origin: string;
  /** The JSON body: 413 when too large, 400 MALFORMED_JSON when not JSON. */
  json(): Promise<unknown>;
}

export type PlatformHandler = (call: PlatformCall, ctx: SandboxContext) => Promise<object> | object;

export interface PlatformRoute {
  method: 'GET' | 'POST';
  /** hono pattern, e.g. /payins/:idPayin */
  path: string;
  handle: PlatformHandler;
}

/** Wraps a route handler in the token, permission and rate checks; answers 200 with its result. */
export function bearerRoute(ctx: SandboxContext, handle: PlatformHandler) {
  return async (c: Context<SandboxEnv>) => {
    const claims = await ctx.tokens.verify(c.req.header('authorization'), ctx.merchants);
    c.set('merchantCode', claims.merchantCode);
    const path = operationPath(c);
    if (!claims.operations.some((operation) => operationPermits(operation, c.req.method, path))) {
      throw forbidden(`The token does not permit ${c.req.method} ${path}`);
    }
    ctx.rateLimiter.take(claims.merchantCode);
    const merchant = ctx.merchants.get(claims.merchantCode)!;
    const call: PlatformCall = {
      c,
      merchant,
      claims,
      origin: new URL(c.req.url).origin,
      json: () => readJsonBody(c.req.raw, MAX_BODY_BYTES),
    };
    return c.json(await handle(call, ctx), 200);
  };
}

/** A path parameter (decoded by hono) checked against the identifier rule of src/api. */
export function pathId(c: Context, name: string, schema: z.ZodMiniType<string>): string {
  const value = c.req.param(name) ?? '';
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw invalidRequest([{ field: name, message: 'must be 1 to 128 characters with no spaces, "/", "?" or "#"' }]);
  return parsed.data;
}

/** Turns a hono path pattern into a matcher, to tell 405 (known path, other method) from 404. */
export function pathMatcher(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
