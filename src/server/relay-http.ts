/**
 * The Web `Request`/`Response` pieces of the status relay: JSON refusals in the platform's error
 * shape, a size-bounded body read, the callback's schema, and Server-Sent Events framing.
 */
import * as z from 'zod/mini';
import { ID_PATTERN, ID_RULE } from '../api/patterns.js';
import { opt } from '../api/zod.js';
import { BodyReadError, readBoundedText } from './http-body.js';

/** A refusal: its JSON body is `{errorCode, message, details?}`, like the platform's. */
export class RelayHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
  }

  toResponse(extraHeaders: Record<string, string> = {}): Response {
    return jsonResponse(
      this.status,
      { errorCode: this.errorCode, message: this.message, ...(this.details ? { details: this.details } : {}) },
      { ...this.headers, ...extraHeaders },
    );
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export const methodNotAllowed = (allow: string) =>
  new RelayHttpError(405, 'METHOD_NOT_ALLOWED', `Only ${allow} is allowed here`, { Allow: allow });

export const invalidId = () =>
  new RelayHttpError(400, 'INVALID_REQUEST', `The idPayin ${ID_RULE}`, {}, [{ field: 'idPayin', message: ID_RULE }]);

export const isPayinId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/**
 * The body as UTF-8 text, refusing more than `maxBytes` without reading the rest (413, and the
 * connection is closed: its unread body cannot carry another request).
 */
export async function readCallbackText(request: Request, maxBytes: number): Promise<string> {
  try {
    return await readBoundedText(request, maxBytes);
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    if (error.reason === 'too-large') throw new RelayHttpError(413, 'PAYLOAD_TOO_LARGE', error.message, { Connection: 'close' });
    throw new RelayHttpError(400, 'MALFORMED_JSON', error.message);
  }
}

export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new RelayHttpError(400, 'MALFORMED_JSON', 'The body is empty; a JSON object is expected');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RelayHttpError(400, 'MALFORMED_JSON', `The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The event type of a payin's status change (the emulator's; the real platform's is not shown). */
export const PAYIN_STATUS_CHANGED = 'PAYIN_STATUS_CHANGED';

const idSchema = z.string().check(z.regex(ID_PATTERN, ID_RULE));

/**
 * A status callback. Only `type` is required: the platform may add event types and properties
 * without a new version, so unknown ones pass (and unknown properties are kept). A payin's change
 * must name the payin.
 */
export const statusCallbackSchema = z
  .looseObject({
    type: z.string().check(z.minLength(1), z.maxLength(64)),
    idPayin: opt(idSchema),
    idPayment: opt(z.string().check(z.minLength(1), z.maxLength(128))),
    idTopUp: opt(idSchema),
    idPayout: opt(idSchema),
  })
  .check(
    z.refine((callback) => callback.type !== PAYIN_STATUS_CHANGED || callback.idPayin !== undefined, {
      message: `${PAYIN_STATUS_CHANGED} needs an idPayin`,
      path: ['idPayin'],
    }),
  );

export type StatusCallback = z.infer<typeof statusCallbackSchema>;

export function parseStatusCallback(body: unknown): StatusCallback {
  const parsed = statusCallbackSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.path.length === 0 && (body === null || typeof body !== 'object' || Array.isArray(body)) ? 'must be a JSON object' : issue.message,
  }));
  throw new RelayHttpError(400, 'INVALID_REQUEST', `The callback is invalid: ${details.map((d) => d.field).join(', ')}`, {}, details);
}

// --- Server-Sent Events --------------------------------------------------------------------

const encoder = new TextEncoder();

/** One event: `event: <name>` and its data on one line, then the blank line that ends it. */
export const sseEvent = (name: string, data: unknown = {}) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** The reconnection delay a browser's EventSource uses after the stream ends. */
export const sseRetry = (ms: number) => encoder.encode(`retry: ${Math.round(ms)}\n\n`);

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  // nginx and the proxies that follow it would otherwise hold events back in a buffer.
  'X-Accel-Buffering': 'no',
} as const;
