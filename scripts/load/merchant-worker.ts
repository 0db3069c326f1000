/**
 * Worker: the merchant — the demo merchant's backend (demo/merchant/backend.ts) as a shop runs it
 * in a sale: it mints one payment-scoped token per shopper, gives each checkout the payment
 * options it fetched once per currency and amount (`provideOptions`, for the element's `options`
 * property), mounts the status relay (callbacks in, one event stream per shopper out) and reads
 * each payin after its callback. The same origin serves the shop's page for the browser shoppers:
 * /shop (the built element from /dist/ and a small shopper script), so the status streams are
 * same-origin. Every request the backend sends to the platform is counted here.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createMerchantBackend } from '../../demo/merchant/backend.js';
import { DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } from 'pay-checkout/sandbox';
import { createRequestCounter } from './request-counts.js';
import { SHOP_PAGE, SHOPPER_JS } from './shop-page.js';
import { serveCalls, workerInput } from './threads.js';

const { platformUrl } = workerInput<{ platformUrl: string }>();
const dist = new URL('../../dist/', import.meta.url);

// The backend's own platform requests, by kind and outcome.
let counter = createRequestCounter();
const platformFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const response = await platformFetch(input, init);
  if (url.origin === new URL(platformUrl).origin) counter.add(init?.method ?? 'GET', url.pathname, response.status);
  return response;
};

let origin = '';
const backend = createMerchantBackend({
  platformUrl,
  merchantCode: DEMO_MERCHANT_CODE,
  privateKey: DEMO_PRIVATE_KEY,
  callbackUrl: () => `${origin}/api/callbacks`,
  sandboxTools: true,
  provideOptions: true,
  // The shop knows its own name: the elements need not ask the platform for it (merchant-name).
  merchantName: 'Demo Shop',
  log: (line) => {
    if (/failed|error/i.test(line)) console.error(line);
  },
});

// Callbacks received and what reading the payin after each gave (the log keeps only the latest).
const callbacks = { received: 0, read: 0, failed: 0 };
backend.callbacks.subscribe((record) => {
  if (record.read.state === 'reading' || record.read.state === 'skipped') callbacks.received++;
  else if (record.read.state === 'read') callbacks.read++;
  else callbacks.failed++;
});

const app = new Hono();
app.all('/api/*', (c) => backend.app.fetch(c.req.raw));
app.get('/dist/:file{[\\w.-]+\\.js}', (c) => {
  const file = new URL(c.req.param('file'), dist);
  if (!existsSync(file)) return c.text('not found', 404);
  return c.body(readFileSync(file), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'max-age=3600' });
});
app.get('/shop', (c) => c.html(SHOP_PAGE));
app.get('/shopper.js', (c) => c.body(SHOPPER_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'max-age=3600' }));
app.get('/favicon.ico', (c) => c.body(null, 204));

const server = await new Promise<Server>((resolve, reject) => {
  const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }) as Server;
  started.once('listening', () => resolve(started));
  started.once('error', reject);
});
// A sale's crowd: many keep-alive connections and long event streams at once.
server.keepAliveTimeout = 60_000;
server.requestTimeout = 0;
origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

serveCalls(
  {
    counts: () => counter.snapshot(),
    resetCounts: () => {
      counter = createRequestCounter();
      Object.assign(callbacks, { received: 0, read: 0, failed: 0 });
    },
    relayStats: () => backend.relay.stats(),
    callbacks: () => ({ ...callbacks }),
    close: async () => {
      backend.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  },
  { origin },
);
