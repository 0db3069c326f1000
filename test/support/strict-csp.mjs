// A merchant page under a strict Content-Security-Policy, on the test runner's own origin, for the
// browser suite's strict-CSP test (test/build/csp.test.ts) in every engine: the test opens it in
// an iframe of its page, so it reads the page's witnesses and clicks its element as its own.
//
// GET /__test/csp/page?html=…   the html, served with STRICT_CSP (and no-store)
// /__test/csp/platform/…        the sandbox emulator on the page's origin (connect-src 'self'
//                               allows no other): the request as it came, to the emulator
//
// The page's scripts are files the runner serves from the same origin (script-src 'self'):
// /dist/pay-checkout.js (the build) and test/support/csp-witness.js.

/** The policy of the strict-CSP guarantee, exactly (as scripts/page-server.ts serves it). */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length', 'content-encoding'];

const readBody = async (stream) => {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** The koa middleware; `sandboxUrl()` is the shared emulator's URL. */
export function strictCspMiddleware(sandboxUrl) {
  return async function strictCsp(context, next) {
    if (context.path === '/__test/csp/page') {
      context.set('Content-Security-Policy', STRICT_CSP);
      context.set('Cache-Control', 'no-store');
      context.type = 'html';
      context.body = String(context.query.html ?? '');
      return;
    }
    if (!context.path.startsWith('/__test/csp/platform/')) return next();
    const target = (await sandboxUrl()) + context.path.slice('/__test/csp/platform'.length) + context.search;
    const headers = new Headers();
    for (const [name, value] of Object.entries(context.headers))
      if (!HOP_BY_HOP.includes(name) && typeof value === 'string') headers.set(name, value);
    const hasBody = context.method !== 'GET' && context.method !== 'HEAD';
    const answer = await fetch(target, {
      method: context.method,
      headers,
      body: hasBody ? await readBody(context.req) : undefined,
      redirect: 'manual',
    });
    context.status = answer.status;
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.includes(name)) context.set(name, value);
    });
    context.body = Buffer.from(await answer.arrayBuffer());
  };
}
