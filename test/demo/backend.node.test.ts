/**
 * The demo merchant's backend (demo/merchant/: the merchant kit and the demo's extras) against the
 * emulator, through its hono app: the carts it prices and the tokens it mints, the callbacks it
 * receives and reads, its sandbox clock tool, and JSON 4xx for every bad input, never a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SHOPPER_COOKIE, type MerchantBackend } from '../../demo/merchant/backend.js';
import { DEMO_MERCHANT_CODE, SCENARIO_AMOUNTS } from 'pay-checkout-sandbox';
import { createClient } from '../../src/api/client.js';
import { decodeToken } from '../../src/api/token.js';
import {
  demoMerchantBackend,
  UNREACHED_CALLBACK_URL,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';

let platform: TestSandbox;
let backend: MerchantBackend;

before(async () => {
  platform = await startSandbox();
  backend = demoMerchantBackend(platform.sandbox.url, { sandboxTools: true });
});

after(async () => {
  await backend.close();
  await platform.sandbox.close();
});

const request = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  backend.app.request(path, { method, body, headers: { 'Content-Type': 'application/json', ...headers } });

async function json(response: Response): Promise<any> {
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  return response.json();
}

/** The checkout URL of a cart: a preset of the shop's catalog, in a currency. */
const cartUrl = (preset: string, currency = 'INR', extra = '') =>
  `/api/checkouts?preset=${preset}&currency=${currency}${extra}`;

/** A checkout started on the backend (it acts only for those), and no payin created for it yet. */
async function startCheckout(
  preset: string,
): Promise<{ idPayin: string; token: string; money: { amount: number; currencyCode: string } }> {
  const response = await request('POST', cartUrl(preset), '{}');
  assert.equal(response.status, 201);
  return response.json() as Promise<{
    idPayin: string;
    token: string;
    money: { amount: number; currencyCode: string };
  }>;
}

/** A checkout of the backend whose payin the shopper's element created on the emulator with its token. */
async function createPayin(preset: string): Promise<string> {
  const { idPayin, token, money } = await startCheckout(preset);
  await createClient({ baseUrl: platform.sandbox.url, token }).createPayin(idPayin, {
    paymentRequested: { money },
    paymentMethod: { paymentMethodCode: 'UPIQR' },
  });
  return idPayin;
}

async function until(condition: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("POST /api/checkouts (the merchant kit, with the shop's order hook)", () => {
  it("prices the cart from the shop's catalog and mints an operations token for a fresh idPayin alone, with the merchant name and the UTR step, by default", async () => {
    const response = await request('POST', cartUrl('success'), '{}');
    assert.equal(response.status, 201);
    const session = await json(response);
    assert.match(session.idPayin, /^order-[0-9a-f-]{36}$/);
    assert.equal(session.baseUrl, platform.sandbox.url);
    assert.equal(session.callbackUrl, UNREACHED_CALLBACK_URL);
    assert.deepEqual(session.money, { amount: SCENARIO_AMOUNTS.success, currencyCode: 'INR' });
    assert.equal(session.statusUrl, `/api/payins/${session.idPayin}/events?handle=${session.handle}`);
    assert.equal(session.statusPollUrl, `/api/payins/${session.idPayin}/status?handle=${session.handle}`);
    const payload = decodeToken(session.token)!;
    assert.equal(payload.merchantCode, DEMO_MERCHANT_CODE);
    assert.deepEqual(payload.money, { amount: SCENARIO_AMOUNTS.success, currencyCode: 'INR' });
    assert.deepEqual(
      [...payload.operations!].sort(),
      [
        'GET /merchant-info',
        `GET /payins/${session.idPayin}`,
        'POST /payins/!availablePaymentOptions',
        `POST /payins/${session.idPayin}`,
        `POST /payins/${session.idPayin}/!setExternalReference`,
      ].sort(),
    );
    const second = await json(await request('POST', cartUrl('success'), '{}'));
    assert.notEqual(second.idPayin, session.idPayin, 'a new idPayin per checkout');
  });

  it("never takes the browser's word for the amount: a body that names one is priced from the catalog all the same", async () => {
    const session = await json(
      await request(
        'POST',
        cartUrl('refused'),
        JSON.stringify({ amount: 0.5, currencyCode: 'INR', money: { amount: 0.5, currencyCode: 'INR' } }),
      ),
    );
    assert.deepEqual(session.money, { amount: SCENARIO_AMOUNTS.refused, currencyCode: 'INR' });
    assert.deepEqual(decodeToken(session.token)!.money, {
      amount: SCENARIO_AMOUNTS.refused,
      currencyCode: 'INR',
    });
  });

  it("mints a by-action PAYIN_CREATE token when the cart asks for one, in the cart's currency", async () => {
    const session = await json(await request('POST', cartUrl('failed', 'THB', '&token=by-action'), '{}'));
    assert.deepEqual(session.money, { amount: SCENARIO_AMOUNTS.failed, currencyCode: 'THB' });
    const payload = decodeToken(session.token)!;
    assert.equal(payload.action, 'PAYIN_CREATE');
    assert.equal(payload.idPayment, session.idPayin);
  });

  const bad: [string, string, string | undefined, number, string, string[]?][] = [
    ['no cart', '/api/checkouts', '{}', 400, 'INVALID_REQUEST', ['query.preset', 'query.currency']],
    ['a product the shop does not sell', cartUrl('free-lunch'), '{}', 400, 'INVALID_REQUEST', ['query.preset']],
    [
      'a currency the shop does not sell in',
      cartUrl('success', 'XYZ'),
      '{}',
      400,
      'INVALID_REQUEST',
      ['query.currency'],
    ],
    ['a lower-case currency', cartUrl('success', 'inr'), '{}', 400, 'INVALID_REQUEST', ['query.currency']],
    ['an unknown token', cartUrl('success', 'INR', '&token=admin'), '{}', 400, 'INVALID_REQUEST', ['query.token']],
    ['not JSON', cartUrl('success'), '{amount: 1', 400, 'MALFORMED_JSON'],
    ['an array', cartUrl('success'), '[1]', 400, 'INVALID_REQUEST'],
    ['null', cartUrl('success'), 'null', 400, 'INVALID_REQUEST'],
    ['a body over 8 KiB', cartUrl('success'), JSON.stringify({ pad: 'x'.repeat(9000) }), 413, 'PAYLOAD_TOO_LARGE'],
  ];
  for (const [what, path, body, status, errorCode, fields] of bad) {
    it(`answers ${status} ${errorCode} to ${what}, before any platform request`, async () => {
      platform.sandbox.requests.clear();
      const response = await request('POST', path, body);
      assert.equal(response.status, status);
      const answer = await json(response);
      assert.equal(answer.errorCode, errorCode);
      assert.equal(typeof answer.message, 'string');
      if (fields)
        assert.deepEqual(
          answer.details.map((d: { field: string }) => d.field),
          fields,
        );
      assert.equal(platform.sandbox.requests.list().length, 0);
    });
  }

  it('answers 415 to a form another site posts (no preflight), and 405 to a GET', async () => {
    const form = await backend.app.request(cartUrl('success'), {
      method: 'POST',
      body: new URLSearchParams({ amount: '1' }),
    });
    assert.equal(form.status, 415);
    assert.equal((await json(form)).errorCode, 'UNSUPPORTED_MEDIA_TYPE');
    assert.equal((await backend.app.request(cartUrl('success'))).status, 405);
  });

  it('answers 502 with the platform code when the platform cannot be reached', async () => {
    const offline = demoMerchantBackend('http://127.0.0.1:9');
    const response = await offline.app.request(cartUrl('success'), {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(response.status, 502);
    assert.equal((await json(response)).errorCode, 'NETWORK');
    await offline.close();
  });
});

describe('callbacks', () => {
  it('acknowledges a callback at once, then reads the payin with GET /payins and records what it read', async () => {
    const id = await createPayin('success');
    await until(() => platform.sandbox.payments.get('payin', id)?.status === 'SUCCESS');
    const response = await request(
      'POST',
      '/api/callbacks',
      JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: id, idPayment: 'p-1' }),
      {
        'X-Sandbox-Delivery-Id': '7',
        'X-Sandbox-Delivery-Attempt': '2',
      },
    );
    assert.equal(response.status, 200);
    assert.equal((await json(response)).received, true);
    await until(() => backend.callbacks.list({ idPayin: id })[0]?.read.state !== 'reading');
    const [record] = backend.callbacks.list({ idPayin: id });
    assert.equal(record?.deliveryId, '7');
    assert.equal(record?.attempt, 2);
    assert.deepEqual(record?.read, {
      state: 'read',
      status: 'SUCCESS',
      changed: true,
      paymentMethodCode: 'UPIQR',
      money: { amount: 60, currencyCode: 'INR' },
    });
    // The read went to the platform's own endpoint.
    assert.ok(
      platform.sandbox.requests
        .list()
        .some((r) => r.method === 'GET' && r.path === `/payins/${id}` && r.status === 200),
    );
  });

  it("serves the checkout's status poll: {} before the backend's read, then the payin it read after the callback", async () => {
    const checkout = await json(await request('POST', cartUrl('success'), '{}'));
    const poll = () => backend.app.request(checkout.statusPollUrl);
    assert.deepEqual(await json(await poll()), {});
    await createClient({ baseUrl: platform.sandbox.url, token: checkout.token }).createPayin(checkout.idPayin, {
      paymentRequested: { money: checkout.money },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
    });
    await until(() => platform.sandbox.payments.get('payin', checkout.idPayin)?.status === 'SUCCESS');
    const callback = { type: 'PAYIN_STATUS_CHANGED', idPayin: checkout.idPayin, idPayment: 'p-2' };
    assert.equal((await request('POST', '/api/callbacks', JSON.stringify(callback))).status, 200);
    await until(() => backend.callbacks.list({ idPayin: checkout.idPayin })[0]?.read.state === 'read');
    const answer = await poll();
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal((await json(answer)).payin.status, 'SUCCESS');
    const unchanged = await backend.app.request(checkout.statusPollUrl, {
      headers: { 'If-None-Match': answer.headers.get('etag')! },
    });
    assert.equal(unchanged.status, 304);
    assert.equal((await backend.app.request(checkout.statusPollUrl.replace(/handle=.*/, 'handle=x'))).status, 403);
  });

  it('records the received amount and the failure reason of a different-amount failure', async () => {
    const id = await createPayin('differentAmountFailed');
    await until(() => platform.sandbox.payments.get('payin', id)?.status === 'FAILED');
    await request('POST', '/api/callbacks', JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: id }));
    await until(() => backend.callbacks.list({ idPayin: id })[0]?.read.state === 'read');
    const read = backend.callbacks.list({ idPayin: id })[0]!.read;
    assert.equal(read.state === 'read' && read.failureReasonCode, 'DIFFERENT_AMOUNT_CONFIRMED');
    assert.deepEqual(read.state === 'read' && read.moneyReceived, { amount: 24, currencyCode: 'INR' });
  });

  it('records a failed read (a checkout whose payin the platform does not know) instead of failing the callback', async () => {
    const { idPayin } = await startCheckout('success');
    const response = await request('POST', '/api/callbacks', JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin }));
    assert.equal(response.status, 200);
    await until(() => backend.callbacks.list({ idPayin })[0]?.read.state === 'error');
    const read = backend.callbacks.list({ idPayin })[0]!.read;
    assert.equal(read.state === 'error' && read.errorCode, 'NOT_FOUND');
  });

  it('acknowledges and records, but does not read, a callback for a payin it did not create', async () => {
    const response = await request(
      'POST',
      '/api/callbacks',
      JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: 'never-created' }),
    );
    assert.equal(response.status, 200);
    assert.deepEqual(backend.callbacks.list({ idPayin: 'never-created' })[0]?.read, {
      state: 'skipped',
      reason: 'not a payin this shop created',
    });
  });

  it('does not read notifications of other kinds', async () => {
    await request('POST', '/api/callbacks', JSON.stringify({ type: 'PAYOUT_STATUS_CHANGED', idPayout: 'po-1' }));
    await until(() => backend.callbacks.list({ idPayin: 'po-1' })[0]?.read.state === 'skipped');
  });

  const bad: [string, string | undefined][] = [
    ['no body', undefined],
    ['not JSON', 'type=PAYIN'],
    ['no type', '{"idPayin":"x"}'],
    ['an identifier with a slash', '{"type":"PAYIN_STATUS_CHANGED","idPayin":"a/b"}'],
    ['a number for the type', '{"type":5}'],
  ];
  for (const [what, body] of bad) {
    it(`answers 400 JSON to a callback with ${what}`, async () => {
      const response = await request('POST', '/api/callbacks', body);
      assert.equal(response.status, 400);
      assert.match((await json(response)).errorCode, /^(MALFORMED_JSON|INVALID_REQUEST)$/);
    });
  }

  /** A checkout started by one browser: its idPayin and the shopper cookie the backend gave it. */
  async function browserCheckout(cookie?: string): Promise<{ idPayin: string; cookie: string }> {
    const response = await request('POST', cartUrl('success'), '{}', cookie ? { Cookie: cookie } : {});
    assert.equal(response.status, 201);
    const given = response.headers.get('set-cookie')?.match(new RegExp(`${SHOPPER_COOKIE}=[^;]+`))?.[0];
    assert.ok(given ?? cookie, 'the first checkout of a browser names it with a cookie');
    return { idPayin: ((await response.json()) as { idPayin: string }).idPayin, cookie: given ?? cookie! };
  }

  const callbackAbout = (idPayin: string) =>
    request('POST', '/api/callbacks', JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin }));
  const listed = async (cookie: string | undefined, query = '') =>
    (
      (await json(await request('GET', `/api/callbacks${query}`, undefined, cookie ? { Cookie: cookie } : {})))
        .data as { idPayin?: string }[]
    ).map((r) => r.idPayin);

  it("lists the callbacks of this browser's orders only, filtered by payin; a bad filter is 400", async () => {
    const first = await browserCheckout();
    const again = await browserCheckout(first.cookie);
    assert.match(first.cookie, new RegExp(`^${SHOPPER_COOKIE}=[0-9a-f-]{36}$`));
    const other = await browserCheckout();
    assert.notEqual(other.cookie, first.cookie);
    for (const id of [first.idPayin, again.idPayin, other.idPayin, 'never-created'])
      assert.equal((await callbackAbout(id)).status, 200);

    assert.deepEqual(await listed(first.cookie), [first.idPayin, again.idPayin]);
    assert.deepEqual(await listed(other.cookie), [other.idPayin]);
    assert.deepEqual(await listed(first.cookie, `?idPayin=${again.idPayin}`), [again.idPayin]);
    assert.deepEqual(
      await listed(other.cookie, `?idPayin=${first.idPayin}`),
      [],
      "another browser's order, even by its id",
    );
    // No cookie, or one the backend did not give: a new browser, with no orders yet.
    assert.deepEqual(await listed(undefined), []);
    const forged = await request('GET', '/api/callbacks', undefined, {
      Cookie: `${SHOPPER_COOKIE}=${first.cookie.split('=')[1]!.toUpperCase()}x`,
    });
    assert.deepEqual((await json(forged)).data, []);
    assert.match(
      forged.headers.get('set-cookie') ?? '',
      new RegExp(`^${SHOPPER_COOKIE}=[0-9a-f-]{36}; Path=/api; HttpOnly; SameSite=Lax$`),
    );
    // Every callback is still recorded on the server, those of nobody's order too.
    assert.equal(backend.callbacks.list({ idPayin: 'never-created' }).length >= 1, true);
    assert.equal(
      (await request('GET', '/api/callbacks?idPayin=a%20b', undefined, { Cookie: first.cookie })).status,
      400,
    );
  });

  it("streams the callbacks of this browser's orders as Server-Sent Events, and ends the stream when the backend closes", async () => {
    const own = demoMerchantBackend(platform.sandbox.url);
    const checkout = async (cookie?: string) => {
      const response = await own.app.request(cartUrl('success'), {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      });
      return {
        idPayin: ((await response.json()) as { idPayin: string }).idPayin,
        cookie: cookie ?? response.headers.get('set-cookie')!.split(';')[0]!,
      };
    };
    const mine = await checkout();
    const theirs = await checkout();
    const post = (body: string) => own.app.request('/api/callbacks', { method: 'POST', body });
    // Before the stream opens: another browser's order, nobody's payout, then this browser's order.
    await post(JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: theirs.idPayin }));
    await post('{"type":"PAYOUT_STATUS_CHANGED","idPayout":"po-2"}');
    await post(JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: mine.idPayin }));
    const response = await own.app.request('/api/callbacks/stream', { headers: { Cookie: mine.cookie } });
    assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    const nextEvent = async () => {
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      const [event, rest] = [text.slice(0, text.indexOf('\n\n')), text.slice(text.indexOf('\n\n') + 2)];
      text = rest;
      return event;
    };
    assert.match(
      await nextEvent(),
      new RegExp(`^event: callback\ndata: .*"idPayin":"${mine.idPayin}"`, 'm'),
      "the first event is this browser's order",
    );
    // While it is open: the other browser's order again, then this one's.
    await post(JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: theirs.idPayin }));
    await post(JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: mine.idPayin, idPayment: 'second' }));
    let event = '';
    while (!event.includes('"idPayment":"second"')) {
      event = await nextEvent();
      assert.doesNotMatch(event, new RegExp(theirs.idPayin));
      assert.doesNotMatch(event, /po-2/);
    }
    await own.close();
    for (;;) if ((await reader.read()).done) break;
  });
});

describe('GET /api/checkouts/:idPayin and the sandbox clock tool', () => {
  it('reads a payin as the merchant; an unknown one is 404, a malformed id 400', async () => {
    const id = await createPayin('success');
    const answer = await json(await request('GET', `/api/checkouts/${id}`));
    assert.equal(answer.payin.paymentMethodResponse.paymentMethodCode, 'UPIQR');
    for (const missingId of ['nobody', (await startCheckout('success')).idPayin]) {
      const missing = await request('GET', `/api/checkouts/${missingId}`);
      assert.equal(missing.status, 404, 'not created here, or not created on the platform yet');
      assert.equal((await json(missing)).errorCode, 'PAYIN_NOT_FOUND');
    }
    assert.equal((await request('GET', '/api/checkouts/a%20b')).status, 400);
  });

  it('moves the emulator clock past expiry and the two hours after it: the expiry scenario fails now', async () => {
    const id = await createPayin('expires');
    const response = await request('POST', '/api/sandbox/expire', JSON.stringify({ idPayin: id }));
    assert.equal(response.status, 200);
    const answer = await json(response);
    assert.equal(answer.statusBefore, 'PROCESSING');
    assert.ok(answer.advancedSeconds > 2 * 3600, `${answer.advancedSeconds} s`);
    const payin = platform.sandbox.payments.get('payin', id);
    assert.equal(payin?.status, 'FAILED');
    assert.equal(payin?.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
  });

  it('refuses the clock tool with JSON: bad body 400, unknown payin 404, not an emulator 404', async () => {
    assert.equal((await request('POST', '/api/sandbox/expire', '{}')).status, 400);
    assert.equal((await request('POST', '/api/sandbox/expire', '{"idPayin":"nobody"}')).status, 404);
    const real = demoMerchantBackend(platform.sandbox.url);
    const response = await real.app.request('/api/sandbox/expire', {
      method: 'POST',
      body: '{"idPayin":"x"}',
    });
    assert.equal(response.status, 404);
    assert.equal((await json(response)).errorCode, 'NOT_FOUND');
    await real.close();
  });

  it('answers unknown endpoints with JSON 404, and gives the hosted page the callback URL', async () => {
    const response = await request('GET', '/api/nothing-here');
    assert.equal(response.status, 404);
    assert.equal((await json(response)).errorCode, 'NOT_FOUND');
    assert.deepEqual(await json(await request('GET', '/api/hosted-config')), {
      callbackUrl: UNREACHED_CALLBACK_URL,
      platformUrl: platform.sandbox.url,
      merchantName: DEMO_MERCHANT_CODE,
    });
  });
});
