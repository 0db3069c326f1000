/**
 * The shop's amount presets: one per sandbox scenario, named and priced from the emulator's own
 * table (src/sandbox/scenarios.ts), so the presets change when the table does.
 */
import { PAYIN_SCENARIOS, SCENARIO_AMOUNTS, type ScenarioRow } from '../../src/sandbox/scenarios.js';
import { currenciesOf, fieldRulesFor, isRequired, methodCodesFor, PAYIN_METHOD_TABLE } from '../../src/api/index.js';

export interface Preset {
  /** The scenario's name in SCENARIO_AMOUNTS. */
  name: string;
  /** Its name for developers, in the platform's terms ("Rejected: SECURITY_CHECK_FAILED"). */
  label: string;
  /** What happens, in plain words, for someone trying the checkout. */
  plain: string;
  amount: number;
  /** What the emulator does, as its table says. */
  result: string;
  /** A business rejection (406 at creation). */
  rejection: boolean;
  /** A method the scenario needs, if any (the decreased moneyRequired is an OFFLINE feature). */
  method?: string;
}

const LABELS: Record<string, string> = {
  success: 'Success',
  failed: 'Fast failure',
  differentAmountFailed: 'Different amount, failed',
  differentAmountSuccess: 'Different amount, succeeded',
  expires: 'Pending until expiry',
  offlineMoneyRequired: 'Offline, moneyRequired',
  refused: 'Refused',
};

/** What happens, in words a shopper would use; the platform's terms stay in `label` and `result`. */
const PLAIN: Record<string, string> = {
  success: 'The payment goes through',
  failed: 'The payment fails',
  differentAmountFailed: 'The customer pays a little less, and it fails',
  differentAmountSuccess: 'The customer pays a little less, and it goes through',
  expires: 'The customer never pays, and it expires',
  offlineMoneyRequired: 'A bank transfer of an exact, slightly lower amount',
  refused: 'The platform refuses the payment',
  securityCheckFailed: 'A security check fails',
  customerVerificationInactivity: 'The customer took too long to verify',
  customerNotRegistered: 'The customer is not registered for this method',
  customerAccountLimitExceeded: "The customer's account is over its limit",
  accountTypeIneligible: "The customer's account type cannot pay this way",
  invalidAccountNumber: 'The account number is not valid',
  paymentOperatorUnavailable: 'The payment operator is unavailable',
};

const METHODS: Record<string, string> = { offlineMoneyRequired: 'OFFLINE' };

/** Shop order first (the common cases), then the business rejections. */
const ORDER = ['success', 'failed', 'differentAmountFailed', 'differentAmountSuccess', 'expires', 'offlineMoneyRequired', 'refused'];

function presetOf(row: ScenarioRow): Preset {
  const rejection = row.scenario.kind === 'rejected';
  return {
    name: row.name,
    label: rejection && row.scenario.kind === 'rejected' ? `Rejected: ${row.scenario.errorCode}` : (LABELS[row.name] ?? row.name),
    plain: PLAIN[row.name] ?? LABELS[row.name] ?? row.name,
    amount: SCENARIO_AMOUNTS[row.name]!,
    result: row.result,
    rejection,
    ...(METHODS[row.name] ? { method: METHODS[row.name] } : {}),
  };
}

const rank = (row: ScenarioRow) => (ORDER.includes(row.name) ? ORDER.indexOf(row.name) : ORDER.length);

export const PRESETS: readonly Preset[] = [...PAYIN_SCENARIOS].sort((a, b) => rank(a) - rank(b)).map(presetOf);

export const presetNamed = (name: string) => PRESETS.find((preset) => preset.name === name);

/** The preset whose scenario an amount triggers. */
export function presetForAmount(amount: number): Preset | undefined {
  const row = PAYIN_SCENARIOS.find((candidate) => candidate.matches(amount));
  return row && presetNamed(row.name);
}

/** Every currency of the method table, sorted. */
export const CURRENCIES: readonly string[] = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))].sort();

/** The methods of a currency, with the name the table lists them under. */
export function methodsFor(currencyCode: string): { code: string; name: string }[] {
  return methodCodesFor(currencyCode).map((code) => ({
    code,
    name: PAYIN_METHOD_TABLE.filter((row) => row.code === code && row.currencies.some((c) => c === currencyCode))
      .map((row) => row.listedAs)
      .join(' / '),
  }));
}

/** A currency offering `method` in which it asks for no data at all: the quickest to try. */
export function simplestCurrencyFor(method: string): string | undefined {
  const currencies = currenciesOf(method);
  return currencies.find((c) => fieldRulesFor(method, c).every((rule) => !isRequired(rule, c))) ?? currencies[0];
}
