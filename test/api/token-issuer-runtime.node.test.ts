/**
 * pay-checkout/server refuses to run in a browser (issue 12.10), and keeps working in every
 * server runtime, including those that carry browser-like globals. The runtimes are described by
 * the globals the check reads; the browser itself is tested in token-issuer-browser.test.ts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PUBLIC_KEY } from 'pay-checkout-sandbox';
import {
  createTokenIssuer,
  importPublicKey,
  runsInBrowser,
  signBody,
  verifySignature,
} from '../../src/server/index.js';
import { demoPrivateKey } from '../support/sandbox-node.js';

/** A stand-in for the browser's WorkerGlobalScope, and a worker global made from it. */
class WorkerGlobalScope {}
const browserWorker = Object.assign(new WorkerGlobalScope(), {
  WorkerGlobalScope,
  importScripts() {},
  navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' },
});
const browserPage = {
  document: {},
  window: {},
  navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' },
};

const SERVER_RUNTIMES: [string, object][] = [
  [
    'Node with jsdom globals',
    {
      process: { versions: { node: '20.20.0' } },
      window: {},
      document: {},
      navigator: { userAgent: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.0.0' },
    },
  ],
  [
    'Bun with happy-dom globals',
    { process: { versions: { node: '22.6.0', bun: '1.2.0' } }, Bun: {}, window: {}, document: {} },
  ],
  ['Deno', { Deno: { version: { deno: '2.1.0' } }, navigator: { userAgent: 'Deno/2.1.0' } }],
  ['Deno 1 (which had a window global)', { Deno: {}, window: {}, navigator: { userAgent: 'Deno/1.46.0' } }],
  ['a Deno web worker', Object.assign(new WorkerGlobalScope(), { WorkerGlobalScope, Deno: {} })],
  [
    'Cloudflare Workers',
    Object.assign(new WorkerGlobalScope(), {
      WorkerGlobalScope,
      navigator: { userAgent: 'Cloudflare-Workers' },
    }),
  ],
  [
    'Cloudflare Workers of an old compatibility date (no navigator)',
    Object.assign(new WorkerGlobalScope(), { WorkerGlobalScope }),
  ],
  ['the Next.js / Vercel edge runtime', { EdgeRuntime: 'edge-runtime', navigator: { userAgent: 'Mozilla/5.0' } }],
];

describe('runsInBrowser', () => {
  test('this Node process is not a browser', () => {
    assert.equal(runsInBrowser(), false);
  });
  for (const [name, scope] of SERVER_RUNTIMES) {
    test(`not a browser: ${name}`, () => assert.equal(runsInBrowser(scope as never), false));
  }
  test('a page with a DOM is a browser', () => assert.equal(runsInBrowser(browserPage as never), true));
  test('a browser web worker is a browser', () => assert.equal(runsInBrowser(browserWorker as never), true));
});

describe('in Node with browser-like globals installed (as jsdom-global or happy-dom do in tests)', () => {
  test('createTokenIssuer and signBody still work', async () => {
    const globals = globalThis as Record<string, unknown>;
    const installed = { window: globalThis, document: { nodeType: 9 } };
    Object.assign(globals, installed);
    try {
      assert.equal(runsInBrowser(), false);
      const requests: string[] = [];
      const issuer = createTokenIssuer({
        baseUrl: 'https://platform.test',
        merchantCode: 'demo-merchant',
        privateKey: demoPrivateKey,
        fetch: async (input) => {
          requests.push(String(input));
          return Response.json({ token: 'a.b.c' });
        },
      });
      assert.equal(await issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'o-1' }), 'a.b.c');
      assert.equal(requests.length, 1);
      const signature = await signBody({ a: 1 }, demoPrivateKey);
      assert.ok(await verifySignature('{"a":1}', signature, await importPublicKey(DEMO_PUBLIC_KEY)));
    } finally {
      for (const name of Object.keys(installed)) delete globals[name];
    }
  });
});
