/**
 * Every failure the checkout meets becomes one PayErrorDetail here: a platform error keeps its
 * code and status, bad page input names the attribute, and anything else (an answer we could not
 * handle) is BAD_RESPONSE. The message is the localized words of the code.
 */
import { PlatformError, isPlatformError } from '../api/errors.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText } from '../i18n/texts.js';
import { isConfigProblem } from './config.js';

/** Failures that trying again can mend, whatever the platform said about retrying. */
const TRANSIENT = new Set(['BAD_RESPONSE', 'NETWORK', 'RATE_LIMITED', 'SERVER_ERROR']);

export const asPlatformError = (failure: unknown): PlatformError =>
  isPlatformError(failure)
    ? failure
    : new PlatformError({ code: 'BAD_RESPONSE', message: String(failure), cause: failure });

export function toErrorDetail(failure: unknown, words: Localizer): PayErrorDetail {
  if (isConfigProblem(failure)) {
    return {
      code: failure.code,
      message: `${errorText(words, failure.code)} (${failure.attribute}: ${failure.detail})`,
      retryable: false,
    };
  }
  const error = asPlatformError(failure);
  return {
    code: error.code,
    message: errorText(words, error.code),
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    retryable: error.retryable || TRANSIENT.has(error.code),
  };
}
