import { expect, test } from '@playwright/test';

test('a UPI QR payment of ₹60 succeeds', async ({ page }) => {
  await page.goto('/checkout?product=tea');
  const checkout = page.locator('pay-checkout');
  await expect(checkout).toHaveAttribute('state', 'select');
  // The shop's price (the server's, not the page's), on the Pay button before anything is paid.
  await expect(checkout.locator('[part="submit"]')).toContainText('₹60.00');

  await checkout.locator('[part="submit"]').click();
  await expect(checkout.locator('[part="qr"] svg')).toBeVisible();
  // The emulator settles 60 as SUCCESS and calls the shop back; the kit tells the element.
  await expect(checkout).toHaveAttribute('state', 'success');
  await expect(checkout.locator('[part="status"]')).toContainText('Payment successful');
});

test('a payment the bank declines fails, and says so', async ({ page }) => {
  await page.goto('/checkout?product=tea-declined');
  const checkout = page.locator('pay-checkout');
  await checkout.locator('[part="submit"]').click();
  await expect(checkout).toHaveAttribute('state', 'failed');
});
