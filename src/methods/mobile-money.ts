/**
 * Mobile money (GHS, KES, TZS, ZMW): the operator chosen from the options, a phone number checked
 * against the country's format, then "approve on your phone" while the prompt is on the handset.
 */
import { html } from 'lit';
import { amountToPay, instructions, paymentDetails } from './parts.js';
import type { MethodModule } from './types.js';

export const mobileMoney: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const phone = response.phoneNumber ?? response.accountCustomer?.accountNumber ?? '';
    const operator = response.paymentOperator?.name ?? response.paymentOperator?.code ?? '';
    return html`${amountToPay(view)}
      <section class="approve">
        <h3>${l.term('approveOnPhone')}</h3>
        <p>${l.term('approveOnPhoneText', phone, operator)}</p>
      </section>
      ${instructions(view)} ${paymentDetails(view)}`;
  },
};
