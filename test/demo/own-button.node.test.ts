/**
 * The demo's "your own button" page (demo/own-button.html), as a shopper uses it in Chromium: the
 * page's Place order button waits for the element's pay-change and the terms, calls submit(), and
 * says what it settled with; the payment then goes on in the element.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, demoInBrowser, untilState } from '../e2e/harness.js';

const e2e = demoInBrowser();

describe('the demo’s own-button page', () => {
  it('Place order waits for a complete form and the terms, calls submit() once, and the payment goes through', async () => {
    await e2e.withPage(e2e.demo.pages.ownButton, async ({ page }) => {
      await untilState(page, 'select');
      const place = page.getByRole('button', { name: 'Place order' });
      assert.equal(
        await page.locator('pay-checkout [part="submit"]').count(),
        0,
        'the element shows no pay button of its own',
      );
      assert.equal(await place.isDisabled(), true);

      // UPI collect asks for a name and a phone number: the terms alone do not enable the button.
      await page.locator('pay-checkout input[type="radio"][value="UPICOLLECT"]').check();
      await page.getByLabel('I accept the terms of sale').check();
      assert.equal(await place.isDisabled(), true);
      await page.locator('pay-checkout [data-field="account.accountName"]').fill('Asha Devi');
      await page.locator('pay-checkout [data-field="phoneNumber"]').fill('+919876543210');
      await page.waitForFunction(() => !(document.getElementById('place-order') as HTMLButtonElement).disabled);
      await page.getByLabel('I accept the terms of sale').uncheck();
      assert.equal(await place.isDisabled(), true, 'nor the form alone');
      await page.getByLabel('I accept the terms of sale').check();
      assert.deepEqual(await axeViolations(page), []);

      // The sandbox settles this payment within a second, so "Order placed" may be gone before the
      // test reads it: the page's own record of every line it showed is what the test reads.
      await page.evaluate(() => {
        const outcome = document.getElementById('outcome')!;
        const seen: string[] = [];
        (window as unknown as { outcomesSeen: string[] }).outcomesSeen = seen;
        new MutationObserver(() => seen.push(outcome.textContent ?? '')).observe(outcome, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await place.click();
      await page.locator('#outcome', { hasText: 'Paid. Thank you for your order.' }).waitFor();
      assert.equal(await place.isDisabled(), true, 'an order is placed once');
      const idPayin = await page
        .locator('pay-checkout')
        .evaluate((node) => (node as unknown as { payinId: string }).payinId);
      const seen = await page.evaluate(() => (window as unknown as { outcomesSeen: string[] }).outcomesSeen);
      assert.deepEqual(
        seen.filter((line, at) => line !== '' && line !== seen[at - 1]),
        [`Order placed: payment ${idPayin} created. Finish paying above.`, 'Paid. Thank you for your order.'],
      );
      assert.equal(await page.locator('#event-log [data-event="pay-created"]').count(), 1);
    });
  });
});
