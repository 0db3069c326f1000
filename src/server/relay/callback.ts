/**
 * The platform's status callback as the relay reads it: its schema, tolerant of what the platform
 * may add, and its refusal naming each field at fault.
 */
import * as z from 'zod/mini';
import { idSchema } from '../../api/schemas/payin-request.js';
import { opt } from '../../api/zod.js';
import { invalidRequest } from '../http/error.js';

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
