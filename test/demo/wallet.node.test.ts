/**
 * The demo wallet's backend (issue 22 item 5) over real HTTP against the emulator: "Add funds"
 * is a top-up checkout priced by the wallet; the balance grows by the platform's moneyRequired read
 * after the emulator's callback, never by anything the browser sends; each browser sees its own
 * wallet; bad deposits are 400 before any platform request.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import type { MerchantBackend } from '../../demo/merchant/backend.js';
import { WALLET_OPENING_BALANCE, type WalletView } from '../../demo/merchant/wallet.js';
import { createClient } from '../../src/api/client.js';
import { quoteTopUp } from '../../src/api/fx.js';
import {
  topUpCheckoutResponseSchema,
  type TopUpCheckoutResponse,
} from '../../src/api/schemas/topup-checkout-response.js';
import { completeMethod, demoMerchantBackend, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

let platform: TestSandbox;
let backend: MerchantBackend;
let server: Server;
let url: string;

before(async () => {
  platform = await startSandbox();
  server = createServer();
  backend = demoMerchantBackend(platform.sandbox.url, {
    callbackUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/callbacks`,
  });
  server.on('request', getRequestListener(backend.app.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await backend.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await platform.sandbox.close();
});

/** A browser: its own cookie jar of one cookie (the shopper's). */
function browser() {
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(url + path, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return response;
  };
  return {
    wallet: async (wait?: string) =>
      (await (await call(`/api/wallet${wait ? `?wait=${encodeURIComponent(wait)}` : ''}`)).json()) as WalletView,
    deposit: (query: string) =>
      call(`/api/checkouts?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
  };
}

/** What the element does with the wallet's checkout: create the top-up with its token, asking for the callback. */
function pay(checkout: TopUpCheckoutResponse, paymentMethodCode: string) {
  const currency = (checkout.topUpRequested as { currencyProvided: string }).currencyProvided;
  return createClient({ baseUrl: checkout.baseUrl, token: checkout.token }).createTopUp(checkout.idTopUp, {
    topUpRequested: checkout.topUpRequested as never,
    paymentMethod: completeMethod(paymentMethodCode, currency) as never,
    callbackUrl: checkout.callbackUrl,
  });
}

describe('the demo wallet', () => {
  it('adds 100 USD paid in rupees by UPI: the balance grows by the platform moneyRequired, after the callback', async () => {
    const shopper = browser();
    const before = await shopper.wallet();
    assert.deepEqual(before, {
      balance: { amount: WALLET_OPENING_BALANCE, currencyCode: 'USD' },
      deposits: [],
    });
    const response = await shopper.deposit('deposit=100&pay=INR');
    assert.equal(response.status, 201);
    const checkout = topUpCheckoutResponseSchema.parse(await response.json());
    assert.deepEqual(checkout.topUpRequested, {
      moneyRequired: { amount: 100, currencyCode: 'USD' },
      currencyProvided: 'INR',
    });
    assert.ok(checkout.fxRate, 'the wallet hands the rate in');
    assert.ok(checkout.statusUrl?.startsWith(`/api/topups/${checkout.idTopUp}/events?handle=`));

    const created = await pay(checkout, 'UPIQR');
    assert.deepEqual(
      created.moneyProvided,
      quoteTopUp('moneyRequired', 100, { provided: 'INR', required: 'USD' }, checkout.fxRate)!.moneyProvided,
    );
    const after = await shopper.wallet(checkout.idTopUp);
    assert.equal(after.balance.amount, WALLET_OPENING_BALANCE + 100);
    assert.deepEqual(
      after.deposits.map((d) => [d.idTopUp, d.status, d.credited]),
      [[checkout.idTopUp, 'SUCCESS', { amount: 100, currencyCode: 'USD' }]],
    );
    assert.equal(
      (await browser().wallet()).balance.amount,
      WALLET_OPENING_BALANCE,
      "another browser's wallet is its own",
    );
  });

  it("THB by PromptPay: credited with the platform's moneyRequired as read after the callback", async () => {
    const shopper = browser();
    const checkout = topUpCheckoutResponseSchema.parse(await (await shopper.deposit('deposit=60&pay=THB')).json());
    await pay(checkout, 'PROMPTPAY');
    const after = await shopper.wallet(checkout.idTopUp);
    const topUp = (await platform.raw('GET', `/topups/${checkout.idTopUp}`)).json;
    assert.equal(topUp.status, 'SUCCESS');
    assert.deepEqual(after.deposits[0]!.credited, topUp.moneyRequired);
    assert.equal(after.balance.amount, Math.round((WALLET_OPENING_BALANCE + topUp.moneyRequired.amount) * 100) / 100);
  });

  it('a deposit the platform fails credits nothing; a second callback credits nothing twice', async () => {
    const shopper = browser();
    const checkout = topUpCheckoutResponseSchema.parse(await (await shopper.deposit('deposit=10&pay=INR')).json());
    await pay(checkout, 'UPIQR');
    const after = await shopper.wallet(checkout.idTopUp);
    assert.equal(after.deposits[0]!.status, 'FAILED');
    assert.equal(after.balance.amount, WALLET_OPENING_BALANCE);

    const good = topUpCheckoutResponseSchema.parse(await (await shopper.deposit('deposit=60&pay=INR')).json());
    await pay(good, 'UPIQR');
    const credited = (await shopper.wallet(good.idTopUp)).balance.amount;
    assert.equal(credited, WALLET_OPENING_BALANCE + 60);
    // The platform's callback again (a retry): read again, credited once.
    const again = await fetch(`${url}/api/callbacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'TOPUP_STATUS_CHANGED', idTopUp: good.idTopUp, idPayment: 'p' }),
    });
    assert.deepEqual(await again.json(), { received: true, published: true });
    const reads = () =>
      platform.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/topups/${good.idTopUp}`).length;
    const deadline = Date.now() + 5000;
    while (reads() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(reads(), 2);
    assert.equal((await shopper.wallet()).balance.amount, credited);
  });

  it('bad deposits are 400 naming the parameter, before any platform request; the browser cannot name an amount', async () => {
    const shopper = browser();
    platform.sandbox.requests.clear();
    for (const [query, field] of [
      ['deposit=99&pay=INR', 'query.deposit'],
      ['deposit=100&pay=USD', 'query.pay'],
      ['deposit=&pay=INR', 'query.deposit'],
    ] as const) {
      const response = await shopper.deposit(query);
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as { details: { field: string }[] };
      assert.deepEqual(
        body.details.map((d) => d.field),
        [field],
      );
    }
    assert.equal(platform.sandbox.requests.list().length, 0);
    assert.equal((await (await fetch(`${url}/api/wallet?wait=a%2Fb`)).json()).errorCode, 'INVALID_REQUEST');
  });
});
