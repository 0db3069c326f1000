/**
 * The Web `Request`/`Response` pieces of the status relay: JSON refusals in the platform's error
 * shape, a size-bounded body read, the callback's schema, and Server-Sent Events framing.
 */
import * as z from 'zod/mini';
import { ID_PATTERN, ID_RULE } from '../api/patterns.js';
import { opt } from '../api/zod.js';

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
export async function readBoundedText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new RelayHttpError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes} bytes`, { Connection: 'close' });
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RelayHttpError(400, 'MALFORMED_JSON', 'The body is not valid UTF-8');
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
