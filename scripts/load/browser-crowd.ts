/**
 * N shoppers in headless Chromium, each in a tab of its own running the BUILT element
 * (dist/pay-checkout.js) on the shop's page (shop-page.ts). A browser opens at most 6 HTTP/1.1
 * connections per host in one context, and each status stream holds one for as long as it is
 * open, so a context holds at most SHOPPERS_PER_CONTEXT tabs, and the crowd is many contexts of
 * one browser. Contexts share nothing (cookies, storage, connections), like separate people.
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium } from '../page-server.js';
import { progressOf, type Crowd, type ShopperRecord, type ShopperSettings } from './shopper.js';

export const SHOPPERS_PER_CONTEXT = 4;

export async function browserCrowd(merchantOrigin: string): Promise<Crowd> {
  const browser: Browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const pageErrors: string[] = [];

  const read = async (): Promise<ShopperRecord[]> =>
    Promise.all(
      pages.map((page) =>
        page
          .evaluate(() => (window as any).__shopper.record() as ShopperRecord)
          .catch((error: Error) => ({
            openedAt: 0,
            events: [],
            checkoutFailure: `page unreadable: ${error.message}`,
          })),
      ),
    );

  return {
    kind: `headless Chromium ${browser.version()}, built element, ${SHOPPERS_PER_CONTEXT} tabs per context`,
    async prepare(count: number) {
      for (let i = 0; i < count; i += SHOPPERS_PER_CONTEXT) {
        const context = await browser.newContext();
        contexts.push(context);
        for (let j = i; j < Math.min(count, i + SHOPPERS_PER_CONTEXT); j++) {
          const page = await context.newPage();
          page.on('pageerror', (error) => pageErrors.push(error.message));
          await page.goto(`${merchantOrigin}/shop`);
          await page.evaluate(() => customElements.whenDefined('pay-checkout'));
          pages.push(page);
        }
      }
    },
    async go(settings: ShopperSettings) {
      for (const page of pages)
        void page.evaluate((s) => (window as any).__shopper.open(s), settings).catch(() => undefined);
    },
    progress: async () => progressOf(await read()),
    records: read,
    async close() {
      if (pageErrors.length) console.error(`page errors: ${[...new Set(pageErrors)].join('; ')}`);
      await browser.close();
    },
  };
}
