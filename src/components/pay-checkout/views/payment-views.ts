/**
 * The views of a payment that exists: pending (its method's own view) and final. A chunk of its
 * own with the QR and UPI method views (builtin.ts) and what creates and follows a payment
 * (create.ts, PaymentWatch), fetched while the shopper fills the form, or at once when a payment
 * resumes. Two more chunks come when wanted: the other methods' views, and trouble's views
 * (trouble-views.ts, with trouble's words). Rendering fetches nothing: what a view needs is asked
 * for by fetchFor, before the element renders, and the view shows a placeholder until it is here;
 * fetchFor also adopts those chunks' styles once they are here.
 */
import { html, nothing } from 'lit';
import { Lazy } from '../../../api/lazy.js';
import type { Payment } from '../../../checkout/payment.js';
import { errorText, methodName, statusText } from '../../../i18n/texts.js';
import { loadWords, wordsHere } from '../../../i18n/words.js';
import { loadOtherViews } from '../../../methods/builtin.js';
import { hasOwnView, methodFor, viewStyles } from '../../../methods/registry.js';
import type { PendingViewContext } from '../../../methods/types.js';
import { needsMoreWords } from '../../../i18n/word-parts.js';
import { copyFeedback, copyText } from './clipboard.js';
import { countdownText, payByText } from './deadline.js';
import { finalSaysTrouble, renderSuccess } from './final-view.js';
import { renderHeader, renderViewsLoading } from './status-views.js';
import { renderWayBack } from './way-back.js';
import type { SessionView, ViewHost } from './view-host.js';

export { styles } from './payment-views.styles.js';

/**
 * A chunk of views a payment's view waits for: the sessions waiting (`waiting`) render again once
 * it has arrived or failed; `failed` hears whether any was waiting when it failed.
 */
function waitedFor<T>(load: () => Promise<T>, failed?: (waited: boolean) => void) {
  const waiting = new Set<SessionView>();
  const chunk = new Lazy(load, (status) => {
    if (status === 'loading') return;
    if (status === 'failed') failed?.(waiting.size > 0);
    for (const session of waiting) session.requestUpdate();
    waiting.clear();
  });
  return Object.assign(chunk, { waiting });
}

/** The other methods' views failed while a pending view waited for them: it says so, until the shopper tries again. */
let failureShown = false;
const otherViews = waitedFor(loadOtherViews, (waited) => (failureShown = waited));
/** Trouble's views: should they not load, the views say what they can without them. */
const troubleViews = waitedFor(() => import('./trouble-views.js'));

/** The method's code of the view on screen: the one chosen at the form, or the pending payment's. */
const codeOf = ({ phase, form }: SessionView): string | undefined =>
  phase.name === 'pending'
    ? phase.payment.response.paymentMethodCode
    : phase.name === 'select' || phase.name === 'submitting'
      ? form.selectedCode
      : undefined;

/**
 * Whether the payment's view says trouble's words (word-parts.ts), which only some shoppers fetch:
 * a final screen of a failure, a refusal or another amount; expiry; an error while following or
 * with the UTR step.
 */
function troubleShown(host: ViewHost): boolean {
  const { phase, watch } = host.session;
  if (phase.name === 'final') return finalSaysTrouble(phase.status, phase.payment, viewContext(host, phase.payment));
  return !!watch.value?.troubled;
}

/** Whether the view on screen is one of trouble's views (trouble-views.ts): a troubled end, or a payment past its deadline. */
function troubleViewShown(host: ViewHost): boolean {
  const { phase, watch } = host.session;
  return phase.name === 'final' ? troubleShown(host) : !!watch.value?.expired;
}

/**
 * Fetches what the view on screen needs and does not have, before the element renders it: the
 * words of trouble or of the method's view, and the method's view when it is another method's.
 * At the form, so that after Pay the chosen method's view and words are already here.
 */
export function fetchFor(host: ViewHost): void {
  const { session, words } = host;
  // The rules of views that arrived in a chunk of their own, before anything renders them.
  for (const styles of viewStyles()) host.adopt(styles);
  if (troubleViews.value) host.adopt(troubleViews.value.styles);
  const code = codeOf(session);
  const trouble = troubleShown(host);
  if (trouble || needsMoreWords(code, !!code && hasOwnView(code)))
    loadWords(words.locale, 'more').catch(() => undefined);
  if (troubleViewShown(host) && troubleViews.status !== 'ready') {
    troubleViews.waiting.add(session);
    if (troubleViews.status === 'idle') troubleViews.get().catch(() => undefined);
  }
  if (!code || methodFor(code) || failureShown) return;
  if (session.phase.name === 'pending') otherViews.waiting.add(session);
  if (otherViews.status !== 'loading') otherViews.get().catch(() => undefined);
}

/** A phone or tablet: the primary pointer is a finger. Read at each render (a window may move to another screen). */
const isTouch = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

function viewContext(host: ViewHost, payment: Payment): PendingViewContext {
  const { session, words } = host;
  const { response } = payment;
  const watch = session.watch.value;
  return {
    code: response.paymentMethodCode,
    payin: { ...payment.record, paymentMethodResponse: response, paymentRequested: { money: payment.money } },
    response,
    orderMoney: payment.money,
    words,
    l: words,
    showDeepLink: host.showDeepLink,
    touch: isTouch(),
    copied: copyFeedback(host),
    upiId: session.form.values.upiId?.trim() || session.customerData.upiId,
    reference: watch?.referenceStep(response.paymentMethodCode, words) ?? { state: 'idle' },
    actions: {
      copy: (text, from) => void copyText(host, text, from),
      reportUnsafeUrl: (url) => watch?.reportUnsafeUrl(url),
      submitReference: (reference) => void watch?.submitReference(reference),
      checkNow: () => watch?.checkNow(),
      update: () => session.requestUpdate(),
    },
  };
}

function renderStatus({ session, words }: ViewHost) {
  const { phase } = session;
  const watch = session.watch.value;
  const problem = watch?.problem;
  const pending = phase.name === 'pending';
  const expired = pending && !!watch?.expired;
  const remaining = watch?.remainingMs;
  const deadline = watch?.deadline;
  return html`<div class="status" part="status" tabindex="-1">
    <h2>${expired ? words.term('expiredTitle') : statusText(words, session.status ?? 'PROCESSING')}</h2>
    ${expired ? html`<p>${words.term('expired')}</p>` : nothing}
    ${pending && !expired && deadline !== undefined ? html`<p class="deadline">${payByText(words, deadline)}</p>` : nothing}
    ${pending && !expired && remaining !== undefined ? html`<p class="countdown" role="timer">${words.term('expiresIn', countdownText(words, remaining))}</p>` : nothing}
    ${
      pending && problem
        ? html`<p class="error" part="error">
          ${problem.kind === 'checking' ? words.term('checkingStatus') : problem.kind === 'connection' ? words.term('connectionLost') : errorText(words, problem.code)}
        </p>`
        : nothing
    }
  </div>`;
}

/** The method's name with its family's icon, above its view. */
const methodTitle = ({ words }: ViewHost, code: string) =>
  html`<p class="method-title">${methodFor(code)?.icon ?? nothing}<span>${methodName(words, code)}</span></p>`;

/** The method's own view, or where its chunk did not load, the failure and the way to load it again. */
function renderMethod(host: ViewHost, code: string, view: PendingViewContext) {
  const method = methodFor(code);
  if (method) return html`${methodTitle(host, code)} ${method.renderPending(view)}`;
  const retry = () => {
    failureShown = false;
    host.session.requestUpdate();
  };
  return html`${methodTitle(host, code)} ${renderViewsLoading(host, true, retry)}`;
}

function renderPending(host: ViewHost, payment: Payment) {
  const { session, words } = host;
  const watch = session.watch.value;
  const code = payment.response.paymentMethodCode;
  // Past expireAt the method's view is withdrawn (renderExpired): it is not waited for.
  const expired = !!watch?.expired;
  const wordsIn = !needsMoreWords(code, hasOwnView(code)) || wordsHere(words.locale, 'more');
  if (!wordsIn || !(expired || methodFor(code) || failureShown)) return renderViewsLoading(host);
  const stopped = watch?.stopped === 'expired' || watch?.stopped === 'error';
  return html`${renderHeader(host)} ${renderStatus(host)} ${host.topUp?.renderTopUpSummary(host)}
    ${expired ? (troubleViews.value?.renderExpired(host) ?? nothing) : renderMethod(host, code, viewContext(host, payment))}
    ${stopped ? html`<div class="actions"><button type="button" @click=${() => watch?.checkNow()}>${words.term('checkAgain')}</button></div>` : nothing}`;
}

/** The payment's view, pending or final, once what it says is here; a placeholder until then. */
export function renderPayment(host: ViewHost) {
  const { session, words } = host;
  const { phase } = session;
  if (phase.name !== 'pending' && phase.name !== 'final') return nothing;
  const trouble = troubleShown(host);
  if (trouble && !wordsHere(words.locale, 'more')) return renderViewsLoading(host);
  if (troubleViewShown(host) && troubleViews.status === 'loading') return renderViewsLoading(host);
  if (phase.name === 'pending') return renderPending(host, phase.payment);
  const view = viewContext(host, phase.payment);
  const end = trouble ? troubleViews.value?.renderTroubledEnd(phase.status, phase.payment, view) : renderSuccess(view);
  return html`${renderHeader(host)} ${renderStatus(host)} ${host.topUp?.renderTopUpSummary(host)} ${end ?? nothing}
    ${renderWayBack(host)}`;
}
