import { html, nothing } from 'lit';
/**
 * The views of a payin that exists: pending (the method's own view) and final. A separate chunk,
 * with every method's view, loaded after the checkout is ready or at once when it resumes.
 */
import '../../../methods/builtin.js';

// The controllers that follow a payin travel with its views.
export { StatusPoller } from '../../../checkout/status-poller.js';
export { Countdown } from '../../../checkout/countdown.js';
import { methodFor } from '../../../methods/registry.js';
import type { PayinDetailResponse } from '../../../api/schemas/payin.js';
import type { PendingViewContext } from '../../../methods/types.js';
import type { PayCheckout } from '../pay-checkout.component.js';
import { renderHeader } from './status-views.js';

function viewContext(host: PayCheckout): PendingViewContext {
  const payin = host.payin!;
  const response = payin.paymentMethodResponse;
  return {
    code: response.paymentMethodCode,
    payin,
    response,
    orderMoney: payin.paymentRequested?.money ?? response.money ?? host.config!.money,
    l: host.l,
    showDeepLink: host.showDeepLink,
    upiId: host.values.upiId?.trim() || host.upiId,
    reference: host.reference,
    actions: {
      copy: (text) => host.copy(text),
      reportUnsafeUrl: (url) => host.reportUnsafeUrl(url),
      submitReference: (reference) => void host.submitReference(reference),
      checkNow: () => host.resumePolling(),
    },
  };
}

function renderStatus(host: PayCheckout) {
  const l = host.l;
  const remaining = host.countdown?.remainingMs;
  const final = host.state !== 'pending';
  return html`<div class="status" part="status" tabindex="-1">
    <h2>${host.statusText(host.status ?? 'PROCESSING')}</h2>
    ${!final && host.expired ? html`<p>${l.term('expired')}</p>` : nothing}
    ${!final && !host.expired && remaining !== undefined ? html`<p class="countdown" role="timer">${l.term('expiresIn', l.duration(remaining))}</p>` : nothing}
    ${!final && host.pollProblem ? html`<p class="error" part="error">${host.pollProblem}</p>` : nothing}
    ${final && host.payin?.paymentMethodResponse.reference ? html`<p class="muted">${l.term('reference')}: ${host.payin.paymentMethodResponse.reference}</p>` : nothing}
  </div>`;
}

export function renderPending(host: PayCheckout) {
  const view = viewContext(host);
  return html`${renderHeader(host)} ${renderStatus(host)} ${methodFor(view.code)!.renderPending(view)}
    ${host.pollStopped === 'expired' || host.pollStopped === 'error'
      ? html`<div class="actions"><button type="button" @click=${() => host.resumePolling()}>${host.l.term('checkAgain')}</button></div>`
      : nothing}`;
}

export function renderFinal(host: PayCheckout) {
  const l = host.l;
  const payin = host.payin;
  const reason = (payin as PayinDetailResponse | undefined)?.failureReasonCode;
  const text = host.state === 'success' ? l.term('successText') : host.state === 'failed' ? l.term('failedText') : l.term('refusedText');
  return html`${renderHeader(host)} ${renderStatus(host)}
    <p>${text}</p>
    ${reason && host.state !== 'success' ? html`<p>${l.lookup('failureReasons', reason) ?? l.term('failureReasonUnknown', reason)}</p>` : nothing}
    ${host.config?.returnUrl ? html`<div class="actions"><a class="button primary" href=${host.config.returnUrl}>${l.term('returnToShop')}</a></div>` : nothing}`;
}
