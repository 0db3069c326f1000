/**
 * The demo wallet's server side: each browser's USD balance, and its deposits ("Add funds") as
 * top-ups of the platform, priced here and credited here.
 *
 * - A deposit is named by the page (`/api/checkouts?deposit=100&pay=INR`): one of the wallet's
 *   presets, paid in rupees (UPI) or baht (PromptPay). The order hook (`depositOrder`) turns it
 *   into the kit's top-up order, in the platform's TopUpRequestedMoneyRequired mode: the wallet
 *   receives exactly the preset in USD, the customer pays it converted at the platform's rate.
 * - A deposit is credited once, with the platform's `moneyRequired` of the top-up read after its
 *   callback (the kit's `onPaymentUpdate`), never with anything the browser says.
 *
 * Memory only: a demo. A wallet starts at WALLET_OPENING_BALANCE.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { roundToCurrency, validateInput, type TopUpCheckoutOrder, type TopUpResponse } from 'pay-checkout/server';
import {
  DEPOSIT_PARAMS,
  WALLET_CURRENCY,
  WALLET_OPENING_BALANCE,
  WALLET_PAY_WITH,
  WALLET_PRESETS,
  type Deposit,
  type PayWith,
  type WalletView,
} from '../lib/wallet-data.js';

/** How long `GET /api/wallet?wait=` holds the answer for a deposit to settle. */
const WAIT_MS = 10_000;
const REMEMBERED_DEPOSITS = 10_000;

export { WALLET_CURRENCY, WALLET_OPENING_BALANCE, WALLET_PRESETS, type Deposit, type WalletView };

const depositSchema = z.object({
  [DEPOSIT_PARAMS.deposit]: z.enum(WALLET_PRESETS.map(String) as [string, ...string[]]),
  [DEPOSIT_PARAMS.pay]: z.enum(Object.keys(WALLET_PAY_WITH) as [string, ...string[]]),
});

/** Whether a checkout request is a deposit (it names one) rather than a shop cart. */
export const isDepositRequest = (request: Request) => new URL(request.url).searchParams.has(DEPOSIT_PARAMS.deposit);

export function createWallets(log: (line: string) => void = () => {}) {
  const balances = new Map<string, number>();
  /** Each deposit and its browser, newest last. */
  const deposits = new Map<string, Deposit & { shopper: string }>();
  /** Pages waiting for a deposit to settle. */
  const waiters = new Map<string, Set<() => void>>();

  const wake = (idTopUp: string) => {
    for (const resolve of waiters.get(idTopUp) ?? []) resolve();
    waiters.delete(idTopUp);
  };
  const settled = (deposit: Deposit) =>
    deposit.credited !== undefined || deposit.status === 'FAILED' || deposit.status === 'REFUSED';

  return {
    /** The kit's top-up order for the deposit a checkout request names; 400 naming the parameter at fault. */
    depositOrder(request: Request, shopper: string): TopUpCheckoutOrder {
      const query = new URL(request.url).searchParams;
      const given = validateInput(
        depositSchema,
        Object.fromEntries(
          Object.values(DEPOSIT_PARAMS).flatMap((name) => (query.has(name) ? [[name, query.get(name)]] : [])),
        ),
        ['query'],
      ) as Record<string, string>;
      const amount = Number(given[DEPOSIT_PARAMS.deposit]);
      const payWith = given[DEPOSIT_PARAMS.pay] as PayWith;
      const idTopUp = `deposit-${randomUUID()}`;
      deposits.set(idTopUp, {
        idTopUp,
        requested: { amount, currencyCode: WALLET_CURRENCY },
        payWith,
        status: 'STARTED',
        shopper,
      });
      if (deposits.size > REMEMBERED_DEPOSITS) deposits.delete(deposits.keys().next().value!);
      log(`[wallet] deposit ${idTopUp}: ${amount} ${WALLET_CURRENCY} paid in ${payWith}`);
      return {
        kind: 'topup',
        idTopUp,
        topUpRequested: {
          moneyRequired: { amount, currencyCode: WALLET_CURRENCY },
          currencyProvided: payWith,
        },
      };
    },

    /** A top-up's update from the kit: a deposit that succeeded is credited once, with the platform's moneyRequired. */
    onTopUpUpdate(topUp: TopUpResponse, idTopUp: string): void {
      const deposit = deposits.get(idTopUp);
      if (!deposit) return;
      if (topUp.status) deposit.status = topUp.status;
      const credit = topUp.moneyRequired;
      if (
        topUp.status === 'SUCCESS' &&
        !deposit.credited &&
        credit?.currencyCode === WALLET_CURRENCY &&
        credit.amount > 0
      ) {
        deposit.credited = { amount: credit.amount, currencyCode: credit.currencyCode };
        const balance = roundToCurrency(
          (balances.get(deposit.shopper) ?? WALLET_OPENING_BALANCE) + credit.amount,
          WALLET_CURRENCY,
        );
        balances.set(deposit.shopper, balance);
        log(`[wallet] deposit ${idTopUp} credited ${credit.amount} ${credit.currencyCode}: balance ${balance}`);
      }
      if (settled(deposit)) wake(idTopUp);
    },

    /** A browser's wallet: its balance and its deposits, newest first. */
    view(shopper: string): WalletView {
      return {
        balance: { amount: balances.get(shopper) ?? WALLET_OPENING_BALANCE, currencyCode: WALLET_CURRENCY },
        deposits: [...deposits.values()]
          .filter((d) => d.shopper === shopper)
          .reverse()
          .map(({ shopper: _shopper, ...deposit }) => deposit),
      };
    },

    /**
     * Resolves once this browser's deposit has settled (credited, failed or refused), or after
     * WAIT_MS, or when the page leaves: the wallet page asks with `?wait=` after the element's
     * final event, and reads the balance the server credited.
     */
    async waitFor(shopper: string, idTopUp: string, signal: AbortSignal): Promise<void> {
      const deposit = deposits.get(idTopUp);
      if (!deposit || deposit.shopper !== shopper || settled(deposit)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          waiters.get(idTopUp)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, WAIT_MS);
        signal.addEventListener('abort', done, { once: true });
        let set = waiters.get(idTopUp);
        if (!set) waiters.set(idTopUp, (set = new Set()));
        set.add(done);
      });
    },

    /** Ends every wait (the server stops). */
    close(): void {
      for (const idTopUp of [...waiters.keys()]) wake(idTopUp);
    },
  };
}

export type Wallets = ReturnType<typeof createWallets>;
