/**
 * Copying for the payin views: the clipboard, or where a browser refuses it (an insecure page, a
 * frame without clipboard permission, an old browser) the legacy copy command, or else the value
 * selected on screen for the shopper to copy from the device's own menu. Each outcome is shown on
 * the button for a moment and said in the element's live region.
 */
import type { CopyFeedback, CopyOutcome } from '../../../methods/types.js';
import type { ViewHost } from './view-host.js';

/** How long the button says "Copied". */
export const FEEDBACK_MS = 2500;

/** The last copy of each session, while its feedback shows. */
const shown = new WeakMap<object, CopyFeedback & { timer: ReturnType<typeof setTimeout> }>();

export const copyFeedback = (host: ViewHost): CopyFeedback | undefined => {
  const feedback = shown.get(host.session);
  return feedback && { text: feedback.text, outcome: feedback.outcome };
};

/** The legacy copy command on an off-screen text area holding exactly `text`. */
function copyByCommand(text: string, near: Element): boolean {
  const root = near.getRootNode() as Document | ShadowRoot;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  (root instanceof Document ? root.body : root).append(area);
  const focused = root.activeElement as HTMLElement | null;
  area.focus();
  area.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus();
  return copied;
}

/** Selects the value on screen (the `.copy-value` of the copyable the button belongs to). */
function selectOnScreen(from: Element): void {
  const copyable = from.closest('.copyable');
  const target = copyable?.querySelector('.copy-value') ?? copyable;
  if (target) getSelection()?.selectAllChildren(target);
}

/** Copies `text` for the button `from`, then shows and announces how it went. */
export async function copyText(host: ViewHost, text: string, from?: Element): Promise<CopyOutcome> {
  let outcome: CopyOutcome;
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    outcome = 'copied';
  } catch {
    outcome = from && copyByCommand(text, from) ? 'copied' : 'selected';
    if (outcome === 'selected' && from) selectOnScreen(from);
  }
  const { session, words } = host;
  const earlier = shown.get(session);
  if (earlier) clearTimeout(earlier.timer);
  const timer = setTimeout(() => {
    if (shown.get(session)?.timer !== timer) return;
    shown.delete(session);
    session.requestUpdate();
  }, FEEDBACK_MS);
  shown.set(session, { text, outcome, timer });
  host.announce(outcome === 'copied' ? words.term('copied') : words.term('copyBlocked'));
  session.requestUpdate();
  return outcome;
}
