/**
 * Final screens that explain: on success the amount paid and the reference; when a different
 * amount arrived, what arrived against what was asked and what happens next; a failure or refusal
 * with its reason in words (a refusal without one says so) and how to try again.
 */
import { html, nothing } from 'lit';
import { moneyResponseSchema, type MoneyResponse } from '../../../api/schemas/common.js';
import type { Payin } from '../../../api/schemas/payin.js';
import type { FinalStatus } from '../../../checkout/phase.js';
import { failureReasonText } from '../../../i18n/texts.js';
import { detailList, moneyToPay, type Detail } from '../../../methods/parts.js';
import type { PendingViewContext } from '../../../methods/types.js';

/**
 * The money that arrived, when the platform says (`moneyReceived` on the payin: where the
 * emulator puts a different amount, see docs/platform-choices.md). Read leniently: a payin without
 * it, or with one we cannot read, is shown as paid in full.
 */
export function moneyReceivedOf(payin: Payin): MoneyResponse | undefined {
  const parsed = moneyResponseSchema.safeParse((payin as { moneyReceived?: unknown }).moneyReceived);
  return parsed.success ? parsed.data : undefined;
}

/** What arrived, when it is not what was asked. */
function otherAmountOf(payin: Payin, asked: MoneyResponse): MoneyResponse | undefined {
  const received = moneyReceivedOf(payin);
  return received && (received.amount !== asked.amount || received.currencyCode !== asked.currencyCode)
    ? received
    : undefined;
}

/** Whether the final screen says trouble's words (word-parts.ts): a failure, a refusal, or an amount other than asked. */
export const finalSaysTrouble = (status: FinalStatus, payin: Payin, view: PendingViewContext): boolean =>
  status !== 'SUCCESS' || !!otherAmountOf(payin, moneyToPay(view));

export function renderFinalBody(status: FinalStatus, payin: Payin, view: PendingViewContext) {
  const { l, response } = view;
  const money = (value: MoneyResponse) => l.money(value.amount, value.currencyCode);
  const asked = moneyToPay(view);
  const received = otherAmountOf(payin, asked);
  const differs = !!received;
  const success = status === 'SUCCESS';
  const reason =
    'failureReasonCode' in payin && typeof payin.failureReasonCode === 'string' ? payin.failureReasonCode : undefined;
  const rows: Detail[] = differs
    ? [
        { label: l.term('amountAsked'), value: money(asked) },
        { label: l.term('amountReceived'), value: money(received!) },
      ]
    : success
      ? [{ label: l.term('amountPaid'), value: money(asked) }]
      : [];
  rows.push({ label: l.term('reference'), value: response.reference, copy: true });
  // A refusal's heading already says it was refused: its reason follows at once.
  const text = success ? l.term('successText') : status === 'FAILED' && !differs ? l.term('failedText') : undefined;
  return html`<div class="final">
    ${text ? html`<p>${text}</p>` : nothing}
    ${differs ? html`<p>${success ? l.term('differentAmountAccepted') : l.term('differentAmountFailed')}</p>` : nothing}
    ${!success && !differs ? html`<p>${reason ? failureReasonText(l, reason) : status === 'REFUSED' ? l.term('refusedNoReason') : nothing}</p>` : nothing}
    ${detailList(view, rows, { label: l.term('receipt') })}
    ${success ? nothing : html`<p class="note">${l.term('newPaymentHint')}</p>`}
  </div>`;
}
