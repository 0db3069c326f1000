/**
 * The merchant kit in tests: `createCheckoutBackend` served over real HTTP on a free port of
 * 127.0.0.1, mounted under `/pay`, against the emulator (test/support/sandbox-node.ts), with what
 * a shopper's element does (ask for a checkout, renew it, follow the stream, create the payin).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createClient } from '../../src/api/client.js';
import {
  createCheckoutBackend,
  redisBus,
  redisCheckoutStore,
  type CheckoutBackendOptions,
  type CheckoutResponse,
  type CheckoutStore,
  type RedisCheckoutStoreOptions,
  type StatusBus,
} from '../../src/server/index.js';
import { after, afterEach, before } from 'node:test';
import { DEMO_MERCHANT_CODE, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';
import { startRedisServer, type TestRedisServer } from './redis-server.js';
import { sseReader } from './sse-reader.js';

export const PREFIX = '/pay';

/** A shop's order hook: a fresh order id each time, the money of the shop's (fixed) cart. */
export const cartOf =
  (amount = 60, currencyCode = 'INR') =>
  async () => ({ idPayin: `order-${randomUUID()}`, money: { amount, currencyCode } });

/** One instance of the merchant's server, whose callback URL is its own. */
export async function serveKit(platform: TestSandbox, options: Partial<CheckoutBackendOptions> = {}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logged: string[] = [];
  const backend = createCheckoutBackend({
    platformUrl: platform.sandbox.url,
    merchantCode: DEMO_MERCHANT_CODE,
    privateKey: demoPrivateKey,
    prefix: PREFIX,
    callbackUrl: `${url}${PREFIX}/callbacks`,
    order: cartOf(),
    log: (message) => void logged.push(message),
    ...options,
  });
  server.on('request', getRequestListener(backend.fetch, { overrideGlobalObjects: false }));

  /** POST {prefix}/checkouts as the element sends it. */
  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(`${url}${PREFIX}/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });

  return {
    backend,
    url,
    logged,
    post,
    /** A new checkout, which must be granted. */
    async checkout(): Promise<CheckoutResponse> {
      const response = await post({});
      if (response.status !== 201) assert.fail(`The checkout answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as CheckoutResponse;
    },
    /** Opens a stream (the statusUrl as given, or any path) and reads it up to `ready`. */
    async follow(path: string) {
      const controller = new AbortController();
      const response = await fetch(url + path, { signal: controller.signal });
      if (response.status !== 200) assert.fail(`The stream answered ${response.status}: ${await response.text()}`);
      const events = sseReader(response.body!);
      assert.deepEqual(await events.next(), { retry: 3000 });
      assert.equal((await events.next())?.event, 'ready');
      return { events, close: () => controller.abort() };
    },
    async close() {
      await backend.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type ServedKit = Awaited<ReturnType<typeof serveKit>>;

/** What the shopper's element does with a checkout: create the payin with its token, asking for the callback. */
export function pay(checkout: CheckoutResponse) {
  return createClient({ baseUrl: checkout.baseUrl, token: checkout.token }).createPayin(checkout.idPayin, {
    paymentRequested: { money: checkout.money },
    paymentMethod: { paymentMethodCode: 'UPIQR' },
    callbackUrl: checkout.callbackUrl,
  });
}

/** A callback as the platform sends it (the emulator's body), to a kit. */
export const callback = (kit: ServedKit, idPayin: string) =>
  fetch(`${kit.url}${PREFIX}/callbacks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin, idPayment: 'p-forged' }),
  });

/** The emulator's logged requests about one payin's path (GET or POST /payins/{id}). */
export const requestsFor = (platform: TestSandbox, idPayin: string, method?: string) =>
  platform.sandbox.requests
    .list()
    .filter((r) => r.path === `/payins/${encodeURIComponent(idPayin)}` && (!method || r.method === method));

/**
 * A test file's emulator and the shops its tests serve: the emulator starts before the file's tests
 * and closes after them. Each test's shops close when it ends, so a payin of an earlier test that
 * settles later (its callback, then the shop's read) never shows among the requests a later test counts.
 */
export function shopsOnEmulator() {
  const open: ServedKit[] = [];
  const shops = {
    platform: undefined as unknown as TestSandbox,
    /** A shop of the running test, closed when it ends. */
    async serve(options: Partial<CheckoutBackendOptions> = {}): Promise<ServedKit> {
      const served = await serveKit(shops.platform, options);
      open.push(served);
      return served;
    },
  };
  before(async () => {
    shops.platform = await startSandbox();
  });
  afterEach(async () => {
    for (const kit of open.splice(0)) await kit.close();
  });
  after(() => shops.platform.sandbox.close());
  return shops;
}

/**
 * A test file's emulator and real `redis-server`, with the stores, buses and shops its tests open on
 * them (each shop of one instance of a merchant's server), all closed after the file's tests.
 */
export function shopsOnRedis() {
  const shopsOpen: ServedKit[] = [];
  const stores: CheckoutStore[] = [];
  const buses: StatusBus[] = [];
  const quiet = () => {};
  const shops = {
    redis: undefined as unknown as TestRedisServer,
    platform: undefined as unknown as TestSandbox,
    /** A store on the file's Redis (or on the URL given), quiet. */
    store(options: Partial<RedisCheckoutStoreOptions> & { keyPrefix?: string }): CheckoutStore {
      const store = redisCheckoutStore({ url: shops.redis.url, log: quiet, ...options });
      stores.push(store);
      return store;
    },
    /** A status bus on the file's Redis. */
    bus(): StatusBus {
      const bus = redisBus({ url: shops.redis.url, log: quiet });
      buses.push(bus);
      return bus;
    },
    async serve(options: Partial<CheckoutBackendOptions> = {}): Promise<ServedKit> {
      const served = await serveKit(shops.platform, options);
      shopsOpen.push(served);
      return served;
    },
  };
  before(async () => {
    [shops.redis, shops.platform] = await Promise.all([startRedisServer(), startSandbox()]);
  });
  after(async () => {
    for (const kit of shopsOpen) await kit.close();
    await Promise.all([...stores.map((store) => store.close?.()), ...buses.map((bus) => bus.close())]);
    await shops.platform.sandbox.close();
    await shops.redis.stop();
  });
  return shops;
}
