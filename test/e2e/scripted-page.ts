/**
 * EnginePage for drivers that only run scripts and send input: puppeteer-core's Firefox and
 * WebdriverIO's WebKit. Queries run in the page (in-page.ts), and so does the waiting: a script
 * waits there until its condition holds, checking after each change of the document, and answers
 * once it does (or after a slice of the timeout, to be asked again), as Playwright's in-page
 * polling does. Clicks and keys are the driver's real input events, at the element's centre once
 * it is visible, enabled, stable and the topmost element there.
 *
 * Both drivers answer an input command once the page has handled its events (WebKit's automation
 * waits for the web process to flush them, Firefox's BiDi input for their dispatch), so what a
 * click did is known when the command returns: the driver reads it then, and never waits for it.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import {
  describeMatch,
  installScript,
  textMatch,
  WITH_ENGINE,
  type InPageAnswer,
  type Step,
  type TextMatch,
} from './in-page.js';
import type { AriaRole, EngineLocator, EnginePage } from './page-driver.js';

/** What a driver offers; ScriptedPage builds the rest. */
export interface PagePrimitives {
  /** Runs `body` (a function body; `arguments` are `args`) in the page; a returned promise is awaited. */
  run<T>(body: string, args?: unknown[]): Promise<T>;
  /** Navigates; the page may still be loading when this returns (the page's own load is awaited after). */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** A mouse click at a point of the viewport (CSS pixels); returns once the page has handled it. */
  click(x: number, y: number): Promise<void>;
  /** A key press, named as Playwright names keys ('Enter', 'ArrowDown', 'a', 'Shift+Tab'). */
  press(key: string): Promise<void>;
  /** Typed text, key by key, into the focused element. */
  type(text: string): Promise<void>;
  screenshot(options: { fullPage?: boolean }): Promise<Buffer>;
  /** Called after every navigation and action (WebKit reads the page's errors and requests here). */
  afterEach?(): Promise<void>;
  /** Called before every action that may leave the page. */
  beforeLeaving?(): Promise<void>;
}

/**
 * How long one script waits in the page before it answers "not yet" and is sent again: under
 * WebKitWebDriver's 30-second script timeout, and short enough that a test's timeout says where
 * it was waiting.
 */
const SLICE_MS = 5_000;

/** An error of a script whose document went away under it: the next document is asked. */
const DOCUMENT_GONE = /unload|no such frame|context was destroyed|execution context|detached|discarded|navigat/i;

/** A page being left answers `left`; its successor is asked after this long (it may not exist yet). */
const BETWEEN_DOCUMENTS_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The last driver calls of a page, each with when it began and how long it took (or that it has
 * not returned yet). E2E_TRACE=1 also prints each as it ends.
 */
export class DriverTrace {
  private readonly calls: { name: string; detail: string; start: number; ms?: number; failed?: string }[] = [];
  private readonly origin = Date.now();
  private static readonly KEEP = 40;

  wrap(driver: PagePrimitives): PagePrimitives {
    const traced = { ...driver } as Record<string, unknown>;
    for (const [name, primitive] of Object.entries(driver)) {
      if (typeof primitive !== 'function') continue;
      traced[name] = (...args: unknown[]) =>
        this.record(name, args, () => (primitive as (...a: unknown[]) => Promise<unknown>).apply(driver, args));
    }
    return traced as unknown as PagePrimitives;
  }

  private async record<T>(name: string, args: unknown[], call: () => Promise<T>): Promise<T> {
    const entry: (typeof this.calls)[number] = { name, detail: summarize(name, args), start: Date.now() };
    this.calls.push(entry);
    if (this.calls.length > DriverTrace.KEEP) this.calls.shift();
    try {
      return await call();
    } catch (error) {
      entry.failed = String((error as Error).message ?? error)
        .split('\n')[0]!
        .slice(0, 160);
      throw error;
    } finally {
      entry.ms = Date.now() - entry.start;
      if (process.env.E2E_TRACE) console.error(`[driver] ${this.line(entry)}`);
    }
  }

  private line({ name, detail, start, ms, failed }: (typeof this.calls)[number]): string {
    const took = ms === undefined ? `still running after ${Date.now() - start} ms` : `${ms} ms`;
    return `+${start - this.origin} ms ${name}(${detail}) ${took}${failed ? ` FAILED: ${failed}` : ''}`;
  }

  /** The last calls, one a line. */
  toString(): string {
    return this.calls.map((entry) => this.line(entry)).join('\n');
  }
}

/** A driver call's arguments in a few words: a script by its first meaningful line. */
function summarize(name: string, args: unknown[]): string {
  if (name !== 'run')
    return args
      .map((arg) => JSON.stringify(arg))
      .join(', ')
      .slice(0, 120);
  const body = String(args[0] ?? '');
  const line =
    body
      .split('\n')
      .map((text) => text.trim())
      .find((text) => text && !text.startsWith('//') && !/^const engine =|^let engine|WITH_ENGINE/.test(text)) ?? '';
  return line.slice(0, 100);
}

type NotYet = Extract<InPageAnswer<unknown>, { done: false }>;

export class ScriptedPage implements EnginePage {
  timeoutMs = 30_000;
  private currentUrl = 'about:blank';
  readonly keyboard = { press: (key: string) => this.act(() => this.driver.press(key), { mayLeave: true }) };

  readonly driver: PagePrimitives;
  /** The driver's calls, newest last: a failure or a timeout says what the driver was doing. */
  readonly trace = new DriverTrace();

  constructor(driver: PagePrimitives) {
    this.driver = this.trace.wrap(driver);
  }

  locator(selector: string, options: { hasText?: string | RegExp } = {}): EngineLocator {
    return new ScriptedLocator(this, [], `page`).locator(selector, options);
  }
  getByRole(role: AriaRole, options: { name?: string | RegExp } = {}): EngineLocator {
    return new ScriptedLocator(this, [], `page`).getByRole(role, options);
  }
  getByLabel(text: string): EngineLocator {
    return new ScriptedLocator(this, [{ label: text }], `page.getByLabel(${JSON.stringify(text)})`);
  }

  /** As Playwright's goto and reload: until the page's load event. */
  async goto(url: string) {
    await this.driver.beforeLeaving?.();
    await this.driver.goto(url);
    await this.untilLoaded(`${url} to load`);
  }
  async reload() {
    await this.driver.beforeLeaving?.();
    await this.driver.reload();
    await this.untilLoaded('the page to load again');
  }
  private async untilLoaded(what: string, url?: TextMatch) {
    let seen = 'nothing yet';
    await this.until(
      () => `${what} (last seen: ${seen})`,
      async (sliceMs) => {
        const answer = await this.inPage<InPageAnswer<string> & { url?: string; readyState?: string }>(
          `const [url, sliceMs] = arguments;
           const matches = () => url === null || (typeof url === 'string' ? location.href === url : new RegExp(url.source, url.flags).test(location.href));
           return engine.until(() => matches() && document.readyState === 'complete' ? { done: true, value: location.href } : undefined, sliceMs)
             .then((answer) => Object.assign(answer || { done: false }, { url: location.href, readyState: document.readyState }));`,
          [url ?? null, sliceMs],
        );
        seen = `${answer.url}, ${answer.readyState}`;
        return answer.done ? answer.value : undefined;
      },
    );
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
   * Until the page's own address is `expected` (read in the page: a driver's idea of the URL follows
   * navigation events, which can lag) and the page has loaded.
   */
  async waitForURL(expected: string | RegExp) {
    await this.untilLoaded(`the URL to be ${expected}`, typeof expected === 'string' ? expected : textMatch(expected));
  }
  title() {
    return this.driver.run<string>('return document.title;');
  }
  waitForTimeout(ms: number) {
    return sleep(ms);
  }
  async waitForFunction(fn: () => unknown) {
    return this.until(
      () => `${fn} to be truthy`,
      async (sliceMs) => {
        const answer = await this.inPage<InPageAnswer<unknown>>(
          `return engine.until(() => (${fn})() || undefined, arguments[0]).then((value) => value === undefined ? { done: false } : value.left === true ? value : { done: true, value });`,
          [sliceMs],
        );
        return answer.done ? answer.value : undefined;
      },
    );
  }
  async evaluate<R>(fn: ((arg: any) => R | Promise<R>) | string, arg?: unknown): Promise<R> {
    const value = typeof fn === 'string' ? `(${fn})` : `(${fn})(arguments[0])`;
    // undefined travels as a flag: WebDriver would turn it into null.
    const { result, isUndefined, url } = await this.driver.run<{
      result: R;
      isUndefined: boolean;
      url: string;
    }>(
      `return Promise.resolve(${value}).then((result) => ({ result, isUndefined: result === undefined, url: location.href }));`,
      [arg ?? null],
    );
    this.noteUrl(url);
    return isUndefined ? (undefined as R) : result;
  }
  content() {
    return this.driver.run<string>(
      'return (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "") + document.documentElement.outerHTML;',
    );
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

  /** An input action, then the page's state read again. `mayLeave`: the action may open another page. */
  async act(action: () => Promise<void>, { mayLeave = false } = {}) {
    if (mayLeave) await this.driver.beforeLeaving?.();
    await action();
    await this.settle();
  }

  private async settle() {
    await this.driver.afterEach?.();
    this.currentUrl = await this.driver.url();
  }

  /** Runs `body` with the page's locator engine as `engine` (installed first in a document without it). */
  async inPage<T>(body: string, args: unknown[] = []): Promise<T> {
    for (;;) {
      const answer = await this.driver.run<T | { reinstall: true } | { left: true }>(`${WITH_ENGINE}\n${body}`, args);
      if (answer && typeof answer === 'object' && 'left' in answer && answer.left === true)
        throw new Error('The document was being unloaded');
      if (!(answer && typeof answer === 'object' && 'reinstall' in answer)) return answer as T;
      await this.driver.run(installScript());
    }
  }

  /**
   * Asks `attempt` (given how long it may wait in the page) until it answers something other than
   * undefined. A script whose document went away is asked again, in the next document.
   */
  async until<T>(
    what: () => string,
    attempt: (sliceMs: number) => Promise<T | undefined>,
    timeoutMs = this.timeoutMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let value: T | undefined;
      let gone = false;
      try {
        value = await attempt(Math.max(0, Math.min(SLICE_MS, deadline - Date.now())));
      } catch (error) {
        if (!DOCUMENT_GONE.test((error as Error).message)) throw error;
        gone = true;
      }
      if (value !== undefined) return value;
      if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what()}`);
      if (gone) await sleep(BETWEEN_DOCUMENTS_MS);
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

  /** Runs `body` in the page with `found` (the matches now) and `arg` in scope; no waiting. */
  private async query<T>(body: string, arg?: unknown): Promise<T> {
    const { url, value } = await this.page.inPage<{ url: string; value: T }>(
      `const found = engine.resolve(arguments[0]); const arg = arguments[1];
       return Promise.resolve((() => {\n${body}\n})()).then((value) => ({ url: location.href, value }));`,
      [this.steps, arg],
    );
    this.page.noteUrl(url);
    return value;
  }

  /**
   * Waits in the page for the one match on which `ready` (an expression of `element`, `engine`
   * and `arg`) answers something other than undefined or `{ __waiting: why }`; then `then` (an
   * expression of `element`, `ready` — that answer — and `arg`; a promise is awaited) is its
   * result. Several matches fail at once (Playwright's strictness).
   */
  private async one<T>(what: string, ready: string, then = 'ready', arg?: unknown): Promise<T> {
    let last = '';
    const answer = await this.page.until(
      () => `${this.description} ${what}${last}`,
      async (sliceMs) => {
        const found = await this.page.inPage<InPageAnswer<T> & { url: string }>(
          `const [steps, arg, sliceMs] = arguments;
           return engine.one(steps, (element) => (${ready}), sliceMs).then((answer) => {
             if (!answer.done) return Object.assign(answer, { url: location.href });
             const { element, value: ready } = answer;
             return Promise.resolve(${then}).then((value) => ({ done: true, value, isUndefined: value === undefined, url: location.href }));
           });`,
          [this.steps, arg ?? null, sliceMs],
        );
        this.page.noteUrl(found.url);
        if (found.done) return found;
        const notYet = found as NotYet;
        if (notYet.strictness)
          throw new Error(
            `strict mode violation: ${this.description} matches ${notYet.count} elements: ${notYet.strictness.join(' | ')}`,
          );
        last = notYet.count === 0 ? ' (no such element)' : notYet.waiting ? ` (${notYet.waiting})` : '';
        return undefined;
      },
    );
    return answer.isUndefined ? (undefined as T) : answer.value;
  }

  async waitFor({
    state = 'visible',
    timeout,
  }: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}) {
    const check = {
      attached: 'found.length === 1',
      detached: 'found.length === 0',
      visible: 'found.length === 1 && engine.isVisible(found[0])',
      hidden: 'found.length === 0 || (found.length === 1 && !engine.isVisible(found[0]))',
    }[state];
    await this.page.until(
      () => `${this.description} to be ${state}`,
      async (sliceMs) => {
        const { ok, count } = await this.page.inPage<{ ok: boolean; count: number }>(
          `const [steps, sliceMs] = arguments;
           let count = 0;
           return engine.until(() => {
             const found = engine.resolve(steps);
             count = found.length;
             return count > 1 || (${check}) ? true : undefined;
           }, sliceMs).then((answer) => answer && answer.left ? answer : { ok: answer === true && count <= 1, count });`,
          [this.steps, sliceMs],
        );
        if (count > 1) throw new Error(`strict mode violation: ${this.description} matches ${count} elements`);
        return ok ? true : undefined;
      },
      timeout,
    );
  }

  /**
   * A real click at the element's centre, once it is visible, enabled, stable and the topmost
   * element there, as Playwright's. The page is checked and the hit-target guard armed in the same
   * script (in-page.ts); when the click has been delivered the guard says where its press landed.
   * If the page moved in between and the press reached another element, the guard stopped that
   * click there, and it is sent again, as Playwright retries such a click. A click the page never
   * received at all is an error, never sent again: the drivers return only once input is handled.
   */
  async click() {
    const outcomes: string[] = [];
    await this.page.until(
      () => `${this.description} to take a click${outcomes.length ? ` (clicks so far: ${outcomes.join('; ')})` : ''}`,
      async () => {
        const { x, y } = await this.one<{ x: number; y: number }>(
          'to be visible, enabled, stable and not covered',
          'engine.clickPoint(element)',
          '(engine.guardClick(element), ready)',
        );
        // A script or click cut short by the page it opened: the click landed.
        const leftOrThrow = (error: Error) => {
          if (DOCUMENT_GONE.test(error.message)) return 'left';
          throw error;
        };
        const outcome = await this.page
          .act(() => this.page.driver.click(x, y), { mayLeave: true })
          .then(() => this.page.inPage<string>('return engine.clickOutcome();'))
          .catch(leftOrThrow);
        outcomes.push(`at ${Math.round(x)},${Math.round(y)}: ${outcome}`);
        if (outcome === 'landed' || outcome === 'left') return true;
        if (outcome === 'unseen')
          throw new Error(
            `${this.description}: the page never received the click at ${Math.round(x)},${Math.round(y)} (${outcomes.join('; ')})`,
          );
        return undefined;
      },
    );
  }
  private async setChecked(checked: boolean) {
    if ((await this.isChecked()) === checked) return;
    await this.click();
    if ((await this.isChecked()) !== checked)
      throw new Error(`${this.description}: clicking did not ${checked ? 'check' : 'uncheck'} it`);
  }
  check() {
    return this.setChecked(true);
  }
  uncheck() {
    return this.setChecked(false);
  }
  async focus() {
    await this.one('to focus', 'true', '(element.focus(), true)');
  }
  /**
   * As Playwright's fill: the field focused, its text selected, then the value inserted as one
   * edit (an `input` event with inputType insertText), not typed key by key: a 600-character token
   * typed through WebKitWebDriver takes most of a minute.
   */
  async fill(value: string) {
    const inserted = await this.one<boolean>(
      'to be an enabled, editable field',
      `engine.isVisible(element) && engine.isEnabled(element) && !element.readOnly ? true : { __waiting: 'not an enabled, editable field' }`,
      `(element.focus(), element.select(), document.execCommand(arg ? 'insertText' : 'delete', false, arg))`,
      value,
    );
    await this.page.act(async () => {
      // Where the engine refuses the edit command, the keyboard types it.
      if (!inserted) await (value ? this.page.driver.type(value) : this.page.driver.press('Delete'));
    });
    const now = await this.inputValue();
    if (now !== value)
      throw new Error(
        `${this.description}: filled with ${JSON.stringify(value)}, the field holds ${JSON.stringify(now)}`,
      );
  }
  async press(key: string) {
    await this.focus();
    await this.page.act(() => this.page.driver.press(key), { mayLeave: true });
  }
  async selectOption(value: string) {
    const selected = await this.one<string[]>(
      'to have the option',
      `element.localName !== 'select' ? (() => { throw new Error('not a <select>'); })()
        : !engine.isEnabled(element) ? { __waiting: 'disabled' }
        : [...element.options].find((o) => o.value === arg || o.label === arg) || { __waiting: 'no such option' }`,
      `(element.value = ready.value,
        element.dispatchEvent(new Event('input', { bubbles: true, composed: true })),
        element.dispatchEvent(new Event('change', { bubbles: true })),
        [ready.value])`,
      value,
    );
    await this.page.act(async () => {});
    return selected;
  }

  count() {
    return this.query<number>('return found.length;');
  }
  textContent() {
    return this.one<string | null>('to be attached', 'true', 'element.textContent');
  }
  allTextContents() {
    return this.query<string[]>('return found.map((element) => element.textContent);');
  }
  getAttribute(name: string) {
    return this.one<string | null>('to be attached', 'true', 'element.getAttribute(arg)', name);
  }
  inputValue() {
    return this.one<string>(
      'to be attached',
      `'value' in element ? true : (() => { throw new Error('not a field'); })()`,
      'element.value',
    );
  }
  isChecked() {
    return this.one<boolean>(
      'to be attached',
      'true',
      `'checked' in element ? element.checked : element.getAttribute('aria-checked') === 'true'`,
    );
  }
  isDisabled() {
    return this.one<boolean>('to be attached', 'true', '!engine.isEnabled(element)');
  }
  async isHidden() {
    return !(await this.isVisible());
  }
  /** No waiting, as Playwright's: whether the one element (if any) is visible now. */
  async isVisible() {
    const { count, visible } = await this.query<{ count: number; visible: boolean }>(
      'return { count: found.length, visible: found.length === 1 && engine.isVisible(found[0]) };',
    );
    if (count > 1) throw new Error(`strict mode violation: ${this.description} matches ${count} elements`);
    return visible;
  }
  innerText() {
    return this.one<string>('to be attached', 'true', 'element.innerText');
  }
  boundingBox() {
    return this.one<{ x: number; y: number; width: number; height: number } | null>(
      'to be attached',
      'true',
      `engine.isVisible(element) ? (({ x, y, width, height }) => ({ x, y, width, height }))(element.getBoundingClientRect()) : null`,
    );
  }
  async evaluateAll<R>(fn: (elements: any[]) => R | Promise<R>): Promise<R> {
    const { result, isUndefined } = await this.query<{ result: R; isUndefined: boolean }>(
      `return Promise.resolve((${fn})(found)).then((result) => ({ result, isUndefined: result === undefined }));`,
    );
    return isUndefined ? (undefined as R) : result;
  }
  /** Runs once the one element is there; its result may be anything, undefined included. */
  evaluate<R>(fn: (element: any) => R | Promise<R>): Promise<R> {
    return this.one<R>('to be attached', 'true', `(${fn})(element)`);
  }
}
