/**
 * The demo merchant's backend (the merchant kit at /api) over real HTTP: the emulator's own
 * callback reaches the shopper's stream (`status-url`) and the backend reads the payin. (Across
 * instances on a real Redis: test/server/bus-redis.node.test.ts.)
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import type { CheckoutResponse } from '../../src/api/schemas/checkout-response.js';
import type { MerchantBackend } from '../../demo/merchant/backend.js';
import { createClient } from '../../src/api/client.js';
import { sseReader, until } from '../server/sse-reader.js';
import { demoMerchantBackend, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let platform: TestSandbox;
const running: { backend: MerchantBackend; server: Server }[] = [];

before(async () => {
  platform = await startSandbox();
});

after(async () => {
  for (const { backend, server } of running) {
    await backend.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await platform.sandbox.close();
});

/** One instance of the merchant's backend, served over HTTP, whose callback URL is its own. */
async function serveBackend() {
  const server = createServer();
  const backend = demoMerchantBackend(platform.sandbox.url, {
    callbackUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/callbacks`,
  });
  server.on('request', getRequestListener(backend.app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({ backend, server });
  return { backend, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startCheckout(url: string): Promise<CheckoutResponse> {
  const response = await fetch(`${url}/api/checkouts?preset=success&currency=INR`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  assert.equal(response.status, 201);
  return (await response.json()) as CheckoutResponse;
}

async function follow(url: string, statusUrl: string) {
  const controller = new AbortController();
  const response = await fetch(url + statusUrl, { signal: controller.signal });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  const events = sseReader(response.body!);
  assert.deepEqual(await events.next(), { retry: 3000 });
  assert.equal((await events.next())?.event, 'ready');
  return { events, close: () => controller.abort() };
}

/** What the shopper's element does: create the payin with its token, asking for the callback. */
async function pay(session: CheckoutResponse) {
  await createClient({ baseUrl: session.baseUrl, token: session.token }).createPayin(session.idPayin, {
    paymentRequested: { money: session.money },
    paymentMethod: { paymentMethodCode: 'UPIQR' },
    callbackUrl: session.callbackUrl,
  });
}

describe("the demo backend mounts the status relay (the kit's)", () => {
  it("gives each checkout its authorized stream; the emulator's callback reaches it with the payin the backend read", async () => {
    const { backend, url } = await serveBackend();
    const session = await startCheckout(url);
    // The kit's authorized stream: only the browser holding the checkout's handle opens it.
    assert.equal(session.statusUrl, `/api/payins/${session.idPayin}/events?handle=${session.handle}`);
    const stream = await follow(url, session.statusUrl!);
    const plain = await follow(url, `/api/payins/${session.idPayin}/events`);

    await pay(session);
    // The authorized stream carries the payin the shop read after the callback; the plain one, only that it changed.
    const changed = await stream.events.nextExceptPing(3000);
    assert.equal(changed?.event, 'changed');
    assert.equal((JSON.parse(changed!.data!) as { payin: { status: string } }).payin.status, 'SUCCESS');
    assert.deepEqual(await plain.events.nextExceptPing(3000), { event: 'changed', data: '{}' });
    plain.close();
    await until(() => backend.callbacks.list({ idPayin: session.idPayin })[0]?.read.state === 'read');
    const read = backend.callbacks.list({ idPayin: session.idPayin })[0]!.read;
    assert.equal(read.state === 'read' && read.status, 'SUCCESS');

    stream.close();
    await until(() => backend.kit.stats().streams === 0, 3000, 'the stream to end when the client leaves');
  });

  it('refuses streams for payins it did not create (404) and malformed ids (400), as JSON', async () => {
    const { url } = await serveBackend();
    const unknown = await fetch(`${url}/api/payins/order-nobody/events`);
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { errorCode: string }).errorCode, 'PAYIN_NOT_FOUND');
    const malformed = await fetch(`${url}/api/payins/a%20b/events`);
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { errorCode: string }).errorCode, 'INVALID_REQUEST');
  });

  it('ends its streams when it closes', async () => {
    const { backend, url } = await serveBackend();
    const stream = await follow(url, (await startCheckout(url)).statusUrl!);
    await backend.close();
    await stream.events.ended();
  });
});
