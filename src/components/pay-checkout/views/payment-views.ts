import { html, nothing, type ReactiveControllerHost } from 'lit';
/**
 * The views of a payin that exists: pending (the method's own view) and final. A separate chunk,
 * with the QR family's method views (builtin.ts) and what follows a payin (status source,
 * countdown), loaded after the checkout is ready or at once when it resumes. The other methods'
 * views are a chunk it fetches when one of them is wanted (viewsHere).
 */
import { loadOtherViews } from '../../../methods/builtin.js';

export { styles } from './payment-views.styles.js';

import { Countdown } from '../../../checkout/countdown.js';
import { StatusPoller } from '../../../checkout/status-poller.js';
import type { StatusSource, StatusSourceOptions } from '../../../checkout/status-source.js';
import type { PushedStatus } from '../../../checkout/pushed-status.js';
import { errorText, fieldErrorText, statusText } from '../../../i18n/texts.js';
import { methodFor } from '../../../methods/registry.js';
import type { Payin } from '../../../api/schemas/payin.js';
import type { PendingViewContext, ReferenceStep } from '../../../methods/types.js';
import { copyFeedback, copyText } from './clipboard.js';
import { countdownText, payByText } from './deadline.js';
import { finalSaysTrouble, renderFinalBody } from './final-view.js';
import { renderHeader, renderViewsLoading } from './status-views.js';
import type { SessionView, ViewHost } from './view-host.js';
import { renderWayBack } from './way-back.js';

// What follows a payin (the session's Followers) travels with its views.
export { PayinFollow } from '../../../checkout/follow.js';
export { TokenWatch } from '../../../checkout/token-watch.js';

/**
 * The merchant's status stream (PushedStatus) is a chunk of its own, fetched after these views
 * only for a `status-url` (load-views.ts): a polling checkout never downloads it. Imported from
 * here, so the poller it falls back to stays in this chunk rather than a third one.
 */
let Pushed: typeof PushedStatus | undefined;
export const usePushedStatus = (pushed: typeof PushedStatus) => void (Pushed = pushed);
export const loadPushedStatus = () =>
  import('../../../checkout/pushed-status.js').then((module) => usePushedStatus(module.PushedStatus));

export const createStatusSource = (host: ReactiveControllerHost, options: StatusSourceOptions): StatusSource =>
  options.statusUrl && Pushed && typeof EventSource === 'function'
    ? new Pushed(host, { ...options, statusUrl: options.statusUrl })
    : new StatusPoller(host, options);
export const createCountdown = (host: ReactiveControllerHost, onExpire: () => void) => new Countdown(host, onExpire);

/**
 * The other methods' views (builtin.ts loadOtherViews): while their chunk loads, the sessions
 * whose element waits to draw one of them; `failed` when it did not load for a view on screen,
 * until the shopper asks again.
 */
let otherViews: Set<SessionView> | 'failed' | undefined;

/**
 * Whether the pending view of `code` can be drawn: its method's view is here (the QR family's, a
 * merchant's own, or any other once their chunk has arrived), or that chunk did not load and the
 * pending view says so with a way to try again. If not, the chunk is fetched (once at a time) and
 * `host`'s element renders again when it arrives. Asked, without a host, as soon as the shopper
 * chooses a method at the form, so that after Pay its view is already here; a failure then
 * leaves nothing behind, and the pending view tries again.
 */
export function viewsHere(code: string | undefined, host?: ViewHost): boolean {
  if (!code || methodFor(code) || otherViews === 'failed') return true;
  if (!otherViews) {
    const waiting = (otherViews = new Set());
    loadOtherViews()
      .then(
        () => (otherViews = undefined),
        () => (otherViews = waiting.size ? 'failed' : undefined),
      )
      .then(() => waiting.forEach((session) => session.requestUpdate()));
  }
  if (host) otherViews.add(host.session);
  return false;
}

/**
 * In place of a method's view whose chunk did not load: the failure, and the way to load it
 * again, as renderViewsLoading (status-views.ts) says it of the payin views (written out again
 * here, not shared: the element's file, which holds that one, is at its size budget).
 */
const renderOtherViewsFailed = ({ session, l }: ViewHost) =>
  html`<p class="error" part="error" role="alert">${l.term('viewsFailed')}</p>
    <button type="button" @click=${() => ((otherViews = undefined), session.requestUpdate())}>${l.term('tryAgain')}</button>`;

function referenceStep({ session, l }: ViewHost, code: string): ReferenceStep {
  // A top-up has no external-reference request in the platform's document.
  if (session.topUp) return { state: 'none' };
  const { state, problem } = session.follow?.reference ?? { state: 'idle' };
  if (state !== 'error' || !problem) return { state };
  return {
    state,
    error:
      problem === 'invalid' ? fieldErrorText(l, 'externalReference.reference', 'invalid', code) : errorText(l, problem),
  };
}

/** A phone or tablet: the primary pointer is a finger. Read at each render (a window may move to another screen). */
const isTouch = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

export function viewContext(host: ViewHost, payin: Payin): PendingViewContext {
  const { session, l } = host;
  const response = payin.paymentMethodResponse;
  return {
    code: response.paymentMethodCode,
    payin,
    response,
    orderMoney: payin.paymentRequested?.money ?? response.money ?? session.config!.money,
    l,
    showDeepLink: host.showDeepLink,
    touch: isTouch(),
    copied: copyFeedback(host),
    upiId: session.form.values.upiId?.trim() || session.customerData.upiId,
    reference: referenceStep(host, response.paymentMethodCode),
    actions: {
      copy: (text, from) => void copyText(host, text, from),
      reportUnsafeUrl: (url) => session.follow?.reportUnsafeUrl(url),
      submitReference: (reference) => void session.follow?.submitReference(reference),
      checkNow: () => session.follow?.checkNow(),
      update: () => session.requestUpdate(),
    },
  };
}

function renderStatus({ session, l }: ViewHost) {
  const { phase } = session;
  const problem = session.follow?.problem;
  const pending = phase.name === 'pending';
  const expired = pending && !!session.follow?.expired;
  const remaining = session.follow?.remainingMs;
  const deadline = session.expiresAtLocal;
  return html`<div class="status" part="status" tabindex="-1">
    <h2>${expired ? l.term('expiredTitle') : statusText(l, session.status ?? 'PROCESSING')}</h2>
    ${expired ? html`<p>${l.term('expired')}</p>` : nothing}
    ${pending && !expired && deadline !== undefined ? html`<p class="deadline">${payByText(l, deadline)}</p>` : nothing}
    ${pending && !expired && remaining !== undefined ? html`<p class="countdown" role="timer">${l.term('expiresIn', countdownText(l, remaining))}</p>` : nothing}
    ${
      pending && problem
        ? html`<p class="error" part="error">
          ${problem.kind === 'checking' ? l.term('checkingStatus') : problem.kind === 'connection' ? l.term('connectionLost') : errorText(l, problem.code)}
        </p>`
        : nothing
    }
  </div>`;
}

/** The method's name with its family's icon, above its view. */
function methodTitle({ l }: ViewHost, code: string) {
  const name = l.lookup('methodNames', code) ?? code.replace(/_/g, ' ');
  return html`<p class="method-title">${methodFor(code)?.icon ?? nothing}<span>${name}</span></p>`;
}

/**
 * Past expireAt the QR and the payment details are withdrawn, not left scannable under "waiting":
 * the view says so and gives the way forward (the shop, where the merchant answers pay-expired
 * with a new payin, and "check again" for a payment made just in time).
 */
function renderExpired(host: ViewHost) {
  const { l } = host;
  return html`<div class="expired-note">
      <p><strong>${l.term('expiredWithdrawn')}</strong></p>
      <p class="note">${l.term('newPaymentHint')}</p>
    </div>
    ${renderWayBack(host)}`;
}

/**
 * Whether the payin's view says trouble's words (word-parts.ts), which only some shoppers fetch:
 * a final screen of a failure, a refusal or another amount; expiry; an error while following or
 * with the UTR. The element shows them once those words are here.
 */
export function troubleShown(host: ViewHost): boolean {
  const { phase, follow } = host.session;
  if (phase.name === 'final') return finalSaysTrouble(phase.status, phase.payin, viewContext(host, phase.payin));
  return !!follow && (follow.expired || follow.problem?.kind === 'error' || follow.reference.state === 'error');
}

/**
 * The pending view, once what it needs is here: the words only it says (`wordsHere`, the
 * element's: word-parts.ts) and its method's view (viewsHere). Until then a placeholder, while
 * both are fetched side by side and the element renders again as each arrives. (The wait is
 * decided here, in the views chunk, rather than in the element: its file is at its size budget.)
 */
export function renderPending(host: ViewHost, wordsHere: (code: string) => boolean) {
  const { session } = host;
  if (session.phase.name !== 'pending') return nothing;
  const { payin } = session.phase;
  const code = payin.paymentMethodResponse.paymentMethodCode;
  // Both asked before either answer counts, so that both are fetched at once. Past expireAt the
  // method's view is withdrawn (renderExpired): it is not fetched for that.
  const viewHere = !!session.follow?.expired || viewsHere(code, host);
  if (!wordsHere(code) || !viewHere) return renderViewsLoading(host);
  const view = viewContext(host, payin);
  const method = methodFor(code);
  const stopped = session.follow?.stopped === 'expired' || session.follow?.stopped === 'error';
  return html`${renderHeader(host)} ${renderStatus(host)} ${host.topUp?.renderTopUpSummary(host)}
    ${session.follow?.expired ? renderExpired(host) : html`${methodTitle(host, code)} ${method ? method.renderPending(view) : renderOtherViewsFailed(host)}`}
    ${stopped ? html`<div class="actions"><button type="button" @click=${() => session.follow?.checkNow()}>${host.l.term('checkAgain')}</button></div>` : nothing}`;
}

export function renderFinal(host: ViewHost) {
  const { session } = host;
  const { phase } = session;
  if (phase.name !== 'final') return nothing;
  return html`${renderHeader(host)} ${renderStatus(host)} ${host.topUp?.renderTopUpSummary(host)} ${renderFinalBody(phase.status, phase.payin, viewContext(host, phase.payin))}
    ${renderWayBack(host)}`;
}
