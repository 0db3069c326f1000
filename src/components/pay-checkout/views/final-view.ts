/**
 * Final screens that explain: on success the amount paid and the reference; when a different
 * amount arrived, what arrived against what was asked and what happens next; a failure or refusal
 * with its reason in words (a refusal without one says so) and how to try again.
 */
import { html, nothing } from 'lit';
import { moneyResponseSchema, type MoneyResponse } from '../../../api/schemas/common.js';
import type { Payment } from '../../../checkout/payment.js';
import type { FinalStatus } from '../../../checkout/phase.js';
import { failureReasonText } from '../../../i18n/texts.js';
import { detailList, moneyToPay, type Detail } from '../../../methods/parts.js';
import type { PendingViewContext } from '../../../methods/types.js';

/**
 * The money that arrived, when the platform says (`moneyReceived` on the record: where the
 * emulator puts a different amount, see docs/platform-choices.md). Read leniently: a record
 * without it, or with one we cannot read, is shown as paid in full.
 */
function moneyReceivedOf(payment: Payment): MoneyResponse | undefined {
  const parsed = moneyResponseSchema.safeParse(payment.record.moneyReceived);
  return parsed.success ? parsed.data : undefined;
}

/** What arrived, when it is not what was asked. */
function otherAmountOf(payment: Payment, asked: MoneyResponse): MoneyResponse | undefined {
  const received = moneyReceivedOf(payment);
  return received && (received.amount !== asked.amount || received.currencyCode !== asked.currencyCode)
    ? received
    : undefined;
}

/** Whether the final screen says trouble's words (word-parts.ts): a failure, a refusal, or an amount other than asked. */
export const finalSaysTrouble = (status: FinalStatus, payment: Payment, view: PendingViewContext): boolean =>
  status !== 'SUCCESS' || !!otherAmountOf(payment, moneyToPay(view));

export function renderFinalBody(status: FinalStatus, payment: Payment, view: PendingViewContext) {
  const { words, response } = view;
  const money = (value: MoneyResponse) => words.money(value.amount, value.currencyCode);
  const asked = moneyToPay(view);
  const received = otherAmountOf(payment, asked);
  const differs = !!received;
  const success = status === 'SUCCESS';
  const reason = payment.failureReasonCode;
  const rows: Detail[] = differs
    ? [
        { label: words.term('amountAsked'), value: money(asked) },
        { label: words.term('amountReceived'), value: money(received!) },
      ]
    : success
      ? [{ label: words.term('amountPaid'), value: money(asked) }]
      : [];
  rows.push({ label: words.term('reference'), value: response.reference, copy: true });
  // A refusal's heading already says it was refused: its reason follows at once.
  const text = success
    ? words.term('successText')
    : status === 'FAILED' && !differs
      ? words.term('failedText')
      : undefined;
  return html`<div class="final">
    ${text ? html`<p>${text}</p>` : nothing}
    ${differs ? html`<p>${success ? words.term('differentAmountAccepted') : words.term('differentAmountFailed')}</p>` : nothing}
    ${!success && !differs ? html`<p>${reason ? failureReasonText(words, reason) : status === 'REFUSED' ? words.term('refusedNoReason') : nothing}</p>` : nothing}
    ${detailList(view, rows, { label: words.term('receipt') })}
    ${success ? nothing : html`<p class="note">${words.term('newPaymentHint')}</p>`}
  </div>`;
}
