import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  METHOD_RESPONSE_SCHEMAS,
  PAYIN_METHOD_TABLE,
  TABLE_PAYIN_METHOD_CODES,
  fieldRulesFor,
  isRequired,
  payinCreateResponseSchema,
  payinDetailResponseSchema,
} from '../../src/api/index.js';
import { crc16ccitt } from '../../packages/sandbox/src/platform/methods/emv-qr.js';
import { completeMethod, startSandbox, tablePairs, type TestSandbox } from '../support/sandbox-node.js';

let t: TestSandbox;
before(async () => {
  t = await startSandbox({ settleDelayMs: 60_000 });
});
after(() => t.sandbox.close());

const CURRENCIES = [...new Set(PAYIN_METHOD_TABLE.flatMap((row) => row.currencies))];

async function firstOperator(code: string, currencyCode: string): Promise<string | undefined> {
  const options = await t.raw('POST', '/payins/!availablePaymentOptions', {
    body: { money: { amount: 60, currencyCode } },
  });
  return options.json.data.find((o: { paymentMethodCode: string }) => o.paymentMethodCode === code)?.paymentOperators[0]
    ?.code;
}

let counter = 0;
async function createFor(
  code: string,
  currencyCode: string,
  options: { amount?: number; operator?: string; extra?: Record<string, unknown>; id?: string } = {},
) {
  const operatorRequired = fieldRulesFor(code, currencyCode).some(
    (rule) => rule.field === 'paymentOperatorCode' && isRequired(rule, currencyCode),
  );
  const operator = options.operator ?? (operatorRequired ? await firstOperator(code, currencyCode) : undefined);
  const id = options.id ?? `m-${code}-${currencyCode}-${++counter}`;
  const answer = await t.raw('POST', `/payins/${encodeURIComponent(id)}`, {
    body: {
      paymentRequested: { money: { amount: options.amount ?? 60, currencyCode } },
      paymentMethod: completeMethod(code, currencyCode, operator),
      ...options.extra,
    },
  });
  assert.equal(answer.status, 200, `${code} ${currencyCode}: ${answer.text}`);
  return { id, json: answer.json, method: answer.json.paymentMethodResponse as Record<string, any> };
}

/** Independent reading of an EMV QR payload: TLV walk and the CRC of tag 63. */
function readEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    assert.match(id, /^\d\d$/);
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  assert.equal(i, payload.length, 'TLV covers the payload exactly');
  assert.ok(payload.endsWith(`6304${fields.get('63')}`), 'CRC is the last field');
  assert.equal(fields.get('63'), crc16ccitt(payload.slice(0, -4)));
  return fields;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58Decode(text: string): Buffer {
  let value = 0n;
  for (const ch of text) value = value * 58n + BigInt(BASE58.indexOf(ch));
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

describe('every method code of the table', () => {
  test('the response of each of the 26 codes, in each of its currencies, parses with its per-code schema (create and GET)', async () => {
    const seen = new Set<string>();
    for (const [code, currencyCode] of tablePairs(CURRENCIES)) {
      const { id, json, method } = await createFor(code, currencyCode);
      payinCreateResponseSchema.parse(json);
      const schema = METHOD_RESPONSE_SCHEMAS[code]!;
      const created = schema.safeParse(method);
      assert.ok(created.success, `${code} ${currencyCode}: ${JSON.stringify(created.error?.issues)}`);
      for (const field of ['idPayin', 'acceptedAt', 'expireAt', 'reference', 'money'])
        assert.ok(method[field] !== undefined, `${code} ${currencyCode} ${field}`);
      assert.equal(method.idPayin, id);
      assert.ok(
        Date.parse(method.expireAt) > Date.parse(method.acceptedAt),
        'expireAt is an ISO time after acceptedAt',
      );
      assert.equal(method.expireAt, new Date(Date.parse(method.expireAt)).toISOString());
      const detail = payinDetailResponseSchema.parse((await t.raw('GET', `/payins/${id}`)).json);
      assert.ok(schema.safeParse(detail.paymentMethodResponse).success);
      seen.add(code);
    }
    assert.equal(seen.size, 26);
    assert.deepEqual([...seen].sort(), [...TABLE_PAYIN_METHOD_CODES].sort());
  });

  test('expiry per family: 15 min QR, UPI and mobile money; 30 min redirects; 24 h offline, VA, crypto', async () => {
    const minutes = async (code: string, currency: string) => {
      const { method } = await createFor(code, currency);
      return (Date.parse(method.expireAt) - Date.parse(method.acceptedAt)) / 60_000;
    };
    assert.equal(await minutes('UPIQR', 'INR'), 15);
    assert.equal(await minutes('MOBILE_MONEY', 'KES'), 15);
    assert.equal(await minutes('ONLINE', 'THB'), 30);
    assert.equal(await minutes('OFFLINE', 'JPY'), 24 * 60);
    assert.equal(await minutes('CRYPTO_OFFLINE', 'USDT'), 24 * 60);
  });
});

describe('method responses look like the real thing', () => {
  test('CRC16-CCITT of the EMV QR: the standard check value', () => {
    assert.equal(crc16ccitt('123456789'), '29B1');
  });

  test('UPIQR: a valid upi://pay link with payee, name, amount, INR and the reference', async () => {
    const { method } = await createFor('UPIQR', 'INR', { amount: 60 });
    const link = new URL(method.upiQrDeepLink);
    assert.equal(link.protocol, 'upi:');
    assert.equal(link.host + link.pathname, 'pay');
    assert.match(link.searchParams.get('pa')!, /^[\w.-]+@[a-z]+$/);
    assert.equal(link.searchParams.get('pn'), 'Demo Shop');
    assert.equal(link.searchParams.get('am'), '60.00');
    assert.equal(link.searchParams.get('cu'), 'INR');
    assert.equal(link.searchParams.get('tr'), method.reference);
  });

  test('UPIQR with the customer’s UPI ID: still the QR link, the UPI ID echoed as the payer, no collect request', async () => {
    const answer = await t.raw('POST', '/payins/upiqr-with-vpa', {
      body: {
        paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'UPIQR', upiId: 'asha@okdemo' },
      },
    });
    assert.equal(answer.status, 200, answer.text);
    const response = answer.json.paymentMethodResponse;
    assert.equal(response.upiId, 'asha@okdemo', 'the customer’s UPI address, echoed');
    const link = new URL(response.upiQrDeepLink);
    assert.notEqual(link.searchParams.get('pa'), 'asha@okdemo', 'the QR pays the merchant, not the customer');
    assert.equal(response.paymentInstructionList, undefined, 'no instructions to approve a request');
    assert.doesNotMatch(JSON.stringify(response), /collect|approve/i);
  });

  test('QR methods: an EMVCo payload with currency, amount, country and a correct CRC', async () => {
    const expected: [string, string, string, string][] = [
      ['QRISPAY', 'IDR', '360', 'ID'],
      ['PIXQR', 'BRL', '986', 'BR'],
      ['QRPH', 'PHP', '608', 'PH'],
      ['VIETQR', 'VND', '704', 'VN'],
      ['PROMPTPAY', 'THB', '764', 'TH'],
      ['DUITNOW', 'MYR', '458', 'MY'],
      ['ZAPPER_QR', 'ZAR', '710', 'ZA'],
    ];
    for (const [code, currency, numeric, country] of expected) {
      const { method } = await createFor(code, currency, { amount: 60 });
      const fields = readEmv(method.qrRawData);
      assert.equal(fields.get('00'), '01', code);
      assert.equal(fields.get('53'), numeric, code);
      assert.equal(Number(fields.get('54')), method.moneyRequired?.amount ?? 60, code);
      assert.equal(fields.get('58'), country, code);
      assert.equal(fields.get('59'), 'Demo Shop', code);
    }
    assert.match((await createFor('PIXQR', 'BRL')).method.qrRawData, /br\.gov\.bcb\.pix/);
  });

  test('VAPAY and OFFLINE: instructions with steps and the account to pay; OFFLINE VND and LAK: a QR code instead', async () => {
    for (const [code, currency] of [
      ['VAPAY', 'IDR'],
      ['VAPAY', 'KRW'],
      ['VAPAY', 'TWD'],
      ['OFFLINE', 'JPY'],
      ['OFFLINE', 'NGN'],
      ['OFFLINE', 'ARS'],
    ]) {
      const { method } = await createFor(code!, currency!);
      assert.ok(method.paymentInstructionList.length > 0, `${code} ${currency}`);
      for (const item of method.paymentInstructionList) {
        assert.equal(typeof item.title, 'string');
        assert.ok(item.steps.length > 0 && item.steps.every((s: unknown) => typeof s === 'string'));
      }
      assert.match(method.account.accountNumber, /^\d{10,}$/);
      assert.ok(method.account.bankName);
      assert.ok(method.paymentInstructionList[0].steps.some((s: string) => s.includes(method.account.accountNumber)));
    }
    for (const currency of ['VND', 'LAK']) {
      const { method } = await createFor('OFFLINE', currency);
      readEmv(method.qrCode);
      assert.ok(method.qrName);
      assert.equal(method.paymentInstructionList, undefined);
    }
  });

  test('every instruction list gives its deadline in words ("Pay before 17:41 UTC on 23 November 2026"), never as an ISO string', async () => {
    const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
    const cases = [
      ['VAPAY', 'IDR'],
      ['OFFLINE', 'THB'],
      ['P2A_V2', 'INR'],
      ['UPICOLLECT', 'INR'],
      ['MOBILE_MONEY', 'KES'],
      ['CRYPTO_OFFLINE', 'USDT'],
      ['CODE_PAYMENT', 'TWD'],
    ];
    for (const [code, currency] of cases) {
      const { method } = await createFor(code!, currency!);
      const expireAt = new Date(method.expireAt);
      const text = JSON.stringify(method.paymentInstructionList);
      assert.doesNotMatch(text, /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, `${code}: no ISO timestamp`);
      const hh = String(expireAt.getUTCHours()).padStart(2, '0');
      const mm = String(expireAt.getUTCMinutes()).padStart(2, '0');
      const month = months.split('|')[expireAt.getUTCMonth()];
      const words = `${hh}:${mm} UTC on ${expireAt.getUTCDate()} ${month} ${expireAt.getUTCFullYear()}`;
      assert.ok(text.includes(`before ${words}`), `${code} ${currency}: "${words}" in ${text}`);
    }
  });

  test('redirect methods point at the simulated bank page, which shows the payment (escaped) and links back to returnUrl', async () => {
    for (const [code, currency] of [
      ['ONLINE', 'INR'],
      ['FPX', 'MYR'],
      ['PSE', 'COP'],
      ['EWALLET', 'IDR'],
      ['MOMOPAY', 'VND'],
      ['PAY_ME', 'ZAR'],
      ['ABSA_PAY', 'ZAR'],
      ['CAPITEC_PAY', 'ZAR'],
      ['NEDBANK_DIRECT_EFT', 'ZAR'],
      ['PAYSHAP', 'ZAR'],
    ]) {
      const { id, method } = await createFor(code!, currency!);
      assert.equal(method.redirectTo, `${t.sandbox.url}/__sandbox/redirect/${id}?merchantCode=demo-merchant`, code);
    }
    const id = `o-<img>&"'`;
    const { method } = await createFor('ONLINE', 'THB', {
      id,
      extra: { returnUrl: 'https://shop.example/return?o=1&x="y"' },
    });
    const page = await fetch(method.redirectTo);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /text\/html/);
    const html = await page.text();
    assert.ok(!html.includes('<img>'), 'the id is escaped');
    assert.ok(html.includes('o-&lt;img&gt;&amp;&quot;&#39;'));
    assert.ok(html.includes('href="https://shop.example/return?o=1&amp;x=&quot;y&quot;"'));
    assert.ok(html.includes('60 THB'));
    assert.equal((await fetch(`${t.sandbox.url}/__sandbox/redirect/nobody`)).status, 404);
  });

  test('NETBANKING: deeplink and operator; P2A_V2: paymentAddress and operator', async () => {
    const net = (await createFor('NETBANKING', 'INR', { operator: 'HDFC' })).method;
    assert.match(net.deeplink, /\/__sandbox\/redirect\//);
    assert.deepEqual(net.paymentOperator, { code: 'HDFC', name: 'HDFC Bank' });
    const p2a = (await createFor('P2A_V2', 'INR')).method;
    assert.equal(p2a.paymentAddress.name, 'Demo Shop');
    assert.match(p2a.paymentAddress.idAddress, /^\d+$/);
    assert.equal(p2a.paymentOperator.code, 'IMPS');
  });

  test('CRYPTO_OFFLINE: a TRC20 address (base58check, 34 characters) or an ERC20 address, with the operator', async () => {
    const tron = (await createFor('CRYPTO_OFFLINE', 'USDT', { operator: 'TRC20' })).method;
    const address: string = tron.account.accountNumber;
    assert.match(address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const bytes = base58Decode(address);
    assert.equal(bytes.length, 25);
    assert.equal(bytes[0], 0x41);
    const checksum = createHash('sha256')
      .update(createHash('sha256').update(bytes.subarray(0, 21)).digest())
      .digest()
      .subarray(0, 4);
    assert.deepEqual(bytes.subarray(21), checksum);
    assert.deepEqual(tron.paymentOperator, { code: 'TRC20', name: 'Tron (TRC20)' });
    const eth = (await createFor('CRYPTO_OFFLINE', 'USDC', { operator: 'ERC20' })).method;
    assert.match(eth.account.accountNumber, /^0x[0-9a-f]{40}$/);
    assert.equal(eth.paymentOperator.code, 'ERC20');
  });

  test('MOBILE_MONEY echoes the customer, operator and email; CODE_PAYMENT carries its mandatory fields', async () => {
    const momo = (await createFor('MOBILE_MONEY', 'TZS', { operator: 'TIGO_TZ' })).method;
    assert.equal(momo.accountCustomer.accountName, 'Asha Devi');
    assert.deepEqual(momo.paymentOperator, { code: 'TIGO_TZ', name: 'Tigo Pesa' });
    assert.equal(momo.emailAddress, 'asha@example.com');
    assert.equal(momo.phoneNumber, '+255712345678');
    const code = (await createFor('CODE_PAYMENT', 'TWD')).method;
    assert.deepEqual(code.paymentLocationCustomer, {
      postalCode: '100',
      city: 'Taipei',
      district: 'Zhongzheng',
    });
    assert.equal(code.accountCustomer.accountName, 'Asha Devi');
  });
});
