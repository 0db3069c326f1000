/**
 * What only a shopper in trouble sees of a payment, fetched with the words of trouble (a locale's
 * second part, word-parts.ts) when a view is to say them: a shopper whose payment succeeds never
 * downloads it. A final screen that explains — when a different amount arrived, what arrived
 * against what was asked and what happens next; a failure or refusal with its reason in words (a
 * refusal without one says so) and how to try again — and the note of a payment past its deadline.
 */
import { html, nothing } from 'lit';
import type { Payment } from '../../../checkout/payment.js';
import type { FinalStatus } from '../../../checkout/phase.js';
import { failureReasonText } from '../../../i18n/texts.js';
import { detailList, moneyToPay, type Detail } from '../../../methods/parts.js';
import type { PendingViewContext } from '../../../methods/types.js';
import { otherAmountOf } from './final-view.js';
import type { ViewHost } from './view-host.js';
import { renderWayBack } from './way-back.js';

export { styles } from './trouble-views.styles.js';

/** A final screen of trouble: a failure, a refusal, or an amount other than asked (final-view.ts says which). */
export function renderTroubledEnd(status: FinalStatus, payment: Payment, view: PendingViewContext) {
  const { words, response } = view;
  const money = (value: { amount: number; currencyCode: string }) => words.money(value.amount, value.currencyCode);
  const asked = moneyToPay(view);
  const received = otherAmountOf(payment, asked);
  const success = status === 'SUCCESS';
  const reason = payment.failureReasonCode;
  const rows: Detail[] = received
    ? [
        { label: words.term('amountAsked'), value: money(asked) },
        { label: words.term('amountReceived'), value: money(received) },
      ]
    : [];
  rows.push({ label: words.term('reference'), value: response.reference, copy: true });
  const text = success
    ? words.term('successText')
    : status === 'FAILED' && !received
      ? words.term('failedText')
      : undefined;
  // A refusal's heading already says it was refused: its reason follows at once.
  return html`<div class="final">
    ${text ? html`<p>${text}</p>` : nothing}
    ${received ? html`<p>${success ? words.term('differentAmountAccepted') : words.term('differentAmountFailed')}</p>` : nothing}
    ${!success && !received ? html`<p>${reason ? failureReasonText(words, reason) : status === 'REFUSED' ? words.term('refusedNoReason') : nothing}</p>` : nothing}
    ${detailList(view, rows, { label: words.term('receipt') })}
    ${success ? nothing : html`<p class="note">${words.term('newPaymentHint')}</p>`}
  </div>`;
}

/**
 * Past expireAt the QR and the payment details are withdrawn, not left scannable under "waiting":
 * the view says so and gives the way forward (the shop, where the merchant answers pay-expired
 * with a new payment, and "check again" for a payment made just in time).
 */
export function renderExpired(host: ViewHost) {
  const { words } = host;
  return html`<div class="expired-note">
      <p><strong>${words.term('expiredWithdrawn')}</strong></p>
      <p class="note">${words.term('newPaymentHint')}</p>
    </div>
    ${renderWayBack(host)}`;
}
