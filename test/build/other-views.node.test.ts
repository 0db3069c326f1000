/**
 * The views of methods outside the QR family are a chunk of their own (other-views-*.js), which
 * the payin views fetch when a payin of one of them is pending (or its method is chosen at the
 * form). Should that chunk not load, the pending view is never blank: it keeps its status and
 * deadline and says, where the method's view goes, that the payment details could not be loaded
 * (`viewsFailed`), with "Try again", which fetches the chunk again. So are their field rules
 * (other-method-rules-*.js, src/checkout/form-rules.ts), fetched when one of those methods is
 * chosen: a shopper who pays by QR never fetches them, and a form whose rules did not come says so
 * in place of its fields, with "Try again". With the BUILT element in Chromium, against the sandbox
 * emulator, the chunks' requests refused by the browser's router.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright';
import { checkoutOperations, fieldRulesFor, isRequired } from '../../src/server/index.js';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import {
  checkoutHtml,
  launchChromium,
  startPageServer,
  uniquePayinId,
  type PageServer,
} from '../../scripts/page-server.js';
import { en } from '../../src/i18n/translations/en.js';
import { sampleValue } from '../support/samples.js';
import { allStarted } from '../support/all-started.js';

describe("the other methods' views when their chunk does not load", () => {
  let server: PageServer;
  let browser: Browser;
  before(async () => {
    await ensureBuilt();
    [server, browser] = await allStarted([startPageServer(), launchChromium()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * A phone-sized page whose requests for the chunk `file` the browser refuses until `allow()`,
   * with the page's errors and those requests.
   */
  async function withChunkRefused(
    file: RegExp,
    run: (page: Page, seen: { errors: string[]; requests: string[]; allow: () => void }) => Promise<void>,
  ): Promise<void> {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    try {
      page.setDefaultTimeout(10_000);
      let refuse = true;
      const seen = { errors: [] as string[], requests: [] as string[], allow: () => void (refuse = false) };
      page.on('pageerror', (error) => seen.errors.push(error.message));
      await page.route(file, (route) => {
        seen.requests.push(route.request().url());
        return refuse ? route.abort() : route.continue();
      });
      await run(page, seen);
    } finally {
      await page.close();
    }
  }

  it('a bank transfer says its details could not be loaded, and "Try again" loads them', async () => {
    await withChunkRefused(/\/dist\/other-views-[\w-]+\.js$/, async (page, { errors, requests, allow }) => {
      const idPayin = uniquePayinId('other-views');
      const money = { amount: 350, currencyCode: 'THB' };
      const token = await server.issuer.withOperations({
        operations: checkoutOperations(idPayin, { merchantInfo: true }),
        money,
      });
      const attributes = {
        token,
        'base-url': server.platformUrl,
        'payin-id': idPayin,
        amount: '350',
        'currency-code': 'THB',
        'payment-method-code': 'OFFLINE',
      };
      await page.goto(server.page(checkoutHtml({ attributes })));
      await page.locator('pay-checkout[state="select"]').waitFor();
      const required = fieldRulesFor('OFFLINE', 'THB').filter(
        (rule) => isRequired(rule, 'THB') && rule.field !== 'paymentOperatorCode',
      );
      await page.evaluate(
        (values) => {
          const element = document.querySelector('pay-checkout') as HTMLElement & {
            setValue(field: string, value: string): void;
          };
          for (const [field, value] of values) element.setValue(field, value);
        },
        required.map((rule) => [rule.field, sampleValue(rule.field, 'OFFLINE', 'THB')] as [string, string]),
      );
      const operators = page.locator('pay-checkout #f-operator');
      if ((await operators.count()) && (await operators.locator('option').count()) > 1)
        await operators.selectOption({ index: 1 });
      await page.locator('pay-checkout [part="submit"]').click();
      await page.locator('pay-checkout[state="pending"]').waitFor();

      const alert = page.locator('pay-checkout [role="alert"]');
      await alert.waitFor();
      assert.equal((await alert.innerText()).trim(), en.viewsFailed);
      const checkout = page.locator('pay-checkout section[aria-label]').first();
      const shown = await checkout.innerText();
      assert.ok(shown.includes(en.status.PROCESSING), `the status stays: ${shown}`);
      assert.ok(!(await page.locator('pay-checkout .skeleton').count()), 'no placeholder left spinning');
      // Asked at the form (the chosen method) and again by the pending view, which then shows the failure.
      assert.ok(requests.length >= 1, `the chunk was asked for: ${requests.join(', ')}`);

      allow();
      await page.locator('pay-checkout button', { hasText: en.tryAgain }).click();
      await page.locator('pay-checkout .copy-all').waitFor();
      assert.equal(await alert.count(), 0, 'the failure is gone');
      const details = await checkout.innerText();
      assert.ok(details.includes(en.copyAll) && details.includes(en.bankName), `the transfer's details: ${details}`);
      assert.equal(
        await page.locator('pay-checkout .method-title svg.method-icon').count(),
        1,
        'the bank icon, which came with them',
      );
      assert.deepEqual(errors, []);
    });
  });

  it("the other methods' rules come when one is chosen; a form whose rules did not come says so, and Try again shows it", async () => {
    await withChunkRefused(/\/dist\/other-method-rules-[\w-]+\.js$/, async (page, { errors, requests, allow }) => {
      const idPayin = uniquePayinId('other-rules');
      const token = await server.issuer.withOperations({
        operations: checkoutOperations(idPayin, { merchantInfo: true }),
        money: { amount: 60, currencyCode: 'INR' },
      });
      const attributes = {
        token,
        'base-url': server.platformUrl,
        'payin-id': idPayin,
        amount: '60',
        'currency-code': 'INR',
      };
      await page.goto(server.page(checkoutHtml({ attributes })));
      await page.locator('pay-checkout[state="select"]').waitFor();
      const method = (code: string) => page.locator(`pay-checkout input[type="radio"][value="${code}"]`);

      // UPI QR, of the QR family: its form at once, and no request for the other methods' rules.
      await method('UPIQR').check();
      await page.locator('pay-checkout [data-field="upiId"]').waitFor();
      assert.deepEqual(requests, [], 'a QR payer never asks for the other methods rules');

      // Net banking: its rules are asked for; refused, the form says so in place of its fields.
      await method('NETBANKING').check();
      const alert = page.locator('pay-checkout .method-body [role="alert"]');
      await alert.waitFor();
      assert.equal((await alert.innerText()).trim(), en.viewsFailed);
      assert.equal(requests.length, 1, `asked once: ${requests.join(', ')}`);
      assert.equal(await page.locator('pay-checkout [data-field="phoneNumber"]').count(), 0, 'no fields without rules');
      assert.equal(
        await page.locator('pay-checkout #f-operator').count(),
        0,
        'nor the operator, which they may require',
      );

      allow();
      await page.locator('pay-checkout .method-body button', { hasText: en.tryAgain }).click();
      await page.locator('pay-checkout [data-field="phoneNumber"]').waitFor();
      await page.locator('pay-checkout #f-operator').waitFor();
      assert.equal(await alert.count(), 0, 'the failure is gone');
      assert.equal(requests.length, 2, 'Try again asked again');
      assert.deepEqual(errors, []);
    });
  });
});
