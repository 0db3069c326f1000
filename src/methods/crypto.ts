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
    const { l, response } = view;
    const address = response.account?.accountNumber ?? response.paymentAddress?.idAddress;
    const network = response.paymentOperator?.name ?? response.paymentOperator?.code ?? '';
    return html`${amountToPay(view, { copy: true })}
      <p class="error" part="error" role="note"><strong>${l.term('cryptoWarning', network)}</strong></p>
      ${detailList(
        view,
        [
          { label: l.term('network'), value: network },
          { label: l.term('walletAddress'), value: address, copy: true, group: true },
        ],
        { label: l.term('walletAddress') },
      )}
      ${address ? qrStep(view, address, { scan: l.term('scanQr'), label: l.term('walletAddress') }) : nothing}
      ${supportDetails(view, [[l.term('reference'), response.reference]])}`;
  },
};
