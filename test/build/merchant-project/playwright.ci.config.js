// Not part of the example: this machine's Chromium (CHROME_PATH) instead of one Playwright downloads.
import config from './playwright.config.ts';

export default {
  ...config,
  use: { ...config.use, launchOptions: { executablePath: process.env.CHROME_PATH } },
};
