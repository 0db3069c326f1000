import type { Browser } from 'webdriverio';

/** A MiniBrowser under its own WebKitWebDriver, driven by WebdriverIO. */
export interface WebKitSession {
  browser: Browser;
  /** Ends the session (the browser closes) and stops its driver. */
  close(): Promise<void>;
}

/** A new MiniBrowser under its own WebKitWebDriver (and Xvfb when DISPLAY is unset). */
export function startWebKit(options: {
  driverPath: string;
  browserPath: string;
  browserArgs?: string[];
}): Promise<WebKitSession>;

/** Sizes the window and centres it on the screen, where the pointer (and so the focus) rests. */
export function centreWindow(browser: Browser, width: number, height: number): Promise<void>;

/** A key press as Playwright writes it: 'Enter', 'a', 'Shift+Tab'. */
export function pressKey(browser: Browser, press: string): Promise<void>;
