/**
 * What the shop's pages show before any order: the emulator's amount table (one preset per row)
 * and the platform's method table (the currencies and each one's methods). Made here, in Node,
 * from the package's public entries (`pay-checkout-sandbox`, `pay-checkout/server`), and served to
 * the pages as JSON (`/shop-catalog.json`, demo/server.ts): the browser entry carries neither
 * table, and the pages import nothing else of the package.
 */
import { PAYIN_SCENARIOS, type AmountMatch } from 'pay-checkout-sandbox';
import {
  currenciesOf,
  fieldRulesFor,
  isRequired,
  METHOD_NAMES,
  methodCodesFor,
  PAYIN_METHOD_TABLE,
} from 'pay-checkout/server';

/** The path the pages fetch the catalog from. */
export const SHOP_CATALOG_PATH = '/shop-catalog.json';

export interface CatalogScenario {
  /** The row's name in the emulator's table (SCENARIO_AMOUNTS). */
  name: string;
  /** An amount that triggers it. */
  amount: number;
  /** What the emulator does, as its table says. */
  result: string;
  /** The business rejection's code (406 at creation), for rejection rows. */
  rejection?: string;
  /** The amounts that trigger it; the first row that matches an amount wins. */
  match: AmountMatch;
}

export interface ShopCatalog {
  /** In the emulator's order (first match wins). */
  scenarios: CatalogScenario[];
  /** Every currency of the method table, sorted. */
  currencies: string[];
  /** Each currency's methods, with the names the element gives them (METHOD_NAMES): the shop and the checkout agree. */
  methods: Record<string, { code: string; name: string }[]>;
  /** For each method, a currency in which it asks the customer for nothing: the quickest to try. */
  simplestCurrency: Record<string, string>;
}

export function shopCatalog(): ShopCatalog {
  const currencies = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))].sort();
  const methods = Object.fromEntries(
    currencies.map((currencyCode) => [
      currencyCode,
      methodCodesFor(currencyCode).map((code) => ({
        code,
        name: METHOD_NAMES[code],
      })),
    ]),
  );
  const simplestCurrency: Record<string, string> = {};
  for (const code of new Set(PAYIN_METHOD_TABLE.map((row) => row.code))) {
    const offered = currenciesOf(code);
    const simplest = offered.find((c) => fieldRulesFor(code, c).every((rule) => !isRequired(rule, c))) ?? offered[0];
    if (simplest) simplestCurrency[code] = simplest;
  }
  return {
    scenarios: PAYIN_SCENARIOS.map((row) => ({
      name: row.name,
      amount: row.example,
      result: row.result,
      ...(row.scenario.kind === 'rejected' ? { rejection: row.scenario.errorCode } : {}),
      match: row.match,
    })),
    currencies,
    methods,
    simplestCurrency,
  };
}
