/**
 * Mobile money (GHS, KES, TZS, ZMW): the operator chosen from the options, a phone number checked
 * against the country's format, then "approve on your phone" while the prompt is on the handset.
 */
import { html } from 'lit';
import { otherIcons } from './other-icons.js';
import { instructions } from './other-parts.js';
import { amountToPay, supportDetails } from './parts.js';
import type { MethodModule } from './types.js';

export const mobileMoney: MethodModule = {
  icon: otherIcons.wallet,
  renderPending(view) {
    const { words, response } = view;
    const phone = response.phoneNumber ?? response.accountCustomer?.accountNumber ?? '';
    const operator = response.paymentOperator?.name ?? response.paymentOperator?.code ?? '';
    return html`${amountToPay(view)}
      <section class="approve">
        <h3>${words.term('approveOnPhone')}</h3>
        <p>${words.term('approveOnPhoneText', phone, operator)}</p>
      </section>
      ${instructions(view)} ${supportDetails(view, [[words.term('reference'), response.reference]])}`;
  },
};
