/** Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const CHROMIUM_ARGS: string[];
/** Chromium: CHROME_PATH, else Debian's; undefined lets Playwright use its own download. */
export function chromiumPath(): string | undefined;
