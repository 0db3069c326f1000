import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PAYIN_METHOD_TABLE,
  PAYIN_METHOD_OBJECTS,
  PAYIN_METHOD_RESPONSE_OBJECTS,
  TABLE_PAYIN_METHOD_CODES,
  fieldRulesFor,
  isRequired,
  isSouthAfricanId,
  payinCreateRequestSchema,
  payoutCreateRequestSchema,
  METHOD_RULES,
} from '../../src/api/index.js';
import { sampleValue, setField } from '../support/samples.js';

function request(code: string, currencyCode: string, fields: 'required' | 'all' = 'required') {
  const paymentMethod: Record<string, unknown> = { paymentMethodCode: code };
  for (const rule of fieldRulesFor(code, currencyCode)) {
    if (fields === 'all' || isRequired(rule, currencyCode))
      setField(paymentMethod, rule.field, sampleValue(rule.field, code, currencyCode));
  }
  return { paymentRequested: { money: { amount: 100, currencyCode } }, paymentMethod };
}

function messages(result: ReturnType<typeof payinCreateRequestSchema.safeParse>) {
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the method table', () => {
  test('has 27 rows, 26 codes, and a data object and response object for every row', () => {
    assert.equal(PAYIN_METHOD_TABLE.length, 27);
    assert.equal(TABLE_PAYIN_METHOD_CODES.length, 26);
    for (const row of PAYIN_METHOD_TABLE) {
      assert.ok(row.dataObject in PAYIN_METHOD_OBJECTS, `${row.dataObject} has a schema`);
      assert.ok(`${row.dataObject}Response` in PAYIN_METHOD_RESPONSE_OBJECTS, `${row.dataObject}Response has a schema`);
      assert.ok(METHOD_RULES[row.code], `${row.code} has rules`);
    }
  });
});

describe('method field rules, for every code and currency of the table', () => {
  for (const row of PAYIN_METHOD_TABLE) {
    for (const currencyCode of row.currencies) {
      test(`${row.code} in ${currencyCode}: a complete object passes, each missing mandatory field fails by name`, () => {
        const valid = request(row.code, currencyCode);
        assert.deepEqual(messages(payinCreateRequestSchema.safeParse(valid)), []);
        assert.deepEqual(messages(payinCreateRequestSchema.safeParse(request(row.code, currencyCode, 'all'))), []);
        for (const rule of fieldRulesFor(row.code, currencyCode).filter((r) => isRequired(r, currencyCode))) {
          const broken = structuredClone(valid);
          setField(broken.paymentMethod, rule.field, undefined);
          const problems = messages(payinCreateRequestSchema.safeParse(broken));
          assert.equal(problems.length, 1, `${rule.field} missing: ${problems.join(' | ')}`);
          assert.match(
            problems[0]!,
            new RegExp(
              `^paymentMethod\\.${rule.field.replace('.', '\\.')}: ${rule.field.replace('.', '\\.')} is required`,
            ),
          );
        }
      });
    }
  }
});

describe('rules named by the document', () => {
  const fails = (code: string, currency: string, mutate: (m: Record<string, unknown>) => void) => {
    const r = request(code, currency, 'all');
    mutate(r.paymentMethod);
    return messages(payinCreateRequestSchema.safeParse(r));
  };

  test('MobileMoney: emailAddress and paymentOperatorCode mandatory for TZS and ZMW only', () => {
    for (const currency of ['TZS', 'ZMW']) {
      const problems = messages(
        payinCreateRequestSchema.safeParse({
          paymentRequested: { money: { amount: 60, currencyCode: currency } },
          paymentMethod: {
            paymentMethodCode: 'MOBILE_MONEY',
            phoneNumber: sampleValue('phoneNumber', 'MOBILE_MONEY', currency),
            account: { accountName: 'Juma' },
          },
        }),
      );
      assert.deepEqual(problems, [
        `paymentMethod.emailAddress: emailAddress is required for MOBILE_MONEY in ${currency}`,
        `paymentMethod.paymentOperatorCode: paymentOperatorCode is required for MOBILE_MONEY in ${currency}`,
      ]);
    }
    assert.deepEqual(
      messages(
        payinCreateRequestSchema.safeParse({
          paymentRequested: { money: { amount: 60, currencyCode: 'KES' } },
          paymentMethod: {
            paymentMethodCode: 'MOBILE_MONEY',
            phoneNumber: '0712345678',
            account: { accountName: 'Wanjiru' },
          },
        }),
      ),
      [],
    );
  });

  test('Offline JPY: accountName and emailAddress; THB: accountNumber; ARS: taxId', () => {
    const offline = (currencyCode: string, paymentMethod: object = {}) =>
      messages(
        payinCreateRequestSchema.safeParse({
          paymentRequested: { money: { amount: 60, currencyCode } },
          paymentMethod: { paymentMethodCode: 'OFFLINE', ...paymentMethod },
        }),
      );
    assert.deepEqual(offline('JPY'), [
      'paymentMethod.account.accountName: account.accountName is required for OFFLINE in JPY',
      'paymentMethod.emailAddress: emailAddress is required for OFFLINE in JPY',
    ]);
    assert.deepEqual(offline('THB'), [
      'paymentMethod.account.accountNumber: account.accountNumber is required for OFFLINE in THB',
    ]);
    assert.deepEqual(offline('ARS'), ['paymentMethod.taxId: taxId is required for OFFLINE in ARS']);
    assert.deepEqual(offline('MXN'), []);
  });

  test('P2A_V2 external reference: exactly 12 digits', () => {
    for (const bad of ['12345678901', '1234567890123', '12345678901a', ' 123456789012x']) {
      assert.deepEqual(
        fails('P2A_V2', 'INR', (m) => setField(m, 'externalReference.reference', bad)).length > 0,
        true,
        bad,
      );
    }
    assert.deepEqual(
      fails('P2A_V2', 'INR', (m) => setField(m, 'externalReference.reference', '000000000001')),
      [],
    );
  });

  test('formats: email, NETBANKING phone, PromptPay ID, South African ID, MYR account type', () => {
    assert.deepEqual(
      fails('CRYPTO_OFFLINE', 'USDT', (m) => (m.emailAddress = 'not-an-email')),
      ['paymentMethod.emailAddress: emailAddress is not a valid email address'],
    );
    assert.deepEqual(
      fails('NETBANKING', 'INR', (m) => (m.phoneNumber = '12345')),
      ['paymentMethod.phoneNumber: phoneNumber is not a valid INR phone number'],
    );
    assert.deepEqual(
      fails('NETBANKING', 'INR', (m) => (m.phoneNumber = '98765 43210')),
      [],
    );
    assert.equal(fails('PROMPTPAY', 'THB', (m) => setField(m, 'account.accountNumber', '12345')).length, 1);
    assert.equal(fails('ABSA_PAY', 'ZAR', (m) => (m.said = '8001015009088')).length, 1);
    assert.equal(fails('FPX', 'MYR', (m) => setField(m, 'account.accountType', 'GOLD')).length, 1);
    assert.ok(isSouthAfricanId('8001015009087'));
  });

  test('customerName: lastName mandatory for Absa Pay; first and last for Offline', () => {
    assert.ok(
      fails('ABSA_PAY', 'ZAR', (m) => (m.customerName = { firstName: 'Thabo' })).some((p) =>
        p.startsWith('paymentMethod.customerName.lastName'),
      ),
    );
    assert.ok(
      fails('OFFLINE', 'ZAR', (m) => (m.customerName = { lastName: 'Nkosi' })).some((p) =>
        p.startsWith('paymentMethod.customerName.firstName'),
      ),
    );
    assert.deepEqual(
      fails('OFFLINE', 'ZAR', (m) => (m.customerName = { firstName: 'Thabo', lastName: 'Nkosi' })),
      [],
    );
  });

  test('an unknown method code and a bad money are rejected', () => {
    assert.ok(
      !payinCreateRequestSchema.safeParse({
        paymentRequested: { money: { amount: 1, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'CARD' },
      }).success,
    );
    assert.ok(
      !payinCreateRequestSchema.safeParse({
        paymentRequested: { money: { amount: -5, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
      }).success,
    );
    assert.ok(
      !payinCreateRequestSchema.safeParse({
        paymentRequested: { money: { amount: 5, currencyCode: 'inr' } },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
      }).success,
    );
  });
});

describe('payout rules', () => {
  const payout = (currencyCode: string, paymentMethod: object) =>
    payoutCreateRequestSchema.safeParse({
      paymentRequested: { money: { amount: 10, currencyCode } },
      paymentMethod,
    });
  test('bank transfer: identifyingReference for ARS and COP, phone for COP, bankBranch for GHS, accountType for MXN', () => {
    const issues = (r: ReturnType<typeof payout>) => (r.success ? [] : r.error.issues.map((i) => i.path.join('.')));
    assert.deepEqual(issues(payout('COP', { paymentMethodCode: 'BANK_TRANSFER', account: { accountNumber: '1' } })), [
      'paymentMethod.account.accountType',
      'paymentMethod.identifyingReference',
      'paymentMethod.phoneNumber',
    ]);
    assert.deepEqual(issues(payout('GHS', { paymentMethodCode: 'BANK_TRANSFER', account: { accountNumber: '1' } })), [
      'paymentMethod.account.bankBranch',
    ]);
    assert.deepEqual(
      issues(
        payout('ZAR', {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountNumber: '1', accountType: 'gold' },
        }),
      ),
      ['paymentMethod.account.accountType'],
    );
    assert.deepEqual(
      issues(
        payout('ZAR', {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountNumber: '1', accountType: 'cheque' },
        }),
      ),
      [],
    );
  });
  test('wallet transfer: phone and accountName for GHS, KES, TZS, ZMW; operator for TZS and ZMW', () => {
    const r = payout('TZS', { paymentMethodCode: 'WALLET_TRANSFER' });
    assert.ok(!r.success);
    assert.deepEqual(
      r.error.issues.map((i) => i.path.join('.')),
      ['paymentMethod.phoneNumber', 'paymentMethod.account.accountName', 'paymentMethod.paymentOperatorCode'],
    );
    assert.ok(
      payout('KES', {
        paymentMethodCode: 'WALLET_TRANSFER',
        phoneNumber: '0712345678',
        account: { accountName: 'A' },
      }).success,
    );
  });
});

describe('mandatory fields, as the document states them', () => {
  // Written from the "Method field rules" table of the platform document, not from METHOD_RULES,
  // so a rule that drifts from the document fails here.
  const always =
    (...fields: string[]) =>
    () =>
      fields;
  const byCurrency = (table: Record<string, string[]>) => (currency: string) => table[currency] ?? [];
  const DOCUMENT: Record<string, (currency: string) => string[]> = {
    ABSA_PAY: always('account.accountName'),
    CAPITEC_PAY: always(),
    CODE_PAYMENT: always(
      'emailAddress',
      'account.accountName',
      'phoneNumber',
      'paymentLocation.postalCode',
      'paymentLocation.city',
      'paymentLocation.district',
    ),
    CRYPTO_OFFLINE: always(),
    DUITNOW: always(),
    EWALLET: always(),
    FPX: byCurrency({ MYR: ['account.accountType'] }),
    P2A_V2: always(),
    ONLINE: byCurrency({ MYR: ['account.accountName', 'account.accountType'] }),
    MOBILE_MONEY: (currency) => [
      'phoneNumber',
      'account.accountName',
      ...(['TZS', 'ZMW'].includes(currency) ? ['emailAddress', 'paymentOperatorCode'] : []),
    ],
    MOMOPAY: always(),
    NEDBANK_DIRECT_EFT: always(),
    NETBANKING: always(),
    OFFLINE: byCurrency({
      KRW: ['account.accountName'],
      JPY: ['account.accountName', 'emailAddress'],
      NGN: ['emailAddress'],
      THB: ['account.accountNumber'],
      ARS: ['taxId'],
    }),
    PAY_ME: always(),
    PAYSHAP: always('account.accountName'),
    PIXQR: always(),
    PROMPTPAY: always('account.accountNumber'),
    PSE: always(),
    QRISPAY: always(),
    QRPH: always(),
    UPICOLLECT: byCurrency({ INR: ['account.accountName', 'phoneNumber'] }),
    UPIQR: always(),
    VAPAY: byCurrency({ TWD: ['emailAddress', 'phoneNumber'] }),
    VIETQR: always(),
    ZAPPER_QR: always(),
  };
  for (const row of PAYIN_METHOD_TABLE) {
    for (const currencyCode of row.currencies) {
      test(`${row.code} in ${currencyCode}`, () => {
        const mandatory = fieldRulesFor(row.code, currencyCode)
          .filter((rule) => isRequired(rule, currencyCode))
          .map((rule) => rule.field);
        assert.deepEqual([...mandatory].sort(), [...DOCUMENT[row.code]!(currencyCode)].sort());
      });
    }
  }
});
