import { launchChromium, startPageServer, uniquePayinId } from './scripts/page-server.js';
import { checkoutOperations } from './src/server/index.js';
const [server, browser] = await Promise.all([startPageServer({ sandbox: { settleDelayMs: 3_600_000 } }), launchChromium()]);
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
for (const locale of ['th', 'hi']) {
  const page = await context.newPage();
  page.on('console', (m) => console.log(locale, 'console', m.text()));
  const id = uniquePayinId('dbg');
  const token = await server.issuer.withOperations({ operations: checkoutOperations(id, { merchantInfo: true }), money: { amount: 499, currencyCode: 'INR' } });
  const url = server.page(`<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><script type="module" src="/dist/pay-checkout.js"></script></head><body><pay-checkout token="${token}" base-url="${server.platformUrl}" payin-id="${id}" amount="499" currency-code="INR" payment-method-code="UPIQR" options-available="false" show-deep-link="true" locale="${locale}"></pay-checkout></body></html>`, { csp: false });
  await page.goto(url);
  await page.waitForFunction(() => (document.querySelector('pay-checkout') as any)?.state === 'select');
  await page.locator('pay-checkout [part="submit"]').click();
  await page.waitForFunction(() => document.querySelector('pay-checkout')?.shadowRoot?.querySelector('.qr-step svg'), undefined, { timeout: 10000 });
  await page.waitForTimeout(1500);
  console.log(locale, await page.evaluate(() => [matchMedia('(pointer: coarse)').matches, document.querySelector('pay-checkout')!.shadowRoot!.querySelector('.qr-step')!.className, navigator.userAgent]));
}
await browser.close(); await server.close();
