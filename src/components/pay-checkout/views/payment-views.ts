import { html, nothing, type ReactiveControllerHost } from 'lit';
/**
 * The views of a payin that exists: pending (the method's own view) and final. A separate chunk,
 * with every method's view and what follows a payin (status source, countdown), loaded after the
 * checkout is ready or at once when it resumes.
 */
import '../../../methods/builtin.js';
import { addEnglish } from '../../../i18n/localize.js';
import { enPayin } from '../../../i18n/translations/en-payin.js';

export { styles } from './payment-views.styles.js';

// The English of these views travels with them.
addEnglish(enPayin);

import { Countdown } from '../../../checkout/countdown.js';
import { StatusPoller } from '../../../checkout/status-poller.js';
import type { StatusSource, StatusSourceOptions } from '../../../checkout/status-source.js';
import { PushedStatus } from '../../../checkout/pushed-status.js';
import { errorText, failureReasonText, fieldErrorText, statusText } from '../../../i18n/texts.js';
import { methodFor } from '../../../methods/registry.js';
import type { Payin } from '../../../api/schemas/payin.js';
import type { PendingViewContext, ReferenceStep } from '../../../methods/types.js';
import { renderHeader } from './status-views.js';
import type { ViewHost } from './view-host.js';

// What follows a payin (the session's Followers) travels with its views.
export { PayinFollow } from '../../../checkout/follow.js';
export const createStatusSource = (host: ReactiveControllerHost, options: StatusSourceOptions): StatusSource =>
  options.statusUrl && typeof EventSource === 'function' ? new PushedStatus(host, { ...options, statusUrl: options.statusUrl }) : new StatusPoller(host, options);
export const createCountdown = (host: ReactiveControllerHost, onExpire: () => void) => new Countdown(host, onExpire);

function referenceStep({ session, l }: ViewHost, code: string): ReferenceStep {
  const { state, problem } = session.reference;
  if (state !== 'error' || !problem) return { state };
  return { state, error: problem === 'invalid' ? fieldErrorText(l, 'externalReference.reference', 'invalid', code) : errorText(l, problem) };
}

function viewContext(host: ViewHost, payin: Payin): PendingViewContext {
  const { session, l } = host;
  const response = payin.paymentMethodResponse;
  return {
    code: response.paymentMethodCode,
    payin,
    response,
    orderMoney: payin.paymentRequested?.money ?? response.money ?? session.config!.money,
    l,
    showDeepLink: host.showDeepLink,
    upiId: session.form.values.upiId?.trim() || session.customerData.upiId,
    reference: referenceStep(host, response.paymentMethodCode),
    actions: {
      copy: (text) => host.copy(text),
      reportUnsafeUrl: (url) => session.reportUnsafeUrl(url),
      submitReference: (reference) => void session.submitReference(reference),
      checkNow: () => session.checkNow(),
    },
  };
}

function renderStatus({ session, l }: ViewHost) {
  const { phase, followProblem: problem } = session;
  const pending = phase.name === 'pending';
  const remaining = session.remainingMs;
  const reference = phase.name === 'final' ? phase.payin.paymentMethodResponse.reference : undefined;
  return html`<div class="status" part="status" tabindex="-1">
    <h2>${statusText(l, session.status ?? 'PROCESSING')}</h2>
    ${pending && session.expired ? html`<p>${l.term('expired')}</p>` : nothing}
    ${pending && !session.expired && remaining !== undefined ? html`<p class="countdown" role="timer">${l.term('expiresIn', l.duration(remaining))}</p>` : nothing}
    ${pending && problem
      ? html`<p class="error" part="error">
          ${problem.kind === 'checking' ? l.term('checkingStatus') : problem.kind === 'connection' ? l.term('connectionLost') : errorText(l, problem.code)}
        </p>`
      : nothing}
    ${reference ? html`<p class="muted">${l.term('reference')}: ${reference}</p>` : nothing}
  </div>`;
}

export function renderPending(host: ViewHost) {
  const { session } = host;
  if (session.phase.name !== 'pending') return nothing;
  const view = viewContext(host, session.phase.payin);
  return html`${renderHeader(host)} ${renderStatus(host)} ${methodFor(view.code)!.renderPending(view)}
    ${session.followStopped === 'expired' || session.followStopped === 'error'
      ? html`<div class="actions"><button type="button" @click=${() => session.checkNow()}>${host.l.term('checkAgain')}</button></div>`
      : nothing}`;
}

export function renderFinal(host: ViewHost) {
  const { session, l } = host;
  const { phase } = session;
  if (phase.name !== 'final') return nothing;
  const reason = phase.payin.failureReasonCode;
  const text = phase.status === 'SUCCESS' ? l.term('successText') : phase.status === 'FAILED' ? l.term('failedText') : l.term('refusedText');
  return html`${renderHeader(host)} ${renderStatus(host)}
    <p>${text}</p>
    ${reason && phase.status !== 'SUCCESS' ? html`<p>${failureReasonText(l, reason)}</p>` : nothing}
    ${session.config?.returnUrl ? html`<div class="actions"><a class="button primary" href=${session.config.returnUrl}>${l.term('returnToShop')}</a></div>` : nothing}`;
}
