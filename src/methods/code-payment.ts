/**
 * Payment code (TWD): a code to show at a convenience-store kiosk or counter and pay in cash.
 */
import { html } from 'lit';
import { amountToPay, copyRow, instructions } from './parts.js';
import type { MethodModule } from './types.js';

export const codePayment: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const store = response.paymentOperator?.name ?? response.account?.bankName ?? '';
    return html`${amountToPay(view)}
      <p>${l.term('paymentCodeHint', store)}</p>
      <dl class="details">
        ${copyRow(view, l.term('paymentCode'), response.account?.accountNumber ?? response.reference, true)}
        ${copyRow(view, l.term('store'), store)}
      </dl>
      ${instructions(view)}`;
  },
};
