/**
 * A merchant page server for the built element, used by the strict-CSP test
 * (test/build/csp.node.test.ts) and the benchmark (scripts/bench.ts):
 *
 * - the sandbox emulator, in-process on a free port;
 * - one origin (hono on @hono/node-server, 127.0.0.1, free port) serving the pages registered with
 *   `page()`, the BUILT files of dist/ under /dist/, two external helper scripts under /support/,
 *   and `/platform/*` forwarded to the emulator, so a page whose CSP is `default-src 'self'` can
 *   still reach the platform (`base-url="<origin>/platform"`);
 * - tokens minted server-side with the real merchant helper (`createTokenIssuer`) and the demo key.
 *
 * Pages are plain HTML with no inline script or style: the helpers are classic external scripts.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium, type Browser } from 'playwright';
import { createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY, type SandboxOptions } from 'pay-checkout-sandbox';
import { createTokenIssuer } from 'pay-checkout/server';
import { CHROMIUM_ARGS, chromiumPath as systemChromium } from '../test/support/engines/engines.mjs';

/** The policy of the strict-CSP guarantee (issue 7, item 4), exactly. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";

/** The element's events, all recorded by /support/record.js. */
export const PAY_EVENTS = [
  'pay-ready',
  'pay-method-change',
  'pay-created',
  'pay-status',
  'pay-success',
  'pay-failed',
  'pay-refused',
  'pay-expired',
  'pay-error',
] as const;

/**
 * Classic script, first in <head>, so it runs before anything else on the page is parsed:
 * records every `securitypolicyviolation` (window.cspViolations) and every event of the element
 * (window.payEvents, with performance.now() of its dispatch).
 */
const RECORD_JS = `(() => {
  const violations = (window.cspViolations = []);
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.effectiveDirective, blockedURI: e.blockedURI, sourceFile: e.sourceFile, line: e.lineNumber, sample: e.sample, disposition: e.disposition });
  });
  const events = (window.payEvents = []);
  for (const type of ${JSON.stringify(PAY_EVENTS)}) {
    document.addEventListener(type, (e) => {
      const d = e.detail || {};
      events.push({ type, t: performance.now(), wall: Date.now(), status: d.status, previousStatus: d.previousStatus, code: d.code, message: d.message });
    });
  }
})();
`;

/**
 * Classic script for the benchmark, before the element loads: counts live timers (setTimeout
 * until it fires or is cleared, setInterval until cleared, requestIdleCallback and
 * requestAnimationFrame until they run or are cancelled) and the event listeners on window and
 * document (add/remove, including { once } after it fired and { signal } after abort).
 * Read with window.__liveResources().
 */
const INSTRUMENT_JS = `(() => {
  const timers = new Map();
  const w = window;
  const wrapOneShot = (setName, clearName, kind) => {
    const set = w[setName].bind(w), clear = w[clearName].bind(w);
    w[setName] = function (fn, ...rest) {
      let id;
      const run = typeof fn === 'function' ? function (...args) { timers.delete(kind + id); return fn.apply(this, args); } : fn;
      id = set(run, ...rest);
      timers.set(kind + id, kind);
      return id;
    };
    w[clearName] = function (id) { timers.delete(kind + id); return clear(id); };
  };
  wrapOneShot('setTimeout', 'clearTimeout', 'timeout:');
  if (w.requestIdleCallback) wrapOneShot('requestIdleCallback', 'cancelIdleCallback', 'idle:');
  wrapOneShot('requestAnimationFrame', 'cancelAnimationFrame', 'frame:');
  const setI = w.setInterval.bind(w), clearI = w.clearInterval.bind(w);
  w.setInterval = function (...args) { const id = setI(...args); timers.set('interval:' + id, 'interval:'); return id; };
  w.clearInterval = function (id) { timers.delete('interval:' + id); return clearI(id); };

  const listeners = new Map();
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  const watched = (target) => target === window || target === document;
  const keyOf = (target, type, fn, options) => {
    const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
    return (target === window ? 'window ' : 'document ') + type + (capture ? ' capture' : '') + ' ' + listenerId(fn);
  };
  const ids = new WeakMap();
  let next = 0;
  const listenerId = (fn) => { if (!ids.has(fn)) ids.set(fn, ++next); return ids.get(fn); };
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (watched(this) && fn) {
      const key = keyOf(this, type, fn, options);
      if (!listeners.has(key)) {
        listeners.set(key, type);
        if (options && typeof options === 'object') {
          if (options.once) add.call(this, type, () => listeners.delete(key), { once: true, capture: !!options.capture });
          if (options.signal) options.signal.addEventListener('abort', () => listeners.delete(key), { once: true });
        }
      }
    }
    return add.call(this, type, fn, options);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, options) {
    if (watched(this) && fn) listeners.delete(keyOf(this, type, fn, options));
    return remove.call(this, type, fn, options);
  };
  const count = (map) => { const byKind = {}; for (const kind of map.values()) byKind[kind] = (byKind[kind] || 0) + 1; return byKind; };
  window.__liveResources = () => ({ timers: timers.size, timersByKind: count(timers), listeners: listeners.size, listenersByType: count(listeners) });
})();
`;

/** Classic script for the negative control: what zod does without jitless (probe `new Function`). */
const EVAL_PROBE_JS = `try { new Function('return 1')(); window.evalRan = true; } catch (error) { window.evalRan = false; }
`;

export interface PageOptions {
  /** The Content-Security-Policy header of the page; default STRICT_CSP, false for none. */
  csp?: string | false;
}

export interface CheckoutPageOptions {
  /** Attributes of the <pay-checkout> in the served HTML; none: the page has no element. */
  attributes?: Record<string, string>;
  /** Extra markup in <head> after the helper scripts (e.g. the negative control's inline style). */
  head?: string;
  /** Extra markup at the end of <body>. */
  body?: string;
  /** Load /support/record.js, which records violations and the element's events (default true). */
  record?: boolean;
  /** Also load /support/instrument.js (timers and listeners) before the element. */
  instrument?: boolean;
  /** Load dist/pay-checkout.js (default true). */
  element?: boolean;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A merchant page: helper scripts, the element's module script, and the element. No inline script or style. */
export function checkoutHtml(options: CheckoutPageOptions = {}): string {
  const attributes = options.attributes
    ? Object.entries(options.attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('')
    : undefined;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pay-checkout</title>
${options.record === false ? '' : '<script src="/support/record.js"></script>\n'}${options.instrument ? '<script src="/support/instrument.js"></script>\n' : ''}${options.element === false ? '' : '<script type="module" src="/dist/pay-checkout.js"></script>\n'}${options.head ?? ''}
</head>
<body>
<main id="host">${attributes === undefined ? '' : `<pay-checkout${attributes}></pay-checkout>`}</main>
${options.body ?? ''}
</body>
</html>
`;
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'content-encoding',
];

export async function startPageServer(options: { sandbox?: SandboxOptions; dist?: URL } = {}) {
  const dist = options.dist ?? new URL('../dist/', import.meta.url);
  if (!existsSync(new URL('pay-checkout.js', dist)))
    throw new Error(`${dist.pathname}pay-checkout.js is missing: run npm run build`);
  const sandbox = await createSandbox({ port: 0, log: false, rateLimit: false, ...options.sandbox });
  const issuer = createTokenIssuer({
    baseUrl: sandbox.url,
    merchantCode: DEMO_MERCHANT_CODE,
    privateKey: DEMO_PRIVATE_KEY,
  });
  const pages = new Map<string, { html: string; csp: string | false }>();

  const app = new Hono();
  app.get('/support/record.js', (c) =>
    c.body(RECORD_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }),
  );
  app.get('/support/instrument.js', (c) =>
    c.body(INSTRUMENT_JS, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    }),
  );
  app.get('/support/eval-probe.js', (c) =>
    c.body(EVAL_PROBE_JS, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    }),
  );
  // The built files only, by plain name: no path outside dist/.
  app.get('/dist/:file{[\\w.-]+\\.js}', (c) => {
    const file = new URL(c.req.param('file'), dist);
    if (!existsSync(file)) return c.text('not found', 404);
    return c.body(readFileSync(file), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  // The platform on the page's own origin: the request as it came, to the emulator.
  app.all('/platform/*', async (c) => {
    const incoming = new URL(c.req.url);
    const target = sandbox.url + incoming.pathname.slice('/platform'.length) + incoming.search;
    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const answer = await fetch(target, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : undefined,
      redirect: 'manual',
    });
    const out = new Headers(answer.headers);
    for (const name of HOP_BY_HOP) out.delete(name);
    return new Response(answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer(), {
      status: answer.status,
      headers: out,
    });
  });
  app.get('*', (c) => {
    const page = pages.get(new URL(c.req.url).pathname);
    if (!page) return c.text('not found', 404);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    };
    if (page.csp) headers['Content-Security-Policy'] = page.csp;
    return c.body(page.html, 200, headers);
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({
      fetch: app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      overrideGlobalObjects: false,
    }) as Server;
    started.once('listening', () => resolve(started));
    started.once('error', reject);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let pageCount = 0;

  return {
    /** The page server's origin. */
    origin,
    /** The platform on the page's origin (base-url for a page under `default-src 'self'`). */
    platformUrl: `${origin}/platform`,
    sandbox,
    issuer,
    /** Serves `html` at a fresh path (or `path`) and returns its URL. */
    page(html: string, pageOptions: PageOptions & { path?: string } = {}): string {
      const path = pageOptions.path ?? `/page-${++pageCount}`;
      pages.set(path, { html, csp: pageOptions.csp === undefined ? STRICT_CSP : pageOptions.csp });
      return origin + path;
    },
    /** A by-action PAYIN_CREATE token for one payin, minted through the platform's token endpoint. */
    tokenFor(idPayin: string, money?: { amount: number; currencyCode: string }): Promise<string> {
      return issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, ...(money ? { money } : {}) });
    },
    async close(): Promise<void> {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sandbox.close();
    },
  };
}
export type PageServer = Awaited<ReturnType<typeof startPageServer>>;

/** A fresh id for a payin. */
export const uniquePayinId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Chromium as the tests launch it (test/support/engines/engines.mjs): CHROME_PATH, the system's, or Playwright's own. */
export const chromiumPath = systemChromium();

/**
 * Chromium for a test file or a script: the browser `npm test` shares among its Node test files
 * (a browser server scripts/test-suites.mjs started, whose address is PAY_CHECKOUT_CHROMIUM_WS;
 * each file works in contexts of its own, and closing it disconnects), else one of its own.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env.PAY_CHECKOUT_CHROMIUM_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}
