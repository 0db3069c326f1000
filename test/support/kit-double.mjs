// A small but real stand-in for the merchant kit's server side (createCheckoutBackend of
// pay-checkout/server, built in another branch), for the element's checkout-url tests. It answers
// the protocol of src/api/schemas/checkout-response.ts with real tokens minted from the emulator by
// createTokenIssuer; the lead switches the tests to the real kit when it lands.
//
// POST /__test/kit/checkout?key=K&amount=A&currencyCode=C[&…]   (a koa middleware: the page's origin)
//   body {}         a checkout for the order K (the shop's cart: the same key is the same order and
//                   payin), 201; body {"handle": h}: a fresh token for h's payin, 200, or 403 for a
//                   handle this server did not give.
//   The query is the test's scenario: validitySecs (the token's, default 1800), stream=1 (an
//   authorized status stream and the kit's callback URL), noOptions=1, busy=N (the first N answers
//   alternate 429 and 503 with Retry-After: 1), bad=1 (an answer with no token), broad=1 (a
//   general-privilege token), otherPayin=1 (a token for another payin), refuse=1 (403 to all),
//   refuseRenewal=1 (403 to renewals).
// GET /__test/kit/stats?key=K    what the order saw: { idPayin, creates, renewals, refused, busy, handles }
//
// On the relay's server (cross-origin, as a merchant's stream host may be):
// POST /kit/callbacks                         the platform's callback: the payin is read (GET
//                                             /payins/{id} with a PAYIN_INFO token) and pushed
// GET  /kit/payins/{id}/events?handle=h       the authorized stream: 403 without the payin's handle;
//                                             `changed` carries {"payin": <the payin read>}
import { randomBytes } from 'node:crypto';

const json = (status, body, headers = {}) => ({ status, body, headers });

export function createKitDouble({ platform, relayUrl }) {
  /** key → the order: its payin, money and what it saw. */
  const orders = new Map();
  /** handle → key */
  const handles = new Map();
  /** idPayin → the payin read after its last callback. */
  const latest = new Map();
  /** The authorized streams' bus (one process): "payin X changed", the payin read kept in `latest`. */
  let bus;
  const theBus = async () => (bus ??= (await platform()).server.memoryBus());
  /** The options answer per currency and amount, as the kit caches it. */
  const optionsCache = new Map();

  function orderOf(query) {
    let order = orders.get(query.key);
    if (!order) {
      order = {
        idPayin: `kit-${query.key}`,
        money: { amount: Number(query.amount), currencyCode: query.currencyCode },
        stats: { creates: 0, renewals: 0, refused: 0, busy: 0, handles: 0 },
        busyLeft: Number(query.busy ?? 0),
      };
      orders.set(query.key, order);
    }
    return order;
  }

  async function options(token, money) {
    const key = `${money.currencyCode} ${money.amount}`;
    if (!optionsCache.has(key)) {
      const { sandbox } = await platform();
      const response = await fetch(`${sandbox.url}/payins/!availablePaymentOptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-API-Version': '2', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ money }),
      });
      optionsCache.set(key, await response.json());
    }
    return optionsCache.get(key);
  }

  async function checkoutAnswer(order, query, handle) {
    const { sandbox, issuer } = await platform();
    const validitySecs = Number(query.validitySecs ?? 1800);
    const { idPayin, money } = order;
    const token = query.broad
      ? await issuer.withOperations({ operations: ['POST /payins/!availablePaymentOptions', 'POST /payins/.*', 'GET /payins/.*'], money, validitySecs })
      : await issuer.byAction({ action: 'PAYIN_CREATE', idPayment: query.otherPayin ? `${idPayin}-other` : idPayin, money, validitySecs });
    if (query.bad) return { baseUrl: sandbox.url, idPayin, money, handle };
    const answer = { token, baseUrl: sandbox.url, idPayin, money, merchantName: 'Kit Shop', handle };
    if (!query.noOptions && !query.broad && !query.otherPayin) answer.options = await options(token, money);
    if (query.stream) {
      const base = await relayUrl();
      answer.statusUrl = `${base}/kit/payins/${encodeURIComponent(idPayin)}/events?handle=${handle}`;
      answer.callbackUrl = `${base}/kit/callbacks`;
    }
    return answer;
  }

  /** The checkout endpoint: `{}` or `{handle}`. */
  async function checkout(query, body) {
    const order = orderOf(query);
    if (order.busyLeft > 0) {
      const status = order.stats.busy++ % 2 === 0 ? 429 : 503;
      order.busyLeft--;
      return json(status, { errorCode: 'BUSY', message: 'Too many checkouts at once; come back in a second' }, { 'Retry-After': '1' });
    }
    if (query.refuse) {
      order.stats.refused++;
      return json(403, { errorCode: 'CHECKOUT_REFUSED', message: 'No checkout for this shopper' });
    }
    if (body && typeof body.handle === 'string') {
      if (handles.get(body.handle) !== query.key || query.refuseRenewal) {
        order.stats.refused++;
        return json(403, { errorCode: 'HANDLE_REFUSED', message: 'Not a handle of this checkout' });
      }
      order.stats.renewals++;
      return json(200, await checkoutAnswer(order, query, body.handle));
    }
    order.stats.creates++;
    order.stats.handles++;
    const handle = randomBytes(16).toString('hex');
    handles.set(handle, query.key);
    return json(201, await checkoutAnswer(order, query, handle));
  }

  const readBody = async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  };

  /** The koa middleware of /__test/kit/* on the test runner's server (the page's origin). */
  async function middleware(context, next) {
    if (!context.path.startsWith('/__test/kit/')) return next();
    const query = Object.fromEntries(new URLSearchParams(context.querystring));
    let result;
    if (context.path === '/__test/kit/checkout' && context.method === 'POST') result = await checkout(query, await readBody(context.req));
    else if (context.path === '/__test/kit/stats') {
      const order = orders.get(query.key);
      result = json(200, order ? { idPayin: order.idPayin, ...order.stats } : { idPayin: undefined, creates: 0, renewals: 0, refused: 0, busy: 0, handles: 0 });
    } else result = json(404, { errorCode: 'NOT_FOUND', message: 'no such test route' });
    context.status = result.status;
    for (const [name, value] of Object.entries(result.headers)) context.set(name, value);
    context.set('Cache-Control', 'no-store');
    context.body = result.body;
  }

  const cors = { 'Access-Control-Allow-Origin': '*' };

  /** The platform's callback: read the payin with a PAYIN_INFO token, keep it, tell its streams. */
  async function callback(request) {
    const body = await request.json().catch(() => undefined);
    const idPayin = body?.idPayin;
    if (typeof idPayin !== 'string') return Response.json({ errorCode: 'INVALID_REQUEST', message: 'idPayin expected' }, { status: 400 });
    const { sandbox, issuer } = await platform();
    const token = await issuer.byAction({ action: 'PAYIN_INFO', idPayment: idPayin, validitySecs: 86_400 });
    const response = await fetch(`${sandbox.url}/payins/${encodeURIComponent(idPayin)}`, { headers: { Accept: 'application/json', 'X-API-Version': '2', Authorization: `Bearer ${token}` } });
    if (!response.ok) return Response.json({ errorCode: 'READ_FAILED', message: `GET /payins answered ${response.status}` }, { status: 503 });
    latest.set(idPayin, await response.json());
    await (await theBus()).publish(idPayin);
    return Response.json({ received: true });
  }

  /** An authorized stream: only the holder of the payin's handle; `changed` carries the payin. */
  async function stream(request, idPayin) {
    const handle = new URL(request.url).searchParams.get('handle');
    const order = orders.get(handles.get(handle ?? ''));
    if (!order || order.idPayin !== idPayin) return Response.json({ errorCode: 'FORBIDDEN', message: 'Not this payin’s handle' }, { status: 403, headers: cors });
    const encoder = new TextEncoder();
    const statusBus = await theBus();
    let controller;
    let heartbeat;
    let unsubscribe;
    const send = (name, data) => {
      try {
        controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
      } catch {
        end();
      }
    };
    const changed = () => send('changed', latest.has(idPayin) ? { payin: latest.get(idPayin) } : {});
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      try {
        controller.close();
      } catch {
        // closed already
      }
    };
    const body = new ReadableStream({
      async start(c) {
        controller = c;
        unsubscribe = await statusBus.subscribe(idPayin, { changed, lost: end });
        controller.enqueue(encoder.encode('retry: 3000\n\n'));
        send('ready', { heartbeatMs: 1000 });
        heartbeat = setInterval(() => send('ping', {}), 1000);
      },
      cancel: end,
    });
    request.signal.addEventListener('abort', end, { once: true });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', ...cors } });
  }

  /** The kit's routes on the relay's server, or undefined for another path. */
  function handleRelay(request) {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/kit/callbacks') return callback(request);
    const match = /^\/kit\/payins\/([^/]+)\/events$/.exec(url.pathname);
    if (match) return stream(request, decodeURIComponent(match[1]));
    return undefined;
  }

  return { middleware, handleRelay };
}
