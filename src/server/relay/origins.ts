/** Which pages may open a status stream (or poll a status): same-origin ones, and the origins the merchant allows. */
import { HttpError } from '../http/error.js';

function originOf(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new TypeError(
      `createStatusRelay: allowOrigins holds "${origin}", which is not an origin such as https://shop.example`,
    );
  }
}

/**
 * CORS headers for a stream request, or a 403 HttpError for a cross-origin page that is not
 * allowed; `what` names what such a page may not do.
 */
export function originCheck(
  allowOrigins: readonly string[] = [],
  what = 'open this stream',
): (request: Request) => Record<string, string> {
  const allowAnyOrigin = allowOrigins.includes('*');
  const allowed = new Set(allowOrigins.filter((origin) => origin !== '*').map(originOf));
  return (request): Record<string, string> => {
    const origin = request.headers.get('origin');
    if (origin === null) return {};
    if (allowAnyOrigin) return { 'Access-Control-Allow-Origin': '*' };
    if (allowed.has(origin)) return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    if (request.headers.get('sec-fetch-site') === 'same-origin' || origin === new URL(request.url).origin) return {};
    throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', `Pages of ${origin} may not ${what} (see the relay's allowOrigins)`);
  };
}
