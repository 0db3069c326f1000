/**
 * "Save QR image" under the strict Content-Security-Policy the package guarantees
 * (`default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:`), with the
 * BUILT element on a phone (375 px, touch): the download (an object URL behind <a download>) is a
 * download, not an image load, so img-src does not stop it — the browser saves a PNG and reports
 * no violation. The wtr suite checks the image module for module; this checks the policy.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buffer } from 'node:stream/consumers';
import type { Browser } from 'playwright';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import {
  checkoutHtml,
  launchChromium,
  startPageServer,
  STRICT_CSP,
  uniquePayinId,
  type PageServer,
} from '../../scripts/page-server.js';
import { allStarted } from '../support/all-started.js';

describe('Save QR image under the strict CSP', () => {
  let server: PageServer;
  let browser: Browser;
  before(async () => {
    await ensureBuilt();
    [server, browser] = await allStarted([
      startPageServer({ sandbox: { settleDelayMs: 3_600_000 } }),
      launchChromium(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a phone saves the QR as a PNG download, and nothing is reported', async () => {
    const idPayin = uniquePayinId('save-qr');
    const token = await server.tokenFor(idPayin, { amount: 350, currencyCode: 'THB' });
    const url = server.page(
      checkoutHtml({
        attributes: {
          token,
          'base-url': server.platformUrl,
          'payin-id': idPayin,
          amount: '350',
          'currency-code': 'THB',
          'payment-method-code': 'PROMPTPAY',
        },
      }),
    );
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    try {
      const response = await page.goto(url);
      assert.equal(response?.headers()['content-security-policy'], STRICT_CSP);
      const element = page.locator('pay-checkout');
      await page.locator('pay-checkout[state="select"]').waitFor();
      // PromptPay asks for the shopper's PromptPay ID.
      await element.locator('[data-field="account.accountNumber"]').fill('0812345678');
      await element.locator('[part="submit"]').click();
      await element.locator('[part="qr"] svg.qr').waitFor();
      const save = element.locator('button.save-qr');
      assert.equal(await save.textContent(), 'Save QR image');
      const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
      assert.match(download.suggestedFilename(), /^qr-SBX\d{10}\.png$/);
      assert.match(download.url(), /^blob:http:\/\/127\.0\.0\.1:\d+\//);
      // Read as a stream: the file is the browser's, which may be a shared one on another process.
      const bytes = await buffer(await download.createReadStream());
      assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
      assert.ok(bytes.length > 1000, `${bytes.length} bytes`);
      // Reports of a violation are queued as tasks: a frame and a task of the page, and any are in.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: unknown[] }).cspViolations);
      assert.deepEqual(violations, []);
      assert.deepEqual(refused, []);
    } finally {
      await context.close();
    }
  });
});
