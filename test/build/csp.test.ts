/**
 * Strict CSP in every engine: a merchant page served with exactly
 *   default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:
 * loads the BUILT element with one script tag (dist/pay-checkout.js, then its lazy chunks) and
 * completes a UPI QR payment, and the page's `securitypolicyviolation` witness saw nothing. The
 * platform is on the page's origin (connect-src 'self'), forwarded to the emulator
 * (test/support/strict-csp.mjs). Negative controls prove the witness sees violations when there
 * are some. test/build/csp.node.test.ts adds Chromium's console and DevTools witnesses.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mintToken, uniqueId } from '../support/browser-sandbox.js';

const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";

interface Witnessed extends Window {
  cspViolations: { directive: string; blockedURI: string; sample: string }[];
  payEvents: { type: string; status?: string; code?: string }[];
  evalRan?: boolean;
  inlineRan?: boolean;
}

/** Chunks of dist/ come through the test server, beside the rest of the run: a loaded machine's bound. */
const CHUNKS = { timeout: 12_000 };

const pageHtml = ({ attributes = '', head = '', body = '', element = true }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>strict CSP</title>
<script src="/test/support/csp-witness.js"></script>
${element ? '<script type="module" src="/dist/pay-checkout.js"></script>' : ''}${head}
</head><body>${element ? `<pay-checkout${attributes}></pay-checkout>` : ''}${body}</body></html>`;

const pageUrl = (html: string) => `/__test/csp/page?${new URLSearchParams({ html })}`;

/** The page in an iframe of this one (same origin: the test reads and clicks it as its own). */
async function open(url: string): Promise<{ win: Witnessed; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 600px; border: 0';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = url;
  document.body.append(frame);
  await loaded;
  return { win: frame.contentWindow as Witnessed, doc: frame.contentDocument! };
}

/** Reports are queued as tasks: once the page has run a frame and a task more, any late one has arrived. */
const settled = (win: Window) => new Promise((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve)));

describe('strict Content-Security-Policy, the built element from one script tag', function () {
  this.timeout(40_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

  it('the policy is the server’s, exactly', async () => {
    const response = await fetch(pageUrl(pageHtml({})));
    await response.text();
    expect(response.headers.get('content-security-policy')).to.equal(STRICT_CSP);
  });

  it('a UPI QR payment completes with the built element and no violation is reported', async () => {
    const idPayin = uniqueId('csp');
    const token = await mintToken(idPayin, { money: { amount: 60, currencyCode: 'INR' } });
    const attributes = Object.entries({
      token,
      'base-url': `${location.origin}/__test/csp/platform`,
      'payin-id': idPayin,
      amount: '60',
      'currency-code': 'INR',
      'payment-method-code': 'UPIQR',
    })
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    const { win, doc } = await open(pageUrl(pageHtml({ attributes })));
    const host = doc.querySelector<HTMLElement & { state: string }>('pay-checkout')!;
    await waitUntil(() => host.state === 'select', `the form (state ${host.state})`, CHUNKS);
    // Styled under style-src 'self': the element's styles arrive as adopted constructed sheets.
    const root = host.shadowRoot!;
    const button = root.querySelector<HTMLButtonElement>('[part="submit"]')!;
    expect(root.adoptedStyleSheets.length).to.be.at.least(1);
    expect(root.querySelectorAll('style')).to.have.length(0);
    expect(win.getComputedStyle(button).backgroundColor).to.equal('rgb(26, 86, 219)');
    expect(win.getComputedStyle(host).display).to.equal('block');

    button.click();
    // The QR is drawn by the lazily loaded encoder chunk, which must load under the policy.
    await waitUntil(() => root.querySelector('[part="qr"] svg.qr path'), 'the QR', CHUNKS);
    expect(root.querySelector('[part="qr"] svg.qr path')!.getAttribute('d')!.length).to.be.greaterThan(100);
    await waitUntil(() => host.state === 'success', `success (state ${host.state})`, CHUNKS);

    const types = win.payEvents
      .map((event) => event.type)
      .filter((type, i, all) => type !== 'pay-status' || all[i + 1] !== 'pay-status');
    expect(types).to.deep.equal(['pay-ready', 'pay-created', 'pay-status', 'pay-success']);
    expect(win.payEvents.filter((e) => e.type === 'pay-status').at(-1)!.status).to.equal('SUCCESS');
    // Every request of the page stayed on its origin (connect-src 'self'), the QR chunk from dist/.
    const requested = (win.performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => e.name);
    expect(requested.filter((url) => !url.startsWith(location.origin))).to.deep.equal([]);
    expect(requested.some((url) => /\/dist\/qr-encoder-[\w-]+\.js$/.test(url))).to.equal(true, requested.join(' '));

    await settled(win);
    // zod in jitless mode: no attempt at new Function / eval (checked first, for a clearer message).
    expect(win.cspViolations.filter((v) => v.blockedURI === 'eval')).to.deep.equal([], 'is zod jitless?');
    expect(win.cspViolations).to.deep.equal([]);
  });

  it('negative control: the witness reports an inline <style>, a style attribute and an inline script', async () => {
    const { win, doc } = await open(
      pageUrl(
        pageHtml({
          element: false,
          head: '<style>body { margin: 3px; }</style>',
          body: '<p style="color: red">inline style attribute</p><script>window.inlineRan = true;</script>',
        }),
      ),
    );
    await waitUntil(() => win.cspViolations.length >= 3, 'three violations');
    await settled(win);
    const directives = win.cspViolations.map((v) => v.directive).sort();
    expect(directives).to.deep.equal(['script-src-elem', 'style-src-attr', 'style-src-elem']);
    expect(win.inlineRan).to.equal(undefined, 'the inline script did not run');
    expect(win.getComputedStyle(doc.body).marginTop).to.equal('8px', 'the inline <style> was not applied');
  });

  it('negative control: code the page evaluates is refused and reported as eval', async () => {
    const { win } = await open(
      pageUrl(pageHtml({ element: false, body: '<script src="/test/support/eval-probe.js"></script>' })),
    );
    expect(win.evalRan).to.equal(false, 'new Function threw');
    // WebKitGTK 2.50 refuses eval in a frame without a securitypolicyviolation event there (it
    // fires one in a top-level page): this witness of zod's jitless mode is Chromium's and Firefox's.
    if (/AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent)) return;
    await waitUntil(() => win.cspViolations.length >= 1, 'the violation');
    expect(win.cspViolations[0]!.blockedURI).to.equal('eval');
  });
});
