import { expect, test } from '@playwright/test';

test('a UPI QR payment of ₹60 succeeds', async ({ page }) => {
  await page.goto('/checkout?amount=60');
  const checkout = page.locator('pay-checkout');
  await expect(checkout).toHaveAttribute('state', 'select');

  await checkout.locator('[part="submit"]').click();
  await expect(checkout.locator('[part="qr"] svg')).toBeVisible();
  // The sandbox settles amount 60 as SUCCESS; the element sees it at its next status read.
  await expect(checkout).toHaveAttribute('state', 'success', { timeout: 15_000 });
  await expect(checkout.locator('[part="status"]')).toContainText('Payment successful');
});
