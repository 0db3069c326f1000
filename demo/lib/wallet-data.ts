/**
 * The demo wallet's terms, shared by its page (wallet.ts) and its server (merchant/wallet.ts): the
 * wallet's currency, the deposits it offers, how a customer may pay, and how a page names a
 * deposit to the server. The page names a preset, never an amount the server would take on its
 * word. It imports only cart.ts (which imports nothing): the page and the server both read it.
 */
import { CHECKOUTS_PATH } from './cart.js';

export const WALLET_CURRENCY = 'USD';
/** What a new wallet holds. */
export const WALLET_OPENING_BALANCE = 25;
/**
 * The deposits offered, in USD. The emulator decides a top-up's outcome by the amount it states
 * (here the USD credited): 51 or more succeeds, 3 to 20 fails within seconds.
 */
export const WALLET_PRESETS = [60, 100, 250, 10] as const;
/** A preset the sandbox fails, labelled so on the page. */
export const FAILING_PRESET = 10;
/**
 * How the customer pays: the currency and its method's name, as the element names that method
 * (METHOD_NAMES of pay-checkout/server, which this page cannot import: test/demo/presets.node.test.ts
 * keeps the two equal).
 */
export const WALLET_PAY_WITH = { INR: 'UPI QR', THB: 'PromptPay QR' } as const;
export type PayWith = keyof typeof WALLET_PAY_WITH;
/** The method's code, given to the element with the method fixed: the customer chose it on the page. */
export const WALLET_METHOD_CODES = { INR: 'UPIQR', THB: 'PROMPTPAY' } as const satisfies Record<PayWith, string>;
/**
 * The name the wallet's checkout shows at its top. The merchant kit names every checkout with the
 * shop's name (one merchant account serves both), so the wallet's page gives its own.
 */
export const WALLET_NAME = 'Demo Wallet';
export const DEPOSIT_PARAMS = { deposit: 'deposit', pay: 'pay' } as const;

/** The checkout URL of a deposit: what the wallet page POSTs to. */
export const depositUrl = (preset: number, payWith: PayWith) =>
  `${CHECKOUTS_PATH}?${new URLSearchParams({ [DEPOSIT_PARAMS.deposit]: String(preset), [DEPOSIT_PARAMS.pay]: payWith })}`;

/** A deposit as the wallet's server reports it. */
export interface Deposit {
  idTopUp: string;
  /** What the wallet asked the platform to credit. */
  requested: { amount: number; currencyCode: string };
  payWith: PayWith;
  /** STARTED until the platform's first word, then the top-up's status. */
  status: string;
  /** What was credited: the platform's moneyRequired, once the top-up succeeded. */
  credited?: { amount: number; currencyCode: string };
}

/** `GET /api/wallet`: the browser's balance and its deposits, newest first. */
export interface WalletView {
  balance: { amount: number; currencyCode: string };
  deposits: Deposit[];
}
