/**
 * Every demo page that mounts <pay-checkout> gives it `status-url`: the merchant backend's status
 * stream for that payin (the kit's authorized one, or on the hosted page, which holds no handle,
 * the data-free one), which answers the page (same origin) with the relay's `ready`. In headless
 * Chromium against the demo started in-process.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Demo } from '../../demo/server.js';
import { demoInBrowser, openPage } from '../e2e/harness.js';
import type { Page } from 'playwright';

const e2e = demoInBrowser();

/** The element's status-url and payin-id, and what the stream answers the page first. */
async function statusStreamOf(page: Page) {
  const element = page.locator('pay-checkout');
  await element.waitFor({ state: 'attached' });
  const statusUrl = await element.getAttribute('status-url');
  const idPayin = await element.evaluate(
    (node) => node.getAttribute('payin-id') ?? (node as unknown as { payinId?: string }).payinId,
  );
  const firstEvent = await page.evaluate(
    (url) =>
      new Promise<string>((resolve, reject) => {
        const source = new EventSource(url!);
        source.addEventListener('ready', (event) => {
          source.close();
          resolve((event as MessageEvent<string>).data);
        });
        source.onerror = () => {
          source.close();
          reject(new Error(`the stream ${url} failed`));
        };
      }),
    statusUrl,
  );
  return { statusUrl, idPayin, firstEvent };
}

const pages: [string, (demo: Demo) => string, (page: Page) => Promise<void>][] = [
  // The shop mounts its checkout as it loads.
  ['the shop', (d) => d.pages.shop, async () => {}],
  ['the script-tag page', (d) => d.pages.scriptTag, (page) => page.getByRole('button', { name: 'Check out' }).click()],
  ['the React page', (d) => d.pages.react, (page) => page.getByRole('button', { name: 'Check out' }).click()],
  ['the Vue page', (d) => d.pages.vue, (page) => page.getByRole('button', { name: 'Check out' }).click()],
  // Your own button: the checkout is mounted as the page loads.
  ['the own-button page', (d) => d.pages.ownButton, async () => {}],
];

describe('the demo pages set status-url to the backend stream', () => {
  for (const [name, address, checkOut] of pages) {
    it(`${name}`, async () => {
      const { page, errors, close } = await openPage(e2e.browser, address(e2e.demo));
      try {
        await checkOut(page);
        const { statusUrl, idPayin, firstEvent } = await statusStreamOf(page);
        assert.match(idPayin ?? '', /^order-/);
        // The kit's authorized stream: the checkout's handle opens it.
        assert.match(statusUrl ?? '', new RegExp(`^/api/payins/${idPayin}/events\\?handle=[\\w-]+\\.[\\w-]+$`));
        assert.deepEqual(JSON.parse(firstEvent), { heartbeatMs: 15000 });
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  it('the hosted page', async () => {
    const { page, errors, close } = await openPage(e2e.browser, e2e.demo.pages.shop);
    try {
      await page.getByRole('button', { name: 'Pay on the hosted page' }).click();
      await page.waitForURL(/\/pay\.html\?/);
      const { statusUrl, idPayin, firstEvent } = await statusStreamOf(page);
      assert.equal(statusUrl, `/api/payins/${idPayin}/events`);
      assert.deepEqual(JSON.parse(firstEvent), { heartbeatMs: 15000 });
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
