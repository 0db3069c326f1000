/**
 * The demo as `npm run demo` serves it: its pages through Vite's dev server, which compiles the
 * element from src/ module by module. The other end-to-end files drive the pages' production
 * build (demo/build.ts), which is cheaper to load; this one keeps the dev server honest in a
 * browser: every page runs with no uncaught error, and the shop takes a payment to its callback.
 * In Chromium only: what differs here is the server, not the engine.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { choosePreset, demoInBrowser, loggedEvents, submitCheckout, untilCallback, untilState } from './harness.js';

const e2e = demoInBrowser({ dev: true });

describe('Chromium: the demo through Vite’s dev server, as npm run demo serves it', () => {
  it('the shop takes a payment to its final event and the callback', { timeout: 45_000 }, () =>
    e2e.withPage(e2e.demo.pages.shop, async ({ page }) => {
      await choosePreset(page, 'success');
      await page.locator('#method').selectOption('UPIQR');
      await page.getByRole('button', { name: 'Go to the payment' }).click();
      await submitCheckout(page);
      assert.equal(await untilState(page, 'success', 'failed', 'refused', 'error'), 'success');
      assert.equal((await loggedEvents(page, 'pay-success')).length, 1);
      const idPayin = (await page.locator('#fact-payin').textContent())!;
      assert.match(idPayin, /^order-/);
      await untilCallback(page, idPayin, 'SUCCESS');
    }),
  );

  // React and Vue reach the page through the dev server's pre-bundle of CommonJS and ESM packages:
  // each page's scripts ran, and the element is defined.
  for (const name of ['react', 'vue'] as const) {
    it(`the ${name} page runs its scripts`, { timeout: 45_000 }, () =>
      e2e.withPage(e2e.demo.pages[name], async ({ page }) => {
        await page.locator('h1').first().waitFor();
        assert.equal(await page.evaluate<boolean>("customElements.whenDefined('pay-checkout').then(() => true)"), true);
      }),
    );
  }
});
