/**
 * "Your own button" (own-button.html): a checkout page that keeps its own order summary, its terms
 * checkbox and one Place order button. <pay-checkout submit-button="none"> shows only the payment
 * form; `pay-change` (and `checkValidity()` at `pay-ready`, for a form the page preset) says
 * whether it is complete; the button calls `submit()`, which always settles: with the payin, or
 * with the reason there is none, so the button never stays busy.
 */
import 'pay-checkout';
import type { PayChangeEvent, PayCheckout, PayFinalDetail, PaySubmitResult } from 'pay-checkout';
import { byId, fillSelect } from './lib/dom.js';
import { createEventLog } from './lib/log-view.js';
import { startCheckout } from './lib/merchant-api.js';
import { PRESETS, presetNamed } from './lib/shop-data.js';

const CURRENCY = 'INR';
const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: CURRENCY });

const preset = byId<HTMLSelectElement>('preset');
const host = byId('checkout-host');
const terms = byId<HTMLInputElement>('terms');
const placeOrder = byId<HTMLButtonElement>('place-order');
const hint = byId('place-hint');
const outcome = byId('outcome');
const problem = byId('problem');
const log = createEventLog(byId<HTMLOListElement>('event-log'));

/** What the button waits on: the element's form, the terms, and no order on its way or placed. */
const order = { complete: false, placing: false, placed: false };
let checkout: PayCheckout | undefined;
let detach: (() => void) | undefined;

function render(): void {
  placeOrder.disabled = !order.complete || !terms.checked || order.placing || order.placed;
  placeOrder.textContent = order.placing ? 'Placing your order…' : 'Place order';
  placeOrder.setAttribute('aria-busy', String(order.placing));
  hint.hidden = order.placed;
}

/** One line under the button: the outcome (a status), or a problem (an alert); none for ''. */
function say(text: string, isProblem = false): void {
  outcome.textContent = isProblem ? '' : text;
  problem.textContent = isProblem ? text : '';
  outcome.hidden = isProblem || !text;
  problem.hidden = !isProblem;
}

async function start(): Promise<void> {
  const amount = presetNamed(preset.value)!.amount;
  byId('summary-item').textContent = money.format(amount);
  byId('summary-total').textContent = money.format(amount);
  Object.assign(order, { complete: false, placing: false, placed: false });
  say('');
  render();
  detach?.();
  checkout?.remove();
  log.clear();
  try {
    const session = await startCheckout({ preset: preset.value, currencyCode: CURRENCY });
    const element = document.createElement('pay-checkout');
    const attributes = {
      'submit-button': 'none',
      token: session.token,
      'base-url': session.baseUrl,
      'payin-id': session.idPayin,
      amount: String(session.money.amount),
      'currency-code': session.money.currencyCode,
      'callback-url': session.callbackUrl,
      'status-url': session.statusUrl,
    };
    for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
    // The form as it starts (a method the page preset may need nothing more); then the customer's changes.
    element.addEventListener('pay-ready', () => ((order.complete = element.checkValidity()), render()));
    element.addEventListener(
      'pay-change',
      (event: PayChangeEvent) => ((order.complete = event.detail.complete), render()),
    );
    element.addEventListener('pay-success', () => say('Paid. Thank you for your order.'));
    const notPaid = (event: CustomEvent<PayFinalDetail>) =>
      say(`Not paid: ${event.detail.failureReasonCode ?? event.type}`, true);
    element.addEventListener('pay-failed', notPaid);
    element.addEventListener('pay-refused', notPaid);
    detach = log.attach(element);
    host.replaceChildren(element);
    checkout = element;
  } catch (error) {
    say(`The merchant backend could not start the checkout: ${(error as Error).message}`, true);
  }
}

async function place(): Promise<void> {
  if (!checkout) return;
  order.placing = true;
  say('');
  render();
  const result: PaySubmitResult = await checkout.submit();
  order.placing = false;
  if (result.ok) {
    order.placed = true;
    say(`Order placed: payment ${result.payin.paymentMethodResponse.idPayin} created. Finish paying above.`);
  } else {
    // The element shows the problems at its fields; the page says what submit() settled with.
    say(`${result.error.message} (${result.error.code})`, true);
  }
  render();
}

fillSelect(
  preset,
  PRESETS.filter((p) => !p.method).map((p) => ({
    value: p.name,
    label: `${p.plain} (${p.amount} ${CURRENCY})`,
  })),
);
preset.addEventListener('change', () => void start());
terms.addEventListener('change', render);
placeOrder.addEventListener('click', () => void place());
void start();
