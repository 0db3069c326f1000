/**
 * End-to-end harness: the demo (emulator, merchant backend, its pages) started in-process on free
 * ports, and a browser driving its pages as a customer would, in one engine per test process:
 * Chromium unless a file chooses another with useEngine() before it imports the tests (the
 * *.firefox / *.webkit test files). page-driver.ts is the interface the tests drive pages through.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildDemo } from '../../demo/build.js';
import { startDemo, type Demo } from '../../demo/server.js';
import { ENGINE_TITLES, launchEngine } from './engines.js';
import type { EngineBrowser, EngineName, EnginePage as Page, OpenedPage } from './page-driver.js';
import { allStarted } from '../support/all-started.js';

const outputDir = fileURLToPath(new URL('../output/e2e/', import.meta.url));

let engine: EngineName = 'chromium';

/** The engine of this test process's browser; call it before the tests are imported. */
export function useEngine(name: EngineName): void {
  engine = name;
}

/** The engine of this test process. */
export const engineName = (): EngineName => engine;

/** "Chromium", "Firefox" or "WebKit": test titles carry it, so a report says where a test ran. */
export const engineTitle = (): string => ENGINE_TITLES[engine];

/** Short settling, so the whole suite takes seconds per scenario rather than minutes. */
export const SETTLE_DELAY_MS = 300;

/**
 * The demo for a test file. By default its pages are a production build of their own (demo/build.ts,
 * under a second), served as they are: a page then loads a few bundled scripts where Vite's dev
 * server has it ask for about 150 modules one by one, in every page a test opens (up to 0.8
 * CPU-seconds more a page load in Firefox and WebKit). `{ dev: true }`: the pages through Vite's
 * dev server, as `npm run demo` serves them, warmed before the tests.
 */
export async function startTestDemo({ dev = false }: { dev?: boolean } = {}): Promise<Demo> {
  const built = dev ? undefined : mkdtempSync(join(tmpdir(), 'pay-checkout-demo-build-'));
  try {
    if (built) await buildDemo(built);
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
    if (!built) return demo;
    const close = demo.close;
    return Object.assign(demo, {
      close: () => close().finally(() => rmSync(built, { recursive: true, force: true })),
    });
  } catch (error) {
    if (built) rmSync(built, { recursive: true, force: true });
    throw error;
  }
}

/** A module's static and dynamic imports, as Vite's compiled modules write them. */
const IMPORTS = /\b(?:import|export)\s*(?:[\w$*{}\s,]+\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
/** The module scripts of a page. */
const MODULE_SCRIPTS = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;

/**
 * Asks the demo's Vite for every module its pages load, as a first visit would, and waits for all
 * the answers. Vite compiles a module at its first request, and a fresh demo compiles them all
 * for the first page a test opens: on two busy cores that page's `load` came after the page's
 * 15 s bound (the shop's first three pages in Chromium, a fresh-clone run). Compiled here once,
 * they wait in Vite's cache for the file's tests, and every page load is a warm one.
 */
export async function warmDemo(demo: Demo): Promise<void> {
  const seen = new Set<string>();
  const visit = async (url: URL): Promise<void> => {
    if (url.origin !== new URL(demo.url).origin || seen.has(url.href)) return;
    seen.add(url.href);
    const response = await fetch(url);
    const text = await response.text();
    // A string in a module's code that only looks like an import: nothing to warm.
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

export function launchBrowser(): Promise<EngineBrowser> {
  return launchEngine(engine);
}

/**
 * The demo and a browser for the tests of one file: started before them, closed after them. Read
 * `demo` and `browser` inside tests (they exist once the file's `before` has run).
 */
export function demoInBrowser(options: { dev?: boolean } = {}) {
  let demo: Demo | undefined;
  let browser: EngineBrowser | undefined;
  before(async () => {
    [demo, browser] = await allStarted([startTestDemo(options), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });
  const running = {
    get demo(): Demo {
      return demo!;
    },
    get browser(): EngineBrowser {
      return browser!;
    },
    /** withPage in this file's browser. */
    withPage: (url: string, run: (open: OpenPage) => Promise<void>, options: { recordStates?: boolean } = {}) =>
      withPage(running.browser, url, run, options),
  };
  return running;
}

export type OpenPage = OpenedPage;

/** A fresh browser context (its own sessionStorage) with one page. */
export async function openPage(
  browser: EngineBrowser,
  url: string,
  options: { recordStates?: boolean } = {},
): Promise<OpenPage> {
  const opened = await browser.newPage({
    viewport: { width: 1480, height: 1000 },
    initScript: options.recordStates ? recordStates : undefined,
  });
  opened.page.setDefaultTimeout(15_000);
  await opened.page.goto(url);
  return opened;
}

/**
 * Runs in the page before its scripts: every value the `state` attribute of a <pay-checkout>
 * takes, in order, in `window.checkoutStates`. A string, not a function: tsx wraps named
 * functions in a helper that does not exist in the page. WebKitWebDriver cannot run a script
 * before the page's own: there it runs once the page has loaded, and notes the states it finds.
 */
const recordStates = `
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
  document.querySelectorAll('pay-checkout').forEach(note);
`;

export const checkoutStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { checkoutStates: string[] }).checkoutStates);

/** Chooses a scenario preset on the shop (opening the rejections group when it is in there). */
export async function choosePreset(page: Page, name: string): Promise<void> {
  const radio = page.locator(`#preset-${name}`);
  const group = page.locator('details.rejections');
  // The shop's script adds the presets: where it is, not yet until it has run.
  await radio.waitFor({ state: 'attached' });
  if (
    (await group.locator(`#preset-${name}`).count()) &&
    !(await group.evaluate((details) => (details as HTMLDetailsElement).open))
  ) {
    await group.locator('summary').click();
  }
  await radio.check();
}

/** The element's state once it reaches one of `states`. */
export async function untilState(page: Page, ...states: string[]): Promise<string> {
  const selector = states.map((state) => `pay-checkout[state="${state}"]`).join(', ');
  await page.locator(selector).waitFor();
  return (await page.locator('pay-checkout').getAttribute('state'))!;
}

/** Presses the element's pay button once its form is shown. */
export async function submitCheckout(page: Page): Promise<void> {
  await untilState(page, 'select');
  await page.locator('pay-checkout [part="submit"]').click();
}

/** Text of the event log entries of one event name. */
export const loggedEvents = (page: Page, name: string, log = '#event-log') =>
  page.locator(`${log} [data-event="${name}"]`).allTextContents();

/** The same, once at least one is there: the page writes its log after the element's state moved on. */
export async function untilLogged(page: Page, name: string, log = '#event-log'): Promise<string[]> {
  await page.locator(`${log} [data-event="${name}"]`).first().waitFor();
  return loggedEvents(page, name, log);
}

/** Waits for the callback of a payin, read by the merchant backend as `status`. */
export async function untilCallback(
  page: Page,
  idPayin: string,
  status: string,
  list = '#callback-log',
): Promise<string> {
  const entry = page.locator(`${list} [data-id-payin="${idPayin}"][data-status="${status}"]`);
  await entry.waitFor();
  return (await entry.first().textContent()) ?? '';
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: `${outputDir}${engine}-${name}.png`, fullPage: true });
}

export interface AxeViolation {
  id: string;
  impact: string;
  nodes: string[];
}

/** axe-core's WCAG 2.0, 2.1 and 2.2 A/AA and best-practice rules over the page, open shadow roots included. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // The React and Vue pages render after the load event: axe looks at the page once it has.
  await page.locator('h1').first().waitFor();
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  // A string: a function would be compiled by tsx with helpers the page does not have.
  return page.evaluate(`axe
    .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })))`);
}

/**
 * Runs a test on a fresh page: it fails on any uncaught exception in the page, and leaves a
 * screenshot of what the page showed when it went wrong, for whoever reads the failure.
 */
const WATCHDOG_MS = 40_000;

export async function withPage(
  browser: EngineBrowser,
  url: string,
  run: (open: OpenPage) => Promise<void>,
  options: { recordStates?: boolean } = {},
): Promise<void> {
  const open = await openPage(browser, url, options);
  // A test that times out is ended without an error from here: what the driver was doing then is
  // printed before the shortest timeout of a test with a page (45 s) ends it.
  const watchdog = setTimeout(() => {
    const trace = 'trace' in open.page ? String(open.page.trace) : '(no driver trace)';
    console.error(`A page of ${url} is still in use after ${WATCHDOG_MS / 1000} s; the driver's last calls:\n${trace}`);
  }, WATCHDOG_MS);
  watchdog.unref();
  try {
    await run(open);
    await open.collect();
    assert.deepEqual(open.errors, [], 'no uncaught exception in the page');
  } catch (error) {
    await screenshot(open.page, `failed-${new URL(open.page.url()).pathname.replace(/\W+/g, '-')}-${Date.now()}`).catch(
      () => {},
    );
    // CI keeps the log, not the screenshot: what the page said goes with the failure.
    const shown = await open.page
      .evaluate<string>(
        '`${location.href}, pay-checkout state: ${document.querySelector("pay-checkout")?.getAttribute("state")}\\n${document.body?.innerText ?? ""}`',
      )
      .catch((failure: Error) => `(unreadable: ${failure.message.split('\n')[0]})`);
    if (error instanceof Error) {
      let said = `\n--- the page showed: ${shown.replace(/\n\s*\n/g, '\n').slice(0, 4000)}`;
      if (open.errors.length) said += `\n--- its uncaught errors: ${open.errors.join(' | ')}`;
      if (open.consoleMessages?.length)
        said += `\n--- its console, last lines: ${open.consoleMessages.slice(-8).join(' | ')}`;
      const trace = 'trace' in open.page ? String(open.page.trace) : '';
      if (trace) said += `\n--- the driver's last calls:\n${trace}`;
      // The reporter prints the stack, which was written with the message when the error was made.
      if (error.stack?.includes(error.message)) error.stack = error.stack.replace(error.message, error.message + said);
      error.message += said;
    }
    throw error;
  } finally {
    clearTimeout(watchdog);
    await open.close();
  }
}
