/**
 * Choosing a locale without loading any, loading a bundled one on demand, the merchant's
 * registered terms over the bundled ones, and Intl formats in the chosen locale.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addEnglish } from '../../src/i18n/catalog.js';
import { Localizer, registerTranslation, registeredLocales, resolveLocale } from '../../src/i18n/localize.js';
import { loadWords, wordsHere } from '../../src/i18n/words.js';
import { enPayin } from '../../src/i18n/translations/en-payin.js';
import { bundledLocales } from '../../src/i18n/locales.js';
import th from '../../src/i18n/translations/th.js';
import hi from '../../src/i18n/translations/hi.js';
import { countdownText, payByText } from '../../src/components/pay-checkout/views/deadline.js';

describe('resolveLocale', () => {
  for (const [tag, expected] of [
    ['th', 'th'],
    ['th-TH', 'th'],
    ['TH-th', 'th'],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['tl', 'fil'],
    ['tl-PH', 'fil'],
    ['fil-PH', 'fil'],
    ['es-CO', 'es'],
    ['es-419', 'es'],
    ['ja-JP', 'ja'],
    ['ko-KR', 'ko'],
    ['sw-KE', 'sw'],
    ['ms-MY', 'ms'],
    ['id-ID', 'id'],
    ['vi-VN', 'vi'],
    ['hi-IN', 'hi'],
    ['bn-IN', 'bn'],
    ['bn-BD', 'bn'],
    ['mr-IN', 'mr'],
    ['gu-IN', 'gu'],
    ['te-IN', 'te'],
    ['ta-IN', 'ta'],
    ['ta-LK', 'ta'],
    ['kn-IN', 'kn'],
    ['af-ZA', 'af'],
    ['af-NA', 'af'],
    ['zu-ZA', 'zu'],
    ['lo-LA', 'lo'],
    ['en-IN', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const) {
    it(`${tag ?? 'undefined'} → ${expected}`, () => assert.equal(resolveLocale(tag), expected));
  }

  it('knows every bundled locale before any is loaded', () => {
    assert.deepEqual(registeredLocales().sort(), ['en', ...Object.keys(bundledLocales)].sort());
    assert.equal(new Localizer('ko').lang, 'en', 'ko is known but its terms are not here yet');
  });
});

describe('Localizer', () => {
  it('is English term by term until the locale is loaded, then speaks it', async () => {
    const before = new Localizer('th-TH');
    assert.equal(before.locale, 'th');
    assert.equal(before.lang, 'en');
    assert.equal(before.term('loading'), 'Loading payment options…');
    await loadWords('th-TH', 'checkout');
    const after = new Localizer('th-TH');
    assert.equal(after.lang, 'th');
    assert.equal(after.dir, 'ltr');
    assert.equal(after.term('loading'), th.loading);
    assert.equal(after.term('pay', '฿100.00'), 'ชำระ ฿100.00');
    assert.equal(after.lookup('errors', 'TOKEN_INVALID'), th.errors.TOKEN_INVALID);
    assert.equal(after.lookup('errors', 'NO_SUCH_CODE'), undefined);
    assert.equal(after.term('errorUnknown', 'NO_SUCH_CODE'), 'ไม่สามารถดำเนินการชำระเงินต่อได้ (NO_SUCH_CODE)');
  });

  it('loads each chunk once, however many ask', async () => {
    let calls = 0;
    const original = bundledLocales.vi!;
    bundledLocales.vi = () => (calls++, original());
    try {
      await Promise.all([loadWords('vi', 'checkout'), loadWords('vi-VN', 'checkout'), loadWords('vi', 'checkout')]);
      await loadWords('vi', 'checkout');
      assert.equal(calls, 1);
      assert.equal(new Localizer('vi').lang, 'vi');
    } finally {
      bundledLocales.vi = original;
    }
  });

  it('a chunk that fails to load leaves English, reports nothing, and is not asked for again', async () => {
    const original = bundledLocales.sw!;
    let calls = 0;
    bundledLocales.sw = () => (calls++, Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    try {
      await loadWords('sw', 'checkout');
      const l = new Localizer('sw');
      assert.equal(l.lang, 'en');
      assert.equal(
        l.lookup('errors', 'NETWORK'),
        'The payment service cannot be reached. Check your connection and try again.',
      );
      // Every render asks again; while the network is down that must not become a request loop.
      await loadWords('sw-KE', 'checkout');
      await loadWords('sw', 'checkout');
      assert.equal(calls, 1);
    } finally {
      bundledLocales.sw = original;
    }
  });

  it('a merchant’s registered terms win over the bundled ones, the rest still come from the bundle', async () => {
    await loadWords('ja', 'checkout');
    registerTranslation({ $code: 'ja', pay: (amount: string) => `${amount} をお支払い` });
    const l = new Localizer('ja');
    assert.equal(l.term('pay', '￥1,000'), '￥1,000 をお支払い');
    assert.equal(l.term('tryAgain'), 'もう一度試す');
  });

  it('a merchant may add a language: it resolves, and falls back to English term by term', async () => {
    registerTranslation({
      $code: 'fr',
      $name: 'Français',
      tryAgain: 'Réessayer',
      errors: { NETWORK: 'Le service de paiement est injoignable.' },
    });
    assert.equal(resolveLocale('fr-FR'), 'fr');
    const l = new Localizer('fr-FR');
    assert.equal(l.lang, 'fr');
    assert.equal(l.term('tryAgain'), 'Réessayer');
    // English's form words are a chunk, which such a locale fetches (loadWords, as the element connects).
    await loadWords('fr-FR', 'checkout');
    assert.ok(new Localizer('fr-FR').ready);
    // A payin's English terms arrive with its views (the lazy chunk adds them), as here.
    addEnglish(enPayin);
    assert.equal(l.term('copy'), 'Copy');
    assert.equal(l.lookup('errors', 'NETWORK'), 'Le service de paiement est injoignable.');
    // The words of trouble are English's third chunk (en-more.ts), fetched when something goes
    // wrong (loadWords 'more'): then English's stand in for such a locale's.
    await loadWords('fr-FR', 'more');
    assert.equal(wordsHere('fr-FR', 'more'), true);
    assert.equal(
      new Localizer('fr-FR').lookup('errors', 'RATE_LIMITED'),
      'Too many attempts. Please wait a moment and try again.',
    );
    assert.equal(
      new Localizer('fr-FR').lookup('errors', 'NETWORK'),
      'Le service de paiement est injoignable.',
      'its own NETWORK error still wins',
    );
  });

  it('formats amounts, dates and countdowns with Intl in the locale', async () => {
    await Promise.all(['hi', 'id', 'pt-BR', 'ja', 'zh-TW'].map((code) => loadWords(code, 'checkout')));
    assert.equal(new Localizer('hi').money(1234.5, 'INR'), '₹1,234.50');
    assert.equal(new Localizer('hi').money(1234567.5, 'INR'), '₹12,34,567.50', 'lakh grouping');
    assert.equal(new Localizer('th').money(1234.5, 'THB'), '฿1,234.50');
    // Rupiah have no minor unit in practice: CLDR shows none in Indonesian.
    assert.equal(new Localizer('id').money(1234, 'IDR'), 'Rp\u00a01.234');
    assert.equal(new Localizer('pt-BR').money(1234.5, 'BRL'), 'R$\u00a01.234,50');
    assert.equal(new Localizer('ja').money(1234, 'JPY'), '￥1,234');
    assert.equal(new Localizer('en').money(1234.5, 'USDT'), '1,234.5 USDT');
    // India's Bengali and Marathi in Latin digits, as UPI apps show amounts (docs/languages.md).
    await Promise.all(['bn', 'mr', 'zh-CN', 'af'].map((code) => loadWords(code, 'checkout')));
    assert.equal(new Localizer('bn').lang, 'bn-IN-u-nu-latn');
    assert.equal(new Localizer('bn').money(1234567.5, 'INR'), '₹12,34,567.50');
    assert.equal(new Localizer('mr').money(1234.5, 'INR'), '₹1,234.50');
    assert.equal(new Localizer('zh-CN').money(1234.5, 'CNY'), '¥1,234.50');
    assert.equal(new Localizer('af').money(1234.5, 'ZAR'), 'R\u00a01\u00a0234,50');
    assert.equal(
      new Localizer('hi').term('moneyRequiredNote', '₹99.99', '₹100.00'),
      hi.moneyRequiredNote('₹99.99', '₹100.00'),
    );
    // A deadline days away says its date in the locale's own words and calendar.
    const later = new Date(2025, 0, 15, 17, 41).getTime();
    const now = new Date(2025, 0, 10, 9, 0).getTime();
    assert.match(payByText(new Localizer('zh-TW'), later, now), /1月15日/);
    assert.match(payByText(new Localizer('th'), later, now), /15 ม\.ค\./);
    // Countdowns (with the payin views): m:ss in the last hour, hours and minutes in words before.
    assert.equal(countdownText(new Localizer('th'), 14 * 60_000 + 5_000), '14:05');
    assert.equal(countdownText(new Localizer('en'), 24 * 3600_000 - 30_000), '23\u00a0hr 59\u00a0min');
    assert.equal(countdownText(new Localizer('th'), 2 * 3600_000), '2\u00a0ชม.');
    assert.equal(countdownText(new Localizer('hi'), 90 * 60_000), '1\u00a0घं॰ 30\u00a0मि॰');
  });
});
