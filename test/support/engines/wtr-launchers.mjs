/**
 * The browser suite's launchers, one per engine (see binaries.mjs for where each comes from):
 * Chromium through Playwright, Firefox through puppeteer-core over WebDriver BiDi (wtr's own
 * puppeteer launcher, given puppeteer-core: @web/test-runner-puppeteer would pull in full
 * puppeteer, whose install downloads a browser), WebKit through WebdriverIO and WebKitWebDriver.
 * On a machine with Playwright's own Firefox or WebKit and no system one, Playwright launches it.
 */
import { ChromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, engineSetup, BROWSER_START_MS } from './binaries.mjs';
import { centreWindow, pressKey, startWebKit } from './webdriver.mjs';

const MOUSE_BUTTONS = { left: 0, middle: 1, right: 2 };

/**
 * A wtr BrowserLauncher over WebKitWebDriver, driven by WebdriverIO: one MiniBrowser per
 * concurrent test file (a driver holds one session), reused from file to file; `type: 'webdriver'`
 * so wtr's sendKeys and sendMouse commands reach the methods below. Nothing here needs the Chrome
 * DevTools protocol: wtr's page talks to the runner over its own WebSocket, and the suite collects
 * no coverage. (@web/test-runner-webdriver expects a driver already listening and one session for
 * all files; WebKitGTK's driver has to be started per session, and its window centred.)
 */
export class WebKitDriverLauncher {
  name = 'WebKit';
  type = 'webdriver';

  /** @param {{ driverPath: string, browserPath: string, concurrency?: number }} options */
  constructor({ driverPath, browserPath, concurrency }) {
    this.options = { driverPath, browserPath };
    this.concurrency = concurrency;
    /** @type {Map<string, import('./webdriver.mjs').WebKitSession>} */
    this.active = new Map();
    this.idle = [];
    this.starting = new Set();
  }

  async startSession(sessionId, url) {
    const session = this.idle.pop() ?? (await this.newBrowser());
    this.active.set(sessionId, session);
    await session.browser.navigateTo(url);
  }

  async newBrowser() {
    const starting = startWebKit(this.options);
    this.starting.add(starting);
    try {
      const session = await starting;
      // wtr's other launchers test in an 800×600 viewport; the window is a little larger (its
      // toolbar), and centred, where the pointer gives it the keyboard focus.
      await centreWindow(session.browser, 800, 640);
      return session;
    } finally {
      this.starting.delete(starting);
    }
  }

  isActive(sessionId) {
    return this.active.has(sessionId);
  }

  getBrowserUrl(sessionId) {
    return this.browserOf(sessionId).getUrl();
  }

  async stopSession(sessionId) {
    const session = this.active.get(sessionId);
    if (!session) throw new Error(`No WebKit session ${sessionId}`);
    this.active.delete(sessionId);
    // Away from the test page, so its timers stop; the browser waits for the next file.
    await session.browser.navigateTo('about:blank');
    this.idle.push(session);
    return {};
  }

  /** wtr's sendKeys command: `keys` are key names ('Tab', 'Enter') or single characters. */
  async sendKeys(sessionId, keys) {
    const browser = this.browserOf(sessionId);
    for (const key of keys) await pressKey(browser, key);
  }

  // wtr's sendMouse and resetMouse commands; buttons are 'left', 'middle' or 'right'.
  mouse(sessionId) {
    return this.browserOf(sessionId).action('pointer', { parameters: { pointerType: 'mouse' } });
  }
  sendMouseMove(sessionId, x, y) {
    return this.mouse(sessionId).move({ x, y, origin: 'viewport' }).perform(true);
  }
  sendMouseClick(sessionId, x, y, button = 'left') {
    return this.mouse(sessionId)
      .move({ x, y, origin: 'viewport' })
      .down({ button: MOUSE_BUTTONS[button] })
      .up({ button: MOUSE_BUTTONS[button] })
      .perform(true);
  }
  sendMouseDown(sessionId, button = 'left') {
    return this.mouse(sessionId).down({ button: MOUSE_BUTTONS[button] }).perform(true);
  }
  sendMouseUp(sessionId, button = 'left') {
    return this.mouse(sessionId).up({ button: MOUSE_BUTTONS[button] }).perform(true);
  }
  async resetMouse(sessionId) {
    await this.browserOf(sessionId).releaseActions();
    await this.sendMouseMove(sessionId, 0, 0);
  }

  startDebugSession() {
    throw new Error('WebKit through WebKitWebDriver has no debug mode: run MiniBrowser yourself on the test URL.');
  }

  async stop() {
    const starting = await Promise.allSettled([...this.starting]);
    const sessions = [
      ...this.active.values(),
      ...this.idle,
      ...starting.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    ];
    this.active.clear();
    this.idle = [];
    await Promise.allSettled(sessions.map((session) => session.close()));
  }

  browserOf(sessionId) {
    const session = this.active.get(sessionId);
    if (!session) throw new Error(`No WebKit session ${sessionId}`);
    return session.browser;
  }
}

/**
 * wtr's puppeteer launcher (what @web/test-runner-puppeteer makes for Firefox), with puppeteer-core
 * and a window per test file rather than a tab: Firefox hides background tabs (visibilityState
 * 'hidden', throttled timers), and the element rightly stops polling in a hidden page.
 *
 * Only one window has the focus, and Firefox ignores some keys in the others (Space does not
 * check a radio). A shopper types and clicks in the focused window, so input through wtr's sendKeys
 * and sendMouse first brings its window to the front; focus moves (that, and opening a window)
 * take turns, so another file cannot take the focus between the two.
 */
export class FirefoxLauncher extends ChromeLauncher {
  constructor(launchOptions, concurrency) {
    super(
      launchOptions,
      ({ browser }) => browser.defaultBrowserContext(),
      ({ context }) => this.inFocusTurn(() => context.newPage({ type: 'window' })),
      puppeteerCore,
      concurrency,
    );
    this.focusTurns = Promise.resolve();
  }

  inFocusTurn(action) {
    const turn = this.focusTurns.then(action);
    this.focusTurns = turn.catch(() => {});
    return turn;
  }

  getPage(sessionId) {
    const page = super.getPage(sessionId);
    const focused = (device, methods) =>
      Object.fromEntries(
        methods.map((method) => [
          method,
          (...args) => this.inFocusTurn(() => page.bringToFront().then(() => device[method](...args))),
        ]),
      );
    const keyboard = focused(page.keyboard, ['press', 'type', 'down', 'up']);
    const mouse = focused(page.mouse, ['move', 'click', 'down', 'up', 'reset']);
    // puppeteer's Page keeps private fields: its methods must run on the page itself.
    return new Proxy(page, {
      get: (target, name) => {
        if (name === 'keyboard') return keyboard;
        if (name === 'mouse') return mouse;
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

/** A wtr launcher for `engine`, with `concurrency` test files at a time. */
export function engineLauncher(engine, { concurrency } = {}) {
  const setup = engineSetup(engine);
  if (engine === 'chromium') {
    return playwrightLauncher({
      product: 'chromium',
      concurrency,
      launchOptions: { executablePath: setup.executablePath, args: CHROMIUM_ARGS },
    });
  }
  if (setup.via === 'playwright') return playwrightLauncher({ product: engine, concurrency });
  if (engine === 'firefox') {
    return new FirefoxLauncher(
      { browser: 'firefox', executablePath: setup.executablePath, headless: true, timeout: BROWSER_START_MS },
      concurrency,
    );
  }
  return new WebKitDriverLauncher({ ...setup, concurrency });
}

/**
 * A phone in Chromium: 375 CSS pixels wide, touch, mobile viewport rules (a page without a
 * viewport meta tag is laid out 980 px wide, as on a real phone), Android Chrome's user agent.
 */
export const PHONE = {
  viewport: { width: 375, height: 667 },
  screen: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
};

/** Chromium emulating PHONE, named so in wtr's report. */
export function phoneLauncher({ concurrency } = {}) {
  const { executablePath } = engineSetup('chromium');
  const launcher = playwrightLauncher({
    product: 'chromium',
    concurrency,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    createBrowserContext: ({ browser }) => browser.newContext(PHONE),
    // wtr's Playwright page sets an 800×600 viewport on every page it opens: the phone keeps its own.
    createPage: async ({ context }) => {
      const page = await context.newPage();
      page.setViewportSize = async () => {};
      return page;
    },
  });
  launcher.name = 'Chromium phone';
  return launcher;
}

/**
 * wtr command `tap` ({ x, y } in CSS pixels of the viewport): a touch tap, through Playwright's
 * touchscreen, in a browser whose context has touch (the phone).
 */
export function tapPlugin() {
  return {
    name: 'tap-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'tap') return undefined;
      if (session.browser.type !== 'playwright')
        throw new Error(`tap needs a Playwright browser with touch, not ${session.browser.name}`);
      await session.browser.getPage(session.id).touchscreen.tap(payload.x, payload.y);
      return true;
    },
  };
}
