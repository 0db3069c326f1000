/**
 * The Web `Request`/`Response` pieces of the status relay: its refusals, the callback's schema,
 * and Server-Sent Events framing. (Errors and bodies are http-error.ts's and http-body.ts's.)
 */
import * as z from 'zod/mini';
import { ID_PATTERN, ID_RULE } from '../../api/patterns.js';
import { idSchema } from '../../api/schemas/payin-request.js';
import { opt } from '../../api/zod.js';
import { HttpError, invalidRequest } from '../http/error.js';

export const methodNotAllowed = (allow: string) =>
  new HttpError(405, 'METHOD_NOT_ALLOWED', `Only ${allow} is allowed here`, { headers: { Allow: allow } });

export const invalidId = (field: 'idPayin' | 'idTopUp' = 'idPayin') =>
  invalidRequest([{ field, message: ID_RULE }], `The ${field} ${ID_RULE}`);

export const isPayinId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** The event type of a payin's status change (the emulator's; the real platform's is not shown). */
export const PAYIN_STATUS_CHANGED = 'PAYIN_STATUS_CHANGED';
/** The event type of a top-up's status change (the emulator's, with `idTopUp`). */
export const TOPUP_STATUS_CHANGED = 'TOPUP_STATUS_CHANGED';

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
    z.refine((callback) => callback.type !== TOPUP_STATUS_CHANGED || callback.idTopUp !== undefined, {
      message: `${TOPUP_STATUS_CHANGED} needs an idTopUp`,
      path: ['idTopUp'],
    }),
  );

export type StatusCallback = z.infer<typeof statusCallbackSchema>;

export function parseStatusCallback(body: unknown): StatusCallback {
  const parsed = statusCallbackSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message:
      issue.path.length === 0 && (body === null || typeof body !== 'object' || Array.isArray(body))
        ? 'must be a JSON object'
        : issue.message,
  }));
  throw invalidRequest(details, `The callback is invalid: ${details.map((d) => d.field).join(', ')}`);
}

// --- Server-Sent Events --------------------------------------------------------------------

const encoder = new TextEncoder();

/** One event: `event: <name>` and its data on one line, then the blank line that ends it. */
export const sseEvent = (name: string, data: unknown = {}) =>
  encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** The reconnection delay a browser's EventSource uses after the stream ends. */
export const sseRetry = (ms: number) => encoder.encode(`retry: ${Math.round(ms)}\n\n`);

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  // nginx and the proxies that follow it would otherwise hold events back in a buffer.
  'X-Accel-Buffering': 'no',
} as const;
