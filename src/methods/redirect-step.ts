/**
 * "Continue to your bank": the step of a redirect the platform asked for. Only views outside the
 * QR family show it (redirects, the generic view), so it is a module of its own, in their chunk
 * (other-views.ts), not among the parts every view shares (parts.ts).
 */
import { html, nothing } from 'lit';
import { safeWebUrl } from '../api/safe-url.js';
import type { Part } from './parts.js';
import type { PendingViewContext } from './types.js';

/** The redirect's link, http(s) only: any other is refused, said so, and reported to the merchant (UNSAFE_URL). */
export function redirectStep(view: PendingViewContext, url: string | undefined, primary = true): Part {
  if (!url) return nothing;
  const safe = safeWebUrl(url);
  if (!safe) {
    view.actions.reportUnsafeUrl(url);
    return html`<p class="error" role="alert" part="error">${view.words.term('unsafeLink')}</p>`;
  }
  return html`<div class="redirect">
    <p class="note">${view.words.term('continueHint')}</p>
    <a class="button ${primary ? 'primary' : ''}" href=${safe} rel="noopener noreferrer">${view.words.term('continueToBank')}</a>
  </div>`;
}
