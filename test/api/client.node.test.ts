import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, PlatformError, backoffDelay, type PlatformClient } from '../../src/api/index.js';
import { sleep } from '../../src/api/client.js';
import { fakeFetch, type FakeAnswer } from '../support/fake-fetch.js';

const BASE = 'https://sandbox.example.test/api';
const payin = {
  paymentRequested: { money: { amount: 100, currencyCode: 'INR' } },
  paymentMethodResponse: {
    idPayin: 'o-1',
    paymentMethodCode: 'UPIQR',
    upiQrDeepLink: 'upi://pay?pa=x@y',
    expireAt: '2026-11-22T10:00:00Z',
  },
  idPayment: 'P-1',
  status: 'PROCESSING',
};

function client(...answers: FakeAnswer[]) {
  const fake = fakeFetch(...answers);
  const waits: number[] = [];
  const api = createClient({
    baseUrl: BASE + '/',
    token: 'tok.en.x',
    fetch: fake.fetch,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
  });
  return { api, requests: fake.requests, waits };
}

async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PlatformError, `expected a PlatformError, got ${error}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('requests', () => {
  test('every call sends Accept, Content-Type, X-API-Version 2 and the bearer token', async () => {
    const { api, requests } = client({ body: payin });
    await api.getPayin('o-1');
    assert.equal(requests[0]!.url.href, `${BASE}/payins/o-1`);
    assert.equal(requests[0]!.method, 'GET');
    assert.deepEqual(
      {
        accept: requests[0]!.headers.accept,
        type: requests[0]!.headers['content-type'],
        version: requests[0]!.headers['x-api-version'],
        auth: requests[0]!.headers.authorization,
      },
      { accept: 'application/json', type: 'application/json', version: '2', auth: 'Bearer tok.en.x' },
    );
  });

  test('the API version can be set', async () => {
    const fake = fakeFetch({ body: { channelInfo: { name: 'Shop' } } });
    await createClient({ baseUrl: BASE, apiVersion: '3', fetch: fake.fetch }).getMerchantInfo();
    assert.equal(fake.requests[0]!.headers['x-api-version'], '3');
    assert.equal(fake.requests[0]!.headers.authorization, undefined);
  });

  const ok: Record<string, unknown> = {
    options: { data: [] },
    merchant: { channelInfo: { name: 'Shop' } },
    payin,
    accounts: { data: [] },
    pairs: { data: [{ baseCurrencyCode: 'USDT', quoteCurrencyCode: 'INR' }] },
    rates: { data: [] },
    topup: { idPayment: 'T' },
    topupOptions: { paymentTypeCode: 'TOPUP_WALLET' },
    payout: { idPayment: 'PO', reference: 'R' },
    payoutDetail: { idPayment: 'PO', reference: 'R', status: 'SUCCESS' },
    balances: { data: [{ amount: 5, currencyCode: 'INR' }] },
    codes: { data: [] },
    token: { token: 'a.b.c' },
  };
  const money = { amount: 100, currencyCode: 'INR' };
  const cases: [string, (api: PlatformClient) => Promise<unknown>, string, string, unknown][] = [
    [
      'createAuthToken',
      (api) => api.createAuthToken({ merchantCode: 'm', operations: ['GET /merchant-info'], timestamp: 1 }, 'sig'),
      'POST',
      '/auth-tokens',
      ok.token,
    ],
    [
      'createAuthTokenByAction',
      (api) =>
        api.createAuthTokenByAction(
          { merchantCode: 'm', action: 'PAYIN_CREATE', idPayment: 'o-1', timestamp: 1 },
          'sig',
        ),
      'POST',
      '/auth-tokens-by-action',
      ok.token,
    ],
    [
      'getAvailablePaymentOptions',
      (api) => api.getAvailablePaymentOptions({ money }),
      'POST',
      '/payins/!availablePaymentOptions',
      ok.options,
    ],
    ['getMerchantInfo', (api) => api.getMerchantInfo(), 'GET', '/merchant-info', ok.merchant],
    [
      'createPayin',
      (api) =>
        api.createPayin('o 1', {
          paymentRequested: { money },
          paymentMethod: { paymentMethodCode: 'UPIQR' },
        }),
      'POST',
      '/payins/o%201',
      ok.payin,
    ],
    ['getPayin', (api) => api.getPayin('o-1'), 'GET', '/payins/o-1', ok.payin],
    ['getPayinAccounts', (api) => api.getPayinAccounts('o-1'), 'GET', '/payins/o-1/accounts', ok.accounts],
    [
      'setExternalReference',
      (api) => api.setExternalReference('o-1', { externalReference: { reference: '123456789012' } }),
      'POST',
      '/payins/o-1/!setExternalReference',
      ok.payin,
    ],
    ['getFxRatePairs', (api) => api.getFxRatePairs(), 'GET', '/fx-rate-pairs', ok.pairs],
    [
      'getFxRates',
      (api) => api.getFxRates({ baseCurrencyCode: 'USDT', quoteCurrencyCode: 'INR' }),
      'GET',
      '/fx-rates?baseCurrencyCode=USDT&quoteCurrencyCode=INR',
      ok.rates,
    ],
    [
      'createTopUp',
      (api) =>
        api.createTopUp('t-1', {
          topUpRequested: { moneyProvided: money, currencyRequired: 'USDT' },
          paymentMethod: { paymentMethodCode: 'UPIQR' },
        }),
      'POST',
      '/topups/t-1',
      ok.topup,
    ],
    ['getTopUp', (api) => api.getTopUp('t-1'), 'GET', '/topups/t-1', ok.topup],
    [
      'getTopUpAvailablePaymentOptions',
      (api) => api.getTopUpAvailablePaymentOptions({ money }),
      'POST',
      '/topups/!availablePaymentOptions',
      ok.options,
    ],
    ['getTopUpOptions', (api) => api.getTopUpOptions(), 'GET', '/topup-options', ok.topupOptions],
    [
      'createPayout',
      (api) =>
        api.createPayout('p-1', {
          paymentRequested: { money },
          paymentMethod: { paymentMethodCode: 'EMAIL_TRANSFER', emailAddress: 'a@b.co' },
        }),
      'POST',
      '/payouts/p-1',
      ok.payout,
    ],
    ['getPayout', (api) => api.getPayout('p-1'), 'GET', '/payouts/p-1', ok.payoutDetail],
    ['getBalances', (api) => api.getBalances(['INR', 'USDT']), 'GET', '/balances?currencies=INR%2CUSDT', ok.balances],
    [
      'getSettlementPaymentOptions',
      (api) => api.getSettlementPaymentOptions(),
      'GET',
      '/settlement-payment-options',
      ok.options,
    ],
    ['getCurrencies', (api) => api.getCurrencies(), 'GET', '/currencies', ok.codes],
    ['getPaymentOperators', (api) => api.getPaymentOperators(), 'GET', '/payment-operators', ok.codes],
  ];
  for (const [name, call, method, path, body] of cases) {
    test(`${name} → ${method} ${path}`, async () => {
      const { api, requests } = client({ body });
      await call(api);
      assert.equal(requests.length, 1);
      assert.equal(requests[0]!.method, method);
      assert.equal(requests[0]!.url.href, BASE + path);
    });
  }

  test('token calls carry X-SIGNATURE and the body as given', async () => {
    const { api, requests } = client({ body: { token: 'a.b.c' } });
    const body = { merchantCode: 'm', action: 'PAYIN_CREATE' as const, idPayment: 'o-1', timestamp: 5 };
    assert.equal((await api.createAuthTokenByAction(body, 'c2ln')).token, 'a.b.c');
    assert.equal(requests[0]!.headers['x-signature'], 'c2ln');
    assert.deepEqual(requests[0]!.body, body);
  });

  test('responses keep properties the platform adds later', async () => {
    const { api } = client({
      body: {
        ...payin,
        newTopLevel: 1,
        paymentMethodResponse: { ...payin.paymentMethodResponse, newField: 'x' },
      },
    });
    const result = await api.getPayin('o-1');
    assert.equal((result as Record<string, unknown>).newTopLevel, 1);
    assert.equal((result.paymentMethodResponse as Record<string, unknown>).newField, 'x');
  });
});

describe('error mapping', () => {
  const cases: [string, FakeAnswer, string, number | undefined, boolean][] = [
    [
      '404 version',
      {
        status: 404,
        body: { errorCode: 'VERSION_UNSUPPORTED', message: 'X-API-Version 9 is not supported' },
      },
      'VERSION_UNSUPPORTED',
      404,
      false,
    ],
    ['404 without a body', { status: 404, text: '' }, 'VERSION_UNSUPPORTED', 404, false],
    [
      '404 for a missing payin',
      { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND', message: 'no such payin' } },
      'NOT_FOUND',
      404,
      false,
    ],
    ['401', { status: 401, body: { errorCode: 'UNAUTHORIZED', message: 'bad token' } }, 'UNAUTHORIZED', 401, false],
    [
      '401 expired',
      { status: 401, body: { errorCode: 'TOKEN_EXPIRED', message: 'expired' } },
      'TOKEN_EXPIRED',
      401,
      false,
    ],
    ['403', { status: 403, text: 'Forbidden' }, 'FORBIDDEN', 403, false],
    [
      '406 with its code',
      { status: 406, body: { errorCode: 'PAYMENT_OPERATOR_UNAVAILABLE', message: 'operator down' } },
      'PAYMENT_OPERATOR_UNAVAILABLE',
      406,
      false,
    ],
    ['409', { status: 409, body: { errorCode: 'DUPLICATE', message: 'exists' } }, 'CONFLICT', 409, false],
    [
      '429',
      { status: 429, body: { errorCode: 'RATE_LIMITED' }, headers: { 'Retry-After': '2' } },
      'RATE_LIMITED',
      429,
      true,
    ],
    ['500', { status: 500, text: '<html>oops</html>' }, 'SERVER_ERROR', 500, true],
    ['network failure', new TypeError('fetch failed'), 'NETWORK', undefined, true],
    ['a body that is not JSON', { status: 200, text: '<html>' }, 'BAD_RESPONSE', 200, false],
    ['a body of the wrong shape', { status: 200, body: { status: 5 } }, 'BAD_RESPONSE', 200, false],
  ];
  for (const [name, answer, code, httpStatus, retryable] of cases) {
    test(`${name} → ${code}`, async () => {
      const { api, requests } = client(answer);
      const error = await rejection(api.getPayin('o-1'));
      assert.deepEqual(
        { code: error.code, httpStatus: error.httpStatus, retryable: error.retryable },
        { code, httpStatus, retryable },
      );
      assert.ok(error.message.length > 0);
      assert.equal(requests.length, 1, 'no retry unless asked');
    });
  }

  test('400 keeps the field details', async () => {
    const { api } = client({
      status: 400,
      body: {
        errorCode: 'INVALID_REQUEST',
        message: 'bad',
        details: [{ field: 'paymentMethod.phoneNumber', message: 'required' }],
      },
    });
    const error = await rejection(api.getPayin('o-1'));
    assert.equal(error.code, 'INVALID_REQUEST');
    assert.deepEqual(error.details, [{ field: 'paymentMethod.phoneNumber', message: 'required' }]);
  });
});

describe('retry (opt-in)', () => {
  test('429 waits Retry-After, then succeeds', async () => {
    const { api, requests, waits } = client({ status: 429, headers: { 'Retry-After': '3' } }, { body: payin });
    assert.equal((await api.getPayin('o-1', { retry: true })).status, 'PROCESSING');
    assert.equal(requests.length, 2);
    assert.deepEqual(waits, [3000]);
  });

  test('Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 5000).toUTCString();
    const { api, waits } = client({ status: 429, headers: { 'Retry-After': at } }, { body: payin });
    await api.getPayin('o-1', { retry: true });
    assert.ok(waits[0]! > 3000 && waits[0]! <= 5000, String(waits[0]));
  });

  test('without Retry-After: exponential backoff with jitter, bounded, then the error', async () => {
    const { api, requests, waits } = client({ status: 429 });
    const error = await rejection(api.getPayin('o-1', { retry: { retries: 4, baseDelayMs: 100, maxDelayMs: 500 } }));
    assert.equal(error.code, 'RATE_LIMITED');
    assert.equal(requests.length, 5);
    assert.deepEqual(waits, [50, 100, 200, 250]); // random() = 0.5 of min(500, 100·2^n)
  });

  test('a long Retry-After is capped', async () => {
    const { api, waits } = client({ status: 429, headers: { 'Retry-After': '3600' } }, { body: payin });
    await api.getPayin('o-1', { retry: { maxDelayMs: 2000 } });
    assert.deepEqual(waits, [2000]);
  });

  test('network failures and 5xx are retried; 4xx are not', async () => {
    const a = client(new TypeError('down'), { status: 503 }, { body: payin });
    await a.api.getPayin('o-1', { retry: true });
    assert.equal(a.requests.length, 3);
    const b = client({ status: 400, body: { errorCode: 'INVALID_REQUEST' } }, { body: payin });
    await rejection(b.api.getPayin('o-1', { retry: true }));
    assert.equal(b.requests.length, 1);
  });

  test('Retry-After: 0, or a date already past, never makes a loop of requests: the wait has a floor', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    const { api, waits } = client(
      { status: 429, headers: { 'Retry-After': '0' } },
      { status: 503, headers: { 'Retry-After': past } },
      { body: payin },
    );
    await api.getPayin('o-1', { retry: { baseDelayMs: 400 } });
    assert.deepEqual(waits, [400, 400]);
  });

  test('an HTTP-date Retry-After is read against the server clock (Date), not a wrong device clock', async () => {
    const server = Date.now() - 3_600_000; // the device is an hour ahead
    const headers = {
      Date: new Date(server).toUTCString(),
      'Retry-After': new Date(server + 5000).toUTCString(),
    };
    const { api, waits } = client({ status: 429, headers }, { body: payin });
    await api.getPayin('o-1', { retry: true });
    assert.deepEqual(waits, [5000]);
  });

  test('patient with 429: never final however many, the waits growing as they repeat, while other failures keep their bounds; each wait is told', async () => {
    const limited = { status: 429, headers: { 'Retry-After': '1' } } as const;
    const told: [string, number][] = [];
    const { api, requests, waits } = client(limited, limited, limited, limited, limited, limited, {
      body: payin,
    });
    const read = await api.getPayin('o-1', {
      retry: {
        retries: 1,
        patientWhenLimited: true,
        onRetry: (error, delay) => told.push([error.code, delay]),
      },
    });
    assert.equal(read.status, 'PROCESSING');
    assert.equal(requests.length, 7);
    // At least Retry-After (1 s); repeated, the backoff (random() = 0.5 of 500 ms · 2^n) takes over.
    assert.deepEqual(waits, [1000, 1000, 1000, 2000, 4000, 5000]);
    assert.deepEqual(
      told,
      waits.map((wait) => ['RATE_LIMITED', wait]),
    );
    const down = client({ status: 503 }, { status: 503 }, { body: payin });
    assert.equal(
      (await rejection(down.api.getPayin('o-1', { retry: { retries: 1, patientWhenLimited: true } }))).code,
      'SERVER_ERROR',
    );
    assert.equal(down.requests.length, 2);
  });

  test('withinMs bounds the time spent retrying; jitterMs spreads a Retry-After', async () => {
    const { api, requests } = client({ status: 503 });
    const started = Date.now();
    const error = await rejection(
      api.getPayin('o-1', { retry: { retries: 1000, baseDelayMs: 1, maxDelayMs: 1, withinMs: 30 } }),
    );
    assert.equal(error.code, 'SERVER_ERROR');
    assert.ok(Date.now() - started >= 30 && requests.length > 1, `${requests.length} requests`);
    const spread = client({ status: 429, headers: { 'Retry-After': '2' } }, { body: payin });
    await spread.api.getPayin('o-1', { retry: { jitterMs: 1000 } });
    assert.deepEqual(spread.waits, [2500]); // random() = 0.5 of 1000 ms on top of 2 s
  });

  test('backoffDelay stays within [0, min(max, base·2^n)]', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      assert.equal(
        backoffDelay(attempt, 100, 1000, () => 1),
        Math.min(1000, 100 * 2 ** attempt),
      );
      assert.equal(
        backoffDelay(attempt, 100, 1000, () => 0),
        0,
      );
    }
  });
});

describe('abort and timeout', () => {
  test('an aborted signal rejects with the abort reason, not a PlatformError', async () => {
    const { api } = client({ body: payin });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      api.getPayin('o-1', { signal: controller.signal }),
      (error: Error) => error.name === 'AbortError',
    );
  });

  test('abort during a retry wait stops the call', async () => {
    const fake = fakeFetch({ status: 429, headers: { 'Retry-After': '60' } });
    // The client's own wait (the real one), and word when it began: the abort comes during it.
    let waiting!: (ms: number) => void;
    const began = new Promise<number>((resolve) => (waiting = resolve));
    const api = createClient({
      baseUrl: BASE,
      fetch: fake.fetch,
      sleep: (ms, signal) => (waiting(ms), sleep(ms, signal)),
    });
    const controller = new AbortController();
    const call = api.getPayin('o-1', { signal: controller.signal, retry: { maxDelayMs: 60_000 } });
    assert.equal(await began, 60_000);
    controller.abort();
    await assert.rejects(call, (error: Error) => error.name === 'AbortError');
    assert.equal(fake.requests.length, 1);
  });

  test('a platform that never answers fails as NETWORK after the timeout', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    // AbortSignal.timeout does not hold Node's event loop open (a real socket would): hold it here.
    const holdOpen = setTimeout(() => {}, 1000);
    const error = await rejection(createClient({ baseUrl: BASE, fetch: hang }).getPayin('o-1', { timeoutMs: 30 }));
    clearTimeout(holdOpen);
    assert.equal(error.code, 'NETWORK');
    assert.match(error.message, /30 ms/);
  });
});
