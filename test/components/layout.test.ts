/**
 * Layout on a 320 px phone (issue 14, item 10), for every method of the table against the sandbox
 * emulator, in English, Thai, Hindi and Tamil: the form, the pending view (on a phone and on a narrow
 * desktop window), the view once the payment request expired, and the final view. It fails on
 * horizontal overflow, on a button or link narrower than its label (a word broken across lines, as
 * "C/o/p/y" was, or a label clipped), and on a QR (or payment details) still shown after expiry.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { PAYIN_METHOD_TABLE } from '../../src/api/index.js';
import type { PayCheckout } from '../../src/pay-checkout.js';
import { sandboxUrl } from '../support/browser-sandbox.js';
import { $$, emulatePointer, fastPolling, normalPolling, submit, untilState } from '../support/element.js';
import { fill, openSandboxCheckout } from '../support/sandbox-checkout.js';
import { loadWords } from '../../src/i18n/words.js';

/** English, Thai and Hindi, and Tamil, whose words are the longest of the bundled locales. */
const LOCALES = ['en', 'th', 'hi', 'ta'];
const WIDTH = 320;

/** Where an element is, for a failure message. */
const describeNode = (node: Element) =>
  `<${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? ` class="${node.className.trim()}"` : ''}> "${(node.textContent ?? '').trim().slice(0, 40)}"`;

/** The word segments of a control's text, each a Range, in the element's language. */
function words(control: Element, lang: string): Range[] {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const segment of segmenter.segment(node.textContent!)) {
      if (!segment.isWordLike || segment.segment.length < 2) continue;
      const range = document.createRange();
      range.setStart(node, segment.index);
      range.setEnd(node, segment.index + segment.segment.length);
      ranges.push(range);
    }
  }
  return ranges;
}

/** Every layout problem of the element as it is drawn now. */
function layoutProblems(element: PayCheckout): string[] {
  const problems: string[] = [];
  const root = element.shadowRoot!;
  const lang = root.querySelector('section')?.lang || 'en';
  const host = element.getBoundingClientRect();
  if (document.documentElement.scrollWidth > window.innerWidth)
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
  for (const node of root.querySelectorAll('*')) {
    if (node.closest('.visually-hidden, svg')) continue;
    const rect = node.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    if (rect.right > host.right + 0.5 || rect.left < host.left - 0.5)
      problems.push(
        `${describeNode(node)} overflows: ${rect.left.toFixed(0)}–${rect.right.toFixed(0)} px, the element ${host.left}–${host.right}`,
      );
  }
  for (const control of root.querySelectorAll('button, a, summary')) {
    if (!control.getClientRects().length) continue;
    if (control.scrollWidth > control.clientWidth + 1)
      problems.push(`${describeNode(control)} is narrower than its label (clipped)`);
    for (const word of words(control, lang)) {
      const lines = new Set([...word.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1)
        problems.push(`${describeNode(control)} breaks "${word.toString()}" across ${lines.size} lines`);
    }
  }
  return problems;
}

/** Checks the element in each locale (it re-renders in place, no new request). */
async function expectLaidOut(element: PayCheckout, where: string, locales = LOCALES) {
  for (const locale of locales) {
    element.setAttribute('locale', locale);
    await waitUntil(
      // A locale may carry its full tag (bn-IN-u-nu-latn): the language is what says its terms are here.
      () => element.shadowRoot!.querySelector('section')?.lang.split('-u-')[0]!.startsWith(locale),
      `${where}: the ${locale} terms`,
    );
    await element.updateComplete;
    expect(layoutProblems(element), `${where} in ${locale}`).to.deep.equal([]);
  }
  element.setAttribute('locale', 'en');
  await element.updateComplete;
}

/**
 * The platform's clock seen three days on (its Date header): for the element, expireAt has
 * passed. The emulator's own clock is shared by every test file, so it is not moved.
 */
function platformClockAhead(): () => void {
  const original = window.fetch;
  window.fetch = async (...args) => {
    const response = await original(...args);
    const headers = new Headers(response.headers);
    headers.set('Date', new Date(Date.now() + 3 * 86_400_000).toUTCString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  return () => void (window.fetch = original);
}

/** Every code of the table in its first currency, and the views with another shape. */
const CASES: { name: string; code: string; currencyCode: string; attributes: Record<string, string> }[] = [
  ...[...new Map(PAYIN_METHOD_TABLE.map((row) => [row.code, row])).values()].map((row) => ({
    name: row.code,
    code: row.code,
    currencyCode: row.currencies[0] as string,
    attributes: {},
  })),
  { name: 'OFFLINE in THB (an account)', code: 'OFFLINE', currencyCode: 'THB', attributes: {} },
  { name: 'OFFLINE in VND (a QR)', code: 'OFFLINE', currencyCode: 'VND', attributes: {} },
  {
    name: 'UPIQR with the app link',
    code: 'UPIQR',
    currencyCode: 'INR',
    attributes: { 'show-deep-link': 'true' },
  },
  {
    name: 'UPIQR with a UPI ID (the QR, paying from it)',
    code: 'UPIQR',
    currencyCode: 'INR',
    attributes: { 'upi-id': 'asha@okdemo' },
  },
];

describe(`layout at ${WIDTH} px, every method, ${LOCALES.join('/')}`, () => {
  let restorePointer: (() => void) | undefined;
  let restoreClock: (() => void) | undefined;
  before(async () => {
    fastPolling();
    // Every locale's words come into the page first, so that a switch of locale waits on the
    // element's render, not on a loaded machine's first fetch and compile of a locale's chunks.
    await Promise.all(LOCALES.map((locale) => loadWords(locale, 'checkout').then(() => loadWords(locale, 'more'))));
    await setViewport({ width: WIDTH, height: 720 });
    document.body.style.margin = '0';
  });
  after(async () => {
    normalPolling();
    document.body.style.margin = '';
    await setViewport({ width: 800, height: 600 });
  });
  afterEach(() => {
    restorePointer?.();
    restoreClock?.();
    restorePointer = restoreClock = undefined;
  });

  for (const item of CASES) {
    it(`${item.name}: form, pending (phone and desktop), expired and final views fit, labels whole, no QR after expiry`, async () => {
      restorePointer = emulatePointer(true);
      // Amount 1: the emulator keeps the payment pending until its expiry.
      const { element, idPayin } = await openSandboxCheckout(item.code, item.currencyCode, 1, {
        'return-url': 'https://shop.example/orders/1',
        ...item.attributes,
      });
      fill(element, item.code, item.currencyCode);
      await element.updateComplete;
      await expectLaidOut(element, 'the form');

      await submit(element);
      await untilState(element, 'pending', 6000);
      await waitUntil(() => !element.shadowRoot!.querySelector('.qr-placeholder'), 'QR drawn', {
        timeout: 5000,
      });
      await expectLaidOut(element, 'pending, on a phone');
      restorePointer();
      restorePointer = emulatePointer(false);
      element.requestUpdate();
      await expectLaidOut(element, 'pending, on a desktop', ['en', 'th']);

      restoreClock = platformClockAhead();
      await waitUntil(
        () => element.shadowRoot!.querySelector('.expired-note'),
        'expired (the next read sees the clock)',
        { timeout: 10_000 },
      );
      await element.updateComplete;
      expect(
        $$(element, '[part="qr"], svg.qr, img.qr, .details-box, button.copy'),
        'QR and details withdrawn',
      ).to.have.length(0);
      await expectLaidOut(element, 'expired');
      restoreClock();
      restoreClock = undefined;

      await fetch(`${await sandboxUrl()}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'SUCCESS' }),
      });
      // Polling ends a moment after expiry: "Check again" reads the status then.
      await waitUntil(
        () => element.state === 'success' || $$(element, 'button').some((b) => b.textContent!.includes('Check again')),
        'success or Check again',
        { timeout: 10_000 },
      ).catch((error: Error) => {
        // What the element showed instead, for whoever reads a CI log.
        throw new Error(
          `${error.message}: state ${element.state}, following ${element.pollStopped ?? 'on'}, text "${element.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim().slice(0, 500)}"`,
        );
      });
      $$<HTMLButtonElement>(element, 'button')
        .find((b) => b.textContent!.includes('Check again'))
        ?.click();
      await untilState(element, 'success');
      await expectLaidOut(element, 'final');
      element.remove();
    });
  }

  it('the checks see what they look for: overflow, a word broken in a button, a clipped label', async () => {
    const { element } = await openSandboxCheckout('UPIQR', 'INR', 1);
    const root = element.shadowRoot!;
    const style = document.createElement('style');
    style.textContent = `.wide { width: 400px } button.squeezed { width: 24px; min-width: 0; padding: 0; overflow-wrap: anywhere } a.clipped { width: 40px; min-width: 0; white-space: nowrap; overflow: hidden }`;
    root.append(style);
    const probe = document.createElement('div');
    probe.innerHTML = `<div class="wide">wide</div><button class="squeezed">Copy</button><a class="button clipped" href="#">Return to the shop</a>`;
    root.querySelector('section')!.append(probe);
    const problems = layoutProblems(element).join('\n');
    expect(problems).to.contain('<div class="wide"> "wide" overflows');
    expect(problems).to.contain('breaks "Copy" across');
    expect(problems).to.contain('<a class="button clipped"> "Return to the shop" is narrower than its label');
    probe.remove();
    style.remove();
    expect(layoutProblems(element)).to.deep.equal([]);
    element.remove();
  });
});
