/**
 * What `submit()` settles with: the payin once the platform accepted it, or why not. It always
 * settles, so a page's own "Place order" button never waits on silence.
 */
import type { Payin } from '../api/schemas/payin.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText } from '../i18n/texts.js';

export type PaySubmitResult = { ok: true; payin: Payin } | { ok: false; error: PayErrorDetail };

/**
 * submit()'s answer when the checkout takes nothing: the form is incomplete, or the checkout is
 * elsewhere (its state said). It comes once `words` (those of trouble, word-parts.ts) are
 * here: its message is in the shopper's language, read from the localizer of that moment.
 */
export const refused = (
  words: Promise<void>,
  l: () => Localizer,
  code: 'INVALID_FORM' | 'INVALID_STATE',
  state?: string,
): Promise<PaySubmitResult> =>
  words.then(() => ({
    ok: false,
    error: {
      code,
      message: state ? `${errorText(l(), code)} (${state})` : errorText(l(), code),
      retryable: false,
    },
  }));
