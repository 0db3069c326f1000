/**
 * The sandbox's behaviour by amount, in one table: the document's transitions, and our choices for
 * the amounts it leaves open (docs/platform-choices.md). The demo names its presets from
 * SCENARIO_AMOUNTS, so a change here is a change everywhere.
 */
import type { FailureReasonCode, PayinRejectionCode } from '../shared.js';

export type FinalStatus = 'SUCCESS' | 'FAILED' | 'REFUSED';

export type PayinScenario =
  /** 406 at creation; nothing is stored. */
  | { kind: 'rejected'; errorCode: PayinRejectionCode }
  /** PROCESSING, then `status` after settleDelayMs. `differentAmount`: the customer paid amount − 1. */
  | { kind: 'settles'; status: FinalStatus; failureReasonCode?: FailureReasonCode; differentAmount?: boolean }
  /** PROCESSING until expireAt, then FAILED registered two hours after expiry. */
  | { kind: 'expires' };

export interface ScenarioRow {
  /** Stable name of the preset (the demo's buttons, tests). */
  name: string;
  /** The amounts, as a reader would write them. */
  amounts: string;
  /** An amount that triggers the row. */
  example: number;
  /** What happens, in words (docs and the /__sandbox/scenarios answer). */
  result: string;
  /** From the document, or our choice where it is silent. */
  source: 'document' | 'choice';
  scenario: PayinScenario;
  /** The amounts the row takes, as data (the demo's pages receive the table as JSON). */
  match: AmountMatch;
}

/** One amount, a half-open range `from ≤ amount < below`, or every amount. */
export type AmountMatch = { equals: number } | { from: number; below: number } | { any: true };

export function amountMatches(match: AmountMatch, amount: number): boolean {
  if ('equals' in match) return amount === match.equals;
  if ('from' in match) return amount >= match.from && amount < match.below;
  return true;
}

/** Failure registered this long after expireAt for the expiry scenario (document: "about 2 hours"). */
export const EXPIRY_FAILURE_DELAY_MS = 2 * 3600_000;
/** The failure reason our expiry carries (the document lists none for expiry). */
export const EXPIRY_FAILURE_REASON: FailureReasonCode = 'CUSTOMER_VERIFICATION_INACTIVITY';

const rejection = (name: string, amount: number, errorCode: PayinRejectionCode): ScenarioRow => ({
  name,
  amounts: String(amount),
  example: amount,
  result: `406 ${errorCode}; nothing is created`,
  source: 'choice',
  scenario: { kind: 'rejected', errorCode },
  match: { equals: amount },
});

/** First matching row wins; the last row matches everything. */
export const PAYIN_SCENARIOS: readonly ScenarioRow[] = [
  {
    name: 'expires',
    amounts: '1',
    example: 1,
    result:
      'PROCESSING until expireAt; FAILED (CUSTOMER_VERIFICATION_INACTIVITY) registered 2 h after expiry, with a callback',
    source: 'document',
    scenario: { kind: 'expires' },
    match: { equals: 1 },
  },
  {
    name: 'failed',
    amounts: '3 ≤ amount < 20',
    example: 10,
    result: 'FAILED (CUSTOMER_VERIFICATION_FAILED) after settleDelayMs, with a callback',
    source: 'document',
    scenario: { kind: 'settles', status: 'FAILED', failureReasonCode: 'CUSTOMER_VERIFICATION_FAILED' },
    match: { from: 3, below: 20 },
  },
  {
    name: 'differentAmountFailed',
    amounts: '20 ≤ amount < 30',
    example: 25,
    result: 'FAILED (DIFFERENT_AMOUNT_CONFIRMED) after settleDelayMs; moneyReceived = amount − 1',
    source: 'document',
    scenario: {
      kind: 'settles',
      status: 'FAILED',
      failureReasonCode: 'DIFFERENT_AMOUNT_CONFIRMED',
      differentAmount: true,
    },
    match: { from: 20, below: 30 },
  },
  {
    name: 'differentAmountSuccess',
    amounts: '30 ≤ amount < 40',
    example: 35,
    result: 'SUCCESS after settleDelayMs; moneyReceived = amount − 1 (credited to the balance)',
    source: 'document',
    scenario: { kind: 'settles', status: 'SUCCESS', differentAmount: true },
    match: { from: 30, below: 40 },
  },
  rejection('securityCheckFailed', 41, 'SECURITY_CHECK_FAILED'),
  rejection('customerVerificationInactivity', 42, 'CUSTOMER_VERIFICATION_INACTIVITY'),
  rejection('customerNotRegistered', 43, 'CUSTOMER_NOT_REGISTERED'),
  rejection('customerAccountLimitExceeded', 44, 'CUSTOMER_ACCOUNT_LIMIT_EXCEEDED'),
  rejection('accountTypeIneligible', 45, 'ACCOUNT_TYPE_INELIGIBLE'),
  rejection('invalidAccountNumber', 46, 'INVALID_ACCOUNT_NUMBER'),
  rejection('paymentOperatorUnavailable', 47, 'PAYMENT_OPERATOR_UNAVAILABLE'),
  {
    name: 'refused',
    amounts: '48',
    example: 48,
    result: 'REFUSED after settleDelayMs, with a callback',
    source: 'choice',
    scenario: { kind: 'settles', status: 'REFUSED' },
    match: { equals: 48 },
  },
  {
    name: 'offlineMoneyRequired',
    amounts: '50',
    example: 50,
    result: 'SUCCESS after settleDelayMs; with OFFLINE, moneyRequired is a decreased amount',
    source: 'document',
    scenario: { kind: 'settles', status: 'SUCCESS' },
    match: { equals: 50 },
  },
  {
    name: 'success',
    amounts: '≥ 51, and every amount not listed above',
    example: 60,
    result: 'SUCCESS after settleDelayMs, with a callback',
    source: 'document',
    scenario: { kind: 'settles', status: 'SUCCESS' },
    match: { any: true },
  },
];

export function payinScenarioFor(amount: number): ScenarioRow {
  return PAYIN_SCENARIOS.find((row) => amountMatches(row.match, amount))!;
}

/** The amount of each preset, by name: `SCENARIO_AMOUNTS.refused === 48`. */
export const SCENARIO_AMOUNTS: Readonly<Record<string, number>> = Object.fromEntries(
  PAYIN_SCENARIOS.map((row) => [row.name, row.example]),
);

/** What the customer paid in a different-amount scenario. */
export const differentAmountReceived = (amount: number) => Math.max(0, amount - 1);

/**
 * Payouts (states not shown beyond REFUSED): our choice, with the failure codes the document lists
 * for payouts. A payout that does not succeed gives its amount back to the balance.
 */
export function payoutOutcomeFor(amount: number): {
  /** Stable name of the outcome, as the payin rows have one (the dashboard shows it). */
  name: string;
  status: FinalStatus;
  failureReasonCode?: FailureReasonCode;
} {
  if (amount >= 3 && amount < 20)
    return { name: 'payoutFailed', status: 'FAILED', failureReasonCode: 'PAYMENT_OPERATOR_INVALID' };
  if (amount === 47)
    return { name: 'payoutOperatorUnavailable', status: 'FAILED', failureReasonCode: 'PAYMENT_OPERATOR_UNAVAILABLE' };
  if (amount === 48) return { name: 'payoutRefused', status: 'REFUSED' };
  return { name: 'payoutSuccess', status: 'SUCCESS' };
}
