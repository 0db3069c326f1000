/**
 * One kind of HTTP refusal for every server-side part of the package: the status relay, the
 * sandbox emulator, and a merchant's own routes around them. Its body is the platform's error
 * shape, `{errorCode, message, details?}`; a rule throws it from wherever it lives, and the handler
 * around turns it into the response, so no path can forget the JSON body.
 */

/** One field's problem: `field` is its dotted path (`paymentMethod.account.accountNumber`). */
export interface FieldDetail {
  field: string;
  message: string;
}

export interface HttpErrorOptions {
  /** One entry per field at fault, for a 400. */
  details?: FieldDetail[];
  /** Headers of the answer (`Retry-After`, `Allow`, `Connection: close`). */
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly details?: FieldDetail[];
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** `{errorCode, message, details?}`, details only when there are some. */
  body(): { errorCode: string; message: string; details?: FieldDetail[] } {
    return {
      errorCode: this.errorCode,
      message: this.message,
      ...(this.details?.length ? { details: this.details } : {}),
    };
  }

  toResponse(extraHeaders: Record<string, string> = {}): Response {
    return jsonResponse(this.status, this.body(), { ...this.headers, ...extraHeaders });
  }
}

/** A JSON answer that no cache keeps. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** 400 INVALID_REQUEST naming each field at fault. */
export const invalidRequest = (details: FieldDetail[], message?: string) =>
  new HttpError(
    400,
    'INVALID_REQUEST',
    message ?? `The request is invalid: ${details.map((d) => d.field).join(', ')}`,
    { details },
  );

/** 405 with the `Allow` header: `allow` is the one method (or the list) this path answers. */
export const methodNotAllowed = (allow: string) =>
  new HttpError(405, 'METHOD_NOT_ALLOWED', `Only ${allow} is allowed here`, { headers: { Allow: allow } });
