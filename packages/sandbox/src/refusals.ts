/**
 * The emulator's error answers. Every refusal is an HttpError (pay-checkout/server's, the relay's
 * too) thrown from wherever the rule lives and turned into `{errorCode, message, details?}` by the
 * app's error handler, so a rule never builds a response by hand and no path can forget the JSON body.
 */
import { HttpError, invalidRequest, validateInput, type FieldDetail } from './shared.js';

export { HttpError, invalidRequest, type FieldDetail } from './shared.js';

export const unauthorized = (message: string, errorCode = 'UNAUTHORIZED') => new HttpError(401, errorCode, message);
export const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
export const rejected = (errorCode: string, message: string) => new HttpError(406, errorCode, message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

/**
 * validateInput, and when the input fails it, `more()` problems in the same 400: the method rules
 * that a schema applies only once the rest parses, so that one answer names every field at fault.
 */
export function validateNamingAll<T>(
  schema: Parameters<typeof validateInput>[0],
  input: unknown,
  more: () => FieldDetail[],
): T {
  try {
    return validateInput(schema, input) as T;
  } catch (error) {
    if (!(error instanceof HttpError) || !error.details) throw error;
    const details = [...error.details];
    for (const extra of more()) if (!details.some((d) => d.field === extra.field)) details.push(extra);
    throw invalidRequest(details);
  }
}
