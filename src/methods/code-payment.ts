/**
 * Payment code (TWD): a code to show at a convenience-store kiosk or counter and pay in cash.
 */
import { html } from 'lit';
import { otherIcons } from './other-icons.js';
import { instructions } from './other-parts.js';
import { amountToPay, detailList } from './parts.js';
import type { MethodModule } from './types.js';

export const codePayment: MethodModule = {
  icon: otherIcons.cash,
  renderPending(view) {
    const { words, response } = view;
    const store = response.paymentOperator?.name ?? response.account?.bankName ?? '';
    return html`${amountToPay(view)}
      <p>${words.term('paymentCodeHint', store)}</p>
      ${detailList(view, [
        {
          label: words.term('paymentCode'),
          value: response.account?.accountNumber ?? response.reference,
          copy: true,
          group: true,
        },
        { label: words.term('store'), value: store },
      ])}
      ${instructions(view)}`;
  },
};
