/** Mounting <pay-checkout> in tests and waiting for what it does. */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/pay-checkout.js';
import type { PayCheckout } from '../../src/pay-checkout.js';
import type { PayEventName } from '../../src/events/index.js';
import { StatusPoller } from '../../src/checkout/status-poller.js';
import { markStartedHere } from '../../src/checkout/started-here.js';
import type { CheckoutConfig } from '../../src/checkout/config.js';
import { BASE_URL } from './fake-platform.js';

/** Short poll intervals so a test sees several polls in milliseconds. */
export function fastPolling(): void {
  Object.assign(StatusPoller.defaults, {
    firstMs: 10,
    fastMs: 20,
    fastWindowMs: 1000,
    slowMs: 40,
    afterExpiryMs: 200,
    errorBaseMs: 20,
    errorMaxMs: 80,
  });
}

export function normalPolling(): void {
  Object.assign(StatusPoller.defaults, {
    firstMs: 1500,
    fastMs: 2000,
    fastWindowMs: 60_000,
    slowMs: 10_000,
    afterExpiryMs: 60_000,
    errorBaseMs: 2000,
    errorMaxMs: 60_000,
  });
}

/**
 * Marks a payin as started in this browser tab (the element writes this marker before it creates
 * a payin): only then does a fresh element read the payin to resume it, instead of showing the
 * form. FakePlatform.install() forgets every marker, so each test starts as a new tab.
 */
export function startedHere(idPayin = 'order-1', baseUrl = BASE_URL): void {
  markStartedHere({ baseUrl, idPayin } as CheckoutConfig);
}

/** Every event the element fires, in order. */
export function recordEvents(element: EventTarget): { name: string; detail: any }[] {
  const events: { name: string; detail: any }[] = [];
  const names: PayEventName[] = [
    'pay-ready',
    'pay-method-change',
    'pay-change',
    'pay-created',
    'pay-status',
    'pay-success',
    'pay-failed',
    'pay-refused',
    'pay-expired',
    'pay-error',
    'pay-token-expiring',
  ];
  for (const name of names)
    element.addEventListener(name, (event) => events.push({ name, detail: (event as CustomEvent).detail }));
  return events;
}

/** Mounts an element inside a wrapper that records events from the start. */
export async function mount(
  attributes: Record<string, string | undefined>,
  properties: Partial<Pick<PayCheckout, 'options' | 'fetchCheckout'>> = {},
) {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  const events = recordEvents(wrapper);
  const element = document.createElement('pay-checkout') as PayCheckout;
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  // Properties a page sets before the element is connected (read when the checkout starts).
  Object.assign(element, properties);
  wrapper.append(element);
  return { element, events, wrapper };
}

/**
 * How long a wait on what the page says may take before it counts as a hang. Not a speed check
 * (the benches measure speed): a test's first wait includes fetching and compiling the chunks it
 * needs, which on a loaded 2-core machine took over 4 s (topup.test in Chromium, own-button.test
 * in Firefox, both stuck at "loading" with nothing wrong). Mocha's own bound is 15 s a test.
 */
export const WAIT_MS = 10_000;

/**
 * Waits for a state and its view: pending and final states are drawn by the payin views chunk,
 * which may arrive a moment after the state.
 */
export async function untilState(element: PayCheckout, state: string, timeout = WAIT_MS) {
  await waitUntil(() => element.state === state, `state ${state} (is ${element.state})`, { timeout });
  if (['pending', 'success', 'failed', 'refused'].includes(state)) {
    await waitUntil(() => element.views === 'ready', `the payin views (${element.views})`, { timeout });
  }
  // The view itself, not the placeholder it shows while its words arrive: the words of other
  // methods' views and of trouble are a chunk of their own (word-parts.ts), as a shopper sees.
  if (['pending', 'success', 'failed', 'refused', 'error'].includes(state)) {
    await waitUntil(() => !element.shadowRoot?.querySelector('.skeleton'), `the ${state} view, not its placeholder`, {
      timeout,
    });
  }
  // The chosen method's form, not the line it shows while that method's rules or words arrive
  // (form-rules.ts, word-parts.ts): chunks of their own for the methods outside the QR family.
  if (state === 'select') {
    await waitUntil(() => !element.shadowRoot?.querySelector('.method-body > .working'), "the method's form", {
      timeout,
    });
  }
  await element.updateComplete;
}

export async function untilEvent(events: { name: string }[], name: string, count = 1, timeout = WAIT_MS) {
  await waitUntil(
    () => events.filter((event) => event.name === name).length >= count,
    `${count}× ${name} (saw ${events.map((e) => e.name).join(', ')})`,
    { timeout },
  );
}

export const $ = <T extends Element = HTMLElement>(element: PayCheckout, selector: string) =>
  element.shadowRoot!.querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(element: PayCheckout, selector: string) => [
  ...element.shadowRoot!.querySelectorAll<T>(selector),
];

export function type(element: PayCheckout, field: string, value: string) {
  const input = $<HTMLInputElement>(element, `[data-field="${field}"]`);
  if (!input) throw new Error(`no field ${field}`);
  input.value = value;
  input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true, composed: true }));
}

export async function submit(element: PayCheckout) {
  $<HTMLButtonElement>(element, '[part="submit"]')!.click();
  await element.updateComplete;
}

/**
 * Asserts that nothing matches. On failure it reports the match's markup: chai would otherwise
 * try to print the whole element graph, which can take the browser down.
 */
export function expectNone(root: PayCheckout | Element, selector: string) {
  const scope = 'shadowRoot' in root && root.shadowRoot ? root.shadowRoot : root;
  const found = scope.querySelector(selector);
  if (found) throw new Error(`expected no ${selector}, found ${found.outerHTML.slice(0, 200)}`);
}

/**
 * Makes the views read the device as a phone (`(pointer: coarse)` matches) or a desktop, until the
 * returned function is called. The views ask at each render.
 */
export function emulatePointer(coarse: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    query === '(pointer: coarse)'
      ? ({
          matches: coarse,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        } as unknown as MediaQueryList)
      : original.call(window, query);
  return () => void (window.matchMedia = original);
}
