/**
 * The demo wallet, end to end in headless Chromium: the customer adds USD 100 paid in rupees by UPI; the element quotes both sides before the payment,
 * the payment succeeds, and the balance grows by what the wallet's server credited after the
 * platform's callback. A deposit the sandbox fails leaves the balance as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright';
import { WALLET_OPENING_BALANCE } from '../../demo/lib/wallet-data.js';
import { axeViolations, demoInBrowser, screenshot, untilState } from './harness.js';

const e2e = demoInBrowser();
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** Chooses a deposit and a way to pay on the wallet page, then Continue: the element shows its form. */
async function startDeposit(page: Page, amount: number, currency: 'INR' | 'THB'): Promise<void> {
  await page.locator('#balance', { hasText: '$' }).waitFor();
  await page.locator(`#deposit-${amount}`).check();
  await page.locator(`#pay-${currency}`).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await untilState(page, 'select');
}

/** Pays with UPI QR in the element. */
async function payWithUpiQr(page: Page): Promise<void> {
  await page.locator('pay-checkout input[type="radio"][value="UPIQR"]').check();
  await page.locator('pay-checkout [part="submit"]').click();
}

describe(`Chromium: the demo wallet`, () => {
  it(
    'adds USD 100 paid in rupees: the quote before paying, then the balance grows by the credit',
    { timeout: 45_000 },
    () =>
      e2e.withPage(e2e.demo.pages.wallet, async ({ page }) => {
        await page.locator('#balance', { hasText: usd(WALLET_OPENING_BALANCE) }).waitFor();
        await startDeposit(page, 100, 'INR');
        // Both sides before the customer pays: the wallet's USD 100 and the rupees it costs.
        await page.locator('pay-checkout', { hasText: 'You receive $100.00' }).waitFor();
        await page.locator('pay-checkout', { hasText: /You pay ₹[\d,]+\.\d\d/ }).waitFor();
        assert.deepEqual(await axeViolations(page), []);

        await payWithUpiQr(page);
        assert.equal(await untilState(page, 'success', 'failed', 'refused', 'error'), 'success');
        await page.locator('#outcome', { hasText: `Your wallet was credited ${usd(100)}.` }).waitFor();
        assert.equal(await page.locator('#balance').textContent(), usd(WALLET_OPENING_BALANCE + 100));
        assert.match(
          (await page.locator('#deposits li').first().textContent()) ?? '',
          /\$100\.00 in INR \(UPI QR\): credited \$100\.00/,
        );
        await screenshot(page, 'wallet-credited');
      }),
  );

  it('a deposit the sandbox fails credits nothing', { timeout: 45_000 }, () =>
    e2e.withPage(e2e.demo.pages.wallet, async ({ page }) => {
      await startDeposit(page, 10, 'INR');
      await payWithUpiQr(page);
      assert.equal(await untilState(page, 'success', 'failed', 'refused', 'error'), 'failed');
      await page.locator('#outcome', { hasText: 'Nothing was credited: the deposit failed.' }).waitFor();
      assert.equal(await page.locator('#balance').textContent(), usd(WALLET_OPENING_BALANCE));
    }),
  );
});
