/**
 * A table of small handlers, each a Web `Request` in and a `Response` out, as Hono routes: a
 * route names its method and its path under the mount prefix, `:name` segments are its
 * parameters, percent-decoded and checked by `param` before the handler sees them. Another path
 * is 404, another method on a known path 405 with `Allow`, both as JSON.
 */
import { HttpError, jsonResponse, methodNotAllowed } from './error.js';

export type RouteParams = Readonly<Record<string, string>>;
export type RouteHandler = (request: Request, params: RouteParams) => Response | Promise<Response>;

export interface Route {
  method: string;
  /** `/checkouts`, `/payins/:idPayin/events`: literal segments and `:name` parameters. */
  path: string;
  handler: RouteHandler;
}

export interface RouterOptions {
  /** Where the table is mounted: `/pay` serves `/pay/checkouts`. `` for the root. */
  prefix: string;
  /**
   * A parameter's value as the handler gets it, from its decoded text (undefined when the segment
   * is not valid percent-encoding); throws an HttpError for one that is not valid.
   */
  param(name: string, decoded: string | undefined): string;
}

interface CompiledRoute extends Route {
  segments: string[];
}

/** The route's parameters from the path's segments, or undefined when the path is not the route's. */
function matchSegments(route: CompiledRoute, segments: string[], options: RouterOptions): RouteParams | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, pattern] of route.segments.entries()) {
    const segment = segments[i]!;
    if (!pattern.startsWith(':')) {
      if (pattern !== segment) return undefined;
      continue;
    }
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      decoded = undefined;
    }
    params[pattern.slice(1)] = options.param(pattern.slice(1), decoded);
  }
  return params;
}

export function createRouter(routes: readonly Route[], options: RouterOptions) {
  const compiled: CompiledRoute[] = routes.map((route) => ({ ...route, segments: route.path.split('/').slice(1) }));
  return async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const rest = path.startsWith(`${options.prefix}/`) ? path.slice(options.prefix.length) : undefined;
    const segments = rest?.split('/').slice(1);
    const allowed: string[] = [];
    try {
      for (const route of segments ? compiled : []) {
        const params = matchSegments(route, segments!, options);
        if (!params) continue;
        if (route.method === request.method) return await route.handler(request, params);
        allowed.push(route.method);
      }
    } catch (error) {
      if (error instanceof HttpError) return error.toResponse();
      throw error;
    }
    if (allowed.length > 0)
      return methodNotAllowed(allowed.filter((method) => method !== 'OPTIONS').join(', ')).toResponse();
    return jsonResponse(404, { errorCode: 'NOT_FOUND', message: `No endpoint ${request.method} ${path}` });
  };
}
