/**
 * The demo shop (index.html): an order form whose presets are the sandbox's scenarios, the
 * checkout embedded beside it or on the hosted page, and the two live logs — the element's events
 * and the callbacks the merchant backend received.
 *
 * A checkout in progress is kept in sessionStorage, so a reload mounts the element again with the
 * same token and idPayin, and the element resumes the payment where it is.
 */
import { REDIRECT_PARAMS, type PayCheckout } from '../src/pay-checkout.js';
import { decodeToken } from '../src/api/token.js';
import { byId, checkedValue, fillSelect } from './lib/dom.js';
import { createCallbackList, createEventLog } from './lib/log-view.js';
import { BackendError, expireNow, followCallbacks, readCheckout, startCheckout, type TokenScope } from './lib/merchant-api.js';
import { CURRENCIES, methodsFor, PRESETS, presetForAmount, presetNamed, simplestCurrencyFor, type Preset } from './lib/presets.js';

type Attributes = Record<string, string>;

/** A checkout the page shows: what mounts the element, and whether the emulator is behind it. */
interface StoredCheckout {
  attributes: Attributes;
  idPayin?: string;
  emulator: boolean;
}

const STORAGE_KEY = 'pay-checkout-demo:checkout';
const DEFAULT_PRESET = 'success';
const DEFAULT_CURRENCY = 'INR';

const form = byId<HTMLFormElement>('order-form');
const amountInput = byId<HTMLInputElement>('amount');
const currencySelect = byId<HTMLSelectElement>('currency');
const methodSelect = byId<HTMLSelectElement>('method');
const scenarioResult = byId('scenario-result');
const prefill = byId<HTMLInputElement>('prefill');
const prefillFields = byId('prefill-fields');
const otherFields = byId('other-fields');
const scopeField = byId('scope-field');
const orderError = byId('order-error');
const host = byId('checkout-host');
const advanceButton = byId<HTMLButtonElement>('advance-clock');
const events = createEventLog(byId<HTMLOListElement>('event-log'));
let current: StoredCheckout | undefined;
const callbacks = createCallbackList(byId<HTMLOListElement>('callback-log'), (idPayin) => !!idPayin && idPayin === currentPayinId());

function currentPayinId(): string | undefined {
  return current?.idPayin ?? current?.attributes['payin-id'] ?? new URLSearchParams(location.search).get('returnedFrom') ?? undefined;
}

// --- The order form ------------------------------------------------------------------------

function presetRadio(preset: Preset): HTMLElement {
  const id = `preset-${preset.name}`;
  const wrapper = document.createElement('div');
  wrapper.className = 'preset';
  const input = document.createElement('input');
  Object.assign(input, { type: 'radio', name: 'preset', value: preset.name, id });
  input.setAttribute('aria-describedby', `${id}-result`);
  const label = document.createElement('label');
  label.htmlFor = id;
  const name = document.createElement('span');
  name.className = 'preset-name';
  name.textContent = preset.label;
  const amount = document.createElement('span');
  amount.className = 'preset-amount';
  amount.textContent = String(preset.amount);
  label.append(name, amount);
  const result = document.createElement('span');
  result.className = 'preset-result';
  result.id = `${id}-result`;
  result.textContent = preset.result;
  wrapper.append(input, label, result);
  input.addEventListener('change', () => choosePreset(preset));
  return wrapper;
}

function fillMethods(): void {
  const chosen = methodSelect.value;
  fillSelect(methodSelect, [{ value: '', label: 'Let the customer choose' }, ...methodsFor(currencySelect.value).map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))]);
  if ([...methodSelect.options].some((option) => option.value === chosen)) methodSelect.value = chosen;
}

function showScenario(): void {
  const preset = presetForAmount(Number(amountInput.value));
  scenarioResult.textContent = preset ? `Emulator: ${preset.result}` : 'Enter a positive amount.';
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="preset"]')) radio.checked = radio.value === preset?.name;
  if (preset?.rejection) byId<HTMLDetailsElement>('rejection-presets').closest('details')!.open = true;
}

function choosePreset(preset: Preset): void {
  amountInput.value = String(preset.amount);
  if (preset.method) {
    if (!methodsFor(currencySelect.value).some((m) => m.code === preset.method)) {
      currencySelect.value = simplestCurrencyFor(preset.method) ?? currencySelect.value;
      fillMethods();
    }
    methodSelect.value = preset.method;
  }
  showScenario();
}

function setUpForm(): void {
  byId('presets').append(...PRESETS.filter((p) => !p.rejection).map(presetRadio));
  byId('rejection-presets').append(...PRESETS.filter((p) => p.rejection).map(presetRadio));
  fillSelect(currencySelect, CURRENCIES.map((code) => ({ value: code, label: code })));
  currencySelect.value = DEFAULT_CURRENCY;
  fillMethods();
  choosePreset(presetNamed(DEFAULT_PRESET) ?? PRESETS[0]!);
  amountInput.addEventListener('input', showScenario);
  currencySelect.addEventListener('change', fillMethods);
  prefill.addEventListener('change', () => (prefillFields.hidden = !prefill.checked));
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="platform"]')) {
    radio.addEventListener('change', () => {
      const other = checkedValue(form, 'platform') === 'other';
      otherFields.hidden = !other;
      scopeField.hidden = other;
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const mode = (event.submitter as HTMLButtonElement | null)?.value === 'hosted' ? 'hosted' : 'embedded';
    void checkout(mode);
  });
}

/** The redirect parameters the form sets, as element attributes. */
function redirectAttributes(): Attributes {
  const attributes: Attributes = {};
  if (methodSelect.value) attributes['payment-method-code'] = methodSelect.value;
  if (!byId<HTMLInputElement>('options-available').checked) attributes['options-available'] = 'false';
  if (!byId<HTMLInputElement>('allow-change').checked) attributes['allow-customer-data-change'] = 'false';
  if (byId<HTMLInputElement>('show-deep-link').checked) attributes['show-deep-link'] = 'true';
  if (prefill.checked) {
    for (const name of ['account-name', 'account-number', 'email-address', 'phone-number', 'upi-id']) {
      const value = byId<HTMLInputElement>(name).value.trim();
      if (value) attributes[name] = value;
    }
  }
  const locale = byId<HTMLSelectElement>('locale').value;
  if (locale) attributes.locale = locale;
  return attributes;
}

function showOrderError(message: string | undefined): void {
  orderError.hidden = !message;
  orderError.textContent = message ?? '';
}

/** Starts a checkout: the backend mints a token, then the element mounts here or on the hosted page. */
async function checkout(mode: 'embedded' | 'hosted'): Promise<void> {
  showOrderError(undefined);
  const amount = Number(amountInput.value);
  const currencyCode = currencySelect.value;
  const returnUrl = (idPayin: string) => `${location.origin}/?returnedFrom=${encodeURIComponent(idPayin)}`;
  let stored: StoredCheckout;

  if (checkedValue(form, 'platform') === 'other') {
    // The hosted page plays this demo's platform, the emulator: another platform has its own.
    if (mode === 'hosted') return showOrderError("The hosted page plays this demo's emulator. Another platform has its own hosted page: use Pay here.");
    const token = byId<HTMLTextAreaElement>('other-token').value.trim();
    const baseUrl = byId<HTMLInputElement>('other-base-url').value.trim();
    const idPayin = byId<HTMLInputElement>('other-payin').value.trim();
    if (!token || !baseUrl) return showOrderError('Another platform needs its base URL and a payment-scoped token.');
    const payload = decodeToken(token);
    const attributes: Attributes = { token, 'base-url': baseUrl, ...redirectAttributes() };
    if (idPayin) attributes['payin-id'] = idPayin;
    // A token that carries the money decides it; otherwise the form's amount is the order.
    if (!payload?.money) Object.assign(attributes, { amount: String(amount), 'currency-code': currencyCode });
    const id = idPayin || payload?.idPayment;
    if (id) attributes['return-url'] = returnUrl(id);
    stored = { attributes, emulator: false };
  } else {
    if (!(amount > 0)) {
      amountInput.focus();
      return showOrderError('Enter a positive amount, or choose a scenario.');
    }
    try {
      const session = await startCheckout({ amount, currencyCode, tokenScope: byId<HTMLSelectElement>('token-scope').value as TokenScope });
      stored = {
        attributes: {
          token: session.token,
          'base-url': session.baseUrl,
          'payin-id': session.idPayin,
          amount: String(session.money.amount),
          'currency-code': session.money.currencyCode,
          'return-url': returnUrl(session.idPayin),
          'callback-url': session.callbackUrl,
          // The backend's status stream: while it is healthy the element need not poll the platform.
          'status-url': session.statusUrl,
          ...redirectAttributes(),
        },
        emulator: true,
      };
    } catch (error) {
      return showOrderError(`The merchant backend could not start the checkout: ${error instanceof BackendError ? `${error.errorCode}: ${error.message}` : String(error)}`);
    }
  }

  if (mode === 'hosted') {
    sessionStorage.removeItem(STORAGE_KEY);
    location.assign(`/pay.html?${hostedQuery(stored.attributes)}`);
    return;
  }
  events.clear();
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  mount(stored);
  byId('checkout-title').focus();
}

/** Not sent: the platform's base URL (the hosted page knows its own), and `disctrict` (sent as `district`). */
const NOT_IN_ADDRESS = new Set(['baseUrl', 'disctrict']);

/**
 * The hosted page's address: the token and the redirect parameters by their names in the platform
 * document. The platform's base URL is not among them (the hosted page is the platform's own), nor
 * the callback URL (the hosted page takes it from the merchant's configuration).
 */
function hostedQuery(attributes: Attributes): string {
  const params = new URLSearchParams();
  for (const [param, attribute] of Object.entries(REDIRECT_PARAMS)) {
    const value = attributes[attribute];
    if (value !== undefined && !NOT_IN_ADDRESS.has(param)) params.set(param, value);
  }
  return params.toString();
}

// --- The checkout --------------------------------------------------------------------------

let unmount: (() => void) | undefined;

function showFacts(): void {
  const element = host.querySelector<PayCheckout>('pay-checkout');
  byId('checkout-empty').hidden = !!element;
  byId('checkout-facts').hidden = !element;
  byId('fact-payin').textContent = currentPayinId() ?? '—';
  const state = element?.getAttribute('state') ?? '';
  byId('fact-state').textContent = state;
  advanceButton.disabled = !(current?.emulator && state === 'pending' && currentPayinId());
}

function mount(stored: StoredCheckout): void {
  unmount?.();
  current = stored;
  const element = document.createElement('pay-checkout');
  for (const [name, value] of Object.entries(stored.attributes)) element.setAttribute(name, value);
  const detachLog = events.attach(element);
  const onCreated = (event: HTMLElementEventMap['pay-created']) => {
    stored.idPayin = event.detail.idPayin;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    callbacks.refresh();
    showFacts();
  };
  element.addEventListener('pay-created', onCreated);
  const observer = new MutationObserver(showFacts);
  observer.observe(element, { attributes: true, attributeFilter: ['state'] });
  host.replaceChildren(element);
  callbacks.refresh();
  showFacts();
  unmount = () => {
    detachLog();
    element.removeEventListener('pay-created', onCreated);
    observer.disconnect();
    element.remove();
    current = undefined;
    unmount = undefined;
  };
}

function newOrder(): void {
  unmount?.();
  sessionStorage.removeItem(STORAGE_KEY);
  events.clear();
  byId('returned').hidden = true;
  history.replaceState(null, '', '/');
  callbacks.refresh();
  showFacts();
  amountInput.focus();
}

async function advanceClock(): Promise<void> {
  const idPayin = currentPayinId();
  if (!idPayin) return;
  advanceButton.disabled = true;
  try {
    const moved = await expireNow(idPayin);
    events.note(`The emulator's clock moved ${moved.advancedSeconds} s forward, to ${moved.sandboxNow}.`);
  } catch (error) {
    events.note(`Moving the emulator's clock failed: ${(error as Error).message}`);
    showFacts();
  }
}

/** Back from the hosted page (or a bank page): the merchant reads the payin, as it would. */
async function showReturn(idPayin: string): Promise<void> {
  const notice = byId('returned');
  notice.hidden = false;
  notice.textContent = `Back from the payment page for ${idPayin}. The merchant backend reads the payin…`;
  try {
    const { payin } = await readCheckout(idPayin);
    notice.dataset.status = payin.status;
    notice.textContent = `Back from the payment page. The merchant backend read ${idPayin}: ${payin.status}${payin.failureReasonCode ? ` (${payin.failureReasonCode})` : ''}.`;
  } catch (error) {
    notice.textContent = `Back from the payment page. Reading ${idPayin} failed: ${(error as Error).message}`;
  }
}

function restore(): void {
  const saved = sessionStorage.getItem(STORAGE_KEY);
  if (!saved) return;
  try {
    const stored = JSON.parse(saved) as StoredCheckout;
    mount(stored);
    events.note(`Page loaded again: the checkout of ${stored.idPayin ?? 'this order'} resumes.`);
  } catch {
    sessionStorage.removeItem(STORAGE_KEY);
  }
}

setUpForm();
advanceButton.addEventListener('click', () => void advanceClock());
byId('new-order').addEventListener('click', newOrder);
followCallbacks((record) => callbacks.upsert(record));
restore();
const returnedFrom = new URLSearchParams(location.search).get('returnedFrom');
if (returnedFrom) void showReturn(returnedFrom);
showFacts();
