/**
 * EnginePage for drivers that only run scripts and send input: puppeteer-core's Firefox and
 * WebKitWebDriver. Queries run in the page (in-page.ts) and are retried until they hold or the
 * timeout passes, as Playwright's are; clicks and keys are the driver's real input events, at the
 * element's centre once it is visible, enabled and the topmost element there.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describeMatch, LOCATOR_ENGINE, textMatch, type Step } from './in-page.js';
import type { AriaRole, EngineLocator, EnginePage } from './page-driver.js';

/** What a driver offers; ScriptedPage builds the rest. */
export interface PagePrimitives {
  /** Runs `body` (a function body; `arguments` are `args`) in the page; a returned promise is awaited. */
  run<T>(body: string, args?: unknown[]): Promise<T>;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** A mouse click at a point of the viewport (CSS pixels). */
  click(x: number, y: number): Promise<void>;
  /** A key press, named as Playwright names keys ('Enter', 'ArrowDown', 'a'). */
  press(key: string): Promise<void>;
  /** Typed text, key by key, into the focused element. */
  type(text: string): Promise<void>;
  screenshot(options: { fullPage?: boolean }): Promise<Buffer>;
  /** Called after every navigation and action (WebKit reads the page's errors and requests here). */
  afterEach?(): Promise<void>;
  /** Called before every action that may leave the page. */
  beforeLeaving?(): Promise<void>;
}

const POLL_MS = 50;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A query's answer; `pending`: the element is there but not ready (WebDriver turns undefined into null). */
type Found<T> = { count: number; value?: T; pending?: boolean; waiting?: string; strictness?: string[] };

export class ScriptedPage implements EnginePage {
  timeoutMs = 30_000;
  private currentUrl = 'about:blank';
  readonly keyboard = { press: (key: string) => this.act(() => this.driver.press(key)) };

  constructor(readonly driver: PagePrimitives) {}

  locator(selector: string, options: { hasText?: string | RegExp } = {}): EngineLocator {
    return new ScriptedLocator(this, [], `page`).locator(selector, options);
  }
  getByRole(role: AriaRole, options: { name?: string | RegExp } = {}): EngineLocator {
    return new ScriptedLocator(this, [], `page`).getByRole(role, options);
  }
  getByLabel(text: string): EngineLocator {
    return new ScriptedLocator(this, [{ label: text }], `page.getByLabel(${JSON.stringify(text)})`);
  }

  async goto(url: string) {
    await this.driver.beforeLeaving?.();
    await this.driver.goto(url);
    await this.settle();
  }
  async reload() {
    await this.driver.beforeLeaving?.();
    await this.driver.reload();
    await this.settle();
  }
  /**
   * The address as of the last thing done in or read from the page (every query notes it), which
   * includes the page's own history.replaceState.
   */
  url() {
    return this.currentUrl;
  }
  noteUrl(url: string) {
    this.currentUrl = url;
  }
  /**
   * The page's own address and readyState, read together in the page: a driver's idea of the URL
   * follows navigation events, which can lag. A script cut short by the navigation it waits for is
   * asked again; the timeout says what was seen last.
   */
  async waitForURL(expected: string | RegExp) {
    const matches = (url: string) => (typeof expected === 'string' ? url === expected : expected.test(url));
    let seen = 'nothing yet';
    await this.until(
      () => `the URL to be ${expected} (last seen: ${seen})`,
      async () => {
        const page = await this.driver
          .run<{ url: string; readyState: string }>('return { url: location.href, readyState: document.readyState };')
          .catch((error: Error) => ({ url: '', readyState: '', error: error.message.split('\n')[0] }));
        seen = 'error' in page ? `a script that failed: ${page.error}` : `${page.url}, ${page.readyState}`;
        return matches(page.url) && page.readyState === 'complete' ? page.url : undefined;
      },
    );
    await this.settle();
  }
  title() {
    return this.driver.run<string>('return document.title;');
  }
  waitForTimeout(ms: number) {
    return sleep(ms);
  }
  async waitForFunction(fn: () => unknown) {
    return this.until(`${fn} to be truthy`, async () => (await this.evaluate(fn)) || undefined);
  }
  async evaluate<R>(fn: ((arg: any) => R | Promise<R>) | string, arg?: unknown): Promise<R> {
    const value = typeof fn === 'string' ? `(${fn})` : `(${fn})(arguments[0])`;
    // undefined travels as a flag: WebDriver would turn it into null.
    const { result, isUndefined, url } = await this.driver.run<{ result: R; isUndefined: boolean; url: string }>(
      `return Promise.resolve(${value}).then((result) => ({ result, isUndefined: result === undefined, url: location.href }));`,
      [arg ?? null],
    );
    this.noteUrl(url);
    return isUndefined ? (undefined as R) : result;
  }
  content() {
    return this.driver.run<string>('return (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "") + document.documentElement.outerHTML;');
  }
  /**
   * The file's script, run by the driver in the page: like a classic <script>, but outside the
   * page's CSP (a page that refuses inline scripts still gets axe).
   */
  async addScriptTag({ path }: { path: string }) {
    await this.driver.run(`${readFileSync(path, 'utf8')}\n//# sourceURL=${path}`);
  }
  async screenshot({ path, fullPage }: { path: string; fullPage?: boolean }) {
    const png = await this.driver.screenshot({ fullPage });
    await writeFile(path, png);
    return png;
  }
  setDefaultTimeout(ms: number) {
    this.timeoutMs = ms;
  }

  /** An input action, then the page's state read again. */
  async act(action: () => Promise<void>) {
    await this.driver.beforeLeaving?.();
    await action();
    await this.settle();
  }

  private async settle() {
    this.currentUrl = await this.driver.url();
    await this.driver.afterEach?.();
  }

  /** Retries `attempt` until it returns something other than undefined. */
  async until<T>(what: string | (() => string), attempt: () => Promise<T | undefined>, timeoutMs = this.timeoutMs): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await attempt();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
      await sleep(POLL_MS);
    }
  }
}

class ScriptedLocator implements EngineLocator {
  constructor(
    private readonly page: ScriptedPage,
    private readonly steps: Step[],
    private readonly description: string,
  ) {}

  private with(step: Step, description: string) {
    return new ScriptedLocator(this.page, [...this.steps, step], `${this.description}.${description}`);
  }
  locator(selector: string, options: { hasText?: string | RegExp } = {}): EngineLocator {
    const located = this.with({ css: selector }, `locator(${JSON.stringify(selector)})`);
    return options.hasText === undefined ? located : located.filter({ hasText: options.hasText });
  }
  getByRole(role: AriaRole, options: { name?: string | RegExp } = {}): EngineLocator {
    const name = options.name === undefined ? undefined : textMatch(options.name);
    return this.with({ role, name }, `getByRole(${role}${name === undefined ? '' : `, ${describeMatch(name)}`})`);
  }
  filter({ hasText }: { hasText: string | RegExp }): ScriptedLocator {
    const match = textMatch(hasText);
    return this.with({ hasText: match }, `filter(${describeMatch(match)})`);
  }
  first(): EngineLocator {
    return this.with({ nth: 0 }, 'first()');
  }

  /** Runs `tail` in the page with `found` (the matches) and `arg` in scope. */
  private async query<T>(tail: string, arg?: unknown): Promise<T> {
    const { url, value } = await this.page.driver.run<{ url: string; value: T }>(
      `const engine = ${LOCATOR_ENGINE}; const found = engine.resolve(arguments[0]); const arg = arguments[1];
       return Promise.resolve((() => {\n${tail}\n})()).then((value) => ({ url: location.href, value }));`,
      [this.steps, arg],
    );
    this.page.noteUrl(url);
    return value;
  }

  /**
   * `compute` (source; `element`, `engine` and `arg` in scope) on the one match, retried until it
   * returns something other than undefined. Several matches fail at once (Playwright's strictness).
   */
  private async one<T>(what: string, compute: string, arg?: unknown): Promise<T> {
    let last = '';
    return this.page.until(() => `${this.description} ${what}${last}`, async () => {
      const found = await this.query<Found<T>>(
        `if (found.length > 1) return { count: found.length, strictness: found.slice(0, 3).map((e) => e.outerHTML.slice(0, 160)) };
         if (found.length === 0) return { count: 0 };
         const element = found[0];
         return Promise.resolve(${compute}).then((value) =>
           value === undefined ? { count: 1, pending: true } : value && value.__waiting ? { count: 1, pending: true, waiting: value.__waiting } : { count: 1, value });`,
        arg,
      );
      if (found.strictness) throw new Error(`strict mode violation: ${this.description} matches ${found.count} elements: ${found.strictness.join(' | ')}`);
      last = found.count === 0 ? ' (no such element)' : found.waiting ? ` (${found.waiting})` : '';
      return found.count === 1 && !found.pending ? (found.value as T) : undefined;
    });
  }

  async waitFor({ state = 'visible', timeout }: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}) {
    const check = {
      attached: 'found.length === 1',
      detached: 'found.length === 0',
      visible: 'found.length === 1 && engine.isVisible(found[0])',
      hidden: 'found.length === 0 || (found.length === 1 && !engine.isVisible(found[0]))',
    }[state];
    await this.page.until(
      `${this.description} to be ${state}`,
      async () => {
        const { ok, count } = await this.query<{ ok: boolean; count: number }>(`return { ok: ${check}, count: found.length };`);
        if (count > 1) throw new Error(`strict mode violation: ${this.description} matches ${count} elements`);
        return ok ? true : undefined;
      },
      timeout,
    );
  }

  /**
   * Where to click: the centre of the element, once it is visible, enabled, stable (the same box
   * two frames' time apart) and the topmost element there. A timer, not requestAnimationFrame:
   * MiniBrowser under Xvfb paints a few frames a second. It also arms a guard, as Playwright's
   * hit-target check does: if the page moves before the click arrives and the press lands on
   * another element, that click is stopped there and reported as missed.
   */
  private clickPoint(): Promise<{ x: number; y: number }> {
    return this.one(
      'to be visible, enabled, stable and not covered',
      `(() => {
        if (!engine.isVisible(element)) return { __waiting: 'not visible' };
        if (!engine.isEnabled(element)) return { __waiting: 'disabled' };
        const box = element.getBoundingClientRect();
        if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) element.scrollIntoView({ block: 'center', inline: 'center' });
        const before = element.getBoundingClientRect();
        return new Promise((resolve) => setTimeout(resolve, 34)).then(() => {
          const box = element.getBoundingClientRect();
          if (['top', 'left', 'width', 'height'].some((side) => box[side] !== before[side])) return { __waiting: 'moving' };
          const x = box.left + box.width / 2, y = box.top + box.height / 2;
          let hit = document.elementFromPoint(x, y);
          while (hit && hit.shadowRoot) {
            const inner = hit.shadowRoot.elementFromPoint(x, y);
            if (!inner || inner === hit) break;
            hit = inner;
          }
          let onTarget = false;
          for (let node = hit; node; node = engine.composedParent(node)) if (node === element) onTarget = true;
          if (!onTarget) return { __waiting: 'covered by ' + (hit ? hit.outerHTML.slice(0, 120) : 'nothing (outside the viewport)') };
          if (window.__engineClickGuard) window.__engineClickGuard.remove();
          const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
          const guard = { missed: false, clicked: false, decided: undefined };
          const check = (event) => {
            if (guard.decided === undefined) guard.decided = event.composedPath().includes(element);
            if (guard.decided && event.type === 'click') guard.clicked = true;
            if (!guard.decided) {
              guard.missed = true;
              event.preventDefault();
              event.stopImmediatePropagation();
            }
          };
          for (const type of types) window.addEventListener(type, check, true);
          guard.remove = () => {
            for (const type of types) window.removeEventListener(type, check, true);
            delete window.__engineClickGuard;
          };
          window.__engineClickGuard = guard;
          return { x, y };
        });
      })()`,
    );
  }

  async click() {
    await this.page.until(`${this.description} to take a click where it is`, async () => {
      const { x, y } = await this.clickPoint();
      await this.page.act(() => this.page.driver.click(x, y));
      // A click that left the page landed; otherwise the guard says whether the element had it.
      // One the page never saw at all (input lost by a busy engine) is sent again, as is a miss.
      const landed = await this.page.driver
        .run<boolean>(
          `const guard = window.__engineClickGuard;
           if (!guard) return true;
           const deadline = Date.now() + 1000;
           return new Promise(function wait(resolve) {
             if (guard.missed || guard.clicked || Date.now() > deadline) return (guard.remove(), resolve(guard.clicked && !guard.missed));
             setTimeout(() => wait(resolve), 20);
           });`,
        )
        // The script was cut short by the page the click opened.
        .catch(() => true);
      return landed ? true : undefined;
    });
  }
  private async setChecked(checked: boolean) {
    if ((await this.isChecked()) === checked) return;
    await this.click();
    if ((await this.isChecked()) !== checked) throw new Error(`${this.description}: clicking did not ${checked ? 'check' : 'uncheck'} it`);
  }
  check() {
    return this.setChecked(true);
  }
  uncheck() {
    return this.setChecked(false);
  }
  async focus() {
    await this.one('to focus', '(element.focus(), true)');
  }
  /**
   * As Playwright's fill: the field focused, its text selected, then the value inserted as one
   * edit (an `input` event with inputType insertText), not typed key by key: a 600-character token
   * typed through WebKitWebDriver takes most of a minute.
   */
  async fill(value: string) {
    const inserted = await this.one<boolean>(
      'to be an enabled, editable field',
      `engine.isVisible(element) && engine.isEnabled(element) && !element.readOnly
        ? (element.focus(), element.select(), document.execCommand(arg ? 'insertText' : 'delete', false, arg))
        : undefined`,
      value,
    );
    await this.page.act(async () => {
      // Where the engine refuses the edit command, the keyboard types it.
      if (!inserted) await (value ? this.page.driver.type(value) : this.page.driver.press('Delete'));
    });
    const now = await this.inputValue();
    if (now !== value) throw new Error(`${this.description}: filled with ${JSON.stringify(value)}, the field holds ${JSON.stringify(now)}`);
  }
  async press(key: string) {
    await this.focus();
    await this.page.act(() => this.page.driver.press(key));
  }
  async selectOption(value: string) {
    const selected = await this.one<string[]>(
      'to have the option',
      `(() => {
        if (element.localName !== 'select') throw new Error('not a <select>');
        if (!engine.isEnabled(element)) return undefined;
        const option = [...element.options].find((o) => o.value === arg || o.label === arg);
        if (!option) return undefined;
        element.value = option.value;
        element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        element.dispatchEvent(new Event('change', { bubbles: true }));
        return [option.value];
      })()`,
      value,
    );
    await this.page.act(async () => {});
    return selected;
  }

  count() {
    return this.query<number>('return found.length;');
  }
  textContent() {
    return this.one<string | null>('to be attached', 'element.textContent');
  }
  allTextContents() {
    return this.query<string[]>('return found.map((element) => element.textContent);');
  }
  getAttribute(name: string) {
    return this.one<string | null>('to be attached', 'element.getAttribute(arg)', name);
  }
  inputValue() {
    return this.one<string>('to be attached', `'value' in element ? element.value : (() => { throw new Error('not a field'); })()`);
  }
  isChecked() {
    return this.one<boolean>('to be attached', `'checked' in element ? element.checked : element.getAttribute('aria-checked') === 'true'`);
  }
  isDisabled() {
    return this.one<boolean>('to be attached', '!engine.isEnabled(element)');
  }
  async isHidden() {
    return !(await this.isVisible());
  }
  /** No waiting, as Playwright's: whether the one element (if any) is visible now. */
  async isVisible() {
    const { count, visible } = await this.query<{ count: number; visible: boolean }>('return { count: found.length, visible: found.length === 1 && engine.isVisible(found[0]) };');
    if (count > 1) throw new Error(`strict mode violation: ${this.description} matches ${count} elements`);
    return visible;
  }
  innerText() {
    return this.one<string>('to be attached', 'element.innerText');
  }
  async boundingBox() {
    const { box } = await this.one<{ box: { x: number; y: number; width: number; height: number } | null }>(
      'to be attached',
      `({ box: engine.isVisible(element) ? (({ x, y, width, height }) => ({ x, y, width, height }))(element.getBoundingClientRect()) : null })`,
    );
    return box;
  }
  async evaluateAll<R>(fn: (elements: any[]) => R | Promise<R>): Promise<R> {
    const { result, isUndefined } = await this.query<{ result: R; isUndefined: boolean }>(
      `return Promise.resolve((${fn})(found)).then((result) => ({ result, isUndefined: result === undefined }));`,
    );
    return isUndefined ? (undefined as R) : result;
  }
  /** Runs once the one element is there; its result may be anything, undefined included. */
  async evaluate<R>(fn: (element: any) => R | Promise<R>): Promise<R> {
    const { result, isUndefined } = await this.one<{ result: R; isUndefined: boolean }>(
      'to be attached',
      `Promise.resolve((${fn})(element)).then((result) => ({ result, isUndefined: result === undefined }))`,
    );
    return isUndefined ? (undefined as R) : result;
  }
}
