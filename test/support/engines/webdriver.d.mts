import type { ChildProcess } from 'node:child_process';

/** WebDriver key actions for one press, as Playwright writes it: 'Enter', 'a', 'Shift+Tab'. */
export function keyPressActions(press: string): { type: 'keyDown' | 'keyUp'; value: string }[];

export class WebDriverError extends Error {
  error: string | undefined;
}

export class WebDriverSession {
  readonly id: string;
  readonly driver: ChildProcess;
  closed: boolean;
  command<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  navigate(url: string): Promise<void>;
  url(): Promise<string>;
  refresh(): Promise<void>;
  /** Runs `script` (a function body; `arguments` holds `args`) in the page; a returned promise is awaited. */
  execute<T = unknown>(script: string, args?: unknown[]): Promise<T>;
  actions(actions: unknown[]): Promise<unknown>;
  releaseActions(): Promise<unknown>;
  perform(actions: unknown[]): Promise<void>;
  /** Mouse actions: moves to points of the viewport (CSS pixels), presses and releases buttons. */
  mouse(steps: ({ type: 'move'; x: number; y: number } | { type: 'down' | 'up'; button?: number })[]): Promise<unknown>;
  pressKey(press: string): Promise<void>;
  /** A mouse click at a point of the viewport, in CSS pixels. */
  click(x: number, y: number): Promise<void>;
  type(text: string): Promise<void>;
  /** Sizes the window and centres it on the screen, where the pointer (and so the focus) rests. */
  setWindowSize(width: number, height: number): Promise<unknown>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  /** Ends the session (the browser closes) and stops its driver. */
  close(): Promise<void>;
}

/** A new MiniBrowser under its own WebKitWebDriver (and Xvfb when DISPLAY is unset). */
export function startWebKitSession(options: { driverPath: string; browserPath: string; browserArgs?: string[] }): Promise<WebDriverSession>;
