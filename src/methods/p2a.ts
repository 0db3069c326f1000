/**
 * P2A_V2 (IMPS, phone to account): the payment address to send to, then the 12-digit external
 * reference (UTR) the bank shows, validated exactly and sent to the external-reference endpoint.
 */
import { html } from 'lit';
import { amountToPay, copyRow, instructions } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule } from './types.js';

export const phoneToAccount: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const address = response.paymentAddress;
    return html`${amountToPay(view)}
      <dl class="details" aria-label=${l.term('payee')}>
        ${copyRow(view, l.term('payee'), address?.name ?? response.account?.accountName)}
        ${copyRow(view, l.term('accountNumber'), address?.idAddress ?? response.account?.accountNumber, true)}
        ${copyRow(view, l.term('operatorName'), response.paymentOperator?.name)}
        ${copyRow(view, l.term('reference'), response.reference)}
      </dl>
      ${instructions(view)} ${referenceStep(view, true)}`;
  },
};
