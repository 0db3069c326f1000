/**
 * Worker: the merchant — a shop's server on the merchant kit, `createCheckoutBackend` of
 * `pay-checkout/server`, mounted at /api as a shop mounts it, in a sale: its order hook prices the
 * shop's one product (1 INR, a fresh order id per checkout), the kit mints one payment-scoped token
 * per shopper through its patient queue, gives each checkout the payment options it fetched once
 * per currency and amount (for the element's `options` property), takes the platform's callbacks,
 * reads each payin once after them and serves the shoppers' status streams. The same origin serves
 * the shop's page for the browser shoppers: /shop (the built element from /dist/ and a small
 * shopper script), so the status streams are same-origin. Every request the kit sends to the
 * platform is counted here.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY } from 'pay-checkout-sandbox';
import { createCheckoutBackend, type TokenScope } from 'pay-checkout/server';
import { createRequestCounter } from './request-counts.js';
import { PENDING_PAGE, SHOP_PAGE, SHOPPER_JS } from './shop-page.js';
import { serveCalls, workerInput } from './threads.js';

export interface MerchantSettings {
  platformUrl: string;
  /** What every checkout costs: the shop's one product. */
  money: { amount: number; currencyCode: string };
  tokenScope: TokenScope;
  /** Validity of checkout tokens, in seconds (the kit's default, 1800, unless given). */
  tokenValiditySecs?: number;
  /**
   * The shop's status streams are refused (502), as by a proxy or host that cannot carry
   * Server-Sent Events: the elements open them and fall back by themselves.
   */
  blockStreams?: boolean;
}

const { platformUrl, money, tokenScope, tokenValiditySecs, blockStreams } = workerInput<MerchantSettings>();
const dist = new URL('../../dist/', import.meta.url);

// The kit's own platform requests, by kind and outcome.
let counter = createRequestCounter();
const platformFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const response = await fetch(input, init);
  if (url.origin === new URL(platformUrl).origin)
    counter.add(init?.method ?? (input instanceof Request ? input.method : 'GET'), url.pathname, response.status);
  return response;
};

// Callbacks received and what reading the payin after them gave; checkouts renewed.
const callbacks = { received: 0, read: 0, failed: 0 };

let origin = '';
const backend = createCheckoutBackend({
  platformUrl,
  merchantCode: DEMO_MERCHANT_CODE,
  privateKey: DEMO_PRIVATE_KEY,
  prefix: '/api',
  callbackUrl: () => `${origin}/api/callbacks`,
  // The shop knows its own name: the elements need not ask the platform for it (merchant-name).
  merchantName: 'Demo Shop',
  tokenScope,
  ...(tokenValiditySecs ? { tokenValiditySecs } : {}),
  // The sale's one product, priced here: the shopper's page names nothing.
  order: () => ({ idPayin: `order-${randomUUID()}`, money }),
  onPaymentRead: (read) => void ('payment' in read ? callbacks.read++ : callbacks.failed++),
  relay: { onCallback: () => void callbacks.received++ },
  fetch: platformFetch,
  log: (message, error) => {
    if (/failed|error/i.test(message))
      console.error(`[merchant] ${message}${error instanceof Error ? `: ${error.message}` : ''}`);
  },
});

const app = new Hono();
if (blockStreams)
  app.get('/api/:kind{payins|topups}/:id/events', (c) =>
    c.text('Bad Gateway: this host does not carry event streams', 502),
  );
app.all('/api/*', (c) => backend.fetch(c.req.raw));
app.get('/dist/:file{[\\w.-]+\\.js}', (c) => {
  const file = new URL(c.req.param('file'), dist);
  if (!existsSync(file)) return c.text('not found', 404);
  return c.body(readFileSync(file), 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'max-age=3600',
  });
});
app.get('/shop', (c) => c.html(SHOP_PAGE));
app.get('/shop/pending', (c) => c.html(PENDING_PAGE));
app.get('/shopper.js', (c) =>
  c.body(SHOPPER_JS, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'max-age=3600',
  }),
);
app.get('/favicon.ico', (c) => c.body(null, 204));

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
    stats: () => backend.stats(),
    callbacks: () => ({ ...callbacks }),
    close: async () => {
      await backend.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  },
  { origin },
);
