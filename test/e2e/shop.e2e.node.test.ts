/**
 * The demo explains itself, in headless Chromium: the checkout is on the shop at load; its pay button is on a laptop's first screen; the code panel follows the configuration
 * and copies; each browser sees the callbacks of its own orders only; the hosted page has the
 * merchant's header, the order and a way back to the shop.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCENARIO_AMOUNTS } from 'pay-checkout-sandbox';
import type { Page } from 'playwright';
import {
  axeViolations,
  choosePreset,
  demoInBrowser,
  openPage,
  screenshot,
  submitCheckout,
  untilCallback,
  untilState,
  type OpenPage,
} from './harness.js';

const e2e = demoInBrowser();

const { withPage } = e2e;

/** The attributes the page gave the element (not `state`, which the element reflects). */
const attributesOf = (page: Page) =>
  page
    .locator('pay-checkout')
    .evaluate((element) =>
      Object.fromEntries([...element.attributes].filter((a) => a.name !== 'state').map((a) => [a.name, a.value])),
    );

/** The attributes of the <pay-checkout> tag in the code panel's markup, read by the page's own HTML parser. */
const snippetAttributes = (page: Page) =>
  page.locator('#markup-snippet').evaluate((code) => {
    const template = document.createElement('template');
    template.innerHTML = code.textContent ?? '';
    const element = template.content.querySelector('pay-checkout');
    return element && Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));
  });

/** What the page writes to the clipboard, recorded on its way (a script the test adds); read back after. */
const recordClipboardWrites = (page: Page) =>
  page.evaluate(() => {
    const writes: string[] = ((window as unknown as { clipboardWrites: string[] }).clipboardWrites = []);
    const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text: string) => (writes.push(text), writeText(text));
  });
const lastClipboardWrite = (page: Page) =>
  page.evaluate(() => (window as unknown as { clipboardWrites: string[] }).clipboardWrites.at(-1));

async function copied({ page }: OpenPage): Promise<string | undefined> {
  const written = await lastClipboardWrite(page);
  // Both: Chromium refuses every permission a grant leaves out, writing included.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), written, 'on the clipboard');
  return written;
}

/** Pays the order on the page with UPI QR: the method, the form's button (so the checkout has it), the pay button. */
async function payWithUpiQr(page: Page): Promise<void> {
  await page.locator('#method').selectOption('UPIQR');
  await page.getByRole('button', { name: 'Go to the payment' }).click();
  await submitCheckout(page);
}

describe(`Chromium: the shop explains itself`, () => {
  it('shows the checkout at load, with the default scenario, before any click', { timeout: 45_000 }, () =>
    withPage(e2e.demo.pages.shop, async ({ page }) => {
      await untilState(page, 'select');
      const attributes = await attributesOf(page);
      assert.equal(attributes.amount, String(SCENARIO_AMOUNTS.success));
      assert.equal(attributes['currency-code'], 'INR');
      assert.match(attributes['payin-id'] ?? '', /^order-/);
      assert.equal(await page.locator('#preset-success').isChecked(), true);
      assert.equal(
        await page.getByLabel('The payment goes through').isChecked(),
        true,
        'the preset says it in plain words',
      );
      // The technical terms wait in a <details>: the code and the amount are not on show.
      const technical = page.locator('details.technical');
      assert.equal(await technical.evaluate((details) => (details as HTMLDetailsElement).open), false);
      assert.equal(await page.locator('#scenario-result').isVisible(), false);
      assert.doesNotMatch(await page.locator('#presets').innerText(), /SUCCESS|\d/);
      await technical.locator('summary').click();
      assert.match(await page.locator('#scenario-result').innerText(), /Amount 60: SUCCESS/);
      assert.match(
        await page.locator('#scenario-table').innerText(),
        /The customer pays a little less, and it fails: 25\s+Different amount, failed\. FAILED \(DIFFERENT_AMOUNT_CONFIRMED\)/,
      );
    }),
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `puts Pay here, the checkout's pay button, on the first screen at 1280×800 (${colorScheme})`,
      { timeout: 45_000 },
      async () => {
        const open = await openPage(e2e.browser, e2e.demo.pages.shop, {
          viewport: { width: 1280, height: 800 },
          colorScheme,
        });
        try {
          const { page } = open;
          await untilState(page, 'select');
          assert.equal(await page.evaluate(() => scrollY), 0);
          const heading = await page.getByRole('heading', { name: 'Pay here' }).boundingBox();
          const pay = page.locator('pay-checkout [part="submit"]');
          assert.match((await pay.textContent())!, /Pay ₹60\.00/);
          const box = (await pay.boundingBox())!;
          assert.ok(heading && heading.y < box.y, 'the heading Pay here is above the button');
          assert.ok(box.y + box.height <= 800, `the pay button ends ${box.y + box.height} px from the top`);
          await screenshot(page, `shop-1280x800-${colorScheme}`);
        } finally {
          await open.close();
        }
      },
    );
  }

  it('the code panel follows a switch and a preset, and copies what it shows', { timeout: 60_000 }, () =>
    withPage(
      e2e.demo.pages.shop,
      async (open) => {
        const { page } = open;
        await untilState(page, 'select');
        await recordClipboardWrites(page);
        const before = await attributesOf(page);
        const markup = page.locator('#markup-snippet');
        // The tag is the element as mounted, the token and the status URL's handle shortened.
        const shown = (await snippetAttributes(page))!;
        assert.deepEqual({ ...shown, token: before.token, 'status-url': before['status-url'] }, before);
        const handle = new URL(before['status-url']!, 'http://shop').searchParams.get('handle')!;
        assert.ok(!(await markup.textContent())!.includes(handle), 'never the whole handle');
        assert.match(shown.token!, /^.{10}….{6}$/);
        assert.ok(!(await markup.textContent())!.includes(before.token!), 'never the whole token');
        assert.doesNotMatch((await markup.textContent())!, /show-deep-link/);

        // A switch: the same order, mounted again with it, and the markup says so.
        await page.locator('#show-deep-link').check();
        await page.locator('pay-checkout[show-deep-link="true"][state="select"]').waitFor();
        await markup.filter({ hasText: 'show-deep-link="true"' }).waitFor();
        const after = await attributesOf(page);
        assert.equal(after['payin-id'], before['payin-id'], 'no new order for a redirect parameter');
        assert.deepEqual(
          { ...(await snippetAttributes(page)), token: after.token, 'status-url': after['status-url'] },
          after,
        );

        await page.getByRole('button', { name: 'Copy the markup' }).click();
        await page.locator('#copy-status').filter({ hasText: 'Copied.' }).waitFor();
        const markupCopied = await copied(open);
        assert.equal(markupCopied, await markup.textContent());
        assert.match(
          markupCopied!,
          /^<script type="module" src="\/dist\/pay-checkout\.js"><\/script>\n<pay-checkout\n/,
        );

        // The server's code, by keyboard: ArrowRight to its tab.
        await page.getByRole('tab', { name: 'Your page' }).focus();
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.getByRole('tab', { name: 'Your server' }).getAttribute('aria-selected'), 'true');
        const server = page.locator('#server-snippet');
        assert.equal(await server.isVisible(), true);
        assert.equal(await markup.isVisible(), false);
        const serverCode = (await server.textContent())!;
        // The merchant kit, as this shop runs it: the server prices the cart the page names.
        assert.match(serverCode, /import \{ createCheckoutBackend \} from 'pay-checkout\/server';/);
        assert.match(serverCode, new RegExp(`platformUrl: '${e2e.demo.sandboxUrl}'`));
        assert.match(serverCode, /merchantCode: 'demo-merchant'/);
        assert.match(serverCode, new RegExp(`callbackUrl: '${e2e.demo.callbackUrl}'`));
        assert.match(
          serverCode,
          /This page's cart: success in INR\.\n {2}order: \(request\) => \(\{.*?money: priceOf\(new URL\(request\.url\)\),\n {4}\/\/ {2}= \{ amount: 60, currencyCode: 'INR' \}/s,
        );
        assert.doesNotMatch(serverCode, /tokenScope/);
        assert.match(serverCode, /app\.all\('\/api\/\*', \(c\) => checkout\.fetch\(c\.req\.raw\)\);/);

        // A preset and the token's scope: a new order, and the server's code mints it the other way.
        await choosePreset(page, 'refused');
        await page.locator('#token-scope').selectOption('by-action');
        await server
          .filter({
            hasText:
              /This page's cart: refused in INR\.\n(.*\n){3} {4}\/\/ {2}= \{ amount: 48, currencyCode: 'INR' \}\n.*\n {4}tokenScope: 'by-action',/,
          })
          .waitFor();
        await page.locator('pay-checkout[amount="48"][state="select"]').waitFor();
        assert.notEqual((await attributesOf(page))['payin-id'], before['payin-id'], 'a new order for a new amount');
        await page.getByRole('button', { name: 'Copy the server code' }).click();
        await page.locator('#copy-status').filter({ hasText: 'Copied.' }).waitFor();
        assert.equal(await copied(open), await server.textContent());
        // Back to the tabs by keyboard.
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('ArrowLeft');
        assert.equal(await markup.isVisible(), true, "back to the page's markup");
        assert.match((await markup.textContent())!, /amount="48"/);
        assert.deepEqual(await axeViolations(page), []);
      },
      { budgetMs: 55_000 },
    ),
  );

  it("shows a browser the callbacks of its own orders only, never another browser's", { timeout: 60_000 }, async () => {
    const second = await openPage(e2e.browser, e2e.demo.pages.shop);
    try {
      await untilState(second.page, 'select');
      let firstOrder = '';
      await withPage(e2e.demo.pages.shop, async ({ page }) => {
        firstOrder = (await attributesOf(page))['payin-id'] ?? '';
        await payWithUpiQr(page);
        await untilState(page, 'success');
        await untilCallback(page, firstOrder, 'SUCCESS');
      });
      // The second browser's stream was open all along. Its own order's callback reaches it, after
      // the first's: had the first's reached it too, it would be listed before.
      const secondOrder = (await attributesOf(second.page))['payin-id']!;
      await payWithUpiQr(second.page);
      await untilCallback(second.page, secondOrder, 'SUCCESS');
      const live = await second.page
        .locator('#callback-log [data-id-payin]')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.idPayin));
      assert.deepEqual([...new Set(live)], [secondOrder]);
      // A reload (the list so far) still shows that one alone.
      await second.page.reload();
      await untilCallback(second.page, secondOrder, 'SUCCESS');
      const shown = await second.page
        .locator('#callback-log [data-id-payin]')
        .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.idPayin));
      assert.deepEqual([...new Set(shown)], [secondOrder]);
      assert.ok(
        e2e.demo.merchant.callbacks.list({ idPayin: firstOrder }).length > 0,
        'the backend did receive the first one',
      );
      assert.deepEqual(second.errors, []);
    } finally {
      await second.close();
    }
  });
});

describe(`Chromium: the hosted page: the merchant, the order, and a way back`, () => {
  async function backendCheckout(preset = 'success'): Promise<{ idPayin: string; token: string }> {
    // The cart names the product; the shop's server prices it.
    const response = await fetch(`${e2e.demo.url}/api/checkouts?preset=${preset}&currency=INR`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(response.status, 201);
    return (await response.json()) as { idPayin: string; token: string };
  }

  it(
    'shows the merchant and the order, and its Cancel link leads back to the shop, which says nothing was paid',
    { timeout: 45_000 },
    async () => {
      const { idPayin, token } = await backendCheckout();
      const returnUrl = `${e2e.demo.url}/?returnedFrom=${idPayin}`;
      const query = new URLSearchParams({ token, idPayin, amount: '60', currencyCode: 'INR', returnUrl });
      await withPage(`${e2e.demo.pages.hosted}?${query}`, async ({ page }) => {
        await untilState(page, 'select');
        assert.equal(
          await page.locator('header #merchant-name').textContent(),
          e2e.demo.sandbox.demoMerchant.channelName,
        );
        assert.equal(await page.title(), `Pay ${e2e.demo.sandbox.demoMerchant.channelName} — pay-checkout hosted page`);
        const summary = page.getByRole('region', { name: 'Your order' });
        assert.equal(await summary.locator('#summary-order').textContent(), idPayin);
        assert.equal(await summary.locator('#summary-total').textContent(), '₹60.00');
        const cancel = page.getByRole('link', {
          name: `Cancel and return to ${e2e.demo.sandbox.demoMerchant.channelName}`,
        });
        assert.equal(await cancel.getAttribute('href'), returnUrl);
        assert.deepEqual(await axeViolations(page), []);
        await screenshot(page, 'hosted-page');
        await cancel.click();
        await page.waitForURL(returnUrl);
        await page
          .locator('#returned')
          .filter({ hasText: `without paying: order ${idPayin} has no payment` })
          .waitFor();
        assert.equal(e2e.demo.sandbox.payments.get('payin', idPayin), undefined);
      });
    },
  );

  it(
    'takes the order amount from the token, never sends Cancel to another site, and hides Cancel once paid',
    { timeout: 45_000 },
    async () => {
      // A price of the catalog other than the default one's (35, not 60).
      const { idPayin, token } = await backendCheckout('differentAmountSuccess');
      // No amount in the address (the token carries it), and a return to another site, which a customer could have typed.
      const query = new URLSearchParams({
        token,
        idPayin,
        paymentMethodCode: 'UPIQR',
        returnUrl: 'https://elsewhere.example/phish',
      });
      await withPage(`${e2e.demo.pages.hosted}?${query}`, async ({ page }) => {
        await untilState(page, 'select');
        assert.equal(await page.locator('#summary-total').textContent(), '₹35.00');
        const cancel = page.locator('#cancel');
        assert.equal(await cancel.getAttribute('href'), `${e2e.demo.url}/`);
        await page.locator('pay-checkout [part="submit"]').click();
        await untilState(page, 'success');
        await page.locator('#cancel[hidden]').waitFor({ state: 'attached' });
        assert.equal(await cancel.isVisible(), false);
      });
    },
  );

  it(
    'from the shop: Pay on the hosted page, Cancel, and the same order is still there to pay here',
    { timeout: 45_000 },
    () =>
      withPage(e2e.demo.pages.shop, async ({ page }) => {
        await untilState(page, 'select');
        const order = (await attributesOf(page))['payin-id']!;
        await page.getByRole('button', { name: 'Pay on the hosted page' }).click();
        await page.waitForURL(/\/pay\.html\?/);
        assert.equal(new URL(page.url()).searchParams.get('idPayin'), order, 'the order on the page, paid over there');
        await page.getByRole('link', { name: /^Cancel and return to / }).click();
        await page.waitForURL(/returnedFrom=/);
        await page.locator('#returned').filter({ hasText: 'without paying' }).waitFor();
        await untilState(page, 'select');
        assert.equal((await attributesOf(page))['payin-id'], order);
        await payWithUpiQr(page);
        assert.equal(await untilState(page, 'success', 'failed', 'refused', 'error'), 'success');
        assert.equal((await attributesOf(page))['payin-id'], order);
      }),
  );
});
