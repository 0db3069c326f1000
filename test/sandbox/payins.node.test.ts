import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PAYIN_METHOD_TABLE,
  availableOptionsResponseSchema,
  merchantInfoResponseSchema,
  methodCodesFor,
  payinAccountsResponseSchema,
  payinCreateResponseSchema,
  payinDetailResponseSchema,
} from '../../src/api/index.js';
import {
  SETTLE_MS,
  SETTLE_SECS,
  completeMethod,
  createPayin,
  fieldsOf,
  getPayin,
  newId,
  payin,
  startReceiver,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: SETTLE_MS });
});
after(() => t.sandbox.close());

const create = (body: unknown, id?: string) => createPayin(t, body, id);
const get = (id: string) => getPayin(t, id);

describe('the direct flow of the document, with the typed client and a checkout token', () => {
  test('token → options → merchant info → create → external reference → status → accounts', async () => {
    const id = newId('flow');
    const money = { amount: 60, currencyCode: 'INR' };
    const token = await t.issuer.forCheckout(id, { merchantInfo: true, externalReference: true, money });
    const client = t.client(token);
    const options = await client.getAvailablePaymentOptions({ money });
    assert.ok(options.data.some((o) => o.paymentMethodCode === 'P2A_V2'));
    assert.equal((await client.getMerchantInfo()).channelInfo.name, 'Demo Shop');
    const created = await client.createPayin(id, {
      paymentRequested: { money },
      paymentMethod: { paymentMethodCode: 'P2A_V2' },
    });
    assert.equal(created.paymentMethodResponse.paymentMethodCode, 'P2A_V2');
    const withReference = await client.setExternalReference(id, {
      externalReference: { reference: '123456789012' },
    });
    assert.equal(withReference.status, 'PROCESSING');
    await t.advance(SETTLE_SECS);
    const done = await client.getPayin(id);
    assert.equal(done.status, 'SUCCESS');
    assert.equal(done.idPayment, created.idPayment);
    const rejected = await client
      .createPayin(id, { paymentRequested: { money }, paymentMethod: { paymentMethodCode: 'P2A_V2' } })
      .catch((error) => error);
    assert.equal(rejected.code, 'CONFLICT');
    const forbidden = await client.getPayinAccounts(id).catch((error) => error);
    assert.equal(forbidden.code, 'FORBIDDEN');
    // No account in the request: only what the payment collected.
    assert.deepEqual(
      (await t.client().getPayinAccounts(id)).data.map((a) => a.source),
      ['PAYMENT'],
    );
  });
});

describe('options and merchant info', () => {
  test('every currency of the table offers exactly its methods; a currency without methods gets data: []', async () => {
    const currencies = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))];
    for (const currencyCode of currencies) {
      const answer = await t.raw('POST', '/payins/!availablePaymentOptions', {
        body: { money: { amount: 100, currencyCode } },
      });
      assert.equal(answer.status, 200);
      const parsed = availableOptionsResponseSchema.parse(answer.json);
      assert.deepEqual(
        parsed.data.map((o) => o.paymentMethodCode),
        methodCodesFor(currencyCode),
        currencyCode,
      );
    }
    const none = await t.raw('POST', '/payins/!availablePaymentOptions', {
      body: { money: { amount: 100, currencyCode: 'EUR' } },
    });
    assert.deepEqual(none.json.data, []);
  });

  test('plausible operators: several banks, mobile money per country, crypto networks; external providers for INR', async () => {
    const operators = async (currencyCode: string, code: string) => {
      const answer = await t.raw('POST', '/payins/!availablePaymentOptions', {
        body: { money: { amount: 100, currencyCode } },
      });
      return (
        answer.json.data as {
          paymentMethodCode: string;
          paymentOperators: { name: string; code: string }[];
        }[]
      )
        .find((o) => o.paymentMethodCode === code)!
        .paymentOperators.map((op) => op.name);
    };
    assert.ok((await operators('INR', 'NETBANKING')).length >= 3);
    for (const currency of ['INR', 'THB', 'MYR', 'NAD', 'VND', 'ZAR'])
      assert.ok((await operators(currency, 'ONLINE')).length >= 3, currency);
    assert.deepEqual(await operators('GHS', 'MOBILE_MONEY'), ['MTN Mobile Money', 'Vodafone Cash', 'AirtelTigo Money']);
    assert.deepEqual(await operators('KES', 'MOBILE_MONEY'), ['M-PESA', 'Airtel Money']);
    assert.deepEqual(await operators('TZS', 'MOBILE_MONEY'), ['Vodacom M-Pesa', 'Tigo Pesa', 'Airtel Money']);
    assert.deepEqual(await operators('ZMW', 'MOBILE_MONEY'), ['MTN Mobile Money', 'Airtel Money']);
    assert.deepEqual(await operators('USDT', 'CRYPTO_OFFLINE'), ['Tron (TRC20)', 'Ethereum (ERC20)']);
    assert.ok((await operators('IDR', 'VAPAY')).length >= 3);
    const inr = await t.raw('POST', '/payins/!availablePaymentOptions', {
      body: { money: { amount: 100, currencyCode: 'INR' } },
    });
    assert.ok(inr.json.externalProviders.length > 0);
  });

  test('options request validated: 400 naming the fields', async () => {
    const answer = await t.raw('POST', '/payins/!availablePaymentOptions', {
      body: { money: { amount: 0, currencyCode: 'inr' } },
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(fieldsOf(answer), ['money.amount', 'money.currencyCode']);
  });

  test('GET /merchant-info answers the demo channel name', async () => {
    const answer = await t.raw('GET', '/merchant-info');
    assert.deepEqual(merchantInfoResponseSchema.parse(answer.json), { channelInfo: { name: 'Demo Shop' } });
  });
});

describe('payin validation (400), rejection (406), conflict (409)', () => {
  test('400 names each missing or invalid field, with the method rules of the currency', async () => {
    const broken = await create({
      paymentRequested: { money: { amount: '60' } },
      paymentMethod: { paymentMethodCode: 'UPIQR' },
      callbackUrl: 'ftp://x',
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.json.errorCode, 'INVALID_REQUEST');
    assert.deepEqual(fieldsOf(broken), [
      'callbackUrl',
      'paymentRequested.money.amount',
      'paymentRequested.money.currencyCode',
    ]);
    assert.deepEqual(
      broken.json.details.find((d: { field: string }) => d.field === 'paymentRequested.money.currencyCode'),
      { field: 'paymentRequested.money.currencyCode', message: 'is required' },
    );

    const rules = await create(payin(60, 'TZS', { paymentMethodCode: 'MOBILE_MONEY', phoneNumber: '12' }));
    assert.deepEqual(fieldsOf(rules), [
      'paymentMethod.account.accountName',
      'paymentMethod.emailAddress',
      'paymentMethod.paymentOperatorCode',
      'paymentMethod.phoneNumber',
    ]);
    assert.match(
      rules.json.details.find((d: { field: string }) => d.field === 'paymentMethod.phoneNumber').message,
      /TZS phone number/,
    );

    // Rules and shape problems in one answer, though the schema applies rules only once the shape parses.
    const both = await create(payin(60, 'GHS', { paymentMethodCode: 'MOBILE_MONEY' }, { returnUrl: 'not a url' }));
    assert.deepEqual(fieldsOf(both), ['paymentMethod.account.accountName', 'paymentMethod.phoneNumber', 'returnUrl']);
  });

  test('wrong types, unknown method codes and non-object bodies are 400, never 500', async () => {
    const unknownCode = await create(payin(60, 'INR', { paymentMethodCode: 'TELEPATHY' }));
    assert.equal(unknownCode.status, 400);
    assert.deepEqual(fieldsOf(unknownCode), ['paymentMethod.paymentMethodCode']);
    assert.match(unknownCode.json.details[0].message, /must be one of .*UPIQR/);
    for (const body of [
      null,
      [],
      'text',
      42,
      { paymentRequested: 'x', paymentMethod: 7 },
      { paymentMethod: { paymentMethodCode: 'UPIQR', account: 'x' } },
    ]) {
      const answer = await create(body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.ok(answer.json.details.length > 0);
    }
    const badId = await t.raw('POST', `/payins/${'x'.repeat(129)}`, { body: payin(60) });
    assert.deepEqual(fieldsOf(badId), ['idPayin']);
  });

  test('malformed JSON → 400 MALFORMED_JSON; a body over 64 KiB → 413 JSON', async () => {
    const malformed = await t.raw('POST', '/payins/o-malformed', { text: '{"paymentRequested": ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.errorCode, 'MALFORMED_JSON');
    const empty = await t.raw('POST', '/payins/o-malformed', { text: '' });
    assert.equal(empty.json.errorCode, 'MALFORMED_JSON');
    const huge = await t.raw('POST', '/payins/o-huge', {
      body: { ...payin(60), padding: 'x'.repeat(70 * 1024) },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.json.errorCode, 'PAYLOAD_TOO_LARGE');
    // Without Content-Length (chunked), the limit holds while reading.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(4096)));
        controller.close();
      },
    });
    const chunked = await fetch(`${t.sandbox.url}/payins/o-chunked`, {
      method: 'POST',
      headers: { 'X-API-Version': '2', Authorization: `Bearer ${t.adminToken}` },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413);
    assert.equal((await chunked.json()).errorCode, 'PAYLOAD_TOO_LARGE');
  });

  test('amounts 41–47 → 406 with their codes, and nothing is stored', async () => {
    const expected = {
      41: 'SECURITY_CHECK_FAILED',
      42: 'CUSTOMER_VERIFICATION_INACTIVITY',
      43: 'CUSTOMER_NOT_REGISTERED',
      44: 'CUSTOMER_ACCOUNT_LIMIT_EXCEEDED',
      45: 'ACCOUNT_TYPE_INELIGIBLE',
      46: 'INVALID_ACCOUNT_NUMBER',
      47: 'PAYMENT_OPERATOR_UNAVAILABLE',
    };
    for (const [amount, code] of Object.entries(expected)) {
      const answer = await create(payin(Number(amount)));
      assert.equal(answer.status, 406, amount);
      assert.equal(answer.json.errorCode, code);
      assert.equal(typeof answer.json.message, 'string');
      const after = await get(answer.id);
      assert.equal(after.status, 404);
      assert.equal(after.json.errorCode, 'PAYIN_NOT_FOUND');
    }
  });

  test('a method, operator or provider not offered for the currency → 406 PAYMENT_OPERATOR_UNAVAILABLE', async () => {
    const cases = [
      payin(60, 'THB', { paymentMethodCode: 'UPIQR' }),
      payin(60, 'INR', { paymentMethodCode: 'UPI_ID', upiId: 'asha@okbank' }),
      payin(60, 'INR', { paymentMethodCode: 'NETBANKING', paymentOperatorCode: 'NOPE' }),
      payin(60, 'GHS', { ...completeMethod('MOBILE_MONEY', 'GHS'), paymentOperatorCode: 'MPESA_KE' }),
      payin(60, 'INR', { paymentMethodCode: 'UPIQR', externalProviderCode: 'NOPE' }),
    ];
    for (const body of cases) {
      const answer = await create(body);
      assert.equal(answer.status, 406, JSON.stringify(body));
      assert.equal(answer.json.errorCode, 'PAYMENT_OPERATOR_UNAVAILABLE');
    }
    assert.equal(
      (await create(payin(60, 'INR', { paymentMethodCode: 'UPIQR', externalProviderCode: 'PHONEPE' }))).status,
      200,
    );
  });

  test('a repeated idPayin → 409, and nothing changes', async () => {
    const first = await create(payin(60));
    const again = await create(payin(10, 'INR'), first.id);
    assert.equal(again.status, 409);
    assert.equal(again.json.errorCode, 'CONFLICT');
    const detail = await get(first.id);
    assert.equal(detail.json.idPayment, first.json.idPayment);
    assert.equal(detail.json.paymentRequested.money.amount, 60);
  });
});

describe('sandbox transitions by amount', () => {
  const table: [number, string, string | undefined, boolean][] = [
    [60, 'SUCCESS', undefined, false],
    [51, 'SUCCESS', undefined, false],
    [2, 'SUCCESS', undefined, false],
    [40, 'SUCCESS', undefined, false],
    [49, 'SUCCESS', undefined, false],
    [3, 'FAILED', 'CUSTOMER_VERIFICATION_FAILED', false],
    [19.99, 'FAILED', 'CUSTOMER_VERIFICATION_FAILED', false],
    [20, 'FAILED', 'DIFFERENT_AMOUNT_CONFIRMED', true],
    [29.5, 'FAILED', 'DIFFERENT_AMOUNT_CONFIRMED', true],
    [30, 'SUCCESS', undefined, true],
    [39.99, 'SUCCESS', undefined, true],
    [48, 'REFUSED', undefined, false],
  ];

  test('PROCESSING, then the outcome of the amount after settleDelayMs of sandbox time', async () => {
    const created: string[] = [];
    for (const [amount] of table) {
      const answer = await create(payin(amount));
      assert.equal(answer.status, 200, String(amount));
      payinCreateResponseSchema.parse(answer.json);
      assert.equal(answer.json.status, undefined, 'status is a GET field');
      const detail = await get(answer.id);
      assert.equal(detail.json.status, 'PROCESSING', String(amount));
      created.push(answer.id);
    }
    await t.advance(SETTLE_SECS);
    for (const [index, [amount, status, reason, different]] of table.entries()) {
      const detail = payinDetailResponseSchema.parse((await get(created[index]!)).json) as Record<string, any>;
      assert.equal(detail.status, status, `amount ${amount}`);
      assert.equal(detail.failureReasonCode, reason, `amount ${amount}`);
      if (different)
        assert.deepEqual(
          detail.moneyReceived,
          { amount: Math.round((amount - 1) * 100) / 100, currencyCode: 'INR' },
          `amount ${amount}`,
        );
      else assert.equal(detail.moneyReceived, undefined);
    }
  });

  test('outcomes also arrive by themselves, without a read or a clock move (the ticker)', async () => {
    const quick = await startSandbox({ settleDelayMs: 30 });
    try {
      const receiver = await startReceiver();
      const answer = await quick.raw('POST', '/payins/tick-1', {
        body: payin(60, 'INR', { paymentMethodCode: 'UPIQR' }, { callbackUrl: receiver.url }),
      });
      assert.equal(answer.status, 200);
      await receiver.waitFor(1);
      assert.equal(quick.sandbox.payments.get('payin', 'tick-1')!.status, 'SUCCESS');
      await receiver.close();
    } finally {
      await quick.sandbox.close();
    }
  });

  test('amount 1: PROCESSING until expireAt, still PROCESSING just after, FAILED two hours after expiry', async () => {
    const answer = await create(payin(1));
    const expireAt = Date.parse(answer.json.paymentMethodResponse.expireAt);
    const secondsToExpiry = (expireAt - t.sandbox.clock.now()) / 1000;
    assert.ok(secondsToExpiry > 60, 'expireAt lies ahead');
    await t.advance(secondsToExpiry - 2);
    assert.equal((await get(answer.id)).json.status, 'PROCESSING', 'before expiry');
    await t.advance(4);
    assert.equal((await get(answer.id)).json.status, 'PROCESSING', 'just after expiry');
    await t.advance(2 * 3600 - 4);
    assert.equal((await get(answer.id)).json.status, 'PROCESSING', 'just under two hours after expiry');
    await t.advance(4);
    const failed = await get(answer.id);
    assert.equal(failed.json.status, 'FAILED');
    assert.equal(failed.json.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
  });

  test('PROMPTPAY and DUITNOW always carry a decreased moneyRequired, in create and GET; their QR asks for it', async () => {
    for (const [currency, method] of [
      ['THB', completeMethod('PROMPTPAY', 'THB')],
      ['MYR', completeMethod('DUITNOW', 'MYR')],
    ] as const) {
      for (const amount of [60, 1, 10]) {
        const answer = await create(payin(amount, currency, method));
        const required = answer.json.paymentMethodResponse.moneyRequired;
        assert.equal(required.currencyCode, currency);
        assert.ok(
          required.amount < amount && required.amount >= amount - 0.09 - 1e-9,
          `${currency} ${amount} → ${required.amount}`,
        );
        assert.deepEqual((await get(answer.id)).json.paymentMethodResponse.moneyRequired, required);
        assert.ok(
          answer.json.paymentMethodResponse.qrRawData.includes(
            `54${String(required.amount.toFixed(2).length).padStart(2, '0')}${required.amount.toFixed(2)}`,
          ),
        );
      }
    }
  });

  test('OFFLINE with 50: SUCCESS with a decreased moneyRequired, and the full amount is credited', async () => {
    await t.advance(SETTLE_SECS); // settle THB payins of earlier tests first
    const before = t.sandbox.balance('THB');
    const answer = await create(payin(50, 'THB', completeMethod('OFFLINE', 'THB')));
    const required = answer.json.paymentMethodResponse.moneyRequired;
    assert.ok(required.amount < 50 && required.amount >= 49.91, String(required.amount));
    const plain = await create(payin(60, 'THB', completeMethod('OFFLINE', 'THB')));
    assert.equal(plain.json.paymentMethodResponse.moneyRequired, undefined);
    await t.advance(SETTLE_SECS);
    assert.equal((await get(answer.id)).json.status, 'SUCCESS');
    assert.equal(t.sandbox.balance('THB'), before + 50 + 60);
  });
});

describe('external reference and accounts', () => {
  const p2a = () => payin(60, 'INR', { paymentMethodCode: 'P2A_V2' });
  const setReference = (id: string, reference: unknown) =>
    t.raw('POST', `/payins/${id}/!setExternalReference`, { body: { externalReference: { reference } } });

  test('P2A_V2 waits for the 12-digit reference, then settles; the answer is the payin detail', async () => {
    const answer = await create(p2a());
    await t.advance(SETTLE_SECS);
    const waiting = await get(answer.id);
    assert.equal(waiting.json.status, 'PROCESSING');
    assert.equal(waiting.json.paymentProcess.processorStatus, 'AWAITING_REFERENCE');
    const short = await setReference(answer.id, '12345');
    assert.equal(short.status, 400);
    assert.deepEqual(fieldsOf(short), ['externalReference.reference']);
    const set = await setReference(answer.id, '123456789012');
    assert.equal(set.status, 200);
    const detail = payinDetailResponseSchema.parse(set.json);
    assert.deepEqual(detail.paymentMethodResponse.externalReference, { reference: '123456789012' });
    assert.equal(detail.status, 'PROCESSING');
    await t.advance(SETTLE_SECS);
    assert.equal((await get(answer.id)).json.status, 'SUCCESS');
    assert.equal((await setReference(answer.id, '123456789012')).status, 409);
  });

  test('P2A_V2 given its reference at creation settles at once; without one it fails at expiry', async () => {
    const withReference = await create(
      payin(60, 'INR', { paymentMethodCode: 'P2A_V2', externalReference: { reference: '210987654321' } }),
    );
    assert.deepEqual(withReference.json.paymentMethodResponse.externalReference, {
      reference: '210987654321',
    });
    const without = await create(p2a());
    await t.advance(SETTLE_SECS);
    assert.equal((await get(withReference.id)).json.status, 'SUCCESS');
    await t.advance(24 * 3600);
    const expired = await get(without.id);
    assert.equal(expired.json.status, 'FAILED');
    assert.equal(expired.json.failureReasonCode, 'CUSTOMER_VERIFICATION_INACTIVITY');
  });

  test('UPI methods take a reference too; other methods → 400; unknown payin → 404', async () => {
    const upi = await create(payin(60));
    assert.equal((await setReference(upi.id, '123456789012')).status, 200);
    const online = await create(payin(60, 'THB', { paymentMethodCode: 'ONLINE' }));
    const refused = await setReference(online.id, '123456789012');
    assert.equal(refused.status, 400);
    assert.deepEqual(fieldsOf(refused), ['externalReference']);
    const unknown = await setReference('nobody-here', '123456789012');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.errorCode, 'PAYIN_NOT_FOUND');
  });

  test('accounts: the request data at once, the payment data after success (also in accountCustomerUsedForPayment)', async () => {
    const answer = await create(
      payin(60, 'MYR', {
        paymentMethodCode: 'ONLINE',
        account: { accountName: 'Asha Devi', accountType: 'RETAIL' },
      }),
    );
    const early = payinAccountsResponseSchema.parse((await t.raw('GET', `/payins/${answer.id}/accounts`)).json);
    assert.deepEqual(early.data, [{ accountName: 'Asha Devi', source: 'REQUEST' }]);
    await t.advance(SETTLE_SECS);
    const late = payinAccountsResponseSchema.parse((await t.raw('GET', `/payins/${answer.id}/accounts`)).json);
    assert.deepEqual(
      late.data.map((a) => a.source),
      ['REQUEST', 'PAYMENT'],
    );
    assert.equal(late.data[1]!.accountName, 'Asha Devi');
    const detail = await get(answer.id);
    const { source, ...paymentAccount } = late.data[1]!;
    assert.equal(source, 'PAYMENT');
    assert.deepEqual(detail.json.paymentMethodResponse.accountCustomerUsedForPayment, paymentAccount);
    assert.equal((await t.raw('GET', '/payins/nobody/accounts')).json.errorCode, 'PAYIN_NOT_FOUND');
  });
});
