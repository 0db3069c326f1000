/**
 * The HTTP app: request log and sandbox-clock Date header around everything, then CORS (preflight
 * answered before any check; the emulator's own tools and token endpoints refuse pages of other
 * origins, origins.ts), faults (platform routes only), the version check, and the routes.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { HttpError } from './refusals.js';
import { corsByPath } from './tools/origins.js';
import { bearerRoute, isSandboxPath, pathMatcher, versionCheck, type PlatformRoute } from './platform/checks.js';
import { payinRoutes } from './platform/routes/payins.js';
import { payoutRoutes } from './platform/routes/payouts.js';
import { referenceRoutes } from './platform/routes/reference.js';
import { registerSandboxTools } from './tools/routes.js';
import { TOKEN_ROUTE_PATHS, tokenRoutes } from './platform/routes/tokens.js';
import { topUpRoutes } from './platform/routes/topups.js';
import type { SandboxContext } from './state/context.js';
import type { SandboxEnv } from './hono-env.js';
import { dashboardAtRoot, wantsPage } from './dashboard/page.js';

export const PLATFORM_ROUTES: readonly PlatformRoute[] = [
  ...payinRoutes,
  ...topUpRoutes,
  ...payoutRoutes,
  ...referenceRoutes,
];

const KNOWN_PATHS = [
  ...PLATFORM_ROUTES.map((route) => ({ method: route.method, matcher: pathMatcher(route.path) })),
  ...TOKEN_ROUTE_PATHS.map((path) => ({ method: 'POST', matcher: pathMatcher(path) })),
];

function observe(ctx: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    c.res.headers.set('Date', new Date(ctx.clock.now()).toUTCString());
    // Refused before its body was read (401, 404, 429…): the unread rest makes the connection
    // unsafe to reuse, so tell keep-alive clients to open a new one.
    const declared = c.req.header('content-length');
    const hasBody = declared ? Number(declared) > 0 : c.req.header('transfer-encoding') !== undefined;
    if (hasBody && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
    const path = new URL(c.req.url).pathname;
    const authorization = c.req.header('authorization');
    ctx.requests.record(
      {
        at: new Date().toISOString(),
        sandboxAt: new Date(ctx.clock.now()).toISOString(),
        method: c.req.method,
        path,
        status: c.get('dropped') ? 'dropped' : c.res.status,
        durationMs: Math.round(performance.now() - started),
        merchantCode: c.get('merchantCode'),
        headers: {
          origin: c.req.header('origin'),
          'x-api-version': c.req.header('x-api-version'),
          'content-type': c.req.header('content-type'),
          authorization: authorization ? `${authorization.split(/\s+/)[0]} …` : undefined,
          'retry-after': c.res.headers.get('retry-after') ?? undefined,
        },
      },
      // Platform requests only: not the emulator's tools, nor the dashboard's page at `/`.
      !isSandboxPath(path) && !c.res.headers.get('content-type')?.startsWith('text/html'),
    );
  };
}

export function createApp(ctx: SandboxContext) {
  const app = new Hono<SandboxEnv>({ strict: false });

  app.use('*', observe(ctx));
  app.use('*', (c, next) =>
    isSandboxPath(new URL(c.req.url).pathname) ? next() : ctx.faults.preflightLatency(c, next),
  );
  const tokenPaths = new Set<string>(TOKEN_ROUTE_PATHS);
  // `/` is the dashboard's page for browsers: a local tool too, never a platform endpoint.
  const isLocalTool = (path: string) =>
    path === '/' || isSandboxPath(path) || tokenPaths.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
  app.use('*', corsByPath(ctx.settings.allowedOrigins, isLocalTool));
  app.use('*', async (c, next) => (new URL(c.req.url).pathname === '/' && wantsPage(c) ? dashboardAtRoot(c) : next()));
  app.use('*', (c, next) => (isSandboxPath(new URL(c.req.url).pathname) ? next() : ctx.faults.middleware(c, next)));
  app.use('*', versionCheck);

  registerSandboxTools(app, ctx);
  const tokens = tokenRoutes(ctx);
  app.post(TOKEN_ROUTE_PATHS[0]!, tokens.byOperations);
  app.post(TOKEN_ROUTE_PATHS[1]!, tokens.byAction);
  for (const route of PLATFORM_ROUTES) app.on(route.method, route.path, bearerRoute(ctx, route.handle));

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const allowed = isSandboxPath(path)
      ? []
      : KNOWN_PATHS.filter((known) => known.matcher.test(path)).map((known) => known.method);
    if (allowed.length) {
      const allow = [...new Set(allowed)].join(', ');
      return c.json(
        {
          errorCode: 'METHOD_NOT_ALLOWED',
          message: `${c.req.method} is not allowed on ${path}; use ${allow}`,
        },
        405,
        { Allow: allow },
      );
    }
    return c.json({ errorCode: 'NOT_FOUND', message: `No endpoint ${c.req.method} ${path}` }, 404);
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body(), error.status as 400, error.headers);
    console.error('[sandbox] unexpected error', error);
    return c.json({ errorCode: 'INTERNAL_ERROR', message: 'The sandbox failed to handle this request' }, 500);
  });

  return app;
}
