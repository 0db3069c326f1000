/**
 * WebKitGTK's MiniBrowser, driven through WebKitWebDriver by WebdriverIO (classic WebDriver:
 * Debian's WebKitGTK 2.50 has no WebDriver BiDi). WebdriverIO does not know WebKitGTK's driver,
 * so this starts it: a WebKitWebDriver holds one session at a time, so each browser gets its own
 * driver on a free port, and closing the browser stops both. Shared by the end-to-end tests
 * (test/e2e/engines.ts) and the browser suite's launcher (wtr-launchers.mjs).
 */
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { remote } from 'webdriverio';
import { BROWSER_START_MS } from './binaries.mjs';
import { ensureDisplay, exitOnSignals } from './xvfb.mjs';

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

/** Until something listens on the port (WebKitWebDriver says nothing when it is ready). */
async function untilListening(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listening = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (listening) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * GTK's settings for MiniBrowser (XDG_CONFIG_HOME): animations off, which WebKitGTK tells pages as
 * `prefers-reduced-motion: reduce`. Under Xvfb there is no GPU, and WebKitGTK composites every
 * frame of a running CSS animation in software GL: one page showing the element's loading pulse
 * kept 1.5 of the machine's 2 cores busy (7.5 CPU-seconds in 5 s, against 0.2 with the setting,
 * 0.5 in Chromium), starving every other test of the run. The pulse is the element's only
 * animation and is decoration; Chromium and Firefox run with motion, so its styles are still
 * loaded and exercised there. The other ways out (WEBKIT_DISABLE_DMABUF_RENDERER,
 * WEBKIT_DISABLE_COMPOSITING_MODE) make WebKitWebDriver's screenshots hang.
 */
const GTK_CONFIG_HOME = fileURLToPath(new URL('./gtk-config/', import.meta.url));

/**
 * A new MiniBrowser under its own WebKitWebDriver: `{ browser, close }`, `browser` being a
 * WebdriverIO Browser. `--automation` lets WebKitWebDriver control MiniBrowser (and makes its
 * sessions ephemeral: each starts with empty storage).
 */
export async function startWebKit({ driverPath, browserPath, browserArgs = [] }) {
  const [display, port] = await Promise.all([ensureDisplay(), freePort()]);
  const driver = spawn(driverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: GTK_CONFIG_HOME },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  driver.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = () => driver.kill();
  exitOnSignals();
  process.once('exit', stop);
  driver.once('exit', () => process.off('exit', stop));
  const failed = new Promise((_, reject) => {
    driver.once('error', (error) =>
      reject(new Error(`Could not start WebKitWebDriver at ${driverPath}: ${error.message}`)),
    );
    driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${stderr.trim()}`)));
  });
  failed.catch(() => {});
  try {
    await Promise.race([failed, untilListening(port)]);
    const browser = await Promise.race([
      failed,
      remote({
        hostname: '127.0.0.1',
        port,
        logLevel: 'silent',
        connectionRetryCount: 0,
        // WebdriverIO's bound on a request, the new session's included: starting MiniBrowser for it
        // may take long on a loaded machine (BROWSER_START_MS; at 20 s one start failed,
        // 2026-11-27). A command that hangs is caught sooner elsewhere: the e2e pages print their
        // driver's last calls after 40 s (harness.ts), and a test's own timeout ends it.
        connectionRetryTimeout: BROWSER_START_MS,
        capabilities: {
          browserName: 'MiniBrowser',
          // WebKitGTK 2.50's driver speaks classic WebDriver only.
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation', ...browserArgs] },
        },
      }),
    ]);
    driver.stderr.destroy();
    let closed = false;
    return {
      browser,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await browser.deleteSession();
        } catch {
          // The browser is gone already.
        } finally {
          driver.kill();
        }
      },
    };
  } catch (error) {
    driver.kill();
    throw error;
  }
}

/**
 * Sizes the window and centres it on the screen. Under an X server with no window manager the
 * keyboard focus follows the pointer, which rests at the screen's centre: a window away from it
 * (MiniBrowser's default place, a corner) has no focus, and the page then has no :focus or
 * :focus-visible at all.
 */
export async function centreWindow(browser, width, height) {
  const [screenWidth, screenHeight] = await browser.execute('return [screen.width, screen.height];');
  await browser.setWindowRect(
    Math.max(0, Math.round((screenWidth - width) / 2)),
    Math.max(0, Math.round((screenHeight - height) / 2)),
    width,
    height,
  );
}

/** A key press as Playwright writes it ('Enter', 'a', 'Shift+Tab'): WebdriverIO knows the key names. */
export function pressKey(browser, press) {
  return browser.keys(press.length > 1 ? press.split('+') : [press]);
}
