/**
 * The demo for the end-to-end tests (emulator, merchant backend, its pages, started in-process on
 * free ports), and the steps a shopper takes on its pages, in Playwright's terms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { buildDemo } from '../../demo/build.js';
import { startDemo, type Demo } from '../../demo/server.js';
import { expect as playwrightExpect } from '@playwright/test';

/** Playwright's `expect`, its waits bounded as a page's were: 15 s for what the page says next. */
export const expect = playwrightExpect.configure({ timeout: 15_000 });

/** Short settling, so the whole suite takes seconds per scenario rather than minutes. */
export const SETTLE_DELAY_MS = 300;

/**
 * The demo for a test file. By default its pages are a production build (demo/build.ts), served as
 * they are: the one `npm test` made for every file (PAY_CHECKOUT_DEMO_BUILD, by
 * scripts/test-suites.mjs), else one of the file's own. `{ dev: true }`: the pages through Vite's
 * dev server, as `npm run demo` serves them, warmed before the tests.
 */
export async function startTestDemo({ dev = false }: { dev?: boolean } = {}): Promise<Demo> {
  const shared = dev ? undefined : process.env.PAY_CHECKOUT_DEMO_BUILD;
  const built = dev ? undefined : (shared ?? mkdtempSync(join(tmpdir(), 'pay-checkout-demo-build-')));
  const removeBuild = () => built && !shared && rmSync(built, { recursive: true, force: true });
  try {
    if (built && !shared) await buildDemo(built);
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      sandboxPort: 0,
      log: false,
      hmr: false,
      built,
      sandbox: { settleDelayMs: SETTLE_DELAY_MS, rateLimit: false, callbackRetry: { baseDelayMs: 50 } },
    });
    if (dev) await warmDemo(demo);
    const close = demo.close;
    return Object.assign(demo, { close: () => close().finally(removeBuild) });
  } catch (error) {
    removeBuild();
    throw error;
  }
}

/** A module's static and dynamic imports, as Vite's compiled modules write them. */
const IMPORTS = /\b(?:import|export)\s*(?:[\w$*{}\s,]+\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
/** The module scripts of a page. */
const MODULE_SCRIPTS = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;

/**
 * Asks the demo's Vite for every module its pages load, as a first visit would, and waits for all
 * the answers: Vite compiles a module at its first request, and on two busy cores the first page
 * a test opened paid for the whole graph (its `load` came after 15 s).
 */
export async function warmDemo(demo: Demo): Promise<void> {
  const seen = new Set<string>();
  const visit = async (url: URL): Promise<void> => {
    if (url.origin !== new URL(demo.url).origin || seen.has(url.href)) return;
    seen.add(url.href);
    const response = await fetch(url);
    const text = await response.text();
    if (!response.ok) return;
    const isPage = (response.headers.get('content-type') ?? '').includes('text/html');
    const found = isPage
      ? [...text.matchAll(MODULE_SCRIPTS)].map((match) => match[1]!)
      : [...text.matchAll(IMPORTS)].map((match) => (match[1] ?? match[2])!);
    await Promise.all(
      found.filter((specifier) => /^[./]/.test(specifier)).map((specifier) => visit(new URL(specifier, url))),
    );
  };
  await Promise.all(Object.values(demo.pages).map((page) => visit(new URL(page))));
}

/**
 * What the test on each page is doing: its steps, named, with when each began. A test that runs
 * out of time then says which step it was waiting on, and how long each step before it took.
 */
const trails = new WeakMap<Page, { name: string; at: number }[]>();

/** Notes that the test on `page` begins a step. */
export function step(page: Page, name: string): void {
  trails.get(page)?.push({ name, at: performance.now() });
}

/** Starts the trail of a page's test. */
export function startTrail(page: Page): void {
  trails.set(page, []);
}

/** The steps with their durations, "open / 3.1 s → …"; unless `ended`, the last one is still under way. */
export function trailOf(page: Page, { ended = false } = {}): string {
  const trail = trails.get(page) ?? [];
  const now = performance.now();
  return trail
    .map(({ name, at }, i) => {
      const end = trail[i + 1]?.at;
      return `${name} ${(((end ?? now) - at) / 1000).toFixed(1)} s${end === undefined && !ended ? ' (still waiting)' : ''}`;
    })
    .join(' → ');
}

/** Every value the `state` attribute of a <pay-checkout> takes, in order, in `window.checkoutStates`. */
export const RECORD_STATES = `
  const states = (window.checkoutStates = []);
  const note = (node) => {
    if (node instanceof Element && node.localName === 'pay-checkout' && node.hasAttribute('state')) states.push(node.getAttribute('state'));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') note(record.target);
      record.addedNodes.forEach(note);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['state'] });
`;

export const checkoutStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { checkoutStates: string[] }).checkoutStates);

/** Chooses a scenario preset on the shop (opening the rejections group when it is in there). */
export async function choosePreset(page: Page, name: string): Promise<void> {
  step(page, `choose the preset ${name}`);
  const radio = page.locator(`#preset-${name}`);
  const group = page.locator('details.rejections');
  // The shop's script adds the presets: wait until it has run.
  await expect(radio).toBeAttached();
  if ((await group.locator(`#preset-${name}`).count()) && (await group.getAttribute('open')) === null) {
    await group.locator('summary').click();
  }
  await radio.check();
}

/** The element's state once it reaches one of `states`. */
export async function untilState(page: Page, ...states: string[]): Promise<string> {
  step(page, `wait for the state ${states.join('|')}`);
  const checkout = page.locator(states.map((state) => `pay-checkout[state="${state}"]`).join(', '));
  await expect(checkout).toBeAttached();
  return (await checkout.getAttribute('state'))!;
}

/** Presses the element's pay button once its form is shown. */
export async function submitCheckout(page: Page): Promise<void> {
  await untilState(page, 'select');
  step(page, 'press the pay button');
  await page.locator('pay-checkout [part="submit"]').click();
}

/** Text of the event log entries of one event name. */
export const loggedEvents = (page: Page, name: string, log = '#event-log') =>
  page.locator(`${log} [data-event="${name}"]`).allTextContents();

/** The same, once at least one is there: the page writes its log after the element's state moved on. */
export async function untilLogged(page: Page, name: string, log = '#event-log'): Promise<string[]> {
  step(page, `wait for ${name} in the log`);
  await expect(page.locator(`${log} [data-event="${name}"]`).first()).toBeAttached();
  return loggedEvents(page, name, log);
}

/** Waits for the callback of a payin, read by the merchant backend as `status`; its text. */
export async function untilCallback(page: Page, idPayin: string, status: string, list = '#callback-log') {
  step(page, `wait for the callback ${status}`);
  const entry = page.locator(`${list} [data-id-payin="${idPayin}"][data-status="${status}"]`).first();
  await expect(entry).toBeAttached();
  return (await entry.textContent()) ?? '';
}

/** axe-core's WCAG 2.1 A/AA and best-practice rules over the page, open shadow roots included. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // The React and Vue pages render after the load event: axe looks at the page once it has.
  step(page, 'axe');
  await expect(page.locator('h1').first()).toBeVisible();
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  // A string: a function would be compiled by tsx with helpers the page does not have.
  return page.evaluate(`axe
    .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))`);
}
