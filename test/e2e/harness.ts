/**
 * End-to-end harness: headless Chromium (Playwright) for a file's tests, each on a page of its
 * own browser context, beside the demo (demo-steps.ts): under `npm test` the one Chromium every
 * Node test file shares (launchChromium), else one for the file. The tests use Playwright's own
 * locators, auto-waiting and `expect`.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright';
import type { Demo } from '../../demo/server.js';
import { launchChromium } from '../../scripts/page-server.js';
import { allStarted } from '../support/all-started.js';
import { startTestDemo, startTrail, step, trailOf } from './demo-steps.js';

export * from './demo-steps.js';

const outputDir = fileURLToPath(new URL('../output/e2e/', import.meta.url));

/**
 * How long a test on a page may take before withPage fails it with its steps, unless it says
 * otherwise: below the 45 s of the tests' own timeout, so that the failure is withPage's.
 */
export const PAGE_BUDGET_MS = 40_000;

/** A page in a fresh browser context (its own storage), with what it reported. */
export interface OpenPage {
  page: Page;
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
  consoleMessages: string[];
  close(): Promise<void>;
}

/** A page in a fresh browser context (its own storage), at `url` if one is given. */
export async function openPage(
  browser: Browser,
  url: string | undefined,
  options: BrowserContextOptions & { initScript?: string } = {},
): Promise<OpenPage> {
  const opened = await newPage(browser, options);
  if (url) await goTo(opened.page, url);
  return opened;
}

async function newPage(
  browser: Browser,
  { initScript, ...contextOptions }: BrowserContextOptions & { initScript?: string },
): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, ...contextOptions });
  const page = await context.newPage();
  const opened: OpenPage = { page, errors: [], requests: [], consoleMessages: [], close: () => context.close() };
  page.on('pageerror', (error) => opened.errors.push(error.message));
  page.on('request', (request) => opened.requests.push(request.url()));
  page.on('console', (message) => opened.consoleMessages.push(message.text()));
  if (initScript) await page.addInitScript(initScript);
  startTrail(page);
  return opened;
}

async function goTo(page: Page, url: string): Promise<void> {
  step(page, `open ${new URL(url).pathname}`);
  await page.goto(url);
}

/**
 * The demo and Chromium for the tests of one file: started before them, closed (or, the shared
 * Chromium, disconnected from) after them. Read
 * `demo` and `browser` inside tests (they exist once the file's `before` has run).
 */
export function demoInBrowser(options: { dev?: boolean } = {}) {
  let demo: Demo | undefined;
  let browser: Browser | undefined;
  before(async () => {
    [demo, browser] = await allStarted([startTestDemo(options), launchChromium()]);
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });
  return {
    get demo(): Demo {
      return demo!;
    },
    get browser(): Browser {
      return browser!;
    },
    /**
     * Runs a test on a fresh page: it fails on any uncaught exception in the page, and leaves a
     * screenshot and the page's text with the failure. It fails, too, when the test is still
     * running after `budgetMs` (set it below the test's own timeout), naming the step it was
     * waiting on and the time each step before took.
     */
    async withPage(
      url: string,
      run: (open: OpenPage) => Promise<void>,
      {
        budgetMs = PAGE_BUDGET_MS,
        ...pageOptions
      }: BrowserContextOptions & { initScript?: string; budgetMs?: number } = {},
    ): Promise<void> {
      let open: OpenPage | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outOfTime = new Promise<never>((_, reject) => {
        const said = () => (open ? trailOf(open.page) : 'a new browser context and page (still waiting)');
        timer = setTimeout(() => reject(new Error(`still running after ${budgetMs / 1000} s: ${said()}`)), budgetMs);
      });
      const opening = newPage(browser!, pageOptions);
      try {
        open = await Promise.race([opening, outOfTime]);
        const running = goTo(open.page, url).then(() => run(open!));
        // Out of time, the page closes under the test: what the test then meets is not heard.
        running.catch(() => {});
        await Promise.race([running, outOfTime]);
        assert.deepEqual(open.errors, [], 'no uncaught exception in the page');
        // PAY_CHECKOUT_E2E_STEPS=1: each passing test's steps too, to see where the time goes.
        if (process.env.PAY_CHECKOUT_E2E_STEPS) console.log(`steps: ${trailOf(open.page, { ended: true })}`);
      } catch (error) {
        if (!open) throw error;
        const name = `failed-${new URL(open.page.url()).pathname.replace(/\W+/g, '-')}-${Date.now()}`;
        await screenshot(open.page, name).catch(() => {});
        const shown = await open.page
          .evaluate(() => `${location.href}\n${document.body?.innerText ?? ''}`)
          .catch((failure: Error) => `(unreadable: ${failure.message.split('\n')[0]})`);
        if (error instanceof Error) {
          const said = `\n--- its steps: ${trailOf(open.page)}\n--- the page showed: ${shown.replace(/\n\s*\n/g, '\n').slice(0, 4000)}${
            open.errors.length ? `\n--- its uncaught errors: ${open.errors.join(' | ')}` : ''
          }`;
          if (error.stack?.includes(error.message))
            error.stack = error.stack.replace(error.message, error.message + said);
          error.message += said;
        }
        throw error;
      } finally {
        clearTimeout(timer);
        // A page that comes too late is closed when it comes.
        if (open) await open.close();
        else void opening.then((late) => late.close()).catch(() => {});
      }
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  step(page, 'screenshot');
  mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: `${outputDir}chromium-${name}.png`, fullPage: true });
}
