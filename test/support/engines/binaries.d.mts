export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: Engine[];
/** Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const CHROMIUM_ARGS: string[];
/** How long a browser may take to start (Firefox's address, MiniBrowser's session). */
export const BROWSER_START_MS: number;
/** The engines of this run: all three unless BROWSERS names some. */
export function selectedEngines(): Engine[];
export type EngineSetup =
  | { engine: 'chromium'; via: 'playwright'; executablePath: string | undefined }
  | { engine: 'firefox'; via: 'puppeteer'; executablePath: string }
  | { engine: 'webkit'; via: 'webdriver'; driverPath: string; browserPath: string }
  | { engine: 'firefox' | 'webkit'; via: 'playwright' };
/** How `engine` is launched on this machine; throws, saying what to install, when it is nowhere. */
export function engineSetup(engine: 'chromium'): Extract<EngineSetup, { engine: 'chromium' }>;
export function engineSetup(engine: Engine): EngineSetup;
