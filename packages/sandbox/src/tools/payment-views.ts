/** The payments as the dashboard and the tools show them (dashboard/model.ts): summaries and a payment's page. */
import type { ClockView, MoneyView, PaymentDetail, PaymentSummary } from '../dashboard/model.js';
import { detailView } from '../platform/payin-flow.js';
import { payoutView } from '../platform/routes/payouts.js';
import type { SandboxContext } from '../state/context.js';
import type { PaymentRecord } from '../state/payments.js';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const sameMoney = (a: MoneyView | undefined, b: MoneyView | undefined) =>
  a?.amount === b?.amount && a?.currencyCode === b?.currencyCode;

interface MethodFields {
  paymentOperator?: { code?: string; name?: string };
  moneyRequired?: MoneyView;
}

/** One payment as the list shows it; empty fields are left out. */
export function summaryOf(record: PaymentRecord): PaymentSummary {
  const view = record.view as {
    paymentRequested?: { money: MoneyView };
    moneyProvided?: MoneyView;
    moneyRequired?: MoneyView;
    paymentMethodResponse?: MethodFields;
  };
  const method = view.paymentMethodResponse ?? {};
  const money = (record.kind === 'topup' ? view.moneyProvided : view.paymentRequested?.money)!;
  const summary: PaymentSummary = {
    kind: record.kind,
    id: record.id,
    merchantCode: record.merchantCode,
    idPayment: record.idPayment,
    reference: record.reference,
    methodCode: record.methodCode,
    operator: method.paymentOperator,
    money,
    moneyRequired: sameMoney(method.moneyRequired, money) ? undefined : method.moneyRequired,
    moneyCredited: record.kind === 'topup' ? view.moneyRequired : undefined,
    moneyReceived: record.moneyReceived,
    status: record.status,
    failureReasonCode: record.failureReasonCode,
    createdAt: iso(record.createdAt)!,
    expireAt: iso(record.expireAt),
    finalAt: iso(record.finalAt),
    next: record.next && { at: iso(record.next.at)!, status: record.next.status, cause: record.next.cause },
    scenario: record.scenarioName,
    callbackUrl: record.callbackUrl,
  };
  return JSON.parse(JSON.stringify(summary)) as PaymentSummary;
}

/** A payment's page: its request and answers, its timeline and its callbacks with every attempt. */
export function detailOf(record: PaymentRecord, ctx: SandboxContext): PaymentDetail {
  return {
    summary: summaryOf(record),
    request: record.request ?? null,
    answer: record.answer,
    current: record.kind === 'payout' ? payoutView(record) : detailView(record),
    timeline: record.timeline.map((entry) => ({ ...entry, at: iso(entry.at)! })),
    deliveries: ctx.callbacks
      .deliveries()
      .filter(
        ({ payment }) =>
          payment?.kind === record.kind && payment.merchantCode === record.merchantCode && payment.id === record.id,
      ),
  };
}

/** Sandbox time, how far ahead of the wall clock, and what is due next. */
export function clockOf(ctx: SandboxContext): ClockView {
  const due = ctx.store.nextDue();
  return {
    now: iso(ctx.clock.now())!,
    offsetSeconds: ctx.clock.offsetMs() / 1000,
    ...(due
      ? {
          next: {
            at: iso(due.at)!,
            what: due.what,
            payment: { kind: due.record.kind, merchantCode: due.record.merchantCode, id: due.record.id },
          },
        }
      : {}),
  };
}
