/**
 * Browsers for the end-to-end tests, one per engine, behind EngineBrowser (page-driver.ts):
 * Chromium through Playwright; Firefox through puppeteer-core over WebDriver BiDi; WebKit through
 * WebdriverIO, WebKitWebDriver and MiniBrowser (under Xvfb when DISPLAY is unset). Where the
 * machine has Playwright's own Firefox or WebKit instead of Debian's, Playwright drives those too.
 * test/support/engines/binaries.mjs says where each binary comes from.
 */
import {
  chromium,
  firefox,
  webkit,
  type Browser as PlaywrightBrowser,
  type BrowserContext,
  type Page,
} from 'playwright';
import { launch as launchPuppeteer, type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { CHROMIUM_ARGS, engineSetup, BROWSER_START_MS } from '../support/engines/binaries.mjs';
import { centreWindow, pressKey, startWebKit, type WebKitSession } from '../support/engines/webdriver.mjs';
import type { EngineBrowser, EngineName, OpenedPage, PageOptions } from './page-driver.js';
import { ScriptedPage, type PagePrimitives } from './scripted-page.js';

export const ENGINE_TITLES: Record<EngineName, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** Firefox reports a CSP violation as an error of the page: it belongs with the console's reports. */
const FIREFOX_CSP_REPORT = /^Content-Security-Policy: /;

export async function launchEngine(engine: EngineName): Promise<EngineBrowser> {
  const setup = engineSetup(engine);
  if (setup.via === 'playwright')
    return launchPlaywright(engine, setup.engine === 'chromium' ? setup.executablePath : undefined);
  if (setup.via === 'puppeteer') return launchFirefox(setup.executablePath);
  return webkitBrowser(setup.driverPath, setup.browserPath);
}

/** A Playwright page, with its context: the Chromium-only witnesses (DevTools) start from these. */
export interface PlaywrightOpenedPage extends OpenedPage {
  playwright: { page: Page; context: BrowserContext };
}

async function launchPlaywright(engine: EngineName, executablePath: string | undefined): Promise<EngineBrowser> {
  const browserType = { chromium, firefox, webkit }[engine];
  const browser: PlaywrightBrowser = await browserType.launch(
    engine === 'chromium' ? { executablePath, headless: true, args: CHROMIUM_ARGS } : { headless: true },
  );
  return {
    engine,
    title: ENGINE_TITLES[engine],
    async newPage({
      viewport = DEFAULT_VIEWPORT,
      colorScheme,
      initScript,
      bypassCSP,
    }: PageOptions = {}): Promise<PlaywrightOpenedPage> {
      const context = await browser.newContext({ viewport, colorScheme, bypassCSP });
      const page = await context.newPage();
      // Chromium lets a test read the clipboard once granted; Playwright's Firefox and WebKit do not.
      const readClipboard =
        engine === 'chromium'
          ? async () => {
              // Both: Chromium refuses every permission a grant leaves out, writing included.
              await context.grantPermissions(['clipboard-read', 'clipboard-write']);
              return page.evaluate(() => navigator.clipboard.readText());
            }
          : undefined;
      const opened: PlaywrightOpenedPage = {
        page,
        errors: [],
        requests: [],
        consoleMessages: [],
        readClipboard,
        collect: async () => {},
        close: () => context.close(),
        playwright: { page, context },
      };
      page.on('pageerror', (error) => opened.errors.push(error.message));
      page.on('request', (request) => opened.requests.push(request.url()));
      page.on('console', (message) => opened.consoleMessages!.push(message.text()));
      if (initScript) await page.addInitScript(initScript);
      return opened;
    },
    close: () => browser.close(),
  };
}

/**
 * Firefox: a browser context (its own storage) and a window (not a tab: background tabs are
 * hidden) per page. Only one window has the focus, and a click or key in another is not what a
 * shopper does, so input brings its window to the front first, one page at a time. The colour
 * scheme is a preference of the whole browser (puppeteer emulates it per page over CDP only):
 * light pages come from one Firefox, dark ones from a second, started when first asked for.
 */
async function launchFirefox(executablePath: string): Promise<EngineBrowser> {
  const launchScheme = (scheme: 'light' | 'dark') =>
    launchPuppeteer({
      browser: 'firefox',
      executablePath,
      headless: true,
      // How long Firefox may take to say it listens (puppeteer's default is 30 s): at the start of
      // `npm test`, with both suites starting their browsers on two cores, one Firefox took longer.
      timeout: BROWSER_START_MS,
      extraPrefsFirefox: { 'layout.css.prefers-color-scheme.content-override': scheme === 'dark' ? 0 : 1 },
    });
  const browsers: Partial<Record<'light' | 'dark', Promise<PuppeteerBrowser>>> = {
    light: launchScheme('light'),
  };
  await browsers.light;
  let focusTurns: Promise<unknown> = Promise.resolve();
  const inFocusTurn = <T>(action: () => Promise<T>): Promise<T> => {
    const turn = focusTurns.then(action);
    focusTurns = turn.catch(() => {});
    return turn;
  };
  return {
    engine: 'firefox',
    title: ENGINE_TITLES.firefox,
    async newPage({ viewport = DEFAULT_VIEWPORT, colorScheme = 'light', initScript }: PageOptions = {}) {
      const browser = await (browsers[colorScheme] ??= launchScheme(colorScheme));
      const context = await browser.createBrowserContext();
      const page = await inFocusTurn(() => context.newPage({ type: 'window' }));
      await page.setViewport(viewport);
      if (initScript) await page.evaluateOnNewDocument(initScript);
      // Firefox reads the clipboard for a page only on a user's paste (a prompt).
      const opened: OpenedPage = {
        page: undefined!,
        errors: [],
        requests: [],
        consoleMessages: [],
        readClipboard: undefined,
        collect: async () => {},
        close: () => context.close(),
      };
      page.on('pageerror', (error) => {
        const message = error instanceof Error ? error.message : String(error);
        (FIREFOX_CSP_REPORT.test(message) ? opened.consoleMessages! : opened.errors).push(message);
      });
      page.on('console', (message) => opened.consoleMessages!.push(message.text()));
      page.on('request', (request) => opened.requests.push(request.url()));
      const focused = <T>(action: () => Promise<T>) => inFocusTurn(async () => (await page.bringToFront(), action()));
      const primitives: PagePrimitives = {
        run: <T>(body: string, args: unknown[] = []) =>
          page.evaluate(`(function () {\n${body}\n}).apply(null, ${JSON.stringify(args)})`) as Promise<T>,
        goto: async (url) => void (await page.goto(url)),
        reload: async () => void (await page.reload()),
        url: async () => page.url(),
        click: (x, y) => focused(() => page.mouse.click(x, y)),
        press: (key) => focused(() => pressCombination(page.keyboard, key)),
        type: (text) => focused(() => page.keyboard.type(text)),
        screenshot: async ({ fullPage }) => Buffer.from(await page.screenshot({ fullPage })),
      };
      opened.page = new ScriptedPage(primitives);
      return opened;
    },
    async close() {
      await Promise.all(Object.values(browsers).map(async (browser) => (await browser).close()));
    },
  };
}

type PuppeteerKeyboard = import('puppeteer-core').Keyboard;
type PuppeteerKey = Parameters<PuppeteerKeyboard['press']>[0];

/** A key press as Playwright writes it ('Enter', 'Shift+Tab'): puppeteer takes one key at a time. */
async function pressCombination(keyboard: PuppeteerKeyboard, combination: string) {
  const keys = combination.split('+') as PuppeteerKey[];
  const key = keys.pop()!;
  for (const modifier of keys) await keyboard.down(modifier);
  await keyboard.press(key);
  for (const modifier of keys.reverse()) await keyboard.up(modifier);
}

/**
 * Runs in the page after each load and action under WebKitWebDriver, which has no events and no
 * scripts before the page's own: records uncaught errors from then on, and answers what is new
 * since the last call (errors, and requests as Resource Timing lists them) and the address.
 */
const WEBKIT_WITNESS = `
  let witness = window.__engineWitness;
  const fresh = !witness;
  if (fresh) {
    witness = window.__engineWitness = { errors: [], requests: [] };
    addEventListener('error', (event) => witness.errors.push(event.message));
    addEventListener('unhandledrejection', (event) => witness.errors.push(String((event.reason && event.reason.message) || event.reason)));
    // Each entry as it is added (and those before, buffered), not a count into the list, which is
    // sorted by start time: a long request that ends after a later short one lands before it.
    performance.setResourceTimingBufferSize(100000);
    new PerformanceObserver((list) => witness.requests.push(...list.getEntries().map((entry) => entry.name))).observe({ type: 'resource', buffered: true });
  }
  return { fresh, url: location.href, errors: witness.errors.splice(0), requests: witness.requests.splice(0) };
`;

/**
 * WebKit: a MiniBrowser per page, through WebdriverIO (a WebKitWebDriver holds one session, and
 * each session starts with empty storage). Uncaught errors are seen from the end of each page load
 * on, requests as Resource Timing lists them; the console is out of reach (README: engine notes).
 * The newest window has the keyboard focus: WebDriver's input reaches the others too, but their
 * documents have no focus (raising a window means hiding and showing it, which a page would see).
 */
function webkitBrowser(driverPath: string, browserPath: string): EngineBrowser {
  const sessions = new Set<WebKitSession>();
  return {
    engine: 'webkit',
    title: ENGINE_TITLES.webkit,
    async newPage({ viewport = DEFAULT_VIEWPORT, colorScheme, initScript }: PageOptions = {}) {
      // MiniBrowser is light unless told otherwise.
      const session = await startWebKit({
        driverPath,
        browserPath,
        browserArgs: colorScheme === 'dark' ? ['--dark-mode'] : [],
      });
      sessions.add(session);
      const { browser } = session;
      await sizeViewport(browser, viewport);
      const opened: OpenedPage = {
        page: undefined!,
        errors: [],
        requests: [],
        consoleMessages: undefined,
        // MiniBrowser reads the clipboard for a page only on a user's paste.
        readClipboard: undefined,
        collect: () => witness(false),
        close: async () => {
          sessions.delete(session);
          await session.close();
        },
      };
      let url = 'about:blank';
      const witness = async (install: boolean) => {
        const seen = (await browser.execute(
          install ? WEBKIT_WITNESS : `return window.__engineWitness ? (() => { ${WEBKIT_WITNESS} })() : null;`,
        )) as {
          fresh: boolean;
          url: string;
          errors: string[];
          requests: string[];
        } | null;
        if (!seen) return;
        url = seen.url;
        if (seen.fresh) {
          opened.requests.push(seen.url);
          if (initScript) await browser.execute(initScript);
        }
        opened.errors.push(...seen.errors);
        opened.requests.push(...seen.requests);
      };
      const primitives: PagePrimitives = {
        run: <T>(body: string, args: unknown[] = []) => browser.execute(body, ...args) as Promise<T>,
        // WebKitWebDriver 2.50 ends a navigation at readyState 'interactive': ScriptedPage waits for the load.
        goto: (target) => browser.navigateTo(target),
        reload: () => browser.refresh(),
        // The page's address as the witness last read it (after every load and action).
        url: async () => url,
        click: (x, y) =>
          browser
            .action('pointer', { parameters: { pointerType: 'mouse' } })
            .move({ x: Math.round(x), y: Math.round(y), origin: 'viewport' })
            .down()
            .up()
            .perform(),
        press: (key) => pressKey(browser, key),
        type: async (text) => {
          const keys = browser.action('key');
          for (const character of text) keys.down(character).up(character);
          await keys.perform();
        },
        // WebDriver screenshots the viewport only.
        screenshot: async () => Buffer.from(await browser.takeScreenshot(), 'base64'),
        afterEach: () => witness(true),
        beforeLeaving: () => witness(false),
      };
      opened.page = new ScriptedPage(primitives);
      return opened;
    },
    async close() {
      await Promise.allSettled([...sessions].map((session) => session.close()));
      sessions.clear();
    },
  };
}

/** The window sized so that the page gets `viewport` (MiniBrowser's toolbar takes the rest). */
async function sizeViewport(browser: WebKitSession['browser'], viewport: { width: number; height: number }) {
  await centreWindow(browser, viewport.width, viewport.height);
  const inner = (await browser.execute('return { width: innerWidth, height: innerHeight };')) as {
    width: number;
    height: number;
  };
  await centreWindow(browser, 2 * viewport.width - inner.width, 2 * viewport.height - inner.height);
}
