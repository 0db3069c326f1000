/**
 * Merchant balances per currency. Opening balances come from the merchant's configuration; payins
 * and top-ups that succeed credit, payouts debit at creation and are refunded when they fail.
 */
import { roundAmount } from '../platform/methods/catalog.js';
import type { MerchantRegistry } from './merchants.js';

export function createLedger(merchants: MerchantRegistry) {
  const books = new Map<string, Map<string, number>>();

  function book(merchantCode: string): Map<string, number> {
    let balances = books.get(merchantCode);
    if (!balances) {
      balances = new Map(Object.entries(merchants.get(merchantCode)?.openingBalances ?? {}));
      books.set(merchantCode, balances);
    }
    return balances;
  }

  return {
    balance: (merchantCode: string, currencyCode: string) => book(merchantCode).get(currencyCode) ?? 0,
    credit(merchantCode: string, currencyCode: string, amount: number) {
      const balances = book(merchantCode);
      balances.set(currencyCode, roundAmount((balances.get(currencyCode) ?? 0) + amount, currencyCode));
    },
    /** Takes the amount when the balance covers it; false (and nothing moves) when it does not. */
    tryDebit(merchantCode: string, currencyCode: string, amount: number): boolean {
      const balances = book(merchantCode);
      const current = balances.get(currencyCode) ?? 0;
      if (current < amount) return false;
      balances.set(currencyCode, roundAmount(current - amount, currencyCode));
      return true;
    },
    /** Every balance of a merchant, in currency order. */
    list(merchantCode: string) {
      return [...book(merchantCode)]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currencyCode, amount]) => ({ amount, currencyCode }));
    },
    reset: () => books.clear(),
  };
}
export type Ledger = ReturnType<typeof createLedger>;
