/**
 * What the emulator's tools do to its state, one function each, whoever asks (the HTTP tools, the
 * dashboard through them, the bank page, the command's verbs through them): find a payment by its
 * identifier, settle it, let it expire now, send its callback again, move the clock to what is due
 * next, forget everything. Each refusal is an HttpError with a sentence that says what to do.
 */
import { HttpError, conflict } from '../refusals.js';
import { callbackBody, subjectOf } from '../state/create-context.js';
import type { SandboxContext } from '../state/context.js';
import type { PaymentKind, PaymentRecord } from '../state/payments.js';
import { EXPIRY_FAILURE_REASON, type FinalStatus } from '../platform/scenarios.js';

export const KIND_NAMES: Readonly<Record<PaymentKind, string>> = { payin: 'payin', topup: 'top-up', payout: 'payout' };

/** Which payment: its identifier, and its kind and merchant when the identifier alone is not enough. */
export interface PaymentQuery {
  id: string;
  kind?: PaymentKind;
  merchantCode?: string;
}

/** The one payment a query names: 404 when none, 409 AMBIGUOUS when several (it names them). */
export function findPayment(ctx: SandboxContext, query: PaymentQuery): PaymentRecord {
  const matches = ctx.store
    .list(query.kind)
    .filter((record) => record.id === query.id && (!query.merchantCode || record.merchantCode === query.merchantCode));
  if (!matches.length) {
    const what = query.kind ? KIND_NAMES[query.kind] : 'payin, top-up or payout';
    const whose = query.merchantCode ? ` of merchant ${query.merchantCode}` : '';
    throw new HttpError(404, 'PAYMENT_NOT_FOUND', `No ${what} "${query.id}"${whose} exists in this emulator`);
  }
  if (matches.length > 1) {
    const names = matches.map((record) => `a ${KIND_NAMES[record.kind]} of ${record.merchantCode}`).join(', ');
    throw new HttpError(
      409,
      'AMBIGUOUS',
      `"${query.id}" names ${matches.length} payments (${names}): say which with kind and merchantCode`,
    );
  }
  const [match] = matches;
  // Read through the store, so that a transition already due is applied first.
  return ctx.store.get(match!.kind, match!.merchantCode, match!.id)!;
}

const stillProcessing = (record: PaymentRecord) => {
  if (record.status !== 'PROCESSING')
    throw conflict(`The ${KIND_NAMES[record.kind]} "${record.id}" is already ${record.status}: nothing left to decide`);
};

/** Settles a PROCESSING payment now; FAILED without a reason gets CUSTOMER_VERIFICATION_FAILED. */
export function settle(
  ctx: SandboxContext,
  record: PaymentRecord,
  status: FinalStatus,
  failureReasonCode: string | undefined,
  cause: string,
) {
  stillProcessing(record);
  const reason =
    status === 'SUCCESS'
      ? undefined
      : (failureReasonCode ?? (status === 'FAILED' ? 'CUSTOMER_VERIFICATION_FAILED' : undefined));
  ctx.store.force(record, status, reason, cause);
}

/**
 * The payment request runs out now: its expireAt becomes now and it fails at once
 * (CUSTOMER_VERIFICATION_INACTIVITY, the expiry scenario's reason), with its callback. Payouts
 * have no payment request to expire (409).
 */
export function expire(ctx: SandboxContext, record: PaymentRecord, cause: string) {
  if (record.kind === 'payout') throw conflict(`A payout has no payment request to expire; settle it instead`);
  stillProcessing(record);
  ctx.store.expireNow(record);
  ctx.store.force(record, 'FAILED', EXPIRY_FAILURE_REASON, cause);
}

/**
 * Sends a payment's status-change callback again, as a new delivery with its own retries: the
 * notification its last status change sent. Resolves with the delivery once its first attempt is
 * answered (or has failed). Refused (409) while it is PROCESSING (no status change has been
 * announced yet) and when it has no callbackUrl.
 */
export async function resend(ctx: SandboxContext, record: PaymentRecord) {
  const name = `The ${KIND_NAMES[record.kind]} "${record.id}"`;
  if (!record.callbackUrl) throw conflict(`${name} has no callbackUrl: there is nowhere to send its callback`);
  if (record.status === 'PROCESSING')
    throw conflict(`${name} is still PROCESSING: no status change has been announced yet`);
  const delivery = await ctx.callbacks.send(record.callbackUrl, callbackBody(record), {
    payment: subjectOf(record),
    resent: true,
  });
  if (!delivery) throw new HttpError(503, 'CLOSING', 'The emulator is closing: no callback is sent');
  return delivery;
}

/** Moves sandbox time to the next moment something is due (an expiry, a scheduled outcome); 409 when nothing is. */
export function advanceToNext(ctx: SandboxContext) {
  ctx.store.settleDue();
  const due = ctx.store.nextDue();
  if (!due) throw conflict('Nothing is due: no payment is PROCESSING with an expiry or an outcome ahead');
  const seconds = Math.max(0, Math.ceil(due.at - ctx.clock.now()) / 1000);
  ctx.clock.advance(seconds);
  return { seconds, what: due.what, record: due.record };
}

/** Forgets every payment and restores opening balances. */
export function resetAll(ctx: SandboxContext) {
  ctx.store.clear();
  ctx.ledger.reset();
  ctx.changes.emit({ type: 'reset' });
}
