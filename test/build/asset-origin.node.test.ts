/**
 * The element served from another origin than the page (the README's "Serving dist/ from another
 * origin"), with the BUILT files: three origins on 127.0.0.1, the shop's page, an asset server for
 * dist/ and the platform (the sandbox emulator).
 *
 * - Module scripts are fetched in CORS mode: with `Access-Control-Allow-Origin` on the asset server
 *   the element loads, its lazy chunks too, and a payment completes under the README's CSP
 *   (script-src the asset origin, connect-src the platform's, img-src data:) with no violation;
 * - without it the module never runs: the element is never defined and the page shows nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { launchChromium, uniquePayinId } from '../../scripts/page-server.js';
import { createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY, type Sandbox } from 'pay-checkout-sandbox';
import { createTokenIssuer } from '../../src/server/index.js';

const dist = new URL('../../dist/', import.meta.url);

async function listen(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Records CSP violations and script load errors before the page's own scripts run (init scripts are not subject to CSP). */
const RECORDER = `(() => {
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));
  window.scriptErrors = [];
  document.addEventListener('error', (e) => { if (e.target instanceof HTMLScriptElement) window.scriptErrors.push(e.target.src); }, true);
})();`;

describe('dist/ on another origin than the page', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let assets: { server: Server; origin: string };
  let shop: { server: Server; origin: string };
  const pages = new Map<string, { html: string; csp?: string }>();
  const assetRequests: { path: string; origin?: string }[] = [];

  before(async () => {
    await ensureBuilt();
    [sandbox, browser] = await Promise.all([
      createSandbox({ port: 0, log: false, rateLimit: false, settleDelayMs: 300 }),
      launchChromium(),
    ]);
    // /cors/… answers with Access-Control-Allow-Origin, /plain/… without; the same files of dist/.
    assets = await listen((request, response) => {
      const [, mode, file] = request.url?.match(/^\/(cors|plain)\/([\w.-]+\.js)$/) ?? [];
      assetRequests.push({ path: request.url ?? '', origin: request.headers.origin });
      const path = file && new URL(file, dist);
      if (!path || !existsSync(path)) return void response.writeHead(404).end();
      response
        .writeHead(200, {
          'Content-Type': 'text/javascript',
          ...(mode === 'cors' ? { 'Access-Control-Allow-Origin': '*' } : {}),
        })
        .end(readFileSync(path));
    });
    shop = await listen((request, response) => {
      const page = pages.get(request.url ?? '');
      if (!page) return void response.writeHead(404).end();
      response
        .writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          ...(page.csp ? { 'Content-Security-Policy': page.csp } : {}),
        })
        .end(page.html);
    });
  });
  after(async () => {
    await browser?.close();
    await Promise.all([assets && close(assets.server), shop && close(shop.server), sandbox?.close()]);
  });

  async function checkoutPage(path: string, assetBase: string, csp?: string) {
    const idPayin = uniquePayinId('asset-origin');
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: DEMO_PRIVATE_KEY,
    });
    const token = await issuer.byAction({
      action: 'PAYIN_CREATE',
      idPayment: idPayin,
      money: { amount: 60, currencyCode: 'INR' },
    });
    pages.set(path, {
      csp,
      html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<link rel="preconnect" href="${sandbox.url}" crossorigin>
<script type="module" src="${assetBase}/pay-checkout.js"></script>
</head><body>
<pay-checkout token="${token}" base-url="${sandbox.url}" payin-id="${idPayin}" amount="60" currency-code="INR" payment-method-code="UPIQR"></pay-checkout>
</body></html>`,
    });
    const context = await browser.newContext();
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(shop.origin + path);
    return { page, close: () => context.close() };
  }

  const read = <T>(page: Page, name: string) =>
    page.evaluate((key) => (window as unknown as Record<string, T>)[key]!, name);

  it('with Access-Control-Allow-Origin, the element loads from the asset origin and a payment completes under the README’s CSP', async () => {
    const csp = `default-src 'self'; script-src 'self' ${assets.origin}; connect-src 'self' ${sandbox.url}; img-src 'self' data:`;
    const { page, close } = await checkoutPage('/with-cors', `${assets.origin}/cors`, csp);
    try {
      const element = page.locator('pay-checkout');
      await page.locator('pay-checkout[state="select"]').waitFor();
      await element.locator('[part="submit"]').click();
      await element.locator('[part="qr"] svg').waitFor();
      await page.locator('pay-checkout[state="success"]').waitFor();
      assert.deepEqual(await read<string[]>(page, 'cspViolations'), []);
      assert.deepEqual(await read<string[]>(page, 'scriptErrors'), []);
      const chunks = assetRequests.map((request) => request.path).filter((path) => path.startsWith('/cors/'));
      for (const chunk of [/^\/cors\/payment-views-[\w-]+\.js$/, /^\/cors\/qr-encoder-[\w-]+\.js$/]) {
        assert.ok(
          chunks.some((path) => chunk.test(path)),
          `the lazy chunks come from the asset origin too: ${chunks.join(', ')}`,
        );
      }
      assert.ok(
        assetRequests
          .filter((request) => request.path.startsWith('/cors/'))
          .every((request) => request.origin === shop.origin),
        'every module request is a CORS request (Origin sent)',
      );
    } finally {
      await close();
    }
  });

  it('without Access-Control-Allow-Origin, the module never runs and the element is never defined', async () => {
    const { page, close } = await checkoutPage('/without-cors', `${assets.origin}/plain`);
    try {
      await page.waitForFunction(() => (window as unknown as { scriptErrors: string[] }).scriptErrors.length > 0);
      assert.deepEqual(await read<string[]>(page, 'scriptErrors'), [`${assets.origin}/plain/pay-checkout.js`]);
      assert.equal(await page.evaluate(() => customElements.get('pay-checkout')), undefined);
      assert.equal(await page.locator('pay-checkout').getAttribute('state'), null, 'the element never started');
      assert.ok(
        assetRequests.some((request) => request.path === '/plain/pay-checkout.js'),
        'the file was served; the browser refused it',
      );
    } finally {
      await close();
    }
  });
});
