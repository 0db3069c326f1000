/**
 * What `submit()` settles with: the payment once the platform accepted it, or why not. It always
 * settles, so a page's own "Place order" button never waits on silence.
 */
import type { Payin } from '../api/schemas/payin.js';
import type { TopUpResponse } from '../api/schemas/topup-response.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText } from '../i18n/texts.js';

/** A payin's: `{ ok: true, payin }`, or `{ ok: false, error }`. */
export type PaySubmitResult = { ok: true; payin: Payin } | { ok: false; error: PayErrorDetail };

/**
 * Whatever the payment's kind, as its events are (PayDetail): a top-up's success carries
 * `kind: 'topup'` and `topUp` in place of `payin`.
 */
export type PayAnySubmitResult = PaySubmitResult | { ok: true; kind: 'topup'; topUp: TopUpResponse };

/**
 * submit()'s answer when the checkout takes nothing: the form is incomplete, or the checkout is
 * elsewhere (its state said). It comes once `ready` (the words of trouble, word-parts.ts) are
 * here: its message is in the shopper's language, read from the words of that moment.
 */
export const refused = (
  ready: Promise<void>,
  words: () => Localizer,
  code: 'INVALID_FORM' | 'INVALID_STATE',
  state?: string,
): Promise<PayAnySubmitResult> =>
  ready.then(() => ({
    ok: false,
    error: {
      code,
      message: state ? `${errorText(words(), code)} (${state})` : errorText(words(), code),
      retryable: false,
    },
  }));
