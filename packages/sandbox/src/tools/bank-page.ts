/**
 * The simulated bank or wallet page that redirectTo and deeplink point at: a person decides the
 * outcome there. Approve → SUCCESS; Decline → FAILED (CUSTOMER_VERIFICATION_REJECTED); Let it
 * expire → the payment's time runs out now, FAILED as the expiry scenario
 * (CUSTOMER_VERIFICATION_INACTIVITY). Each sends the callback as every other transition does, then
 * returns the shopper to the payment's returnUrl, or shows the outcome when it has none.
 *
 * With the `bankPageDecides` option (on in `npm run demo`), payments that lead here wait for the
 * page's decision instead of settling by the amount table, and fail at expireAt without one;
 * otherwise the amount table decides unless someone decides here first.
 *
 * Plain HTML forms posting back here, no script: the page works under its own strict CSP, by
 * keyboard, and without JavaScript. Every value is escaped: ids and names come from requests.
 */
import type { Context } from 'hono';
import { type Money, readBodyText } from '../shared.js';
import { timeInWords } from '../state/clock.js';
import { DEMO_MERCHANT_CODE } from '../state/merchants.js';
import { isFinal, type PaymentRecord } from '../state/payments.js';
import { MAX_BODY_BYTES, SANDBOX_PREFIX } from '../platform/checks.js';
import { EXPIRY_FAILURE_REASON } from '../platform/scenarios.js';
import { expire, settle } from './actions.js';
import type { SandboxContext } from '../state/context.js';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** Why a declined payment failed: the customer refused it at their bank. */
export const DECLINE_REASON = 'CUSTOMER_VERIFICATION_REJECTED';

const DECISIONS = {
  approve: { label: 'Approve', outcome: 'Approved: the payment succeeded.' },
  decline: { label: 'Decline', outcome: `Declined: the payment failed (${DECLINE_REASON}).` },
  expire: {
    label: 'Let it expire',
    outcome: `Left to expire: the payment failed (${EXPIRY_FAILURE_REASON}).`,
  },
} as const;
type Decision = keyof typeof DECISIONS;

interface MethodView {
  paymentMethodCode?: string;
  money?: Money;
  paymentOperator?: { name?: string };
  returnUrl?: string;
  expireAt?: string;
}

interface Page {
  c: Context;
  ctx: SandboxContext;
  id: string;
  kind: 'payin' | 'topup';
  merchantCode: string;
  record?: PaymentRecord;
}

function pageOf(c: Context, ctx: SandboxContext): Page {
  const id = c.req.param('id') ?? '';
  const merchantCode = c.req.query('merchantCode') ?? DEMO_MERCHANT_CODE;
  const kind = c.req.query('kind') === 'topup' ? 'topup' : 'payin';
  return { c, ctx, id, kind, merchantCode, record: ctx.store.get(kind, merchantCode, id) };
}

const methodOf = (record: PaymentRecord) => (record.view.paymentMethodResponse ?? {}) as MethodView;

/** The returnUrl when it is a safe http(s) address (checked again: it came from a request). */
function safeReturnUrl(record: PaymentRecord): URL | undefined {
  const raw = methodOf(record).returnUrl;
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function render(page: Page, status: number, body: string, title: string) {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  const returnUrl = page.record && safeReturnUrl(page.record);
  // Forms post here, then may be redirected to the merchant: both must be allowed form targets.
  const formTargets = ["'self'", returnUrl?.origin].filter(Boolean).join(' ');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">
body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
dt{font-weight:600}dd{margin:0 0 .5rem}.note{color:#4a4a4a;font-size:.9em}
fieldset{border:1px solid #767676;border-radius:.5rem;padding:1rem;margin:1rem 0}legend{font-weight:600;padding:0 .25rem}
.decisions{display:flex;flex-wrap:wrap;gap:.5rem}
button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:2px solid #1a1a1a;background:#fff;color:#1a1a1a;cursor:pointer}
button[value=approve]{background:#0b6b2f;border-color:#0b6b2f;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.outcome{padding:.75rem 1rem;border-radius:.375rem;background:#f2f2f2}
</style></head>
<body><main>
${body}
</main></body>
</html>`;
  return page.c.html(html, status as 200, {
    // img-src data: for the empty icon above: without one, Firefox asks for /favicon.ico, which
    // default-src 'none' refuses with a violation report on every visit.
    'Content-Security-Policy': `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
    // Not no-referrer: with it, browsers send `Origin: null` on the form's own post, which the tools refuse.
    'Referrer-Policy': 'same-origin',
  });
}

function details(page: Page, record: PaymentRecord) {
  const method = methodOf(record);
  const merchant = page.ctx.merchants.get(page.merchantCode);
  return `<h1>Sandbox ${escapeHtml(method.paymentOperator?.name ?? 'bank')}</h1>
<dl>
<dt>Pay to</dt><dd>${escapeHtml(merchant?.channelName)}</dd>
<dt>Amount</dt><dd id="amount">${escapeHtml(method.money?.amount)} ${escapeHtml(method.money?.currencyCode)}</dd>
<dt>Method</dt><dd>${escapeHtml(method.paymentMethodCode)}</dd>
<dt>Order</dt><dd>${escapeHtml(record.id)}</dd>
<dt>Reference</dt><dd>${escapeHtml(record.reference)}</dd>
<dt>Status</dt><dd id="status">${escapeHtml(record.status)}${record.failureReasonCode ? ` (${escapeHtml(record.failureReasonCode)})` : ''}</dd>
</dl>`;
}

function returnLink(page: Page, record: PaymentRecord, text: string) {
  const url = safeReturnUrl(record);
  const merchant = page.ctx.merchants.get(page.merchantCode)?.channelName ?? 'the merchant';
  // The address as the merchant wrote it (escaped), once it is known to be http(s).
  return url
    ? `<p><a id="return" href="${escapeHtml(methodOf(record).returnUrl)}">${escapeHtml(text.replace('{merchant}', merchant))}</a></p>`
    : '<p>The merchant gave no returnUrl: close this page to go back.</p>';
}

const notFound = (page: Page) =>
  render(
    page,
    404,
    `<h1>Payment not found</h1><p>No payment "${escapeHtml(page.id)}" exists for ${escapeHtml(page.merchantCode)}.</p>`,
    'Payment not found',
  );

/** What happens to a PROCESSING payment if nobody decides, in words. */
function withoutDecision(record: PaymentRecord): string {
  if (record.waitsForPage && record.expireAt !== undefined) {
    return `The payment waits for your decision here; without one it expires at ${timeInWords(record.expireAt)}.`;
  }
  const next = record.next;
  return next
    ? `Without a decision, the sandbox's amount table makes it ${next.status} at ${timeInWords(next.at)}.`
    : '';
}

/** GET /__sandbox/redirect/{id}: the payment, and the three decisions while it is PROCESSING. */
export function bankPage(c: Context, ctx: SandboxContext) {
  const page = pageOf(c, ctx);
  const record = page.record;
  if (!record) return notFound(page);
  const title = `Sandbox bank — ${ctx.merchants.get(page.merchantCode)?.channelName ?? ''}`;
  if (isFinal(record.status)) {
    const body = `${details(page, record)}
<p class="outcome" role="status">This payment is already ${escapeHtml(record.status)}: there is nothing left to decide.</p>
${returnLink(page, record, 'Return to {merchant}')}`;
    return render(page, 200, body, title);
  }
  const query = new URLSearchParams({
    merchantCode: page.merchantCode,
    ...(page.kind === 'topup' ? { kind: 'topup' } : {}),
  });
  const action = `${SANDBOX_PREFIX}/redirect/${encodeURIComponent(record.id)}?${query}`;
  const buttons = (Object.keys(DECISIONS) as Decision[])
    .map(
      (decision) =>
        `<button type="submit" name="decision" value="${decision}" aria-describedby="decision-help">${DECISIONS[decision].label}</button>`,
    )
    .join('\n');
  const body = `${details(page, record)}
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Decide the outcome of this payment</legend>
<div class="decisions">
${buttons}
</div>
<p id="decision-help" class="note">Approve: the payment succeeds. Decline: it fails (${DECLINE_REASON}). Let it expire: its time runs out now and it fails (${EXPIRY_FAILURE_REASON}). The merchant is notified by callback, and you go back to the shop.</p>
</fieldset>
</form>
<p class="note">This is the local sandbox emulator's bank page. ${escapeHtml(withoutDecision(record))}</p>
${returnLink(page, record, 'Back to {merchant} without deciding')}`;
  return render(page, 200, body, title);
}

/** What a decision does to the payment; each goes through the store, so its callback is sent. */
function decide(ctx: SandboxContext, record: PaymentRecord, decision: Decision) {
  if (decision === 'approve') {
    // The customer paid what was asked: a different-amount scenario's difference is dropped.
    if (record.moneyReceived) {
      record.moneyReceived = undefined;
      if (record.kind === 'payin') record.settlement = (record.view.paymentRequested as { money: Money }).money;
    }
    settle(ctx, record, 'SUCCESS', undefined, 'approved on the bank page');
  } else if (decision === 'decline') {
    settle(ctx, record, 'FAILED', DECLINE_REASON, 'declined on the bank page');
  } else {
    expire(ctx, record, 'left to expire on the bank page');
  }
}

/** POST /__sandbox/redirect/{id} with `decision=approve|decline|expire` (the page's form). */
export async function bankDecision(c: Context, ctx: SandboxContext) {
  const page = pageOf(c, ctx);
  const decision = new URLSearchParams(await readBodyText(c.req.raw, MAX_BODY_BYTES)).get('decision');
  const record = page.record;
  if (!record) return notFound(page);
  const title = 'Sandbox bank';
  if (decision === null || !(decision in DECISIONS)) {
    return render(
      page,
      400,
      `${details(page, record)}<p class="outcome" role="alert">Choose Approve, Decline or Let it expire.</p>`,
      title,
    );
  }
  if (isFinal(record.status)) {
    const body = `${details(page, record)}
<p class="outcome" role="alert">This payment is already ${escapeHtml(record.status)}: it was decided before, and nothing was changed.</p>
${returnLink(page, record, 'Return to {merchant}')}`;
    return render(page, 409, body, title);
  }
  decide(ctx, record, decision as Decision);
  const returnUrl = safeReturnUrl(record);
  if (returnUrl) return c.redirect(returnUrl.href, 303);
  const body = `${details(page, record)}
<p class="outcome" role="status">${DECISIONS[decision as Decision].outcome} The merchant was notified; close this page to go back.</p>`;
  return render(page, 200, body, title);
}
