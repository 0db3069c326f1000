/**
 * The merchant kit (`createCheckoutBackend`, issue 21) against the emulator over real HTTP: a
 * checkout and what it carries, the payment that follows (callback, one read, the authorized
 * stream), onPayinUpdate once per change, renewals refused to strangers and granted to the
 * shopper, forged callbacks that cost nothing, bad input that gets clear 4xx, and the options
 * checked at creation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeToken, tokenScope } from '../../src/api/token.js';
import {
  createCheckoutBackend,
  isPlatformError,
  memoryBus,
  type CheckoutBackendOptions,
  type CheckoutResponse,
  type PayinDetailResponse,
  type PayinRead,
  type PayinUpdateContext,
} from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE, demoPrivateKey } from '../support/sandbox-node.js';
import { callback, cartOf, pay, PREFIX, requestsFor, shopsOnEmulator } from './checkout-kit.js';
import { until } from './sse-reader.js';

const shops = shopsOnEmulator();

const kit = (options: Partial<CheckoutBackendOptions> = {}) => shops.serve(options);

const errorOf = async (response: Response) => {
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return (await response.json()) as { errorCode: string; message: string; details?: { field: string }[] };
};

describe('a checkout', () => {
  it('answers 201 with what the element needs: a token for this payin alone, the options, the name, the handle and the authorized stream', async () => {
    const shop = await kit({
      merchantName: 'Demo Shop',
      order: async () => ({
        idPayin: 'order-a.b*c',
        money: { amount: 60, currencyCode: 'INR' },
        customer: { emailAddress: 'asha@example.com' },
      }),
    });
    const checkout = await shop.checkout();
    assert.equal(checkout.idPayin, 'order-a.b*c');
    assert.deepEqual(checkout.money, { amount: 60, currencyCode: 'INR' });
    assert.equal(checkout.baseUrl, shops.platform.sandbox.url);
    assert.equal(checkout.apiVersion, '2');
    assert.equal(checkout.merchantName, 'Demo Shop');
    assert.equal(checkout.callbackUrl, `${shop.url}${PREFIX}/callbacks`);
    assert.deepEqual(checkout.customer, { emailAddress: 'asha@example.com' });
    assert.ok(checkout.options?.data.some((option) => option.paymentMethodCode === 'UPIQR'));
    assert.match(checkout.handle!, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.equal(
      checkout.statusUrl,
      `${PREFIX}/payins/${encodeURIComponent('order-a.b*c')}/events?handle=${checkout.handle}`,
    );
    // The element's own rule: a token limited to this one payin, its id never a pattern.
    const payload = decodeToken(checkout.token)!;
    assert.deepEqual(tokenScope(payload), { idPayin: 'order-a.b*c' });
    assert.ok(payload.operations?.includes('POST /payins/order-a\\.b\\*c'), String(payload.operations));
    assert.deepEqual(payload.money, { amount: 60, currencyCode: 'INR' });
  });

  it('by-action scope gives the PAYIN_CREATE token', async () => {
    const shop = await kit({ tokenScope: 'by-action' });
    const payload = decodeToken((await shop.checkout()).token)!;
    assert.equal(payload.action, 'PAYIN_CREATE');
    assert.ok(!payload.operations?.some((operation) => operation.includes('merchant-info')), 'no GET /merchant-info');
  });

  it("an order may choose its own token scope, and the checkout's renewals keep it", async () => {
    let scope: 'checkout' | 'by-action' | undefined;
    const shop = await kit({
      order: async () => ({
        idPayin: `order-s-${Date.now()}-${scope}`,
        money: { amount: 60, currencyCode: 'INR' },
        ...(scope ? { tokenScope: scope } : {}),
      }),
    });
    scope = 'by-action';
    const small = await shop.checkout();
    assert.equal(decodeToken(small.token)!.action, 'PAYIN_CREATE');
    const renewed = (await (await shop.post({ handle: small.handle })).json()) as CheckoutResponse;
    assert.equal(decodeToken(renewed.token)!.action, 'PAYIN_CREATE', 'the handle keeps the scope');
    scope = undefined;
    const usual = decodeToken((await shop.checkout()).token)!;
    assert.equal(usual.action, undefined, "the backend's tokenScope otherwise");
    assert.ok(usual.operations?.includes('GET /merchant-info'));
    scope = 'admin' as never;
    const refused = await shop.post({});
    assert.equal(refused.status, 422);
    assert.deepEqual(
      (await errorOf(refused)).details?.map((d) => d.field),
      ['tokenScope'],
    );
  });

  it('a payment costs the platform 3 accepted requests: the token, the create, one read; the authorized stream carries the payin, the unauthorized one only that it changed', async () => {
    const updates: { payin: PayinDetailResponse; context: PayinUpdateContext }[] = [];
    const shop = await kit({
      merchantName: 'Demo Shop',
      onPayinUpdate: (payin, context) => void updates.push({ payin, context }),
    });
    await shop.checkout(); // the options of 60 INR are cached by the first checkout
    shops.platform.sandbox.requests.clear();

    const checkout = await shop.checkout();
    const authorized = await shop.follow(checkout.statusUrl!);
    const plain = await shop.follow(`${PREFIX}/payins/${checkout.idPayin}/events`);
    const strangers = await shop.follow(
      `${PREFIX}/payins/${checkout.idPayin}/events?handle=${(await shop.checkout()).handle}`,
    );
    await pay(checkout);

    const changed = await authorized.events.nextExceptPing(5000);
    assert.equal(changed?.event, 'changed');
    const { payin } = JSON.parse(changed!.data!) as { payin: PayinDetailResponse };
    assert.equal(payin.status, 'SUCCESS');
    assert.equal(payin.paymentMethodResponse.idPayin, checkout.idPayin);
    assert.deepEqual(await plain.events.nextExceptPing(), { event: 'changed', data: '{}' });
    assert.deepEqual(
      await strangers.events.nextExceptPing(),
      { event: 'changed', data: '{}' },
      "another payin's handle opens a data-free stream",
    );
    await until(() => updates.length === 1);
    assert.deepEqual(updates[0]!.payin, payin);
    assert.deepEqual(updates[0]!.context, { idPayin: checkout.idPayin });
    assert.deepEqual(await shop.backend.lastPayin(checkout.idPayin), payin);

    const accepted = shops.platform.sandbox.requests
      .list()
      .filter((r) => r.status === 200 && (r.path.startsWith('/auth-tokens') ? r.merchantCode : true))
      .map((r) => `${r.method} ${r.path}`);
    // This payment's requests, and the one token of the stranger's checkout above.
    const mine = accepted.filter((line) => !line.startsWith('POST /auth-tokens'));
    assert.deepEqual(mine, [`POST /payins/${checkout.idPayin}`, `GET /payins/${checkout.idPayin}`]);
    // Tokens: this checkout's, the stranger's, and the server's read token (once per half hour).
    assert.equal(accepted.filter((line) => line.startsWith('POST /auth-tokens')).length, 3);
    for (const stream of [authorized, plain, strangers]) stream.close();
  });
});

describe('renewal', () => {
  it('is granted to the shopper holding the handle (also before the payin exists), with a fresh token for the same payin', async () => {
    let orders = 0;
    const shop = await kit({
      order: async () => (
        orders++,
        {
          idPayin: `order-r-${Date.now()}`,
          money: { amount: 75, currencyCode: 'INR' },
          customer: { accountName: 'Asha' },
        }
      ),
    });
    const first = await shop.checkout();
    const response = await shop.post({ handle: first.handle });
    assert.equal(response.status, 200);
    const renewed = (await response.json()) as CheckoutResponse;
    assert.equal(orders, 1, 'a renewal does not ask the order hook');
    assert.equal(renewed.idPayin, first.idPayin);
    assert.deepEqual(renewed.money, first.money);
    assert.deepEqual(renewed.customer, { accountName: 'Asha' });
    assert.notEqual(renewed.token, first.token);
    assert.deepEqual(tokenScope(decodeToken(renewed.token)!), { idPayin: first.idPayin });
    // The renewed token creates the payin: the element after a reload, before it had paid.
    const created = await pay(renewed);
    assert.equal(created.paymentMethodResponse.idPayin, first.idPayin);
    // The renewal's own handle renews too, naming its payin.
    assert.equal((await shop.post({ handle: renewed.handle, idPayin: first.idPayin })).status, 200);
  });

  it("is refused (403 FORBIDDEN) to a stranger: no handle, another payin's, a forged, a foreign or an expired one", async () => {
    let clock = Date.now();
    const shop = await kit({ now: () => clock });
    const shoppers = await shop.checkout();
    const strangers = await shop.checkout();
    const [body, signature] = shoppers.handle!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, money: { amount: 1, currencyCode: 'INR' } })).toString('base64url')}.${signature}`;
    const otherShop = await kit({ handleSecret: 'another backend, another key: 32 bytes or more' });
    const foreign = (await otherShop.checkout()).handle;
    shops.platform.sandbox.requests.clear();

    const attempts: [string, unknown][] = [
      ['only the idPayin', { idPayin: shoppers.idPayin }],
      ["another payin's handle, naming this payin", { handle: strangers.handle, idPayin: shoppers.idPayin }],
      ['a forged handle', { handle: forged }],
      ["a signature that is another handle's", { handle: `${body}.${strangers.handle!.split('.')[1]}` }],
      ["another backend's handle", { handle: foreign }],
      ['garbage', { handle: 'not-a-handle' }],
      ['an empty handle', { handle: '' }],
    ];
    for (const [what, attempt] of attempts) {
      const response = await shop.post(attempt);
      assert.equal(response.status, 403, what);
      assert.equal((await errorOf(response)).errorCode, 'FORBIDDEN', what);
    }
    clock += 72 * 3600 * 1000 + 1000;
    const expired = await shop.post({ handle: shoppers.handle });
    assert.equal(expired.status, 403, 'an expired handle');
    assert.equal(shop.backend.stats().forbidden, attempts.length + 1);
    assert.equal(shops.platform.sandbox.requests.list().length, 0, 'a stranger costs the platform nothing');
  });
});

describe('reads after callbacks', () => {
  it('forged callbacks about ids the shop never gave a checkout for cost the platform 0 requests', async () => {
    const shop = await kit();
    await shop.checkout();
    shops.platform.sandbox.requests.clear();
    for (const id of ['order-unknown-1', 'order-unknown-2', 'shop.*', 'order-unknown-1']) {
      const answer = await callback(shop, id);
      assert.equal(answer.status, 200);
      assert.deepEqual(await answer.json(), { received: true, published: false });
    }
    assert.equal(shops.platform.sandbox.requests.list().length, 0);
    assert.equal(shop.backend.stats().reads, 0);
  });

  it('onPayinUpdate hears each change once, with the fresh payin, also when a callback comes twice', async () => {
    const updates: PayinDetailResponse[] = [];
    const previous: (PayinDetailResponse | undefined)[] = [];
    const shop = await kit({
      order: cartOf(1),
      minReadGapMs: 0,
      onPayinUpdate: (payin, context) => void (updates.push(payin), previous.push(context.previous)),
    });
    const checkout = await shop.checkout();
    await pay(checkout); // amount 1: PROCESSING until it expires

    // A callback while PROCESSING (the platform may announce any change), delivered twice.
    assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(() => shop.backend.stats().reads === 1);
    assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(() => shop.backend.stats().reads === 2);
    assert.deepEqual(
      updates.map((payin) => payin.status),
      ['PROCESSING'],
    );

    // The expiry: FAILED two hours after expireAt, and the emulator's callback; then once more by hand.
    await shops.platform.advance(3 * 3600);
    await until(() => updates.length === 2, 5000, 'the FAILED payin');
    assert.equal(updates[1]!.status, 'FAILED');
    assert.equal(updates[1]!.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
    assert.deepEqual(previous, [undefined, updates[0]]);
    const readsBefore = shop.backend.stats().reads;
    assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(() => shop.backend.stats().reads === readsBefore + 1);
    assert.equal(updates.length, 2, 'the same FAILED payin is not handed over twice');
    assert.equal(shop.backend.stats().updates, 2);
    // Three hours on, the kit's read token has expired in the emulator's time: one read met a 401,
    // took a fresh token and read again. Every read the kit counts is one the platform accepted.
    const gets = requestsFor(shops.platform, checkout.idPayin, 'GET');
    assert.equal(gets.filter((r) => r.status === 200).length, shop.backend.stats().reads);
    assert.ok(
      gets.every((r) => r.status === 200 || r.status === 401),
      gets.map((r) => r.status).join(),
    );
  });

  it('onPayinRead hears every read after a callback, changed or not, and a read that failed; relay.onCallback every callback', async () => {
    const reads: PayinRead[] = [];
    const callbacks: string[] = [];
    const shop = await kit({
      order: cartOf(1),
      minReadGapMs: 0,
      onPayinRead: (read) => void reads.push(read),
      relay: { onCallback: (received) => void callbacks.push(received.idPayin ?? '?') },
    });
    const checkout = await shop.checkout();
    await pay(checkout); // amount 1: PROCESSING, and no callback of its own
    await callback(shop, checkout.idPayin);
    await until(() => reads.length === 1);
    await callback(shop, checkout.idPayin);
    await until(() => reads.length === 2);
    assert.deepEqual(
      reads.map((read) => ('payin' in read ? [read.idPayin, read.payin.status, read.changed] : read)),
      [
        [checkout.idPayin, 'PROCESSING', true],
        [checkout.idPayin, 'PROCESSING', false],
      ],
    );
    // A checkout whose payin was never created: its read fails (404), and the hook hears why.
    const unpaid = await shop.checkout();
    await callback(shop, unpaid.idPayin);
    await until(() => reads.length === 3);
    const failed = reads[2]!;
    assert.ok(
      'error' in failed && isPlatformError(failed.error) && failed.error.code === 'NOT_FOUND',
      String('error' in failed && failed.error),
    );
    assert.equal(failed.idPayin, unpaid.idPayin);
    // A callback about nobody's payin reaches onCallback, and costs no read.
    await callback(shop, 'order-nobody');
    assert.deepEqual(callbacks, [checkout.idPayin, checkout.idPayin, unpaid.idPayin, 'order-nobody']);
    assert.equal(reads.length, 3);
  });

  it("readPayin reads a payin of the shop's now, and none of another's", async () => {
    const shop = await kit({ order: cartOf(1) });
    const checkout = await shop.checkout();
    await assert.rejects(
      shop.backend.readPayin(checkout.idPayin),
      (error: unknown) => isPlatformError(error) && error.code === 'NOT_FOUND',
    );
    await pay(checkout);
    assert.equal((await shop.backend.readPayin(checkout.idPayin))?.status, 'PROCESSING');
    shops.platform.sandbox.requests.clear();
    assert.equal(await shop.backend.readPayin('order-nobody'), undefined);
    assert.equal(await shop.backend.readPayin('not an id'), undefined);
    assert.equal(
      shops.platform.sandbox.requests.list().length,
      0,
      'no platform request for an id the shop never gave a checkout for',
    );
  });

  it('a hook that throws gets the same payin again after the next callback', async () => {
    let calls = 0;
    const shop = await kit({
      minReadGapMs: 0,
      onPayinUpdate: () => {
        calls++;
        if (calls === 1) throw new Error('the shop database is down');
      },
    });
    const checkout = await shop.checkout();
    await pay(checkout);
    await until(() => calls === 1, 5000);
    await until(() => shop.logged.some((line) => /onPayinUpdate failed/.test(line)));
    assert.equal((await callback(shop, checkout.idPayin)).status, 200);
    await until(() => calls === 2);
    assert.equal(shop.backend.stats().updates, 1);
  });
});

describe('bad input gets a clear 4xx, never a 500', () => {
  it('refuses what is not a checkout request', async () => {
    const shop = await kit();
    const cases: [string, Promise<Response>, number, string][] = [
      ['not JSON', shop.post('{"handle":', {}), 400, 'MALFORMED_JSON'],
      ['an array', shop.post([]), 400, 'INVALID_REQUEST'],
      ['a number handle', shop.post({ handle: 42 }), 400, 'INVALID_REQUEST'],
      ['a bad idPayin', shop.post({ idPayin: 'a/b' }), 400, 'INVALID_REQUEST'],
      [
        'a form post',
        fetch(`${shop.url}${PREFIX}/checkouts`, {
          method: 'POST',
          body: new URLSearchParams({ amount: '1' }),
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['too large', shop.post({ handle: 'x'.repeat(9000) }), 413, 'PAYLOAD_TOO_LARGE'],
      ['GET', fetch(`${shop.url}${PREFIX}/checkouts`), 405, 'METHOD_NOT_ALLOWED'],
      ['another path', fetch(`${shop.url}${PREFIX}/orders`), 404, 'NOT_FOUND'],
      ['outside the prefix', fetch(`${shop.url}/checkouts`, { method: 'POST' }), 404, 'NOT_FOUND'],
      ['a stream of a bad id', fetch(`${shop.url}${PREFIX}/payins/%E0%A4%A/events`), 400, 'INVALID_REQUEST'],
      [
        'a stream of a payin never given a checkout',
        fetch(`${shop.url}${PREFIX}/payins/order-nobody/events`),
        404,
        'PAYIN_NOT_FOUND',
      ],
      [
        'a callback that is not one',
        fetch(`${shop.url}${PREFIX}/callbacks`, { method: 'POST', body: '{}' }),
        400,
        'INVALID_REQUEST',
      ],
    ];
    for (const [what, answer, status, errorCode] of cases) {
      const response = await answer;
      assert.equal(response.status, status, what);
      assert.equal((await errorOf(response)).errorCode, errorCode, what);
    }
    // An empty body is {}: a new checkout.
    assert.equal((await shop.post('')).status, 201);
  });

  it("checks the order hook's answer (the id rule, the money rule, maxAmount) before any platform request; passes its Response on", async () => {
    let order: unknown;
    const shop = await kit({ maxAmount: 1000, order: async () => order as never });
    shops.platform.sandbox.requests.clear();
    const refusals: [unknown, string[]][] = [
      [{ idPayin: 'a b', money: { amount: 60, currencyCode: 'INR' } }, ['idPayin']],
      [{ idPayin: 'o-1', money: { amount: 60.123, currencyCode: 'INR' } }, ['money.amount']],
      [{ idPayin: 'o-1', money: { amount: 5000, currencyCode: 'INR' } }, ['money.amount']],
      [{ idPayin: 'o-1', money: { amount: 60, currencyCode: 'inr' } }, ['money.currencyCode']],
      [{ idPayin: 'o-1', money: { amount: 60, currencyCode: 'INR' }, customer: { email: 'x' } }, ['customer']],
      [undefined, ['(body)']],
    ];
    for (const [answer, fields] of refusals) {
      order = answer;
      const response = await shop.post({});
      assert.equal(response.status, 422, JSON.stringify(answer));
      const error = await errorOf(response);
      assert.equal(error.errorCode, 'INVALID_ORDER');
      assert.deepEqual(
        error.details?.map((d) => d.field),
        fields,
        JSON.stringify(answer),
      );
    }
    order = new Response(JSON.stringify({ errorCode: 'CART_EMPTY', message: 'Your cart is empty' }), {
      status: 409,
    });
    const refused = await shop.post({});
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).errorCode, 'CART_EMPTY');
    assert.equal(shops.platform.sandbox.requests.list().length, 0);
  });

  it('a platform that refuses the token is 502 with its code', async () => {
    const shop = await kit({ merchantCode: 'no-such-merchant' });
    const response = await shop.post({});
    assert.equal(response.status, 502);
    assert.equal((await errorOf(response)).errorCode, 'UNAUTHORIZED');
  });
});

describe('options are checked at creation', () => {
  const valid: CheckoutBackendOptions = {
    platformUrl: 'http://127.0.0.1:8787',
    merchantCode: DEMO_MERCHANT_CODE,
    privateKey: demoPrivateKey,
    order: cartOf(),
    callbackUrl: 'https://shop.example/pay/callbacks',
  };
  const cases: [string, Partial<Record<keyof CheckoutBackendOptions, unknown>>, RegExp][] = [
    ['no platformUrl', { platformUrl: undefined }, /platformUrl must be an absolute http\(s\) URL/],
    ['a relative platformUrl', { platformUrl: '/platform' }, /platformUrl/],
    ['no credentials', { privateKey: undefined }, /privateKey \(preferred\) or a secret/],
    [
      'a PKCS#1 key',
      { privateKey: '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----' },
      /privateKey: .*PKCS#1.*openssl pkcs8/,
    ],
    ['no order hook', { order: undefined }, /order must be a function/],
    ['a relative callbackUrl', { callbackUrl: '/pay/callbacks' }, /callbackUrl must be an absolute http\(s\) URL/],
    ['a prefix without its slash', { prefix: 'pay' }, /prefix must be a path starting with "\/"/],
    ['an unknown scope', { tokenScope: 'everything' }, /tokenScope must be one of "checkout", "by-action"/],
    ['a short handleSecret', { handleSecret: 'short' }, /handleSecret must be .* at least 32 bytes/],
    ['no mints at once', { concurrentMints: 0 }, /concurrentMints must be a whole number from 1 to 64/],
    [
      'a token of a year',
      { tokenValiditySecs: 365 * 86400 },
      /tokenValiditySecs must be a whole number from 60 to 86400/,
    ],
    ['a store that is not one', { store: {} }, /store must be a CheckoutStore/],
    ['a bus that is not one', { bus: { publish() {} } }, /bus must be a StatusBus/],
    ['a negative maxAmount', { maxAmount: -1 }, /maxAmount must be a number above 0/],
    ['an onPayinRead that is not a function', { onPayinRead: 'log' }, /onPayinRead must be a function/],
    [
      'a relay.onCallback that is not a function',
      { relay: { onCallback: true } },
      /relay\.onCallback must be a function/,
    ],
  ];
  for (const [what, change, message] of cases) {
    it(`throws a TypeError for ${what}`, () => {
      assert.throws(
        () => createCheckoutBackend({ ...valid, ...change } as CheckoutBackendOptions),
        (error: Error) => error instanceof TypeError && message.test(error.message),
      );
    });
  }

  it('takes a bus it is given and leaves it open on close', async () => {
    const bus = memoryBus();
    const backend = createCheckoutBackend({ ...valid, bus });
    await backend.close();
    await bus.subscribe('order-1', { changed() {}, lost() {} });
    await bus.close();
  });
});
