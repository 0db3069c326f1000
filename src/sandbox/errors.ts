/**
 * The emulator's error answers. Every refusal is an HttpError (pay-checkout/server's, the relay's
 * too) thrown from wherever the rule lives and turned into `{errorCode, message, details?}` by the
 * app's error handler, so a rule never builds a response by hand and no path can forget the JSON body.
 */
import { HttpError } from '../server/index.js';

export { HttpError, invalidRequest, zodDetails, type FieldDetail } from '../server/index.js';

export const unauthorized = (message: string, errorCode = 'UNAUTHORIZED') => new HttpError(401, errorCode, message);
export const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
export const rejected = (errorCode: string, message: string) => new HttpError(406, errorCode, message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
