/**
 * Which web pages may drive the emulator's own tools. The platform endpoints answer CORS to any
 * origin, as the platform must (the element runs on merchants' pages everywhere). The emulator's
 * tools (`/__sandbox/*`: reset, clock, faults, forced statuses) and its token endpoints (the demo
 * merchant's secret is public) are a developer's local tools: a page the developer happens to
 * visit must not be able to reset or advance them, or mint tokens. So a request that carries an
 * Origin (every script request and form post from a page does) is refused unless that origin is
 * the developer's own: a loopback origin, one listed by the `allowedOrigins` option or
 * SANDBOX_ALLOWED_ORIGINS, or the emulator's own origin when it is reached by IP address (a
 * phone on the LAN opening the bank page; a name could be rebound to this machine by DNS).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ALLOWED_ORIGINS_ENV } from './allowed-origins.js';
import { HttpError } from '../refusals.js';
import type { SandboxEnv } from '../hono-env.js';

/** `http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*` (and https). */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;
const IP_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export function createOriginPolicy(allowedOrigins: readonly string[]) {
  const listed = new Set(allowedOrigins);
  return (origin: string, ownOrigin: string): boolean => {
    if (listed.has('*') || listed.has(origin.toLowerCase()) || LOOPBACK_ORIGIN.test(origin)) return true;
    return origin.toLowerCase() === ownOrigin.toLowerCase() && IP_HOST.test(new URL(ownOrigin).hostname);
  };
}

const ALLOW_HEADERS = ['Authorization', 'X-API-Version', 'Content-Type', 'Accept', 'X-SIGNATURE'];
const EXPOSE_HEADERS = ['Retry-After', 'Date'];
const ALLOW_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/**
 * CORS for every path: any origin on the platform's endpoints; on the local tools (`isLocalTool`),
 * only the allowed origins, and any other origin refused with 403 and no CORS header, preflights
 * included, before the request does anything.
 */
export function corsByPath(
  allowedOrigins: readonly string[],
  isLocalTool: (path: string) => boolean,
): MiddlewareHandler<SandboxEnv> {
  const allowed = createOriginPolicy(allowedOrigins);
  const platformCors = cors({
    origin: '*',
    allowMethods: ALLOW_METHODS,
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
  });
  const localCors = cors({
    origin: (origin) => origin,
    allowMethods: ALLOW_METHODS,
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
  });
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isLocalTool(url.pathname)) return platformCors(c, next);
    const origin = c.req.header('origin');
    // No Origin: not a page's script or form (curl, a server, a link followed): nothing to guard.
    if (origin === undefined) return next();
    if (!allowed(origin, url.origin)) {
      throw new HttpError(
        403,
        'ORIGIN_NOT_ALLOWED',
        `The emulator's tools and token endpoints answer only local pages, not ${origin}; list it in ${ALLOWED_ORIGINS_ENV} (or the allowedOrigins option) to allow it`,
      );
    }
    return localCors(c, next);
  };
}
