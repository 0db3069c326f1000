/**
 * The final screen of a payment that succeeded with the amount asked: the amount paid and the
 * reference. Any other end — a failure, a refusal, an amount other than asked — says trouble's
 * words, and its screen is in trouble-views.ts, a chunk only a shopper in trouble fetches.
 */
import { html } from 'lit';
import { moneyResponseSchema, type MoneyResponse } from '../../../api/schemas/common.js';
import type { Payment } from '../../../checkout/payment.js';
import type { FinalStatus } from '../../../checkout/phase.js';
import { detailList, moneyToPay } from '../../../methods/parts.js';
import type { PendingViewContext } from '../../../methods/types.js';

/**
 * What arrived, when the platform says (`moneyReceived` on the record: where the emulator puts a
 * different amount, see docs/platform-choices.md) and it is not what was asked. Read leniently: a
 * record without it, or with one we cannot read, is shown as paid in full.
 */
export function otherAmountOf(payment: Payment, asked: MoneyResponse): MoneyResponse | undefined {
  const parsed = moneyResponseSchema.safeParse(payment.record.moneyReceived);
  const received = parsed.success ? parsed.data : undefined;
  return received && (received.amount !== asked.amount || received.currencyCode !== asked.currencyCode)
    ? received
    : undefined;
}

/** Whether the final screen says trouble's words (word-parts.ts): a failure, a refusal, or an amount other than asked. */
export const finalSaysTrouble = (status: FinalStatus, payment: Payment, view: PendingViewContext): boolean =>
  status !== 'SUCCESS' || !!otherAmountOf(payment, moneyToPay(view));

/** A success with the amount asked. */
export function renderSuccess(view: PendingViewContext) {
  const { words, response } = view;
  const asked = moneyToPay(view);
  return html`<div class="final">
    <p>${words.term('successText')}</p>
    ${detailList(
      view,
      [
        { label: words.term('amountPaid'), value: words.money(asked.amount, asked.currencyCode) },
        { label: words.term('reference'), value: response.reference, copy: true },
      ],
      { label: words.term('receipt') },
    )}
  </div>`;
}
