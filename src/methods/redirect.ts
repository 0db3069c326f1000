/**
 * Methods where the customer approves at their bank or wallet: online banking, net banking, FPX,
 * PSE, e-wallets, MoMo, PayMe and the South African bank apps. `redirectTo` and deep links are
 * followed only with safe schemes, behind a clear "continue to your bank" step; the page comes
 * back by itself (the platform returns to returnUrl, and polling sees the result). On a touch
 * device the app link, when there is one, leads.
 */
import { html, nothing, type SVGTemplateResult } from 'lit';
import { otherIcons } from './other-icons.js';
import { instructions } from './other-parts.js';
import { amountToPay, deepLinkStep, detailList, supportDetails } from './parts.js';
import { redirectStep } from './redirect-step.js';
import type { MethodModule } from './types.js';

/** `deepLinkSchemes`: the app schemes its deep links may use, besides http and https. */
export function redirectModule(
  deepLinkSchemes: readonly string[] = [],
  icon: SVGTemplateResult = otherIcons.online,
): MethodModule {
  return {
    icon,
    renderPending(view) {
      const { words, response } = view;
      const hasStep = !!(response.redirectTo || response.deeplink);
      const appFirst = !!response.deeplink && (view.touch || !response.redirectTo);
      const app = response.deeplink
        ? html`<div class="actions">${deepLinkStep(view, response.deeplink, deepLinkSchemes, words.term('openBankApp'), appFirst)}</div>`
        : nothing;
      return html`${amountToPay(view)}
        ${appFirst ? app : nothing} ${redirectStep(view, response.redirectTo, !appFirst)} ${appFirst ? nothing : app}
        ${hasStep ? html`<p class="note">${words.term('returnHint')}</p>` : html`<p>${words.term('approveInBankApp')}</p>`}
        ${instructions(view)} ${detailList(view, [{ label: words.term('operatorName'), value: response.paymentOperator?.name }])}
        ${supportDetails(view, [[words.term('reference'), response.reference]])}`;
    },
  };
}
