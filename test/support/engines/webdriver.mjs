/**
 * Just enough of a W3C WebDriver client to drive WebKitGTK's MiniBrowser through WebKitWebDriver:
 * plain HTTP to the driver (no webdriverio: its tree wants a newer Node than ours, and the few
 * commands needed here are one `fetch` each). WebKitWebDriver holds one session at a time, so every
 * session gets its own driver process on a free port, and ending the session stops both.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ensureDisplay } from './xvfb.mjs';

/** The WebDriver key codes of the key names tests use (as Playwright and wtr's sendKeys name them). */
const KEY_CODES = {
  Backspace: '\uE003', Tab: '\uE004', Enter: '\uE007', Shift: '\uE008', Control: '\uE009', Alt: '\uE00A', Escape: '\uE00C',
  Space: ' ', PageUp: '\uE00E', PageDown: '\uE00F', End: '\uE010', Home: '\uE011', ArrowLeft: '\uE012', ArrowUp: '\uE013',
  ArrowRight: '\uE014', ArrowDown: '\uE015', Delete: '\uE017', Meta: '\uE03D',
};

/** WebDriver key actions for one press, as Playwright writes it: 'Enter', 'a', 'Shift+Tab'. */
export function keyPressActions(press) {
  const keys = press.split('+').map((name) => {
    const code = KEY_CODES[name] ?? (name.length === 1 ? name : undefined);
    if (code === undefined) throw new Error(`No WebDriver key for "${name}"`);
    return code;
  });
  return [...keys.map((value) => ({ type: 'keyDown', value })), ...keys.reverse().map((value) => ({ type: 'keyUp', value }))];
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

export class WebDriverError extends Error {
  constructor(command, status, value) {
    super(`${command}: ${value?.error ?? `HTTP ${status}`}${value?.message ? ` (${value.message})` : ''}`);
    this.name = 'WebDriverError';
    this.error = value?.error;
  }
}

export class WebDriverSession {
  /** @param {{ base: string, id: string, driver: import('node:child_process').ChildProcess }} parts */
  constructor({ base, id, driver }) {
    this.base = base;
    this.id = id;
    this.driver = driver;
    this.closed = false;
  }

  async command(method, path, body) {
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = await response.json();
    if (!response.ok) throw new WebDriverError(`${method} ${path}`, response.status, value);
    return value;
  }

  navigate(url) {
    return this.command('POST', '/url', { url });
  }
  url() {
    return this.command('GET', '/url');
  }
  refresh() {
    return this.command('POST', '/refresh', {});
  }
  /** Runs `script` (a function body; `arguments` holds `args`) in the page; a returned promise is awaited. */
  execute(script, args = []) {
    return this.command('POST', '/execute/sync', { script, args });
  }
  /** Input actions (https://w3c.github.io/webdriver/#actions); keys and buttons stay as they end. */
  actions(actions) {
    return this.command('POST', '/actions', { actions });
  }
  /** Releases every key and button still down. */
  releaseActions() {
    return this.command('DELETE', '/actions');
  }
  /** Input actions, then every key and button released. */
  async perform(actions) {
    await this.actions(actions);
    await this.releaseActions();
  }
  pressKey(press) {
    return this.perform([{ type: 'key', id: 'keyboard', actions: keyPressActions(press) }]);
  }
  /** Mouse actions: moves to points of the viewport (CSS pixels), presses and releases buttons. */
  mouse(steps) {
    const actions = steps.map((step) =>
      step.type === 'move' ? { type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(step.x), y: Math.round(step.y) } : { type: step.type === 'down' ? 'pointerDown' : 'pointerUp', button: step.button ?? 0 },
    );
    return this.actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }]);
  }
  /** A mouse click at a point of the viewport, in CSS pixels. */
  async click(x, y) {
    await this.mouse([{ type: 'move', x, y }, { type: 'down' }, { type: 'up' }]);
    await this.releaseActions();
  }
  /** Types text into the focused element, one key action per character. */
  type(text) {
    return this.perform([{ type: 'key', id: 'keyboard', actions: [...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }]);
  }
  /**
   * Sizes the window and centres it on the screen. Under an X server with no window manager the
   * keyboard focus follows the pointer, which rests at the screen's centre: a window away from it
   * (MiniBrowser's default place, a corner) has no focus, and the page then has no :focus or
   * :focus-visible at all.
   */
  async setWindowSize(width, height) {
    const [screenWidth, screenHeight] = await this.execute('return [screen.width, screen.height];');
    const x = Math.max(0, Math.round((screenWidth - width) / 2));
    const y = Math.max(0, Math.round((screenHeight - height) / 2));
    return this.command('POST', '/window/rect', { x, y, width, height });
  }

  /** A PNG of the viewport. */
  async screenshot() {
    return Buffer.from(await this.command('GET', '/screenshot'), 'base64');
  }

  /** Ends the session (the browser closes) and stops its driver. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    try {
      await fetch(`${this.base}/session/${this.id}`, { method: 'DELETE' });
    } finally {
      this.driver.kill();
    }
  }
}

/**
 * A new MiniBrowser under its own WebKitWebDriver. `browserPath` is the MiniBrowser binary;
 * `--automation` lets WebKitWebDriver control it (and makes its sessions ephemeral: each starts
 * with empty storage).
 */
export async function startWebKitSession({ driverPath, browserPath, browserArgs = [] }) {
  const [display, port] = await Promise.all([ensureDisplay(), freePort()]);
  const driver = spawn(driverPath, [`--port=${port}`], { env: { ...process.env, DISPLAY: display }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  driver.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = () => driver.kill();
  process.once('exit', stop);
  driver.once('exit', () => process.off('exit', stop));
  const failed = new Promise((_, reject) => {
    driver.once('error', (error) => reject(new Error(`Could not start WebKitWebDriver at ${driverPath}: ${error.message}`)));
    driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited (${code}): ${stderr.trim()}`)));
  });
  failed.catch(() => {});
  const base = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([failed, untilReady(base)]);
    const response = await Promise.race([
      failed,
      fetch(`${base}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation', ...browserArgs] } } },
        }),
      }),
    ]);
    const { value } = await response.json();
    if (!response.ok) throw new WebDriverError('POST /session', response.status, value);
    driver.stderr.destroy();
    return new WebDriverSession({ base, id: value.sessionId, driver });
  } catch (error) {
    driver.kill();
    throw error;
  }
}

async function untilReady(base, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${base}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not answer at ${base} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
