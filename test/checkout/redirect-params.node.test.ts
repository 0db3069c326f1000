import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readRedirectParams } from '../../src/checkout/redirect-params.js';
import { safeDeepLink, safeWebUrl } from '../../src/api/safe-url.js';
import { readCheckoutConfig } from '../../src/checkout/config.js';
import { fakeJwt } from '../support/jwt.js';

describe('readRedirectParams', () => {
  test('maps the hosted page parameters to attributes, from a URL, a query string or URLSearchParams', () => {
    const query =
      '?token=a.b.c&baseUrl=https%3A%2F%2Fsandbox.test&idPayin=o-1&amount=100&currencyCode=INR&paymentMethodCode=UPIQR&paymentOperatorCode=X' +
      '&optionsAvailable=false&accountName=Asha%20Devi&accountNumber=1&emailAddress=a%40b.co&phoneNumber=%2B91&allowCustomerDataChange=false' +
      '&externalProviderCode=EP&postalCode=100&city=Taipei&disctrict=Zhongzheng&passportNumber=P1&showDeepLink=true&upiId=a%40ok&idCustomer=C1&productId=SKU&returnUrl=https%3A%2F%2Fshop.test&locale=hi&callbackUrl=https%3A%2F%2Fevil.test&unknown=1';
    const expected = {
      token: 'a.b.c',
      'base-url': 'https://sandbox.test',
      'payin-id': 'o-1',
      amount: '100',
      'currency-code': 'INR',
      'payment-method-code': 'UPIQR',
      'payment-operator-code': 'X',
      'options-available': 'false',
      'account-name': 'Asha Devi',
      'account-number': '1',
      'email-address': 'a@b.co',
      'phone-number': '+91',
      'allow-customer-data-change': 'false',
      'external-provider-code': 'EP',
      'postal-code': '100',
      city: 'Taipei',
      disctrict: 'Zhongzheng',
      'passport-number': 'P1',
      'show-deep-link': 'true',
      'upi-id': 'a@ok',
      'id-customer': 'C1',
      'product-id': 'SKU',
      'return-url': 'https://shop.test',
      locale: 'hi',
    };
    assert.deepEqual(readRedirectParams(query), expected);
    assert.deepEqual(readRedirectParams(`https://pay.test/pay.html${query}`), expected);
    assert.deepEqual(readRedirectParams(new URLSearchParams(query)), expected);
    assert.deepEqual(readRedirectParams(new URL(`https://pay.test/${query}`)), expected);
    assert.equal('callback-url' in readRedirectParams(query), false, 'a customer must not redirect the callbacks');
  });
});

describe('safe URLs', () => {
  test('redirects: http and https only', () => {
    assert.equal(safeWebUrl('https://bank.test/x'), 'https://bank.test/x');
    assert.equal(safeWebUrl('http://127.0.0.1:8787/x'), 'http://127.0.0.1:8787/x');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'intent://x',
      '/relative',
      '',
      undefined,
    ]) {
      assert.equal(safeWebUrl(bad), undefined, String(bad));
    }
  });
  test('deep links: the allowed app schemes and http(s)', () => {
    assert.equal(safeDeepLink('upi://pay?pa=a@b', ['upi']), 'upi://pay?pa=a@b');
    assert.equal(safeDeepLink('momo://pay', ['upi']), undefined);
    assert.equal(safeDeepLink('momo://pay', ['momo']), 'momo://pay');
    assert.equal(
      safeDeepLink('javascript:alert(1)', ['upi', 'javascript']) === undefined,
      false,
      'the module decides its schemes',
    );
    assert.equal(safeDeepLink('javascript:alert(1)', ['upi']), undefined);
  });
});

describe('readCheckoutConfig', () => {
  const token = fakeJwt({
    exp: Math.floor(Date.now() / 1000) + 60,
    idPayment: 'o-1',
    money: { amount: 10, currencyCode: 'THB' },
  });
  test('a payin-id that differs from the token is refused', () => {
    const result = readCheckoutConfig({ token, baseUrl: 'https://x.test', payinId: 'o-2' });
    assert.equal('attribute' in result && result.attribute, 'payin-id');
  });
  test('an amount that differs from the token money is refused', () => {
    const result = readCheckoutConfig({ token, baseUrl: 'https://x.test', amount: 11, currencyCode: 'THB' });
    assert.equal('attribute' in result && result.attribute, 'amount');
  });
  test('everything from the token', () => {
    const result = readCheckoutConfig({ token, baseUrl: 'https://x.test/' });
    assert.ok('idPayin' in result);
    assert.deepEqual([result.idPayin, result.money], ['o-1', { amount: 10, currencyCode: 'THB' }]);
  });
});
