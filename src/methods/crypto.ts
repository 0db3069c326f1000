/**
 * Crypto (USDT, USDC): the wallet address and its network (the payment operator), the exact
 * amount, a QR of the address, and a warning to use that network only.
 */
import { html } from 'lit';
import { qrCode } from './qr.js';
import { amountToPay, copyRow } from './parts.js';
import type { MethodModule } from './types.js';

export const cryptoOffline: MethodModule = {
  renderPending(view) {
    const { l, response } = view;
    const address = response.account?.accountNumber ?? response.paymentAddress?.idAddress;
    const network = response.paymentOperator?.name ?? response.paymentOperator?.code ?? '';
    return html`${amountToPay(view)}
      <p class="error" part="error" role="note"><strong>${l.term('cryptoWarning', network)}</strong></p>
      ${address ? qrCode(address, l.term('walletAddress'), l.term('qrLoadFailed')) : ''}
      <dl class="details">
        ${copyRow(view, l.term('network'), network)}
        ${copyRow(view, l.term('walletAddress'), address, true)}
        ${copyRow(view, l.term('reference'), response.reference)}
      </dl>`;
  },
};
