/**
 * What no package does for the tests' browsers: which engines a run uses, where Debian keeps each
 * one, an X display for WebKitGTK, and WebKitWebDriver started on a free port. The launchers
 * themselves are the packages' (web-test-runner.config.mjs); CONTRIBUTING.md says why each piece
 * is here. Plain JavaScript: web-test-runner.config.mjs loads it without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { arch } from 'node:os';
import { fileURLToPath } from 'node:url';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How long a browser may take to start. At the start of `npm test` the suites start their
 * browsers together on two cores; one Firefox took longer than puppeteer's 30 s, and one
 * MiniBrowser's session longer than 20 s (2026-11-27). One that never starts still fails.
 */
export const BROWSER_START_MS = 120_000;

/** The engines of this run: all three unless BROWSERS (e.g. `chromium,firefox`) names some. */
export function selectedEngines() {
  const named = (process.env.BROWSERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named.filter((name) => !ENGINES.includes(name));
  if (unknown.length) throw new Error(`BROWSERS names ${unknown.join(', ')}: the engines are ${ENGINES.join(', ')}`);
  return named.length ? ENGINES.filter((engine) => named.includes(engine)) : [...ENGINES];
}

const firstExisting = (...paths) => paths.find((path) => path && existsSync(path));
const libDir = `/usr/lib/${arch() === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu`;

/** Chromium: CHROME_PATH, else Debian's; undefined lets Playwright use its own download. */
export const chromiumPath = () => process.env.CHROME_PATH || firstExisting('/usr/bin/chromium');

/** Firefox: FIREFOX_PATH, else Debian's firefox-esr; undefined when there is none. */
export const firefoxPath = () => process.env.FIREFOX_PATH || firstExisting('/usr/bin/firefox-esr', '/usr/bin/firefox');

/** WebKitGTK's driver and MiniBrowser: WEBKIT_DRIVER_PATH and MINIBROWSER_PATH, else Debian's webkit2gtk-driver. */
export function webkitPaths() {
  const driverPath = process.env.WEBKIT_DRIVER_PATH || firstExisting('/usr/bin/WebKitWebDriver');
  const browserPath =
    process.env.MINIBROWSER_PATH ||
    firstExisting(`${libDir}/webkit2gtk-4.1/MiniBrowser`, `${libDir}/webkitgtk-6.0/MiniBrowser`);
  return driverPath && browserPath ? { driverPath, browserPath } : undefined;
}

/**
 * Children of this process (Xvfb, WebKitWebDriver and its MiniBrowser) stop on 'exit', which Node
 * does not emit when a signal ends it: a run stopped by Ctrl-C or a CI's SIGTERM would leave them
 * running. On SIGINT, SIGTERM and SIGHUP the process exits by itself, so that 'exit' is emitted.
 */
function exitOnSignals() {
  if (exitOnSignals.done) return;
  exitOnSignals.done = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ]) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + number));
  }
}

/** Stops `child` when this process exits. */
function stopWithProcess(child) {
  exitOnSignals();
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
}

let display;
/**
 * The X display MiniBrowser draws into: DISPLAY when set, else an Xvfb of this process's own, on
 * a display number it picks itself (-displayfd), stopped when the process exits.
 */
export function ensureDisplay() {
  if (process.env.DISPLAY) return Promise.resolve(process.env.DISPLAY);
  return (display ??= new Promise((resolve, reject) => {
    const xvfb = spawn(
      process.env.XVFB_PATH || 'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let announced = '';
    let stderr = '';
    xvfb.stderr.on('data', (chunk) => (stderr += chunk));
    xvfb.stdio[3].on('data', (chunk) => {
      announced += chunk;
      if (!announced.includes('\n')) return;
      stopWithProcess(xvfb);
      xvfb.unref();
      xvfb.stderr.destroy();
      xvfb.stdio[3].destroy();
      resolve(`:${announced.trim()}`);
    });
    xvfb.once('error', (error) =>
      reject(new Error(`Could not start Xvfb (${error.message}): install xvfb (apt-get install xvfb) or set DISPLAY.`)),
    );
    xvfb.once('exit', (code) => {
      if (!announced.includes('\n')) reject(new Error(`Xvfb exited (${code}) before it chose a display: ${stderr}`));
    });
  }));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Until something listens on `port`: WebKitWebDriver says nothing when it is ready. */
async function untilListening(port, child, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null) {
    const listening = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (listening) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen on port ${port} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
}

/**
 * GTK's settings for MiniBrowser (XDG_CONFIG_HOME): animations off, which WebKitGTK tells pages as
 * `prefers-reduced-motion: reduce`. Under Xvfb WebKitGTK composites each frame of a CSS animation
 * in software GL: the element's loading pulse kept 1.5 of two cores busy (CONTRIBUTING.md).
 */
const GTK_CONFIG_HOME = fileURLToPath(new URL('./gtk-config/', import.meta.url));

/**
 * WebKitWebDriver on a free port, on this process's display, stopped when the process exits:
 * `{ port, capabilities }` for WebdriverIO, whose capabilities start MiniBrowser (`--automation`
 * lets the driver control it and makes each session start with empty storage). WebdriverIO
 * knows no WebKitGTK driver, so nothing else starts it.
 */
export async function startWebKitDriver({ driverPath, browserPath }) {
  const [display, port] = await Promise.all([ensureDisplay(), freePort()]);
  const driver = spawn(driverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: GTK_CONFIG_HOME },
    stdio: 'ignore',
  });
  stopWithProcess(driver);
  await untilListening(port, driver);
  return {
    port,
    capabilities: {
      browserName: 'MiniBrowser',
      // Debian's WebKitGTK 2.50 speaks classic WebDriver only (no BiDi).
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] },
    },
    stop: () => driver.kill(),
  };
}

/**
 * Firefox pages are windows, not tabs: Firefox hides background tabs (visibilityState 'hidden',
 * throttled timers), and the element rightly stops polling in a hidden page. Only one window has
 * the focus, and Firefox ignores some keys in the others (Space does not check a radio), so wtr's
 * sendKeys and sendMouse first bring their window to the front; focus moves (that, and opening a
 * window) take turns, so that another file cannot take the focus between the two.
 */
function firefoxWindows() {
  let turns = Promise.resolve();
  const inTurn = (action) => {
    const turn = turns.then(action);
    turns = turn.catch(() => {});
    return turn;
  };
  return async ({ context }) => {
    const page = await inTurn(() => context.newPage({ type: 'window' }));
    const focused = (device, methods) =>
      Object.fromEntries(
        methods.map((method) => [
          method,
          (...args) => inTurn(() => page.bringToFront().then(() => device[method](...args))),
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
  };
}

/**
 * WebKit through @web/test-runner-webdriver, one file at a time: under Xvfb only the window under
 * the pointer has the keyboard focus, and a page without it has no :focus-visible. The driver is
 * started with the first session, and the window centred once, where the pointer rests.
 */
async function webkitLauncher(paths) {
  const { WebdriverLauncher } = await import('@web/test-runner-webdriver');
  class WebKitLauncher extends WebdriverLauncher {
    concurrency = 1;
    async initialize(config) {
      // The package picks one session (not iframes) from the run's concurrency: this launcher's.
      await super.initialize({ ...config, concurrency: 1 });
      this.name = 'WebKit';
    }
    async startSession(id, url) {
      this.started ??= startWebKitDriver(paths).then(async (driver) => {
        Object.assign(this.options, { port: driver.port, capabilities: driver.capabilities });
        this.stopDriver = driver.stop;
        await this.ensureManagerInitialized();
        // wtr's other launchers test in an 800×600 viewport; the window adds MiniBrowser's toolbar.
        const [width, height] = await this.driver.execute('return [screen.width, screen.height]');
        await this.driver.setWindowRect(Math.round((width - 800) / 2), Math.round((height - 640) / 2), 800, 640);
      });
      await this.started;
      await this.ensureManagerInitialized();
      // The package's startSession navigates without awaiting it (SessionManager.queueStartSession):
      // a navigation WebKitWebDriver fails is then an unhandled rejection, and wtr stops the whole
      // run on one, exiting 1 with no failed test named. Awaited, it fails this file's session,
      // which the run reports with its error.
      await this.driverManager.startSession(id, url);
    }
    async stop() {
      await super.stop();
      this.stopDriver?.();
    }
  }
  return new WebKitLauncher({
    hostname: '127.0.0.1',
    logLevel: 'silent',
    connectionRetryCount: 0,
    // WebdriverIO's bound on a request, the new session's included (MiniBrowser's start).
    connectionRetryTimeout: BROWSER_START_MS,
    // The test page reports to wtr over its own socket: navigating to it need not wait for its load
    // event, which WebKit may hold back while a busy page runs (a navigation of select-create.test
    // timed out at this bound under load, every one of its tests having passed).
    capabilities: { browserName: 'MiniBrowser', pageLoadStrategy: 'none' },
  });
}

/** The browser suite's launcher for `engine`, with `concurrency` test files at a time (WebKit: one). */
export async function wtrLauncher(engine, { concurrency } = {}) {
  const { playwrightLauncher } = await import('@web/test-runner-playwright');
  if (engine === 'chromium')
    return playwrightLauncher({
      product: 'chromium',
      concurrency,
      launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    });
  if (engine === 'firefox') {
    const executablePath = firefoxPath();
    if (!executablePath)
      throw new Error('No Firefox: install firefox-esr (apt-get install firefox-esr) or set FIREFOX_PATH.');
    const { puppeteerLauncher } = await import('@web/test-runner-puppeteer');
    return puppeteerLauncher({
      launchOptions: { browser: 'firefox', executablePath, headless: true, timeout: BROWSER_START_MS },
      createPage: firefoxWindows(),
      concurrency,
    });
  }
  const paths = webkitPaths();
  if (!paths)
    throw new Error('No WebKit: install webkit2gtk-driver and xvfb, or set WEBKIT_DRIVER_PATH and MINIBROWSER_PATH.');
  return webkitLauncher(paths);
}
