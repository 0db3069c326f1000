/**
 * The page-driver interface of the end-to-end tests: the part of Playwright's Page and Locator the
 * tests use, so the same test drives Chromium (a Playwright page, as it is) and the engines
 * Playwright cannot drive here — Debian's Firefox through puppeteer-core and WebKitGTK through
 * WebKitWebDriver — through ScriptedPage (scripted-page.ts), which gives them the same semantics:
 * auto-waiting, strictness (an action on a locator matching several elements fails), CSS that
 * pierces shadow roots, real mouse clicks and key presses.
 *
 * Method syntax on purpose: Playwright's own Page and Locator must be assignable to these.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export type AriaRole = 'button' | 'link' | 'radio' | 'checkbox' | 'textbox' | 'combobox' | 'heading' | 'region' | 'tab';

export interface EngineLocator {
  locator(selector: string, options?: { hasText?: string | RegExp }): EngineLocator;
  getByRole(role: AriaRole, options?: { name?: string | RegExp }): EngineLocator;
  filter(options: { hasText: string | RegExp }): EngineLocator;
  first(): EngineLocator;
  /** Until the element is visible (or: attached, hidden, detached). */
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  click(): Promise<void>;
  check(): Promise<void>;
  uncheck(): Promise<void>;
  focus(): Promise<void>;
  fill(value: string): Promise<void>;
  press(key: string): Promise<void>;
  selectOption(value: string): Promise<string[]>;
  count(): Promise<number>;
  textContent(): Promise<string | null>;
  allTextContents(): Promise<string[]>;
  getAttribute(name: string): Promise<string | null>;
  inputValue(): Promise<string>;
  isChecked(): Promise<boolean>;
  isDisabled(): Promise<boolean>;
  isHidden(): Promise<boolean>;
  isVisible(): Promise<boolean>;
  innerText(): Promise<string>;
  /** The box in the viewport's CSS pixels, or null when the element is not visible. */
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  /** Runs `fn` in the page on the one element (it must be source-serialisable: no closures). */
  evaluate<R>(fn: (element: any) => R | Promise<R>): Promise<R>;
  /** Runs `fn` in the page on every match (none is fine). */
  evaluateAll<R>(fn: (elements: any[]) => R | Promise<R>): Promise<R>;
}

export interface EnginePage {
  locator(selector: string, options?: { hasText?: string | RegExp }): EngineLocator;
  getByRole(role: AriaRole, options?: { name?: string | RegExp }): EngineLocator;
  getByLabel(text: string): EngineLocator;
  readonly keyboard: { press(key: string): Promise<void> };
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  title(): Promise<string>;
  /** Until the address is `url` (a string: exactly) or matches it, and the page has loaded. */
  waitForURL(url: string | RegExp): Promise<void>;
  waitForTimeout(ms: number): Promise<void>;
  /** Until `fn` (run in the page) returns something truthy. */
  waitForFunction(fn: () => unknown): Promise<unknown>;
  /** A function (source-serialisable; `arg` as JSON) or an expression, run in the page; a promise is awaited. */
  evaluate<R>(fn: ((arg: any) => R | Promise<R>) | string, arg?: unknown): Promise<R>;
  /** The document's markup. */
  content(): Promise<string>;
  /** A classic script with the file's content, as Playwright's addScriptTag({ path }) adds it. */
  addScriptTag(options: { path: string }): Promise<unknown>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
  setDefaultTimeout(ms: number): void;
}

/** One page in a fresh browser context (its own storage), with what it reported. */
export interface OpenedPage {
  page: EnginePage;
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** Console messages, or undefined where the driver cannot see them (WebKitGTK's MiniBrowser). */
  consoleMessages: string[] | undefined;
  /**
   * What the system clipboard holds, read the way a page reads it (navigator.clipboard.readText);
   * undefined where a test cannot (WebKitGTK's MiniBrowser reads only on a user's paste).
   */
  readClipboard: (() => Promise<string>) | undefined;
  /**
   * Brings `errors`, `requests` and `consoleMessages` up to date. Event-driven engines have them
   * already; WebKit reads them from the page (call it before looking at them).
   */
  collect(): Promise<void>;
  close(): Promise<void>;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** A script (source text) to run in every document of the page before the page's own scripts. */
  initScript?: string;
  /**
   * Scripts the test adds (addScriptTag) run despite the page's CSP. Playwright's context option;
   * puppeteer and WebDriver evaluate such scripts themselves, outside the page's policy, always.
   */
  bypassCSP?: boolean;
}

export interface EngineBrowser {
  engine: EngineName;
  /** For test titles and reports: "Chromium", "Firefox 153", "WebKitGTK 2.50". */
  title: string;
  newPage(options?: PageOptions): Promise<OpenedPage>;
  close(): Promise<void>;
}
