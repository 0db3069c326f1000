/**
 * The emulator's dashboard in a real browser (Debian's Chromium through Playwright), against an
 * emulator on a free port and a merchant's callback server on another: a payin created through the
 * API appears without a reload; settling it from the dashboard reaches the callback server, and the
 * dashboard shows the attempt and the answer; a callback URL answering 500 shows its retries;
 * advancing the clock expires a pending UPI QR payin; keyboard alone does it; axe finds nothing
 * (WCAG 2.2 AA), light and dark, at 1280 and 768 px. Every wait is on what the page shows.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../../scripts/page-server.js';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import {
  SETTLE_MS,
  createPayin,
  payin,
  startReceiver,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';

const expectSoon = expect.configure({ timeout: 30_000 });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let t: TestSandbox;
let browser: Browser;
before(async () => {
  await ensureBuilt();
  [t, browser] = await Promise.all([
    startSandbox({ settleDelayMs: SETTLE_MS, callbackRetry: { attempts: 4, baseDelayMs: 1000 } }),
    // The Chromium npm test shares among the Node test files, else one of the file's own.
    launchChromium(),
  ]);
});
after(async () => {
  await browser?.close();
  await t?.sandbox.close();
});

/** A fresh page on the dashboard; it fails the test on any error the page throws. */
async function dashboard(
  path = '/',
  options: { colorScheme?: 'light' | 'dark'; width?: number; bypassCSP?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(t.sandbox.url + path);
  await expectSoon(page.getByText('Live', { exact: true })).toBeVisible();
  return {
    page,
    errors,
    close: async () => {
      await context.close();
      assert.deepEqual(errors, [], 'the page threw or logged no error');
    },
  };
}

const row = (page: Page, id: string) => page.locator(`tr[data-payment="${id}"]`);

describe('the dashboard', () => {
  test('a payin created through the API appears without a reload, with its money, status and scenario', async () => {
    const { page, close } = await dashboard();
    try {
      await expectSoon(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
      await createPayin(t, payin(60, 'INR', { paymentMethodCode: 'UPIQR' }), 'dash-appears-1');
      const appeared = row(page, 'dash-appears-1');
      await expectSoon(appeared.getByRole('link', { name: 'dash-appears-1' })).toBeVisible();
      await expectSoon(appeared).toContainText('60 INR');
      await expectSoon(appeared).toContainText('PROCESSING');
      await expectSoon(appeared).toContainText('success');
      await expectSoon(appeared).toContainText('UPIQR');
    } finally {
      await close();
    }
  });

  test('settled from the dashboard: the merchant’s callback server records it, and the page shows the attempt and the answer', async () => {
    const receiver = await startReceiver();
    const { page, close } = await dashboard();
    try {
      await createPayin(t, payin(60, 'INR', undefined, { callbackUrl: receiver.url }), 'dash-settle-1');
      await row(page, 'dash-settle-1').getByRole('link', { name: 'dash-settle-1' }).click();
      await expectSoon(page.getByRole('heading', { name: 'Payin dash-settle-1' })).toBeFocused();
      await page.getByRole('button', { name: 'Settle as SUCCESS' }).click();
      await expectSoon(page.getByRole('status').filter({ hasText: 'Settled: SUCCESS' })).toBeVisible();
      const [received] = await receiver.waitFor(1, 30_000);
      assert.deepEqual(Object.keys(received!.body as object).sort(), ['idPayin', 'idPayment', 'type']);
      const callback = page.locator('article[data-delivery]');
      await expectSoon(callback.getByText('delivered')).toBeVisible();
      await expectSoon(callback).toContainText(`POST ${receiver.url}`);
      const attempt = callback.locator('tbody tr');
      await expectSoon(attempt).toHaveCount(1);
      await expectSoon(attempt).toContainText('200');
      await expectSoon(attempt).toContainText('ok');
      await expectSoon(
        page.getByRole('list').filter({ hasText: 'settled SUCCESS by the sandbox tools' }),
      ).toBeVisible();
      assert.equal((await t.raw('GET', '/payins/dash-settle-1')).json.status, 'SUCCESS');
    } finally {
      await close();
      await receiver.close();
    }
  });

  test('a callback URL answering 500 shows its retries, the answer’s body and the next retry', async () => {
    const receiver = await startReceiver(100);
    const { page, close } = await dashboard();
    try {
      await createPayin(t, payin(60, 'INR', undefined, { callbackUrl: receiver.url }), 'dash-retry-1');
      await page.goto(`${t.sandbox.url}/__sandbox/dashboard#/payments/payin/demo-merchant/dash-retry-1`);
      await page.getByRole('button', { name: 'Settle as FAILED' }).click();
      const callback = page.locator('article[data-delivery]');
      await expectSoon(callback.getByText(/Next retry at \d\d:\d\d:\d\d/)).toBeVisible();
      await expectSoon(callback.locator('tbody tr')).toHaveCount(4);
      await expectSoon(callback.getByText('failed', { exact: true })).toBeVisible();
      for (const attempt of await callback.locator('tbody tr').all()) {
        await expect(attempt).toContainText('500');
        await expect(attempt).toContainText('try again');
      }
      await expectSoon(callback.getByText(/Next retry at/)).toHaveCount(0);
      assert.equal((await receiver.waitFor(4, 30_000)).length, 4);
    } finally {
      await close();
      await receiver.close();
    }
  });

  test('advancing the clock expires a pending UPI QR payin (FAILED 2 h after its expiry)', async () => {
    const { page, close } = await dashboard();
    try {
      await createPayin(t, payin(1, 'INR', { paymentMethodCode: 'UPIQR' }), 'dash-expiry-1');
      const pending = row(page, 'dash-expiry-1');
      await expectSoon(pending).toContainText('PROCESSING');
      await expectSoon(pending).toContainText('expires');
      await page.getByLabel('Amount').fill('3');
      await page.getByLabel('Unit').selectOption({ label: 'hours' });
      await page.getByRole('button', { name: 'Advance', exact: true }).click();
      await expectSoon(page.getByRole('status').filter({ hasText: 'Moved 3 h forward' })).toBeVisible();
      await expectSoon(pending).toContainText('FAILED');
      await expectSoon(pending).toContainText('CUSTOMER_VERIFICATION_INACTIVITY');
      await expectSoon(
        page.getByText(/\d h \d+ min ahead of the wall clock|\d h ahead of the wall clock/),
      ).toBeVisible();
      assert.equal((await t.raw('GET', '/payins/dash-expiry-1')).json.status, 'FAILED');
    } finally {
      await close();
    }
  });

  test('by keyboard alone: to a payment’s page, settle it, and the request log filtered to 4xx', async () => {
    const { page, close } = await dashboard();
    /** Tab until the focused element (inside shadow roots) has this accessible text. */
    const tabTo = async (text: string) => {
      for (let presses = 0; presses < 60; presses++) {
        await page.keyboard.press('Tab');
        // A control in a <label> is named by the label's first words; anything else by its text.
        const focused = await page.evaluate(`(() => {
          let element = document.activeElement;
          while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
          if (!element) return '';
          const label = element.labels && element.labels[0] ? element.labels[0].childNodes[0].textContent : '';
          return (label || element.getAttribute('aria-label') || element.textContent || '').trim();
        })()`);
        if (focused === text) return;
      }
      assert.fail(`Tab never reached "${text}"`);
    };
    try {
      await createPayin(t, payin(60), 'dash-keys-1');
      await t.raw('GET', '/payins/dash-keys-never');
      await expectSoon(row(page, 'dash-keys-1')).toBeVisible();
      await tabTo('dash-keys-1');
      await page.keyboard.press('Enter');
      await expectSoon(page.getByRole('heading', { name: 'Payin dash-keys-1' })).toBeFocused();
      await tabTo('Settle as REFUSED');
      await page.keyboard.press('Enter');
      await expectSoon(page.getByRole('status').filter({ hasText: 'Settled: REFUSED' })).toBeVisible();
      await expectSoon(page.getByRole('heading', { name: 'Actions' })).toBeFocused();
      await tabTo('Request log');
      await page.keyboard.press('Enter');
      await expectSoon(page.getByRole('heading', { name: 'Request log' })).toBeFocused();
      await tabTo('Status');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const refused = page.locator('tr[data-status="404"]').filter({ hasText: '/payins/dash-keys-never' });
      await expectSoon(refused).toContainText('404 refused');
      await expectSoon(page.locator('tbody tr[data-status="200"]')).toHaveCount(0);
    } finally {
      await close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 768]) {
      test(`axe finds no WCAG 2.2 AA violation in any view, ${colorScheme}, ${width} px`, async () => {
        const receiver = await startReceiver(1);
        const id = `dash-axe-${colorScheme}-${width}`;
        await createPayin(t, payin(10, 'INR', undefined, { callbackUrl: receiver.url }), id);
        await t.raw('POST', `/__sandbox/payments/${id}/settle`, { body: { status: 'FAILED' } });
        await t.raw('GET', '/payins/dash-axe-never');
        await t.raw('POST', '/__sandbox/faults', { body: { latencyMs: 1 } });
        // Axe is a script of its own: only this page lets it in past the dashboard's CSP.
        const { page, close } = await dashboard('/', { colorScheme, width, bypassCSP: true });
        try {
          await receiver.waitFor(2, 30_000);
          await page.addScriptTag({ path: AXE });
          for (const [hash, ready] of [
            ['#/payments', page.getByRole('link', { name: id })],
            [`#/payments/payin/demo-merchant/${id}`, page.getByText('delivered')],
            ['#/requests', page.getByText('404 refused').first()],
            ['#/faults', page.getByText('Active: latency 1 ms.')],
          ] as const) {
            await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
            await expectSoon(ready).toBeVisible();
            const violations = await page.evaluate(`axe
              .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
              .then((result) => result.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
            assert.deepEqual(violations, [], `${hash}`);
          }
        } finally {
          await close();
          await receiver.close();
          await t.raw('DELETE', '/__sandbox/faults');
        }
      });
    }
  }
});
