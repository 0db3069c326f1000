/**
 * What `submit()` settles with: the payin once the platform accepted it, or why not. It always
 * settles, so a page's own "Place order" button never waits on silence.
 */
import type { Payin } from '../api/schemas/payin.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText } from '../i18n/texts.js';

export type PaySubmitResult = { ok: true; payin: Payin } | { ok: false; error: PayErrorDetail };

/** A submit() the checkout does not take: the form is incomplete, or the checkout is elsewhere (its state said). */
export const refused = (l: Localizer, code: 'INVALID_FORM' | 'INVALID_STATE', state?: string): PaySubmitResult => ({
  ok: false,
  error: { code, message: state ? `${errorText(l, code)} (${state})` : errorText(l, code), retryable: false },
});
