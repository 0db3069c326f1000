// A wtr plugin that runs the sandbox emulator in the test runner's process, on a free port, for
// browser tests that talk to a real platform stand-in. The emulator is TypeScript: esbuild bundles
// it once (its npm dependencies stay external) and the bundle is imported. GET /__test/sandbox
// starts it on first use and answers its URL; it stops when the runner stops.
//
// GET /__test/relay starts a status relay (createStatusRelay of pay-checkout/server, in-process bus)
// on a free port, as a merchant backend mounts it — POST /callbacks and GET /payins/{id}/events —
// and answers its URL. POST /__test/relay/outage?on=1 ends every open stream and answers new ones
// 503 (as the relay does when its bus is down) until ?on=0.
//
// /__test/kit/*: the real merchant kit (createCheckoutBackend) on the page's origin, and
// /__test/odd-checkout: the bad answers no kit gives (kit-server.mjs).
//
// /__test/hosted/pay.html and /api/*: the demo's hosted payment page and the demo merchant's
// backend it calls (hosted-page.mjs).
//
// GET /__test/token?idPayin=…[&amount=…&currencyCode=…][&merchantInfo=1][&externalReference=1][&validitySecs=…]
// (or ?idTopUp=…[&fxRates=1] for a top-up's, or ?operations=a,b for exactly these operations)
// mints a checkout token here, in Node, the way a merchant backend does: pay-checkout/server
// refuses to sign in a browser, so the demo merchant's private key never reaches the page. Tokens
// live in sandbox time: a token lasts a day (the longest the emulator grants) unless validitySecs
// says otherwise.
//
// One emulator serves every test file, in every engine at once, and its clock never moves: a test
// that moves time (token expiry, a quote's validUpTo, a payin's expireAt) asks for an emulator of
// its own with `own=K` — GET /__test/sandbox?own=K, /__test/token?…&own=K, and the kit on it under
// /__test/kit/own/K/ — so hours passing there expire nothing of a test running beside it (two
// engines' renewal tests advancing one clock at once made each other's tokens expire: a 401 where
// none was expected, a pending payin expired under another test).
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { serve } from '@hono/node-server';
import { createKitServer } from './kit-server.mjs';
import { hostedPageMiddleware } from './hosted-page.mjs';
import { strictCspMiddleware } from './strict-csp.mjs';

/** The longest validity the emulator grants: a token no other test's clock advance expires. */
const DAY_SECS = 86_400;

export function sandboxPlugin(options = {}) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  let modules;
  /**
   * The emulator, the package's server side and the demo merchant's backend, bundled once (their
   * npm dependencies stay external).
   */
  const load = async () => {
    const outdir = `${root}node_modules/.cache/pay-checkout/sandbox`;
    mkdirSync(outdir, { recursive: true });
    await build({
      entryPoints: {
        sandbox: `${root}packages/sandbox/src/index.ts`,
        server: `${root}src/server/index.ts`,
        'demo-backend': `${root}demo/merchant/backend.ts`,
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir,
      outExtension: { '.js': '.mjs' },
      target: 'node20',
    });
    const of = (name) => import(`${pathToFileURL(`${outdir}/${name}.mjs`).href}?t=${Date.now()}`);
    const [sandboxModule, server, demoBackend] = await Promise.all([of('sandbox'), of('server'), of('demo-backend')]);
    return { sandboxModule, server, demoBackend };
  };
  /** An emulator on a free port, and the issuer that mints its tokens as a merchant backend does. */
  const start = async () => {
    const { sandboxModule, server } = await (modules ??= load());
    const { createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } = sandboxModule;
    const { createTokenIssuer, checkoutOperations } = server;
    const sandbox = await createSandbox({
      port: 0,
      log: false,
      rateLimit: false,
      settleDelayMs: 400,
      ...options,
    });
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: DEMO_PRIVATE_KEY,
    });
    return { sandbox, issuer, checkoutOperations, server, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY };
  };
  let started;
  /** Emulators of their own, by the key of the test that moves their clock. */
  const owned = new Map();
  const platform = (own) => {
    if (!own) return (started ??= start());
    if (!/^[\w-]{1,64}$/.test(own)) throw new Error(`own=${own}: a key of letters, digits, _ and -`);
    if (!owned.has(own)) owned.set(own, start());
    return owned.get(own);
  };
  let relayStarted;
  const startRelay = async () => {
    const { server } = await platform();
    const relay = server.createStatusRelay({
      bus: server.memoryBus(),
      allowOrigins: ['*'],
      heartbeatMs: 1000,
    });
    const outage = { on: false, streams: new Set() };
    const handle = async (request) => {
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname === '/callbacks') return relay.handleCallback(request);
      const match = /^\/payins\/([^/]+)\/events$/.exec(url.pathname);
      if (!match) return new Response('not found', { status: 404 });
      if (outage.on)
        return Response.json(
          { errorCode: 'STATUS_BUS_UNAVAILABLE', message: 'outage' },
          { status: 503, headers: { 'Access-Control-Allow-Origin': '*' } },
        );
      // A stream the outage can end: the relay ends it when its request's signal aborts.
      const ending = new AbortController();
      outage.streams.add(ending);
      request.signal.addEventListener('abort', () => outage.streams.delete(ending));
      return relay.handleEvents(
        new Request(request, { signal: AbortSignal.any([request.signal, ending.signal]) }),
        decodeURIComponent(match[1]),
      );
    };
    const http = serve({ fetch: handle, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    return { url: `http://127.0.0.1:${http.address().port}`, relay, outage, http };
  };
  // The merchant kit (kit-server.mjs): a koa middleware of the test runner's server
  // (web-test-runner.config.mjs mounts `kitMiddleware`), on the emulator started here.
  const kit = createKitServer({ platform });
  const hosted = hostedPageMiddleware({
    root,
    platform: () => platform(),
    demoBackend: async () => (await (modules ??= load())).demoBackend,
  });
  async function mint({
    idPayin,
    amount,
    currencyCode,
    merchantInfo,
    externalReference,
    idTopUp,
    fxRates,
    operations,
    validitySecs = DAY_SECS,
    own,
  }) {
    const { issuer, checkoutOperations } = await platform(own);
    const money = amount === undefined ? undefined : { amount: Number(amount), currencyCode };
    const validity = Number(validitySecs);
    // A top-up's token: by action, or its literal operations (with GET /fx-rates when asked), or
    // the operations the test gives (comma-separated) to show a broad one refused.
    if (operations) return issuer.withOperations({ operations: operations.split(','), money, validitySecs: validity });
    if (idTopUp) {
      const escaped = idTopUp.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
      if (!fxRates)
        return issuer.byAction({
          action: 'WALLET_OPERATION_CREATE',
          idPayment: idTopUp,
          money,
          validitySecs: validity,
        });
      return issuer.withOperations({
        operations: [
          'POST /topups/!availablePaymentOptions',
          `POST /topups/${escaped}`,
          `GET /topups/${escaped}`,
          'GET /fx-rates',
        ],
        money,
        validitySecs: validity,
      });
    }
    if (merchantInfo || externalReference) {
      return issuer.withOperations({
        operations: checkoutOperations(idPayin, {
          merchantInfo: Boolean(merchantInfo),
          externalReference: Boolean(externalReference),
        }),
        money,
        validitySecs: validity,
      });
    }
    return issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money, validitySecs: validity });
  }
  return {
    name: 'sandbox-emulator',
    kitMiddleware: kit.middleware,
    hostedMiddleware: hosted.middleware,
    /** The strict-CSP page and the platform on its origin (strict-csp.mjs). */
    cspMiddleware: strictCspMiddleware(async () => (await platform()).sandbox.url),
    async serve(context) {
      if (context.path === '/__test/sandbox') {
        const { sandbox } = await platform(context.query.own);
        return { body: JSON.stringify({ url: sandbox.url }), type: 'json' };
      }
      if (context.path === '/__test/relay') {
        const { url } = await (relayStarted ??= startRelay());
        return { body: JSON.stringify({ url }), type: 'json' };
      }
      if (context.path === '/__test/relay/outage') {
        const { outage } = await (relayStarted ??= startRelay());
        outage.on = context.query.on === '1';
        if (outage.on) for (const ending of outage.streams) ending.abort();
        return { body: JSON.stringify({ outage: outage.on }), type: 'json' };
      }
      if (context.path === '/__test/token') {
        return { body: JSON.stringify({ token: await mint(context.query) }), type: 'json' };
      }
    },
    async serverStop() {
      await kit.close();
      await hosted.close();
      if (relayStarted) {
        const { relay, http } = await relayStarted;
        relay.close();
        http.closeAllConnections?.();
        await new Promise((resolve) => http.close(resolve));
      }
      for (const running of [started, ...owned.values()]) if (running) await (await running).sandbox.close();
    },
  };
}
