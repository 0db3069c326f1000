/**
 * Which browsers the tests run in, and where each engine's binaries are. One place for the browser
 * suite (web-test-runner.config.mjs), the end-to-end harness and the strict-CSP test.
 *
 * - Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own download.
 * - Firefox: FIREFOX_PATH, else Debian's /usr/bin/firefox-esr (or /usr/bin/firefox), driven by
 *   puppeteer-core over WebDriver BiDi; else Playwright's own Firefox when it is installed.
 * - WebKit: WEBKIT_DRIVER_PATH (WebKitWebDriver) and MINIBROWSER_PATH (WebKitGTK's MiniBrowser),
 *   else Debian's webkit2gtk-driver; else Playwright's own WebKit when it is installed.
 *
 * BROWSERS (a comma-separated subset of chromium, firefox, webkit) narrows a run while developing;
 * `npm test` runs all three, and an engine that cannot be found fails the run with what to install.
 * Plain JavaScript: web-test-runner.config.mjs loads it without a TypeScript loader.
 */
import { existsSync } from 'node:fs';
import { arch } from 'node:os';
import playwright from 'playwright';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How long a browser may take to start: Firefox to print its WebDriver BiDi address (puppeteer's
 * default is 30 s), MiniBrowser to open its WebDriver session (WebdriverIO's bound on a request,
 * which was 20 s here). At the start of `npm test` both suites start their browsers at once on
 * two cores; one Firefox took longer than 30 s, and one MiniBrowser's session longer than 20 s
 * (2026-11-27). One that never starts still fails.
 */
export const BROWSER_START_MS = 120_000;

/** The engines of this run: all three unless BROWSERS names some. */
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

/** Playwright's own build of an engine, when `npx playwright install <engine>` put it there. */
function playwrightOwn(engine) {
  const path = playwright[engine].executablePath();
  return path && existsSync(path) ? path : undefined;
}

const libDir = `/usr/lib/${arch() === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu`;

/**
 * How each engine is launched on this machine:
 * - `{ engine: 'chromium', via: 'playwright', executablePath }` (undefined path: Playwright's own);
 * - `{ engine: 'firefox', via: 'puppeteer', executablePath }` or `{ engine: 'firefox', via: 'playwright' }`;
 * - `{ engine: 'webkit', via: 'webdriver', driverPath, browserPath }` or `{ engine: 'webkit', via: 'playwright' }`.
 * Throws, saying what to install, when an engine is nowhere to be found.
 */
export function engineSetup(engine) {
  switch (engine) {
    case 'chromium':
      return {
        engine,
        via: 'playwright',
        executablePath: process.env.CHROME_PATH || firstExisting('/usr/bin/chromium'),
      };
    case 'firefox': {
      const executablePath = process.env.FIREFOX_PATH || firstExisting('/usr/bin/firefox-esr', '/usr/bin/firefox');
      if (executablePath) return { engine, via: 'puppeteer', executablePath };
      if (playwrightOwn('firefox')) return { engine, via: 'playwright' };
      throw new Error(
        'No Firefox: set FIREFOX_PATH, or install firefox-esr (apt-get install firefox-esr), or run `npx playwright install firefox`.',
      );
    }
    case 'webkit': {
      const driverPath = process.env.WEBKIT_DRIVER_PATH || firstExisting('/usr/bin/WebKitWebDriver');
      const browserPath =
        process.env.MINIBROWSER_PATH ||
        firstExisting(`${libDir}/webkit2gtk-4.1/MiniBrowser`, `${libDir}/webkitgtk-6.0/MiniBrowser`);
      if (driverPath && browserPath) return { engine, via: 'webdriver', driverPath, browserPath };
      if (playwrightOwn('webkit')) return { engine, via: 'playwright' };
      throw new Error(
        'No WebKit: set WEBKIT_DRIVER_PATH and MINIBROWSER_PATH, or install webkit2gtk-driver and xvfb (apt-get install webkit2gtk-driver xvfb), or run `npx playwright install webkit`.',
      );
    }
    default:
      throw new Error(`Unknown engine ${engine}`);
  }
}
