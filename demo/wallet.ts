/**
 * The demo wallet (wallet.html): a customer's USD balance and "Add funds" in rupees (UPI) or baht
 * (PromptPay), on the package's public entry only. The page names a deposit (a preset and a
 * currency) to the wallet's server, which prices it and answers a top-up checkout through the
 * merchant kit (demo/merchant/wallet.ts); the page hands that to <pay-checkout kind="topup">, with
 * the rate the server read (`fxRate`), and the element shows the quote before the customer pays.
 * After the element's final event the page asks the server for the balance once that deposit has
 * settled (`?wait=`): the server credits it with the platform's moneyRequired, read after the
 * platform's callback, never with anything this page says.
 */
import 'pay-checkout';
import type { PayCheckout } from 'pay-checkout';
import { byId, checkedValue } from './lib/dom.js';
import {
  depositUrl,
  FAILING_PRESET,
  WALLET_CURRENCY,
  WALLET_METHOD_CODES,
  WALLET_NAME,
  WALLET_PAY_WITH,
  WALLET_PRESETS,
  type PayWith,
  type WalletView,
} from './lib/wallet-data.js';

/** The wallet server's top-up checkout (src/api/schemas/topup-checkout-response.ts), as far as this page reads it. */
interface TopUpCheckout {
  token: string;
  baseUrl: string;
  idTopUp: string;
  topUpRequested: { moneyRequired: { amount: number; currencyCode: string }; currencyProvided: string };
  fxRate?: unknown;
  statusUrl?: string;
  callbackUrl?: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: WALLET_CURRENCY });
const form = byId<HTMLFormElement>('add-funds');
const host = byId('checkout-host');
const balance = byId<HTMLOutputElement>('balance');
const outcome = byId('outcome');
const problem = byId('problem');
const deposits = byId<HTMLOListElement>('deposits');
const continueButton = byId<HTMLButtonElement>('continue');

/** One line under the checkout: an outcome (a status), or a problem (an alert); none for ''. */
function say(text: string, isProblem = false, status?: string): void {
  outcome.textContent = isProblem ? '' : text;
  problem.textContent = isProblem ? text : '';
  outcome.hidden = isProblem || !text;
  problem.hidden = !isProblem;
  if (status) outcome.dataset.status = status;
  else delete outcome.dataset.status;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
  const json = (await response.json().catch(() => undefined)) as
    (T & { errorCode?: string; message?: string }) | undefined;
  if (!response.ok) throw new Error(`${json?.message ?? response.statusText} (${json?.errorCode ?? response.status})`);
  return json as T;
}

function showWallet(view: WalletView): void {
  balance.textContent = usd.format(view.balance.amount);
  deposits.replaceChildren(
    ...view.deposits.map((deposit) => {
      const item = document.createElement('li');
      item.className = 'log-entry';
      item.dataset.status = deposit.status;
      const credited = deposit.credited
        ? `credited ${usd.format(deposit.credited.amount)}`
        : deposit.status === 'STARTED'
          ? 'not paid yet'
          : deposit.status.toLowerCase();
      item.textContent = `${usd.format(deposit.requested.amount)} in ${deposit.payWith} (${WALLET_PAY_WITH[deposit.payWith]}): ${credited}`;
      return item;
    }),
  );
}

const readWallet = (waitFor?: string) =>
  api<WalletView>(`/api/wallet${waitFor ? `?wait=${encodeURIComponent(waitFor)}` : ''}`);

function radios(container: HTMLElement, name: string, choices: { value: string; label: string }[]): void {
  container.replaceChildren(
    ...choices.map(({ value, label }, index) => {
      const row = document.createElement('div');
      row.className = 'preset';
      const input = Object.assign(document.createElement('input'), {
        type: 'radio',
        name,
        value,
        id: `${name}-${value}`,
        checked: index === 0,
      });
      const text = Object.assign(document.createElement('label'), { htmlFor: input.id, textContent: label });
      row.append(input, text);
      return row;
    }),
  );
}

async function addFunds(preset: number, payWith: PayWith): Promise<void> {
  say('');
  continueButton.disabled = true;
  host.replaceChildren();
  try {
    const checkout = await api<TopUpCheckout>(depositUrl(preset, payWith), { method: 'POST', body: '{}' });
    const element = document.createElement('pay-checkout') as PayCheckout;
    const attributes: Record<string, string | undefined> = {
      kind: 'topup',
      token: checkout.token,
      'base-url': checkout.baseUrl,
      'topup-id': checkout.idTopUp,
      'credit-amount': String(checkout.topUpRequested.moneyRequired.amount),
      'credit-currency': checkout.topUpRequested.moneyRequired.currencyCode,
      'currency-code': checkout.topUpRequested.currencyProvided,
      'callback-url': checkout.callbackUrl,
      'status-url': checkout.statusUrl,
      'merchant-name': WALLET_NAME,
      // Chosen on the page ("Pay with"): the element does not ask again.
      'payment-method-code': WALLET_METHOD_CODES[payWith],
      'options-available': 'false',
    };
    for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
    // The rate the wallet's server read: the element quotes with it (a by-action token may not read rates).
    if (checkout.fxRate) element.fxRate = checkout.fxRate;
    const settled = (event: Event) => void afterPayment(checkout.idTopUp, event.type);
    element.addEventListener('pay-success', settled);
    element.addEventListener('pay-failed', settled);
    element.addEventListener('pay-refused', settled);
    host.replaceChildren(element);
  } catch (error) {
    say(`The wallet could not start the deposit: ${(error as Error).message}`, true);
  } finally {
    continueButton.disabled = false;
  }
}

/** The element reached a final status: the balance, once the server has read the platform's word. */
async function afterPayment(idTopUp: string, type: string): Promise<void> {
  say(type === 'pay-success' ? 'Paid. Waiting for the wallet to credit it…' : '');
  try {
    const view = await readWallet(idTopUp);
    showWallet(view);
    const deposit = view.deposits.find((d) => d.idTopUp === idTopUp);
    if (deposit?.credited) say(`Your wallet was credited ${usd.format(deposit.credited.amount)}.`, false, 'SUCCESS');
    else if (deposit && deposit.status !== 'SUCCESS')
      say(
        `Nothing was credited: the deposit ${deposit.status === 'STARTED' ? 'is not settled yet' : deposit.status.toLowerCase()}.`,
        false,
        deposit.status,
      );
    else say('The payment succeeded; the wallet has not heard from the platform yet. Reload the page in a moment.');
  } catch (error) {
    say(`The wallet could not be read: ${(error as Error).message}`, true);
  }
}

radios(
  byId('amounts'),
  'deposit',
  WALLET_PRESETS.map((amount) => ({
    value: String(amount),
    label: `${usd.format(amount)}${amount === FAILING_PRESET ? ' (sandbox: the payment fails)' : ''}`,
  })),
);
radios(
  byId('pay-with'),
  'pay',
  (Object.entries(WALLET_PAY_WITH) as [PayWith, string][]).map(([currency, method]) => ({
    value: currency,
    label: `${method} (${currency})`,
  })),
);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void addFunds(Number(checkedValue(form, 'deposit')), checkedValue(form, 'pay') as PayWith);
});
readWallet().then(showWallet, (error: Error) => say(`The wallet could not be read: ${error.message}`, true));
