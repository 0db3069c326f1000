/**
 * Every bundled locale is a complete translation of English (issue 7): every key, every entry of
 * every keyed table (every platform error code among them), function terms of the same arity that
 * keep their arguments, no empty text, and no English left untranslated except names and codes.
 * And how each formats (docs/languages.md): amounts in Latin digits, and its own deadline words
 * where a browser's Intl has none for it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { en, type Translation } from '../../src/i18n/translations/en.js';
import { bundledLocales } from '../../src/i18n/locales.js';
import { Localizer } from '../../src/i18n/localize.js';
import { loadWords } from '../../src/i18n/words.js';

const LOCALES = [
  'hi',
  'th',
  'id',
  'ms',
  'vi',
  'pt-BR',
  'es',
  'fil',
  'ko',
  'ja',
  'zh-TW',
  'sw',
  'zh-CN',
  'af',
  'zu',
  'bn',
  'mr',
  'gu',
  'te',
  'ta',
  'kn',
  'lo',
];

/** What a locale may add to English's keys: how it formats (en.ts LocaleFormats), not words English has. */
const FORMATS = ['$lang', '$deadline'];

/** Locales a browser the element supports has no Intl data for (Chromium: Lao, Zulu): they bring their own deadline words. */
const OWN_DEADLINE_WORDS = ['lo', 'zu'];

/**
 * Values any locale may keep exactly as in English: brands and payment schemes are known by these
 * names in every market (a path is `key` or `table:entry`).
 */
const NAMES = [
  ...[
    'ABSA_PAY',
    'CAPITEC_PAY',
    'DUITNOW',
    'NEDBANK_DIRECT_EFT',
    'PAY_ME',
    'PAYSHAP',
    'PIXQR',
    'PROMPTPAY',
    'PSE',
    'QRISPAY',
    'QRPH',
    'UPIQR',
    'VIETQR',
    'ZAPPER_QR',
    'UPI_ID',
    'FNB_DIRECT_EFT',
    'SNAP_SCAN_QR',
  ].map((code) => `methodNames:${code}`),
  'fields:upiId',
  'fields:account.accountNumber.PROMPTPAY',
];

/**
 * English words a language uses as they are in checkouts (Filipino says e-wallet, online banking,
 * email), or writes the same (Afrikaans "Bank").
 */
const LOANWORDS: Record<string, string[]> = {
  af: ['bankName'],
  fil: [
    'methodNames:CRYPTO_OFFLINE',
    'methodNames:EWALLET',
    'methodNames:ONLINE',
    'methodNames:MOBILE_MONEY',
    'methodNames:MOMOPAY',
    'methodNames:NETBANKING',
    'methodNames:OFFLINE',
    'fields:emailAddress',
    'fields:taxId',
    'network',
  ],
};

type Fn = (...args: unknown[]) => string;
const termKeys = Object.keys(en).filter((key) => !key.startsWith('$')) as Exclude<keyof Translation, `$${string}`>[];
const tables = termKeys.filter((key) => typeof en[key] === 'object');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Sample arguments: a count for `count`, otherwise a marker no inflection or case change alters. */
const sampleArgs = (fn: Fn, count = 3) =>
  Array.from({ length: fn.length }, (_, i) => (fn.toString().match(/^\(?\s*count\b/) ? count : `ARG-${i + 1}`));
/** Every string a locale shows, by path. */
function strings(translation: Translation): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of termKeys) {
    const value = translation[key] as unknown;
    if (typeof value === 'string') out.set(key, value);
    else if (value && typeof value === 'object')
      for (const [entry, text] of Object.entries(value)) out.set(`${key}:${entry}`, text as string);
  }
  return out;
}
const english = strings(en);

const loadAll = async () =>
  new Map(
    await Promise.all(
      Object.entries(bundledLocales).map(async ([code, load]) => [code, (await load()).default] as const),
    ),
  );

describe('bundled translations', () => {
  it(`are exactly the platform markets’ ${LOCALES.length} locales, each loaded by its own BCP 47 tag`, async () => {
    assert.deepEqual(Object.keys(bundledLocales).sort(), [...LOCALES].sort());
    for (const [code, translation] of await loadAll()) {
      assert.equal(translation.$code, code);
      assert.equal(translation.$dir, 'ltr');
      assert.ok(
        translation.$name.trim() && translation.$name !== en.$name,
        `${code}: $name is the language's own name`,
      );
      assert.equal(Intl.getCanonicalLocales(code)[0], code, `${code} is a canonical BCP 47 tag`);
    }
  });

  it('the allow-lists name only short values that exist in English, and no loanword is listed in vain', async () => {
    for (const path of [...NAMES, ...Object.values(LOANWORDS).flat()]) {
      const value = english.get(path);
      assert.ok(value !== undefined, `${path} is not an English string`);
      assert.ok(words(value) <= 3, `${path} ("${value}") is a sentence, not a name`);
    }
    const all = await loadAll();
    for (const [code, paths] of Object.entries(LOANWORDS)) {
      const own = strings(all.get(code)!);
      for (const path of paths)
        assert.equal(own.get(path), english.get(path), `${code} ${path} is translated: drop it from LOANWORDS`);
    }
  });

  for (const code of LOCALES) {
    describe(code, () => {
      let translation: Translation;
      const ready = bundledLocales[code]!().then((module) => (translation = module.default));

      it('has every key of English and no other, every table with every entry', async () => {
        await ready;
        assert.deepEqual(
          Object.keys(translation)
            .filter((key) => !FORMATS.includes(key))
            .sort(),
          Object.keys(en).sort(),
        );
        for (const table of tables) {
          assert.deepEqual(
            Object.keys(translation[table] as object).sort(),
            Object.keys(en[table] as object).sort(),
            `${code}.${table}`,
          );
        }
        // Every platform error code in words, including the rejection codes the element forwards
        // (their own table, which loads with the payin views).
        assert.ok(Object.keys(translation.errors).length + Object.keys(translation.rejections).length >= 24);
      });

      it('has the same kind of value as English for every key, and function terms of the same arity', async () => {
        await ready;
        for (const key of termKeys) {
          const theirs = translation[key] as unknown;
          const ours = en[key] as unknown;
          assert.equal(typeof theirs, typeof ours, `${code}.${key}`);
          if (typeof ours === 'function')
            assert.equal(
              (theirs as Fn).length,
              (ours as Fn).length,
              `${code}.${key} takes ${(ours as Fn).length} argument(s)`,
            );
        }
      });

      it('has no empty text, and function terms say every argument they are given', async () => {
        await ready;
        for (const [path, text] of strings(translation)) assert.ok(text.trim().length > 0, `${code} ${path} is empty`);
        for (const key of termKeys) {
          const fn = translation[key] as unknown;
          if (typeof fn !== 'function') continue;
          for (const count of [1, 3]) {
            const args = sampleArgs(fn as Fn, count);
            const text = (fn as Fn)(...args);
            assert.ok(text.trim().length > 0, `${code}.${key}() is empty`);
            for (const arg of args)
              assert.ok(text.includes(String(arg)), `${code}.${key}(${args.join(', ')}) = "${text}" drops ${arg}`);
          }
        }
      });

      it('translates every sentence: only names and codes may equal the English', async () => {
        await ready;
        const allowed = new Set([...NAMES, ...(LOANWORDS[code] ?? [])]);
        const untranslated = [...strings(translation)].filter(
          ([path, text]) => text === english.get(path) && !allowed.has(path),
        );
        assert.deepEqual(
          untranslated,
          [],
          `${code} keeps English for ${untranslated.map(([path]) => path).join(', ')}`,
        );
        for (const key of termKeys) {
          const fn = translation[key] as unknown;
          if (typeof fn !== 'function') continue;
          const args = sampleArgs(fn as Fn);
          assert.notEqual(
            (fn as Fn)(...args),
            (en[key] as unknown as Fn)(...args),
            `${code}.${key}() says the English`,
          );
        }
      });

      it('formats with Intl in its own language, amounts in Latin digits as banking apps show them', async () => {
        await ready;
        const lang = translation.$lang ?? code;
        assert.equal(Intl.getCanonicalLocales(lang)[0], lang, `${code}: $lang is a canonical BCP 47 tag`);
        assert.equal(new Intl.Locale(lang).language, new Intl.Locale(code).language, `${code}: $lang is its language`);
        await loadWords(code, 'checkout');
        const l = new Localizer(code);
        assert.equal(l.lang, lang);
        for (const [amount, currency] of [
          [1234567.5, 'INR'],
          [99.99, 'ZAR'],
          [250000, 'LAK'],
        ] as const) {
          const text = l.money(amount, currency);
          assert.match(text, /[0-9]/, `${code}: ${text} has Latin digits`);
          assert.doesNotMatch(text, /(?![0-9])\p{Nd}/u, `${code}: ${text} has no other digits`);
        }
      });

      it(
        OWN_DEADLINE_WORDS.includes(code)
          ? 'brings its own deadline words, for browsers whose Intl has no data for it'
          : 'leaves deadline words to Intl',
        async () => {
          await ready;
          const own = translation.$deadline;
          if (!OWN_DEADLINE_WORDS.includes(code)) return assert.equal(own, undefined);
          assert.ok(own, `${code} has $deadline`);
          const englishWords = /\b(today|tomorrow|hr|min|PM|AM|Wed)\b/;
          for (const text of [
            own.today,
            own.tomorrow,
            own.date(new Date(2025, 0, 15)),
            own.hours(2),
            own.minutes(30),
          ]) {
            assert.ok(text.trim(), `${code}: a deadline word is empty`);
            assert.doesNotMatch(text, englishWords, `${code}: "${text}" is English`);
          }
          assert.notEqual(own.today, own.tomorrow);
          assert.match(own.date(new Date(2025, 0, 15)), /\b15\b/, 'the date says its day');
          assert.notEqual(own.date(new Date(2025, 0, 15)), own.date(new Date(2025, 1, 15)), 'and its month');
          for (const count of [1, 2, 30])
            assert.notEqual(own.hours(count), own.minutes(count), `${code}: hours and minutes differ`);
          assert.match(own.hours(2), /\b2\b/);
          assert.match(own.minutes(30), /\b30\b/);
        },
      );

      it('keeps the numbers, codes and examples of the English (12-digit UTR, name@bank, CUIT…)', async () => {
        await ready;
        const own = strings(translation);
        for (const [path, source] of english) {
          const text = own.get(path) ?? '';
          for (const token of source.match(/\b\d+\b|\b[A-Z]{3,}\b|\S+@\S+/g) ?? []) {
            // An example address may be localized (nome@banco): it must still be one.
            if (token.includes('@'))
              assert.match(text, /\S@\S/, `${code} ${path} ("${text}") loses the example address`);
            else assert.ok(text.includes(token), `${code} ${path} ("${text}") loses ${token}`);
          }
        }
      });
    });
  }
});
