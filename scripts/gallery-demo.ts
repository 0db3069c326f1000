/**
 * The gallery's pages of the demo (`npm run gallery`, or `-- --only demo`): every page of `npm run
 * demo` as a new user first sees it, and the checkout each one shows once asked for, at 375 px
 * (touch) and 1280 px, light and dark. The demo's production build (demo/build.ts) against its own
 * emulator, on free ports; whole pages, so that where the checkout sits on a phone shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { buildDemo } from '../demo/build.js';
import { startDemo, type Demo } from '../demo/server.js';

export const DEMO_VIEWS = [
  'shop',
  'shop-qr',
  'shop-paid',
  'shop-returned',
  'hosted',
  'script-tag',
  'script-tag-checkout',
  'react',
  'react-checkout',
  'vue',
  'vue-checkout',
  'own-button',
  'wallet',
  'wallet-checkout',
] as const;
type DemoView = (typeof DEMO_VIEWS)[number];

export interface DemoShot {
  view: DemoView;
  device: 'desktop' | 'phone';
  scheme: 'light' | 'dark';
  /** Relative to the gallery's folder. */
  file: string;
}

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
} as const;

/** The element on the page once it shows its form. */
const checkoutReady = (page: Page) =>
  page.locator('pay-checkout[state="select"]').first().waitFor({ state: 'visible', timeout: 30_000 });

/** Each view: the page it opens and what is done there before the picture. */
function views(demo: Demo): Record<DemoView, (page: Page) => Promise<void>> {
  const open = (url: string) => async (page: Page) => {
    await page.goto(url);
  };
  const checkOut = (url: string, button: string) => async (page: Page) => {
    await page.goto(url);
    await page.getByRole('button', { name: button }).click();
    await checkoutReady(page);
  };
  /** On the shop: a scenario, UPI QR, Go to the payment, and the element's Pay. */
  const payOnShop = async (page: Page, preset: string) => {
    await page.goto(demo.pages.shop);
    await checkoutReady(page);
    await page.locator(`#preset-${preset}`).check();
    await page.locator('#method').selectOption('UPIQR');
    await page.getByRole('button', { name: 'Go to the payment' }).click();
    await page.locator('pay-checkout[state="select"] [part="submit"]').click();
  };
  return {
    shop: async (page) => {
      await page.goto(demo.pages.shop);
      await checkoutReady(page);
    },
    // Paying by UPI QR on the shop's own page: the QR and its countdown (a payin that stays pending), then a success.
    'shop-qr': async (page) => {
      await payOnShop(page, 'expires');
      await page.locator('pay-checkout[state="pending"] svg.qr').waitFor({ timeout: 30_000 });
    },
    'shop-paid': async (page) => {
      await payOnShop(page, 'success');
      await page.locator('pay-checkout[state="success"] .final').waitFor({ timeout: 30_000 });
    },
    'shop-returned': async (page) => {
      await page.goto(`${demo.pages.shop}?returnedFrom=order-gallery`);
      await page.locator('#returned:not([hidden])').waitFor();
      await checkoutReady(page);
    },
    hosted: async (page) => {
      await page.goto(demo.pages.shop);
      await checkoutReady(page);
      await page.getByRole('button', { name: 'Pay on the hosted page' }).click();
      await page.waitForURL(/\/pay\.html/);
      await checkoutReady(page);
    },
    'script-tag': open(demo.pages.scriptTag),
    'script-tag-checkout': checkOut(demo.pages.scriptTag, 'Check out'),
    react: open(demo.pages.react),
    'react-checkout': checkOut(demo.pages.react, 'Check out'),
    vue: open(demo.pages.vue),
    'vue-checkout': checkOut(demo.pages.vue, 'Check out'),
    'own-button': async (page) => {
      await page.goto(demo.pages.ownButton);
      await checkoutReady(page);
    },
    wallet: open(demo.pages.wallet),
    'wallet-checkout': async (page) => {
      await page.goto(demo.pages.wallet);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('pay-checkout[state="select"], pay-checkout[state="pending"]').first().waitFor();
    },
  };
}

export async function demoShots(browser: Browser, out: URL, only?: readonly string[]): Promise<DemoShot[]> {
  const built = mkdtempSync(join(tmpdir(), 'pay-checkout-gallery-demo-'));
  const shots: DemoShot[] = [];
  let demo: Demo | undefined;
  try {
    await buildDemo(built);
    demo = await startDemo({ port: 0, host: '127.0.0.1', sandboxPort: 0, log: false, hmr: false, built });
    const steps = views(demo);
    for (const device of ['phone', 'desktop'] as const)
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ ...DEVICES[device], colorScheme: scheme });
        try {
          for (const view of DEMO_VIEWS) {
            if (only && !only.includes(view)) continue;
            const page = await context.newPage();
            await steps[view](page);
            // The element's fonts and the pages' images, before the picture.
            await page.evaluate(() => document.fonts.ready);
            const file = `demo/${view}-${device}-${scheme}.png`;
            await page.screenshot({ path: new URL(file, out).pathname, fullPage: true });
            shots.push({ view, device, scheme, file });
            await page.close();
          }
        } finally {
          await context.close();
        }
      }
  } finally {
    await demo?.close();
    rmSync(built, { recursive: true, force: true });
  }
  return shots;
}
