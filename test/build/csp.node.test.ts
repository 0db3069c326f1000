/**
 * Strict CSP (issue 7, item 4): a merchant page served with exactly
 *   default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:
 * completes a UPI QR payment with the BUILT element (dist/pay-checkout.js and its lazy chunks)
 * and no violation is reported, in Chromium (Playwright): the browser suite's
 * test/build/csp.test.ts makes the same payment in Chromium, Firefox and WebKit with the page's
 * own witness. `default-src 'self'` also governs
 * connect-src, so the platform is reached on the page's own origin (scripts/page-server.ts
 * forwards /platform/* to the emulator).
 *
 * Witnesses: `securitypolicyviolation` events recorded by an external classic script that runs
 * before anything else on the page; the console's reports ("Refused to …"); the DevTools issues
 * of CDP's Audits domain. Negative controls prove the witnesses see violations when there are some. zod's jitless
 * mode is proven by the absence of an 'unsafe-eval' violation (zod probes `new Function`
 * otherwise).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import {
  checkoutHtml,
  startPageServer,
  STRICT_CSP,
  uniquePayinId,
  type PageServer,
} from '../../scripts/page-server.js';
import type { Browser, Page } from 'playwright';
import { allStarted } from '../support/all-started.js';
import { launchChromium } from '../../scripts/page-server.js';
import { openPage } from '../e2e/harness.js';

interface Violation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  line: number;
  sample: string;
}
interface PayEvent {
  type: string;
  status?: string;
  code?: string;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
const payEvents = (page: Page) => page.evaluate(() => (window as unknown as { payEvents: PayEvent[] }).payEvents);

/** The console's CSP reports: Chromium's "Refused to …" and "… Content Security Policy …". */
const CSP_REPORT = /Refused to|Content[- ]Security[- ]Policy/i;

/** The policy is the server's: read from the response as it leaves the server. */
async function assertServedPolicy(url: string) {
  const response = await fetch(url);
  await response.body?.cancel();
  assert.equal(response.headers.get('content-security-policy'), STRICT_CSP);
}

/** A page of the server with its witnesses: the console's CSP reports, DevTools issues, uncaught errors and requests. */
async function open(browser: Browser, url: string) {
  const opened = await openPage(browser, undefined, { colorScheme: 'light', viewport: { width: 1280, height: 720 } });
  opened.page.setDefaultTimeout(10_000);
  // A third witness: the DevTools issues Chromium raises for CSP (it reports eval there, not on the console).
  const issues: string[] = [];
  const cdp = await opened.page.context().newCDPSession(opened.page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send('Audits.enable');
  await opened.page.goto(url);
  return {
    page: opened.page,
    issues,
    witnesses: async () => ({
      refused: opened.consoleMessages.filter((message) => CSP_REPORT.test(message)),
      errors: opened.errors,
      requests: opened.requests,
    }),
    close: () => opened.close(),
  };
}

describe('Chromium: strict Content-Security-Policy', () => {
  let server: PageServer;
  let browser: Browser;

  before(async () => {
    await ensureBuilt();
    [server, browser] = await allStarted([startPageServer({ sandbox: { settleDelayMs: 300 } }), launchChromium()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a UPI QR payment completes with the built element and no violation is reported', async () => {
    const idPayin = uniquePayinId('csp');
    // Minted on the server with the merchant helper and the demo key; it goes in the served HTML.
    const token = await server.tokenFor(idPayin, { amount: 60, currencyCode: 'INR' });
    const url = server.page(
      checkoutHtml({
        attributes: {
          token,
          'base-url': server.platformUrl,
          'payin-id': idPayin,
          amount: '60',
          'currency-code': 'INR',
          'payment-method-code': 'UPIQR',
        },
      }),
    );
    await assertServedPolicy(url);
    const { page, issues, witnesses, close } = await open(browser, url);
    try {
      const element = page.locator('pay-checkout');
      await page.locator('pay-checkout[state="select"]').waitFor();
      // Styled under style-src 'self': the element's styles arrive as adopted constructed sheets.
      const styling = await element.evaluate((host: HTMLElement) => {
        const button = host.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!;
        const style = getComputedStyle(button);
        return {
          adopted: host.shadowRoot!.adoptedStyleSheets.length,
          styleElements: host.shadowRoot!.querySelectorAll('style').length,
          background: style.backgroundColor,
          color: style.color,
          hostDisplay: getComputedStyle(host).display,
        };
      });
      assert.ok(styling.adopted >= 1, `adoptedStyleSheets: ${styling.adopted}`);
      assert.equal(styling.styleElements, 0, 'no <style> element in the shadow root');
      assert.equal(styling.background, 'rgb(26, 86, 219)', 'the pay button has the primary background (#1a56db)');
      assert.equal(styling.color, 'rgb(255, 255, 255)');
      assert.equal(styling.hostDisplay, 'block');

      await element.locator('[part="submit"]').click();
      // The QR is drawn by the lazily loaded encoder chunk, which must load under the policy.
      const qr = element.locator('[part="qr"] svg.qr path');
      await qr.waitFor();
      assert.ok(((await qr.getAttribute('d')) ?? '').length > 100, 'the QR has modules');
      const loaded = (await witnesses()).requests;
      assert.ok(
        loaded.some((request) => /\/dist\/qr-encoder-[\w-]+\.js$/.test(request)),
        `the QR chunk loaded from dist/ (requests: ${loaded.filter((r) => r.includes('/dist/')).join(', ')})`,
      );

      await page.locator('pay-checkout[state="success"]').waitFor();
      const { refused, errors, requests } = await witnesses();
      const events = await payEvents(page);
      // pay-status PROCESSING appears only when a poll sees it before the payin settles (300 ms here).
      const types = events
        .map((event) => event.type)
        .filter((type, i, all) => type !== 'pay-status' || all[i + 1] !== 'pay-status');
      assert.deepEqual(types, ['pay-ready', 'pay-created', 'pay-status', 'pay-success'], JSON.stringify(events));
      assert.equal(events.filter((e) => e.type === 'pay-status').at(-1)!.status, 'SUCCESS');
      assert.ok(!events.some((e) => e.type === 'pay-error'), JSON.stringify(events));
      // Every platform call stayed on the page's origin (connect-src 'self').
      const platformCalls = requests.filter((request) => request.startsWith(server.platformUrl));
      assert.ok(platformCalls.length >= 3, `platform calls: ${platformCalls.join(', ')}`);
      assert.deepEqual(
        requests.filter((request) => !request.startsWith(server.origin)),
        [],
      );

      // Reports are queued as tasks: once the page has run a frame and a task more, any late one
      // has arrived. Then: none, by any witness.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      const reported = await violations(page);
      // zod in jitless mode: no attempt at new Function / eval (checked first, for a clearer message).
      assert.deepEqual(
        reported.filter((v) => v.blockedURI === 'eval'),
        [],
        'an unsafe-eval violation: is zod jitless?',
      );
      assert.deepEqual(reported, [], `violations: ${JSON.stringify(reported)}`);
      assert.deepEqual(refused, [], `console: ${refused.join('\n')}`);
      assert.deepEqual(issues, [], `DevTools issues: ${issues.join('\n')}`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it('negative control: the same server and witnesses report an inline <style>, a style attribute and an inline script', async () => {
    const idPayin = uniquePayinId('csp-control');
    const token = await server.tokenFor(idPayin, { amount: 60, currencyCode: 'INR' });
    const url = server.page(
      checkoutHtml({
        attributes: {
          token,
          'base-url': server.platformUrl,
          'payin-id': idPayin,
          amount: '60',
          'currency-code': 'INR',
        },
        head: '<style>body { margin: 3px; }</style>',
        body: '<p style="color: red">inline style attribute</p><script>window.inlineRan = true;</script>',
      }),
    );
    await assertServedPolicy(url);
    const { page, issues, witnesses, close } = await open(browser, url);
    try {
      await page.locator('pay-checkout[state="select"]').waitFor();
      await page.waitForFunction(() => (window as unknown as { cspViolations: unknown[] }).cspViolations.length >= 3);
      const reported = await violations(page);
      const directives = reported.map((v) => v.directive).sort();
      assert.deepEqual(directives, ['script-src-elem', 'style-src-attr', 'style-src-elem'], JSON.stringify(reported));
      const { refused } = await witnesses();
      assert.equal(refused.length, 3, `console: ${refused.join('\n')}`);
      assert.equal(issues.length, 3, `DevTools issues: ${issues.join('\n')}`);
      assert.equal(
        await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan),
        undefined,
        'the inline script did not run',
      );
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.body).marginTop),
        '8px',
        'the inline <style> was not applied',
      );
      // Blocking the page's own inline style does not touch the element's styles.
      const background = await page
        .locator('pay-checkout [part="submit"]')
        .evaluate((button) => getComputedStyle(button).backgroundColor);
      assert.equal(background, 'rgb(26, 86, 219)');
    } finally {
      await close();
    }
  });

  it('negative control: a page that evaluates code reports script-src unsafe-eval', async () => {
    // What zod would cause without jitless: the witness for the absence above.
    const url = server.page(checkoutHtml({ element: false, body: '<script src="/support/eval-probe.js"></script>' }));
    const { page, issues, close } = await open(browser, url);
    try {
      await page.waitForFunction(() => (window as unknown as { cspViolations: unknown[] }).cspViolations.length >= 1);
      const reported = await violations(page);
      assert.equal(reported[0]!.blockedURI, 'eval', JSON.stringify(reported));
      // Chromium reports eval violations as DevTools issues, not on the console.
      assert.ok(
        issues.some((issue) => /kEvalViolation/.test(issue)),
        `DevTools issues: ${issues.join('\n')}`,
      );
      assert.equal(
        await page.evaluate(() => (window as unknown as { evalRan?: boolean }).evalRan),
        false,
        'new Function threw',
      );
    } finally {
      await close();
    }
  });
});
