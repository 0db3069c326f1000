// The merchant kit for the element's checkout-url tests: the REAL createCheckoutBackend of
// pay-checkout/server (the bundle sandbox-plugin.mjs builds), against the emulator the test runner
// starts, with the demo merchant's keys, mounted on the test runner's own server (the page's
// origin, as a shop mounts it) under /__test/kit. A koa middleware: the kit answers with statuses
// and streams of its own, which a plugin's serve() cannot.
//
// POST /__test/kit/checkouts?key=K&amount=A&currencyCode=C[&…]   the kit's checkout route. Its
//   order hook is the test's to steer through the query, as a shop's reads its cart: the order K
//   is payin `kit-K` for A C; busy=N answers the first N checkouts of K 429 and 503 in turn with
//   Retry-After: 1 (the shop's own refusal, passed on by the kit as it is); refuse=1 answers 403.
//   stream=0 drops the answer's statusUrl: a merchant server with no stream, whose element polls
//   the kit's status route (the kit always offers a stream); poll=0 drops statusPollUrl: a server
//   with no status route, whose element polls the platform.
//   badPoll=1 gives the answer's statusPollUrl a handle that is not the payin's: the kit answers its
//   polls 403, as it does to a stranger.
// POST /__test/kit/outage?key=K&on=1|0   the stream of order K fails, as behind a proxy that cuts
//   it: its open streams end, and new ones are answered 503, until on=0.
// POST /__test/kit/callbacks, GET /__test/kit/payins/{id}/events?handle=…   the kit's own routes.
// GET /__test/kit/stats?key=K   what order K saw: { idPayin, creates, renewals, refused, busy }
// /__test/kit/own/O/…   the same routes, of a kit on the emulator of its own O (sandbox-plugin.mjs):
//   for a test that moves that emulator's clock.
//
// What the kit never answers, a small route of its own answers, for the element's checks of a bad
// merchant server: POST /__test/odd-checkout?key=K&kind=bad|broad|otherPayin — an answer with no
// token, a general-privilege token, a token for another payin.

/** The answers of the kit's checkout route a test asked for, per order key. */
const emptyStats = () => ({ creates: 0, renewals: 0, refused: 0, busy: 0 });

const readBody = async (stream) => {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** Where this connection reached the test runner: the platform calls the kit back there. */
export function reachable(context) {
  const { localAddress, localPort } = context.req.socket;
  const host = localAddress.includes(':')
    ? localAddress.startsWith('::ffff:')
      ? localAddress.slice(7)
      : `[${localAddress}]`
    : localAddress;
  return `http://${host}:${localPort}`;
}

export function createKitServer({ platform }) {
  const stats = new Map();
  const statsOf = (key) => (stats.has(key) ? stats.get(key) : stats.set(key, emptyStats()).get(key));
  const busyLeft = new Map();
  /** The kits, by their prefix: /__test/kit on the shared emulator, /__test/kit/own/O on O's own. */
  const kits = new Map();

  const start = async (prefix, own) => {
    const { sandbox, server, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } = await platform(own);
    return server.createCheckoutBackend({
      platformUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: DEMO_PRIVATE_KEY,
      prefix,
      merchantName: 'Kit Shop',
      callbackUrl: (request) => `${request.headers.get('x-test-reachable')}${prefix}/callbacks`,
      relay: { heartbeatMs: 1000 },
      minReadGapMs: 100,
      log: () => undefined,
      order(request) {
        const query = new URL(request.url).searchParams;
        const key = query.get('key');
        const busy = busyLeft.get(key) ?? Number(query.get('busy') ?? 0);
        if (busy > 0) {
          busyLeft.set(key, busy - 1);
          const status = statsOf(key).busy++ % 2 === 0 ? 429 : 503;
          return Response.json(
            { errorCode: 'BUSY', message: 'Too many checkouts at once; come back in a second' },
            { status, headers: { 'Retry-After': '1' } },
          );
        }
        busyLeft.set(key, 0);
        if (query.get('refuse'))
          return Response.json(
            { errorCode: 'CHECKOUT_REFUSED', message: 'No checkout for this shopper' },
            { status: 403 },
          );
        return {
          idPayin: `kit-${key}`,
          money: { amount: Number(query.get('amount')), currencyCode: query.get('currencyCode') },
        };
      },
    });
  };

  /** The kit's answer to a koa request, as a Web Request (the shopper leaving aborts it). */
  async function toKit(context) {
    const own = /^\/__test\/kit\/own\/([\w-]{1,64})\//.exec(context.path)?.[1];
    const prefix = own ? `/__test/kit/own/${own}` : '/__test/kit';
    if (!kits.has(prefix)) kits.set(prefix, start(prefix, own));
    const leaving = new AbortController();
    // The response's close: the shopper left (or it was sent). The request's fires once its body is read.
    context.res.once('close', () => leaving.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(context.headers))
      if (typeof value === 'string') headers.set(name, value);
    headers.set('x-test-reachable', reachable(context));
    const body = ['GET', 'HEAD'].includes(context.method) ? undefined : await readBody(context.req);
    const request = new Request(`${reachable(context)}${context.url}`, {
      method: context.method,
      headers,
      body,
      signal: leaving.signal,
    });
    return (await kits.get(prefix)).fetch(request);
  }

  /** The payins whose streams are failing (outage), and each payin's open streams. */
  const outages = new Set();
  const openStreams = new Map();
  const streamOf = (path) => /^\/__test\/kit\/payins\/([^/]+)\/events$/.exec(path)?.[1];

  async function answer(context, response) {
    context.status = response.status;
    for (const [name, value] of response.headers) context.set(name, value);
    context.set('Cache-Control', 'no-store');
    if (!response.body) return void (context.body = null);
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const { Readable } = await import('node:stream');
      context.req.socket.setNoDelay(true);
      context.body = Readable.fromWeb(response.body);
      const idPayin = streamOf(context.path);
      if (!openStreams.has(idPayin)) openStreams.set(idPayin, new Set());
      openStreams.get(idPayin).add(context.res);
      context.res.once('close', () => openStreams.get(idPayin).delete(context.res));
      return;
    }
    context.body = Buffer.from(await response.arrayBuffer());
  }

  async function checkout(context) {
    const key = context.query.key;
    let response = await toKit(context);
    const count = statsOf(key);
    if (response.status === 201) count.creates++;
    else if (response.status === 200) count.renewals++;
    else if (response.status === 403) count.refused++;
    const { stream, poll, badPoll } = context.query;
    if (response.ok && (stream === '0' || poll === '0' || badPoll)) {
      const { statusUrl, statusPollUrl, ...rest } = await response.json();
      const kept = { ...rest };
      if (stream !== '0') kept.statusUrl = statusUrl;
      if (poll !== '0')
        kept.statusPollUrl = badPoll ? statusPollUrl.replace(/handle=[^&]*/, 'handle=x.y') : statusPollUrl;
      response = Response.json(kept, { status: response.status });
    }
    return answer(context, response);
  }

  /** An answer no kit gives: what the element must refuse of a bad merchant server. */
  async function odd(context) {
    const { sandbox, issuer } = await platform();
    const { key, kind } = context.query;
    const idPayin = `odd-${key}`;
    const money = { amount: 100, currencyCode: 'INR' };
    const token =
      kind === 'broad'
        ? await issuer.withOperations({
            operations: ['POST /payins/!availablePaymentOptions', 'POST /payins/.*', 'GET /payins/.*'],
            money,
            validitySecs: 1800,
          })
        : await issuer.byAction({
            action: 'PAYIN_CREATE',
            idPayment: kind === 'otherPayin' ? `${idPayin}-other` : idPayin,
            money,
            validitySecs: 1800,
          });
    const body = {
      baseUrl: sandbox.url,
      idPayin,
      money,
      merchantName: 'Odd Shop',
      ...(kind === 'bad' ? {} : { token }),
    };
    context.status = 201;
    context.body = body;
  }

  /** The koa middleware of /__test/kit/* and /__test/odd-checkout. */
  async function middleware(context, next) {
    if (context.path === '/__test/odd-checkout' && context.method === 'POST') return odd(context);
    if (!context.path.startsWith('/__test/kit/')) return next();
    if (context.path === '/__test/kit/stats') {
      context.body = { idPayin: `kit-${context.query.key}`, ...statsOf(context.query.key) };
      context.set('Cache-Control', 'no-store');
      return;
    }
    if (context.path === '/__test/kit/outage' && context.method === 'POST') {
      const idPayin = `kit-${context.query.key}`;
      if (context.query.on === '1') {
        outages.add(idPayin);
        for (const res of openStreams.get(idPayin) ?? []) res.destroy();
      } else outages.delete(idPayin);
      return void (context.status = 204);
    }
    if (outages.has(streamOf(context.path))) {
      context.status = 503;
      context.body = { errorCode: 'STREAM_UNAVAILABLE', message: 'The proxy cut the stream' };
      return;
    }
    if (/^\/__test\/kit\/(own\/[\w-]+\/)?checkouts$/.test(context.path)) return checkout(context);
    return answer(context, await toKit(context));
  }

  return {
    middleware,
    async close() {
      for (const kit of kits.values()) await (await kit).close();
    },
  };
}
