/**
 * The incoming-payment flow shared by payins and top-ups ("top-ups follow the payin flow"): the
 * request checks after the schema (token money, method and operator offered, scenario rejection),
 * the record with its scheduled outcome, and the detail view that GET answers.
 */
import { randomUUID } from 'node:crypto';
import { checkPaymentMethod, methodCodesFor, payinMethodSchema, type Money, type PayinMethod } from '../shared.js';
import type * as z from 'zod/mini';
import { externalProvidersFor, operatorsFor } from './methods/catalog.js';
import { forbidden, rejected, validateNamingAll } from '../refusals.js';
import { masked, platformReference, digitsFrom } from './methods/identifiers.js';
import { ACCOUNT_USED_METHODS, buildMethodResponse, expirySecondsFor } from './methods/method-responses.js';
import type { NewPayment, PaymentKind, PaymentRecord, Transition } from '../state/payments.js';
import {
  EXPIRY_FAILURE_DELAY_MS,
  EXPIRY_FAILURE_REASON,
  differentAmountReceived,
  payinScenarioFor,
  type PayinScenario,
  type ScenarioRow,
} from './scenarios.js';
import type { TokenClaims } from './auth.js';
import type { Merchant } from '../state/merchants.js';
import type { SandboxContext } from '../state/context.js';
import { SANDBOX_PREFIX } from './checks.js';

/** Methods whose customer may supply an external payment reference (UTR). */
export const EXTERNAL_REFERENCE_METHODS: ReadonlySet<string> = new Set(['P2A_V2', 'UPIQR', 'UPICOLLECT']);

/**
 * Validates a request whose `paymentMethod` follows the method rules. The schemas apply the rules
 * only once the rest of the request parses, so when it does not, the method's rule problems are
 * added here too (with the same `checkPaymentMethod`), and one answer names every field.
 */
export function validateMethodRequest<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  currencyCode: unknown,
): z.infer<S> {
  return validateNamingAll<z.infer<S>>(schema, body, () => {
    const method = payinMethodSchema.safeParse((body as { paymentMethod?: unknown } | null)?.paymentMethod);
    if (!method.success || typeof currencyCode !== 'string') return [];
    return checkPaymentMethod(method.data, currencyCode).map((issue) => ({
      field: `paymentMethod.${issue.field}`,
      message: issue.message,
    }));
  });
}

/** A token carrying money permits creating only a payment of exactly that amount and currency. */
export function assertTokenMoney(claims: TokenClaims, money: Money) {
  const allowed = claims.money;
  if (allowed && (allowed.amount !== money.amount || allowed.currencyCode !== money.currencyCode)) {
    throw forbidden(
      `The token permits only a payment of ${allowed.amount} ${allowed.currencyCode}, not ${money.amount} ${money.currencyCode}`,
    );
  }
}

/** The method, operator and external provider must be among the options of the currency. */
export function assertOffered(method: PayinMethod, currencyCode: string) {
  const code = method.paymentMethodCode;
  if (!(methodCodesFor(currencyCode) as string[]).includes(code)) {
    throw rejected('PAYMENT_OPERATOR_UNAVAILABLE', `${code} is not offered for ${currencyCode}`);
  }
  if (
    method.paymentOperatorCode &&
    !operatorsFor(code, currencyCode).some((op) => op.code === method.paymentOperatorCode)
  ) {
    throw rejected(
      'PAYMENT_OPERATOR_UNAVAILABLE',
      `Operator ${method.paymentOperatorCode} is not offered for ${code} in ${currencyCode}`,
    );
  }
  if (
    method.externalProviderCode &&
    !externalProvidersFor(currencyCode).some((p) => p.code === method.externalProviderCode)
  ) {
    throw rejected(
      'PAYMENT_OPERATOR_UNAVAILABLE',
      `External provider ${method.externalProviderCode} is not offered for ${currencyCode}`,
    );
  }
}

/** The amount table's row of an amount, or the 406 it stands for. */
export function scenarioOrReject(amount: number): ScenarioRow {
  const row = payinScenarioFor(amount);
  const { scenario } = row;
  if (scenario.kind === 'rejected')
    throw rejected(scenario.errorCode, `The sandbox rejects amount ${amount} with ${scenario.errorCode}`);
  return row;
}

/** When and how a PROCESSING payment ends, given where it stands now. */
export function outcomeOf(
  scenario: PayinScenario,
  now: number,
  expireAt: number,
  settleDelayMs: number,
  awaitingReference: boolean,
): Transition {
  if (scenario.kind === 'expires')
    return {
      at: expireAt + EXPIRY_FAILURE_DELAY_MS,
      status: 'FAILED',
      failureReasonCode: EXPIRY_FAILURE_REASON,
      cause: 'expired; the failure is registered 2 h after expiry',
    };
  if (awaitingReference || scenario.kind !== 'settles')
    return {
      at: expireAt,
      status: 'FAILED',
      failureReasonCode: EXPIRY_FAILURE_REASON,
      cause: awaitingReference ? 'expired without an external reference' : 'expired',
    };
  return {
    at: now + settleDelayMs,
    status: scenario.status,
    failureReasonCode: scenario.failureReasonCode,
    cause: 'the amount table',
  };
}

export function paymentPageUrl(origin: string, kind: PaymentKind, merchantCode: string, id: string) {
  const query = new URLSearchParams({ merchantCode, ...(kind === 'payin' ? {} : { kind }) });
  return `${origin}${SANDBOX_PREFIX}/redirect/${encodeURIComponent(id)}?${query}`;
}

export interface MethodPaymentInput {
  kind: 'payin' | 'topup';
  id: string;
  merchant: Merchant;
  method: PayinMethod;
  /** What the customer is asked to pay. */
  money: Money;
  /** What a success credits to the merchant. */
  credit: Money;
  /** The create request's body, as received. */
  request: unknown;
  callbackUrl?: string;
  returnUrl?: string;
  origin: string;
  /** The create answer around the method response. */
  view: (paymentMethodResponse: Record<string, unknown>, idPayment: string) => Record<string, unknown>;
}

/** Builds the record of a new payin or top-up, its outcome already scheduled. */
export function createMethodPayment(input: MethodPaymentInput, row: ScenarioRow, ctx: SandboxContext): NewPayment {
  const { scenario } = row;
  const now = ctx.clock.now();
  const idPayment = randomUUID();
  const reference = platformReference(idPayment);
  const expireAt = now + expirySecondsFor(input.method.paymentMethodCode) * 1000;
  const pageUrl = paymentPageUrl(input.origin, input.kind, input.merchant.merchantCode, input.id);
  const methodResponse = buildMethodResponse({
    method: input.method,
    money: input.money,
    idPayin: input.id,
    idPayment,
    reference,
    acceptedAt: now,
    expireAt,
    returnUrl: input.returnUrl,
    merchant: input.merchant,
    pageUrl,
  });
  const givenReference =
    input.method.paymentMethodCode === 'P2A_V2' ? input.method.externalReference?.reference : undefined;
  if (givenReference) methodResponse.externalReference = { reference: givenReference };
  const awaitingReference = input.method.paymentMethodCode === 'P2A_V2' && !givenReference;
  // With bankPageDecides, a payment that leads to the sandbox bank page waits there for a person.
  const leadsToBankPage = methodResponse.redirectTo === pageUrl || methodResponse.deeplink === pageUrl;
  const waitsForPage = ctx.settings.bankPageDecides && leadsToBankPage && scenario.kind === 'settles';
  const differentAmount = scenario.kind === 'settles' && scenario.differentAmount;
  const moneyReceived = differentAmount
    ? { amount: differentAmountReceived(input.money.amount), currencyCode: input.money.currencyCode }
    : undefined;
  const account = input.method.account;
  return {
    kind: input.kind,
    merchantCode: input.merchant.merchantCode,
    id: input.id,
    idPayment,
    reference,
    createdAt: now,
    expireAt,
    status: 'PROCESSING',
    next: waitsForPage
      ? { at: expireAt, status: 'FAILED', failureReasonCode: EXPIRY_FAILURE_REASON, cause: 'expired on the bank page' }
      : outcomeOf(scenario, now, expireAt, ctx.settings.settleDelayMs, awaitingReference),
    waitsForPage,
    callbackUrl: input.callbackUrl,
    request: input.request,
    view: input.view(methodResponse, idPayment),
    methodCode: input.method.paymentMethodCode,
    scenario,
    scenarioName: row.name,
    awaitingReference,
    moneyReceived,
    // A different amount received is what reaches the merchant; otherwise the full order amount.
    settlement: moneyReceived && input.kind === 'payin' ? moneyReceived : input.credit,
    requestAccount:
      account?.accountName || account?.accountNumber
        ? { accountName: account.accountName, accountNumber: account.accountNumber }
        : undefined,
  };
}

/** Account data "collected during the payment", recorded when it succeeds. */
export function paymentAccountOf(record: PaymentRecord) {
  const method = ((record.view.paymentMethodResponse ?? {}) as { paymentOperator?: { code?: string; name?: string } })
    .paymentOperator;
  return {
    accountName: record.requestAccount?.accountName ?? 'Sandbox Customer',
    accountNumber: masked(record.requestAccount?.accountNumber ?? digitsFrom(record.idPayment, 10, 'payer')),
    bankCode: method?.code ?? 'SBXBANK',
    bankName: method?.name ?? 'Sandbox Bank',
  };
}

const PROCESSOR_STATUS: Record<string, string> = {
  PROCESSING: 'PENDING',
  SUCCESS: 'COMPLETED',
  FAILED: 'FAILED',
  REFUSED: 'REJECTED',
};

/** GET answer of a payin or top-up: the create answer, the status, and what the payment produced. */
export function detailView(record: PaymentRecord): Record<string, unknown> {
  const methodResponse = { ...(record.view.paymentMethodResponse as Record<string, unknown>) };
  if (record.status === 'SUCCESS' && record.paymentAccount && ACCOUNT_USED_METHODS.has(record.methodCode ?? '')) {
    methodResponse.accountCustomerUsedForPayment = record.paymentAccount;
  }
  const final = record.status !== 'PROCESSING';
  return {
    ...record.view,
    paymentMethodResponse: methodResponse,
    status: record.status,
    ...(record.failureReasonCode ? { failureReasonCode: record.failureReasonCode } : {}),
    ...(final && record.moneyReceived ? { moneyReceived: record.moneyReceived } : {}),
    paymentProcess: {
      processorStatus: record.awaitingReference && !final ? 'AWAITING_REFERENCE' : PROCESSOR_STATUS[record.status],
    },
  };
}
