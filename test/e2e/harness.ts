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
import { startTestDemo } from './demo-steps.js';

export * from './demo-steps.js';

const outputDir = fileURLToPath(new URL('../output/e2e/', import.meta.url));

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

export async function openPage(
  browser: Browser,
  url: string | undefined,
  options: BrowserContextOptions & { initScript?: string } = {},
): Promise<OpenPage> {
  const { initScript, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, ...contextOptions });
  const page = await context.newPage();
  const opened: OpenPage = { page, errors: [], requests: [], consoleMessages: [], close: () => context.close() };
  page.on('pageerror', (error) => opened.errors.push(error.message));
  page.on('request', (request) => opened.requests.push(request.url()));
  page.on('console', (message) => opened.consoleMessages.push(message.text()));
  if (initScript) await page.addInitScript(initScript);
  if (url) await page.goto(url);
  return opened;
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
     * screenshot and the page's text with the failure.
     */
    async withPage(
      url: string,
      run: (open: OpenPage) => Promise<void>,
      pageOptions: BrowserContextOptions & { initScript?: string } = {},
    ): Promise<void> {
      const open = await openPage(browser!, url, pageOptions);
      try {
        await run(open);
        assert.deepEqual(open.errors, [], 'no uncaught exception in the page');
      } catch (error) {
        const name = `failed-${new URL(open.page.url()).pathname.replace(/\W+/g, '-')}-${Date.now()}`;
        await screenshot(open.page, name).catch(() => {});
        const shown = await open.page
          .evaluate(() => `${location.href}\n${document.body?.innerText ?? ''}`)
          .catch((failure: Error) => `(unreadable: ${failure.message.split('\n')[0]})`);
        if (error instanceof Error) {
          const said = `\n--- the page showed: ${shown.replace(/\n\s*\n/g, '\n').slice(0, 4000)}${
            open.errors.length ? `\n--- its uncaught errors: ${open.errors.join(' | ')}` : ''
          }`;
          if (error.stack?.includes(error.message))
            error.stack = error.stack.replace(error.message, error.message + said);
          error.message += said;
        }
        throw error;
      } finally {
        await open.close();
      }
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: `${outputDir}chromium-${name}.png`, fullPage: true });
}
