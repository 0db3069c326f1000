/**
 * The gallery's pages of the emulator's dashboard (`npm run gallery`, or `-- --only dashboard`):
 * an emulator of its own with a few payments of every kind and outcome, one callback that a
 * merchant's server first refuses, a refused request and a fault, then each view at 1280 px, light
 * and dark: the payments, a payment's page, the request log and the faults.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright';
import { createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } from 'pay-checkout-sandbox';
import { createTokenIssuer } from 'pay-checkout/server';

export const DASHBOARD_VIEWS = ['payments', 'payment', 'requests', 'faults'] as const;

export interface DashboardShot {
  view: (typeof DASHBOARD_VIEWS)[number];
  scheme: 'light' | 'dark';
  /** Relative to the gallery's folder. */
  file: string;
}

/** A merchant's callback server that refuses each notification once, then takes it. */
async function merchantServer() {
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const first = !seen.has(body);
      seen.add(body);
      response.writeHead(first ? 503 : 200, { 'Content-Type': 'application/json' });
      response.end(first ? '{"error":"database busy, try again"}' : '{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/callbacks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function dashboardShots(browser: Browser, out: URL): Promise<DashboardShot[]> {
  const sandbox = await createSandbox({
    port: 0,
    log: false,
    settleDelayMs: 2000,
    callbackRetry: { baseDelayMs: 500 },
  });
  const merchant = await merchantServer();
  const shots: DashboardShot[] = [];
  try {
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: DEMO_PRIVATE_KEY,
    });
    const token = await issuer.withOperations({ operations: ['POST /.*', 'GET /.*'] });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(sandbox.url + path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'X-API-Version': '2', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const payin = (id: string, amount: number, currencyCode: string, paymentMethod: object) =>
      call('POST', `/payins/${id}`, {
        paymentRequested: { money: { amount, currencyCode } },
        paymentMethod,
        callbackUrl: merchant.url,
      });
    await payin('order-1041', 499, 'INR', { paymentMethodCode: 'UPIQR' });
    await payin('order-1042', 10, 'THB', { paymentMethodCode: 'PROMPTPAY', account: { accountNumber: '0812345678' } });
    await payin('order-1043', 35, 'PHP', { paymentMethodCode: 'QRPH' });
    await payin('order-1044', 1, 'INR', { paymentMethodCode: 'UPIQR' });
    await payin('order-1045', 48, 'IDR', { paymentMethodCode: 'QRISPAY' });
    await call('POST', '/topups/wallet-207', {
      topUpRequested: { moneyProvided: { amount: 1000, currencyCode: 'INR' }, currencyRequired: 'USDT' },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
    });
    await call('POST', '/payouts/payout-88', {
      paymentRequested: { money: { amount: 250, currencyCode: 'INR' } },
      paymentMethod: {
        paymentMethodCode: 'BANK_TRANSFER',
        account: { accountName: 'Asha Devi', accountNumber: '001234567890', bankCode: 'HDFC0001234' },
      },
    });
    await call('GET', '/payins/order-9999');
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ latencyMs: 250, errorRate: 0.05 }),
    });
    await fetch(`${sandbox.url}/__sandbox/payments/order-1041/settle`, {
      method: 'POST',
      body: JSON.stringify({ status: 'SUCCESS' }),
    });

    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      try {
        const views: [DashboardShot['view'], string, () => Promise<void>][] = [
          ['payments', '#/payments', () => page.getByText('7 payments, newest first').waitFor()],
          [
            'payment',
            '#/payments/payin/demo-merchant/order-1041',
            // The refused first attempt and the retry that was taken.
            () => page.locator('article[data-delivery] tbody tr').nth(1).waitFor(),
          ],
          ['requests', '#/requests', () => page.getByText('404 refused').first().waitFor()],
          ['faults', '#/faults', () => page.getByText('Active: latency 250 ms').waitFor()],
        ];
        await page.goto(`${sandbox.url}/`);
        for (const [view, hash, ready] of views) {
          await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
          await ready();
          const file = `dashboard/${view}-desktop-${scheme}.png`;
          await page.screenshot({ path: new URL(file, out).pathname, fullPage: true, animations: 'disabled' });
          shots.push({ view, scheme, file });
        }
      } finally {
        await page.close();
      }
    }
  } finally {
    await merchant.close();
    await sandbox.close();
  }
  return shots;
}
