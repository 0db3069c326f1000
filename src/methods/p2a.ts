/**
 * P2A_V2 (IMPS, phone to account): the payment address to send to, then the 12-digit external
 * reference (UTR) the bank shows, validated exactly and sent to the external-reference endpoint.
 */
import { html } from 'lit';
import { otherIcons } from './other-icons.js';
import { detailListWithCopyAll, instructions } from './other-parts.js';
import { amountToPay } from './parts.js';
import { referenceStep } from './reference-step.js';
import type { MethodModule } from './types.js';

export const phoneToAccount: MethodModule = {
  icon: otherIcons.bank,
  renderPending(view) {
    const { words, response } = view;
    const address = response.paymentAddress;
    return html`${amountToPay(view, { copy: true })}
      ${detailListWithCopyAll(
        view,
        [
          { label: words.term('payee'), value: address?.name ?? response.account?.accountName },
          {
            label: words.term('accountNumber'),
            value: address?.idAddress ?? response.account?.accountNumber,
            copy: true,
            group: true,
          },
          { label: words.term('operatorName'), value: response.paymentOperator?.name },
          { label: words.term('reference'), value: response.reference, copy: true },
        ],
        { label: words.term('payee') },
      )}
      ${instructions(view)} ${referenceStep(view, true)}`;
  },
};
