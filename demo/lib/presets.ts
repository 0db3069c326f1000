/**
 * The shop's amount presets: one per row of the emulator's scenario table, named and priced from
 * the table itself (the shop's catalog, demo/shop-catalog.ts), so the presets change when the
 * table does. Pure: the pages get the catalog from the demo's server (shop-data.ts), the tests
 * from shopCatalog().
 */
import type { CatalogScenario, ShopCatalog } from '../shop-catalog.js';

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
const ORDER = [
  'success',
  'failed',
  'differentAmountFailed',
  'differentAmountSuccess',
  'expires',
  'offlineMoneyRequired',
  'refused',
];

function presetOf(row: CatalogScenario): Preset {
  return {
    name: row.name,
    label: row.rejection ? `Rejected: ${row.rejection}` : (LABELS[row.name] ?? row.name),
    plain: PLAIN[row.name] ?? LABELS[row.name] ?? row.name,
    amount: row.amount,
    result: row.result,
    rejection: row.rejection !== undefined,
    ...(METHODS[row.name] ? { method: METHODS[row.name] } : {}),
  };
}

/** Whether an amount falls in a row's amounts (the emulator's amountMatches, on the catalog's JSON). */
function matches({ match }: CatalogScenario, amount: number): boolean {
  if ('equals' in match) return amount === match.equals;
  if ('from' in match) return amount >= match.from && amount < match.below;
  return true;
}

const rank = (row: CatalogScenario) => (ORDER.includes(row.name) ? ORDER.indexOf(row.name) : ORDER.length);

/** The presets and the method lists of a catalog. */
export function shopPresets(catalog: ShopCatalog) {
  const PRESETS: readonly Preset[] = [...catalog.scenarios].sort((a, b) => rank(a) - rank(b)).map(presetOf);
  const presetNamed = (name: string) => PRESETS.find((preset) => preset.name === name);
  return {
    PRESETS,
    presetNamed,
    /** The preset whose scenario an amount triggers. */
    presetForAmount(amount: number): Preset | undefined {
      const row = catalog.scenarios.find((candidate) => matches(candidate, amount));
      return row && presetNamed(row.name);
    },
    /** Every currency of the method table, sorted. */
    CURRENCIES: catalog.currencies as readonly string[],
    /** The methods of a currency, with the names the element gives them. */
    methodsFor: (currencyCode: string): { code: string; name: string }[] => catalog.methods[currencyCode] ?? [],
    /** A currency offering `method` in which it asks for no data at all: the quickest to try. */
    simplestCurrencyFor: (method: string): string | undefined => catalog.simplestCurrency[method],
  };
}
