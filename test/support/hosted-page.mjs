// The demo's hosted payment page (demo/pay.html and pay.ts) on the test runner's origin, for the
// browser suite's test of it in every engine (test/demo/hosted-page.test.ts): the page and the
// demo merchant's backend it calls, as `npm run demo` serves them.
//
// GET /__test/hosted/pay.html?…   demo/pay.html, its paths (Vite's, from demo/) made the runner's
// /api/…                         the demo merchant's backend (demo/merchant/backend.ts) on the
//                                shared emulator, its callbacks reaching it on this origin
// /__test/hosted/elsewhere/…     another party a crafted link's baseUrl names: every request
//                                to it is counted, GET /__test/hosted/elsewhere-hits says how many
//
// The page imports the package by name; the runner gives it the sources (hostedImports).
import { readFile } from 'node:fs/promises';
import { reachable } from './kit-server.mjs';

const readBody = async (stream) => {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/**
 * The koa middleware. `platform()` is the shared emulator and the bundled modules
 * (sandbox-plugin.mjs), `demoBackend()` the bundled demo/merchant/backend.ts.
 */
export function hostedPageMiddleware({ root, platform, demoBackend }) {
  let origin = '';
  let backend;
  const start = async () => {
    const [{ sandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY }, { createMerchantBackend }] = await Promise.all([
      platform(),
      demoBackend(),
    ]);
    return createMerchantBackend({
      platformUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: DEMO_PRIVATE_KEY,
      callbackUrl: () => `${origin}/api/callbacks`,
      merchantName: 'Hosted Shop',
      kit: { relay: { heartbeatMs: 1000 } },
    });
  };
  let elsewhere = 0;
  const middleware = async function hostedPage(context, next) {
    if (context.path.startsWith('/__test/hosted/elsewhere/')) {
      elsewhere++;
      context.status = 404;
      return;
    }
    if (context.path === '/__test/hosted/elsewhere-hits') {
      context.set('Cache-Control', 'no-store');
      context.body = { hits: elsewhere };
      return;
    }
    if (context.path === '/__test/hosted/pay.html') {
      const html = await readFile(`${root}demo/pay.html`, 'utf8');
      context.type = 'html';
      context.set('Cache-Control', 'no-store');
      context.body = html
        .replace('src="/pay.ts"', 'src="/demo/pay.ts"')
        .replace('href="/demo.css"', 'href="/demo/demo.css"')
        .replace('href="/favicon.svg"', 'href="/demo/public/favicon.svg"');
      return;
    }
    if (!context.path.startsWith('/api/')) return next();
    origin = reachable(context);
    const leaving = new AbortController();
    context.res.once('close', () => leaving.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(context.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = ['GET', 'HEAD'].includes(context.method) ? undefined : await readBody(context.req);
    const answer = await (backend ??= start()).then((started) =>
      started.app.fetch(
        new Request(`${origin}${context.url}`, { method: context.method, headers, body, signal: leaving.signal }),
      ),
    );
    context.status = answer.status;
    for (const [name, value] of answer.headers) context.set(name, value);
    context.set('Cache-Control', 'no-store');
    if (!answer.body) return void (context.body = null);
    if ((answer.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const { Readable } = await import('node:stream');
      context.req.socket.setNoDelay(true);
      context.body = Readable.fromWeb(answer.body);
      return;
    }
    context.body = Buffer.from(await answer.arrayBuffer());
  };
  return {
    middleware,
    async close() {
      if (backend) await (await backend).close();
    },
  };
}

/** The demo pages import the package by name, as a merchant's would: here, its sources. */
export function hostedImports() {
  return {
    name: 'hosted-imports',
    resolveImport({ source }) {
      if (source === 'pay-checkout') return '/src/pay-checkout.ts';
    },
  };
}
