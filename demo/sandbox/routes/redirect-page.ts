/**
 * The simulated bank or wallet page that redirectTo and deeplink point at. It shows the payment
 * and links back to the merchant's returnUrl; the outcome still follows the amount table. Every
 * value is escaped: identifiers and names come from the merchant's request.
 */
import type { Context } from 'hono';
import { DEMO_MERCHANT_CODE } from '../merchants.js';
import type { SandboxContext } from '../context.js';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function redirectPage(c: Context, ctx: SandboxContext) {
  const id = c.req.param('id') ?? '';
  const merchantCode = c.req.query('merchantCode') ?? DEMO_MERCHANT_CODE;
  const kind = c.req.query('kind') === 'topup' ? 'topup' : 'payin';
  const record = ctx.store.get(kind, merchantCode, id);
  if (!record) {
    return c.html(`<!doctype html><meta charset="utf-8"><title>Payment not found</title><p>No payment "${escapeHtml(id)}" exists.</p>`, 404);
  }
  const method = (record.view.paymentMethodResponse ?? {}) as {
    paymentMethodCode?: string;
    money?: { amount: number; currencyCode: string };
    paymentOperator?: { name?: string };
    returnUrl?: string;
  };
  const merchant = ctx.merchants.get(merchantCode);
  const returnLink = method.returnUrl
    ? `<p><a id="return" href="${escapeHtml(method.returnUrl)}">Return to ${escapeHtml(merchant?.channelName ?? 'the merchant')}</a></p>`
    : '<p>The merchant gave no returnUrl: close this page to go back.</p>';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox bank — ${escapeHtml(merchant?.channelName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}dt{font-weight:600}dd{margin:0 0 .5rem}.note{color:#555;font-size:.9em}</style></head>
<body>
<h1>Sandbox ${escapeHtml(method.paymentOperator?.name ?? 'bank')}</h1>
<dl>
<dt>Pay to</dt><dd>${escapeHtml(merchant?.channelName)}</dd>
<dt>Amount</dt><dd id="amount">${escapeHtml(method.money?.amount)} ${escapeHtml(method.money?.currencyCode)}</dd>
<dt>Method</dt><dd>${escapeHtml(method.paymentMethodCode)}</dd>
<dt>Order</dt><dd>${escapeHtml(record.id)}</dd>
<dt>Reference</dt><dd>${escapeHtml(record.reference)}</dd>
<dt>Status</dt><dd id="status">${escapeHtml(record.status)}</dd>
</dl>
${returnLink}
<p class="note">This is the local sandbox emulator. The outcome follows the sandbox amount table (GET /__sandbox/scenarios), not anything done on this page.</p>
</body>
</html>`;
  return c.html(html, 200);
}
