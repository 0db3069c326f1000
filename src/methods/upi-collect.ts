/**
 * UPICOLLECT and UPI_ID: a collect request sent to the customer's UPI app, which the view says to
 * approve there ("Approve the request sent to asha@okdemo"), with the platform's instructions and,
 * without the customer's UPI ID, the UTR step. In the other methods' chunk (other-views.ts), with
 * whose words it speaks; UPIQR's view is in upi.ts.
 */
import { html, nothing } from 'lit';
import { otherIcons } from './other-icons.js';
import { instructions } from './other-parts.js';
import { amountToPay, supportDetails } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule, PendingViewContext } from './types.js';
import { customerUpiId } from './upi.js';

/** "Approve the request sent to asha@okdemo": a collect request waiting in the customer's UPI app. */
function collectRequest(view: PendingViewContext) {
  const { words, response } = view;
  const upiId = customerUpiId(view);
  return html`${amountToPay(view)}
    <section class="approve">
      <h3>${words.term('approveOnPhone')}</h3>
      <p>${upiId ? words.term('upiRequestSent', upiId) : words.term('upiCollectSent')}</p>
    </section>
    ${instructions(view)} ${supportDetails(view, [[words.term('reference'), response.reference]])}
    ${upiId ? nothing : referenceStep(view, false)}`;
}

export const upiCollect: MethodModule = {
  icon: otherIcons.wallet,
  renderPending: collectRequest,
};
