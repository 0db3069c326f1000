/**
 * The demo shop (index.html): the checkout is on the page from the start, with the default
 * scenario, and follows the order form: a change of the redirect parameters mounts the same order
 * again (while no payin exists), a change of the order (amount, currency, token) starts a new one.
 * Beside it, the code for this very checkout and the two live logs — the element's events and the
 * callbacks of this browser's orders.
 *
 * The form and the checkout in progress are kept in sessionStorage, so a reload (or a return from
 * the hosted page) mounts the element again with the same token and idPayin, and the element
 * resumes the payment where it is.
 */
import { decodeToken, REDIRECT_PARAMS, type PayCheckout } from 'pay-checkout';
import { setUpCodePanel } from './lib/code-panel.js';
import { byId } from './lib/dom.js';
import { createCallbackList, createEventLog } from './lib/log-view.js';
import { BackendError, expireNow, followCallbacks, readCheckout, startCheckout } from './lib/merchant-api.js';
import {
  cartOf,
  orderKey,
  readConfig,
  redirectAttributes,
  setUpForm,
  writeConfig,
  type Attributes,
  type ShopConfig,
} from './lib/shop-form.js';
import { elementMarkup, serverCode, TOKEN_PLACEHOLDER } from './lib/snippet.js';

/** A checkout the page shows. */
interface StoredCheckout {
  /** The orderKey of the configuration it was made for. */
  key: string;
  /** What the order decides: token, platform, payin, money, the merchant's URLs. */
  order: Attributes;
  /** What the element got: the order, and the redirect parameters on top. */
  attributes: Attributes;
  idPayin?: string;
  /** A payin exists: new redirect parameters need a new order. */
  created?: boolean;
  emulator: boolean;
}

const CHECKOUT_KEY = 'pay-checkout-demo:checkout';
const CONFIG_KEY = 'pay-checkout-demo:config';
/** How long the form rests before the checkout follows it (typing an amount, arrowing through presets). */
const SETTLE_MS = 300;
const PLATFORM_PLACEHOLDER = 'https://sandbox.example.com/api';

const form = byId<HTMLFormElement>('order-form');
const host = byId('checkout-host');
const checkoutStatus = byId('checkout-status');
const advanceButton = byId<HTMLButtonElement>('advance-clock');
const events = createEventLog(byId<HTMLOListElement>('event-log'));
const code = setUpCodePanel();
let returnedFrom = new URLSearchParams(location.search).get('returnedFrom') ?? undefined;
let current: StoredCheckout | undefined;
/** The order being minted, so that a second request for the same order waits for it. */
let preparing: { key: string; done: Promise<void> } | undefined;
/** Counts new orders: the late answer of an older one is dropped. */
let generation = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
/** The emulator's address, once a checkout named it (for the server code). */
let platformUrl: string | undefined;
const callbacks = createCallbackList(
  byId<HTMLOListElement>('callback-log'),
  (idPayin) => !!idPayin && idPayin === currentPayinId(),
);

function currentPayinId(): string | undefined {
  return current?.idPayin ?? current?.attributes['payin-id'] ?? returnedFrom;
}

function showOrderError(message: string | undefined): void {
  byId('order-error').hidden = !message;
  byId('order-error').textContent = message ?? '';
}

// --- Following the form --------------------------------------------------------------------

const sameAttributes = (a: Attributes, b: Attributes) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

function scheduleUpdate(): void {
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => void update(), SETTLE_MS);
}

/** Brings the checkout in line with the form; `freshOrder` starts a new order even when nothing changed. */
async function update({ freshOrder = false } = {}): Promise<void> {
  clearTimeout(settleTimer);
  const config = readConfig();
  sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  const key = orderKey(config);
  if (!freshOrder) {
    // The order being minted mounts with the redirect parameters of that moment.
    if (preparing?.key === key) return preparing.done;
    if (current?.key === key) {
      const attributes = { ...current.order, ...redirectAttributes(config) };
      if (sameAttributes(attributes, current.attributes)) return;
      if (!current.created) return mount({ ...current, attributes });
    }
  }
  const done = newOrder(config, key);
  preparing = { key, done };
  await done;
  if (preparing?.done === done) preparing = undefined;
}

function returnUrl(idPayin: string): string {
  return `${location.origin}/?returnedFrom=${encodeURIComponent(idPayin)}`;
}

/** A new order: the cart priced and its token minted by the merchant backend, or the pasted token of another platform. */
async function newOrder(config: ShopConfig, key: string): Promise<void> {
  const mine = ++generation;
  unmount();
  if (config.platform === 'other') {
    const { token, baseUrl, idPayin } = config.other;
    if (!token || !baseUrl)
      return setStatus(
        'To pay on another platform, enter its base URL and paste a payment-scoped token (More settings).',
      );
    const payload = decodeToken(token);
    const order: Attributes = { token, 'base-url': baseUrl };
    if (idPayin) order['payin-id'] = idPayin;
    // A token that carries the money decides it; otherwise the form's amount is the order.
    if (!payload?.money) Object.assign(order, { amount: config.amount, 'currency-code': config.currencyCode });
    const id = idPayin || payload?.idPayment;
    if (id) order['return-url'] = returnUrl(id);
    return mount({ key, order, attributes: { ...order, ...redirectAttributes(config) }, emulator: false });
  }
  if (!config.preset) return setStatus('Choose what happens.');
  setStatus('Preparing the checkout…');
  try {
    const session = await startCheckout(cartOf(config));
    if (mine !== generation) return;
    platformUrl = session.baseUrl;
    const order: Attributes = {
      token: session.token,
      'base-url': session.baseUrl,
      'payin-id': session.idPayin,
      amount: String(session.money.amount),
      'currency-code': session.money.currencyCode,
      'return-url': returnUrl(session.idPayin),
      ...(session.callbackUrl ? { 'callback-url': session.callbackUrl } : {}),
      // The backend's status stream: while it is healthy the element need not poll the platform.
      ...(session.statusUrl ? { 'status-url': session.statusUrl } : {}),
      // The shop knows its name: the element need not ask the platform (GET /merchant-info).
      ...(session.merchantName ? { 'merchant-name': session.merchantName } : {}),
    };
    mount({ key, order, attributes: { ...order, ...redirectAttributes(readConfig()) }, emulator: true });
  } catch (error) {
    if (mine !== generation) return;
    setStatus(
      `The merchant backend could not start the checkout: ${error instanceof BackendError ? `${error.errorCode}: ${error.message}` : String(error)}`,
    );
  }
}

// --- The checkout --------------------------------------------------------------------------

let unmountElement: (() => void) | undefined;

function setStatus(text: string): void {
  checkoutStatus.textContent = text;
  checkoutStatus.hidden = !text;
  renderCode();
}

function showFacts(): void {
  const element = host.querySelector<PayCheckout>('pay-checkout');
  byId('checkout-facts').hidden = !element;
  byId('fact-payin').textContent = currentPayinId() ?? '—';
  const state = element?.getAttribute('state') ?? '';
  byId('fact-state').textContent = state;
  advanceButton.disabled = !(current?.emulator && state === 'pending' && currentPayinId());
}

function mount(stored: StoredCheckout, { resumed = false } = {}): void {
  unmount();
  current = stored;
  if (!resumed) events.clear();
  const element = document.createElement('pay-checkout');
  for (const [name, value] of Object.entries(stored.attributes)) element.setAttribute(name, value);
  const detachLog = events.attach(element);
  const save = () => sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(stored));
  const onCreated = (event: HTMLElementEventMap['pay-created']) => {
    Object.assign(stored, { idPayin: event.detail.idPayin, created: true });
    save();
    callbacks.refresh();
    showFacts();
  };
  element.addEventListener('pay-created', onCreated);
  const observer = new MutationObserver(showFacts);
  observer.observe(element, { attributes: true, attributeFilter: ['state'] });
  host.replaceChildren(element);
  save();
  setStatus('');
  callbacks.refresh();
  showFacts();
  unmountElement = () => {
    detachLog();
    element.removeEventListener('pay-created', onCreated);
    observer.disconnect();
    element.remove();
  };
}

function unmount(): void {
  unmountElement?.();
  unmountElement = undefined;
  current = undefined;
  sessionStorage.removeItem(CHECKOUT_KEY);
  showFacts();
}

/** The markup of the element as mounted, and the server code of this configuration. */
function renderCode(): void {
  const config = readConfig();
  const attributes = current?.attributes ?? {
    token: TOKEN_PLACEHOLDER,
    amount: config.amount,
    'currency-code': config.currencyCode,
    ...redirectAttributes(config),
  };
  code.show('markup-snippet', elementMarkup(attributes));
  const token = decodeToken(current?.order.token);
  const amount = Number(config.amount);
  code.show(
    'server-snippet',
    serverCode({
      platformUrl:
        current?.order['base-url'] ||
        (config.platform === 'other' ? config.other.baseUrl : platformUrl) ||
        PLATFORM_PLACEHOLDER,
      merchantCode: token?.merchantCode,
      tokenScope: config.platform === 'other' ? (token?.action ? 'by-action' : 'checkout') : config.tokenScope,
      money: token?.money ?? (amount > 0 ? { amount, currencyCode: config.currencyCode } : undefined),
      ...(config.platform === 'emulator' && config.preset ? { cart: cartOf(config) } : {}),
      callbackUrl: current?.order['callback-url'],
      merchantName: current?.order['merchant-name'],
    }),
  );
}

// --- Hosted mode ---------------------------------------------------------------------------

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

/** The order on the page, paid on the hosted page instead (a new one once this one has a payin). */
async function payOnHostedPage(): Promise<void> {
  showOrderError(undefined);
  // The hosted page plays this demo's platform, the emulator: another platform has its own.
  if (readConfig().platform === 'other')
    return showOrderError(
      "The hosted page plays this demo's emulator. Another platform has its own hosted page: pay here.",
    );
  await update();
  if (current?.created) await update({ freshOrder: true });
  if (current) location.assign(`/pay.html?${hostedQuery(current.attributes)}`);
}

// --- The emulator's clock, and coming back -------------------------------------------------

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
    notice.textContent =
      error instanceof BackendError && error.errorCode === 'PAYIN_NOT_FOUND'
        ? `Back from the payment page without paying: order ${idPayin} has no payment.`
        : `Back from the payment page. Reading ${idPayin} failed: ${(error as Error).message}`;
  }
}

/** The form and the checkout of an earlier load of this tab, or the default scenario's checkout. */
function restoreOrStart(): Promise<void> {
  try {
    const config = sessionStorage.getItem(CONFIG_KEY);
    if (config) writeConfig(JSON.parse(config) as ShopConfig);
    const saved = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) ?? 'null') as StoredCheckout | null;
    if (saved?.key && saved.key === orderKey(readConfig())) {
      platformUrl = saved.emulator ? saved.order['base-url'] : undefined;
      mount(saved, { resumed: true });
      events.note(
        `Page loaded again: the checkout of ${saved.idPayin ?? saved.order['payin-id'] ?? 'this order'} resumes.`,
      );
      return Promise.resolve();
    }
  } catch {
    // Kept by an older version of the page: start afresh.
    sessionStorage.removeItem(CONFIG_KEY);
  }
  return update();
}

setUpForm();
form.addEventListener('input', scheduleUpdate);
form.addEventListener('change', scheduleUpdate);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  byId('checkout-title').focus();
  void update();
});
byId('hosted').addEventListener('click', () => void payOnHostedPage());
byId('new-order').addEventListener('click', () => {
  byId('returned').hidden = true;
  returnedFrom = undefined;
  history.replaceState(null, '', '/');
  void update({ freshOrder: true });
});
advanceButton.addEventListener('click', () => void advanceClock());
followCallbacks((record) => callbacks.upsert(record));
void restoreOrStart();
if (returnedFrom) void showReturn(returnedFrom);
