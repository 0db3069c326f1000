/**
 * Methods where the customer approves at their bank or wallet: online banking, net banking, FPX,
 * PSE, e-wallets, MoMo, PayMe and the South African bank apps. `redirectTo` and deep links are
 * followed only with safe schemes, behind a clear "continue to your bank" step; the page comes
 * back by itself (the platform returns to returnUrl, and polling sees the result).
 */
import { html, nothing } from 'lit';
import { amountToPay, copyRow, deepLinkStep, instructions, redirectStep } from './parts.js';
import type { MethodModule } from './types.js';

/** `deepLinkSchemes`: the app schemes its deep links may use, besides http and https. */
export function redirectModule(deepLinkSchemes: readonly string[] = []): MethodModule {
  return {
    renderPending(view) {
      const { l, response } = view;
      const hasStep = !!(response.redirectTo || response.deeplink);
      return html`${amountToPay(view)}
        <dl class="details">${copyRow(view, l.term('operatorName'), response.paymentOperator?.name)} ${copyRow(view, l.term('reference'), response.reference, true)}</dl>
        ${redirectStep(view, response.redirectTo)}
        ${response.deeplink ? html`<div class="actions">${deepLinkStep(view, response.deeplink, deepLinkSchemes, l.term('openBankApp'))}</div>` : nothing}
        ${hasStep ? html`<p class="note">${l.term('returnHint')}</p>` : html`<p>${l.term('approveInBankApp')}</p>`}
        ${instructions(view)}`;
    },
  };
}
