import { defineConfig } from '@playwright/test';
import { DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } from 'pay-checkout-sandbox';

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787);
const shopPort = Number(process.env.SHOP_PORT ?? 3000);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

export default defineConfig({
  testDir: 'tests',
  // Waits on what the page says (a state, a QR) are bounds on a hang, not speed checks: a CI machine
  // busy with other jobs can take longer than Playwright's default 5 s to load the QR's code.
  expect: { timeout: 15_000 },
  use: { baseURL: `http://127.0.0.1:${shopPort}` },
  webServer: [
    {
      // The platform, offline: the sandbox emulator, with outcomes 0.5 s after payment instead of 3 s.
      command: 'npx pay-checkout-sandbox',
      url: `${sandboxUrl}/__sandbox/clock`,
      env: { PORT: String(sandboxPort), SANDBOX_SETTLE_DELAY_MS: '500' },
      reuseExistingServer: !process.env.CI,
    },
    {
      // Your shop, pointed at the sandbox with the demo merchant's credentials (demo-only).
      command: 'node shop.js',
      url: `http://127.0.0.1:${shopPort}/`,
      env: {
        PORT: String(shopPort),
        PLATFORM_URL: sandboxUrl,
        MERCHANT_CODE: DEMO_MERCHANT_CODE,
        MERCHANT_PRIVATE_KEY: DEMO_PRIVATE_KEY,
      },
      reuseExistingServer: !process.env.CI,
    },
  ],
});
