/**
 * Crypto (USDT, USDC): the wallet address and its network (the payment operator), the exact
 * amount, a QR of the address, and a warning to use that network only.
 */
import { html, nothing } from 'lit';
import { otherIcons } from './other-icons.js';
import { amountToPay, detailList, qrStep, supportDetails } from './parts.js';
import type { MethodModule } from './types.js';

export const cryptoOffline: MethodModule = {
  icon: otherIcons.crypto,
  renderPending(view) {
    const { words, response } = view;
    const address = response.account?.accountNumber ?? response.paymentAddress?.idAddress;
    const network = response.paymentOperator?.name ?? response.paymentOperator?.code ?? '';
    return html`${amountToPay(view, { copy: true })}
      <p class="error" part="error" role="note"><strong>${words.term('cryptoWarning', network)}</strong></p>
      ${detailList(
        view,
        [
          { label: words.term('network'), value: network },
          { label: words.term('walletAddress'), value: address, copy: true, group: true },
        ],
        { label: words.term('walletAddress') },
      )}
      ${address ? qrStep(view, address, { scan: words.term('scanQr'), label: words.term('walletAddress') }) : nothing}
      ${supportDetails(view, [[words.term('reference'), response.reference]])}`;
  },
};
