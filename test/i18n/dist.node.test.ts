/**
 * The built element's locales (issue 7): each non-English locale is one lazily loaded chunk beside
 * dist/pay-checkout.js, loaded by the element itself, and none of them is in the initial file.
 * (The initial file's size budget is test/build/budgets.node.test.ts.)
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { importsOf, measureElement, moreWordsChunk, type ElementSizes } from '../../scripts/bundle-sizes.js';
import { bundledLocales } from '../../src/i18n/locales.js';
import { enPayin } from '../../src/i18n/translations/en-payin.js';
import { en } from '../../src/i18n/translations/en.js';
import { enFirst } from '../../src/i18n/translations/en-first.js';

const dist = new URL('../../dist/', import.meta.url);
/** Far above the ~4 kB a locale takes, far below what a second locale in one chunk would. */
const LOCALE_CHUNK_GZIP = 6_000;

describe('locale chunks in dist/', () => {
  let sizes: ElementSizes;
  let entry: string;
  before(async () => {
    await ensureBuilt();
    sizes = measureElement(dist);
    entry = readFileSync(new URL('pay-checkout.js', dist), 'utf8');
  });

  for (const code of Object.keys(bundledLocales)) {
    it(`${code}: one chunk of its own, imported lazily by pay-checkout.js, never part of the initial load`, async () => {
      const { default: translation } = await bundledLocales[code]!();
      const pattern = new RegExp(`^${code}-(?!more-)[\\w-]{6,}\\.js$`);
      const groups = sizes.lazy.filter((group) => pattern.test(group.files[0]!));
      assert.equal(
        groups.length,
        1,
        `one lazy ${code}-*.js (lazy: ${sizes.lazy.map((group) => group.files[0]).join(', ')})`,
      );
      const [group] = groups;
      assert.deepEqual(group!.files.length, 1, `${code} loads alone: ${group!.files.join(' + ')}`);
      assert.ok(importsOf('pay-checkout.js', entry).dynamic.includes(`./${group!.files[0]}`));
      assert.ok(group!.gzip <= LOCALE_CHUNK_GZIP, `${code}: ${group!.gzip} B gzip`);
      const chunk = readFileSync(new URL(group!.files[0]!, dist), 'utf8');
      assert.ok(chunk.includes(translation.scanQr), `${group!.files[0]} holds the ${code} terms`);
      assert.ok(!entry.includes(translation.scanQr), `the ${code} terms are not in pay-checkout.js`);
      // Issue 24: the terms only other methods' pending views and trouble say (word-parts.ts) are
      // a second chunk, which the first imports lazily: a shopper paying by QR without trouble
      // never fetches it. The NETWORK error stays in the first: said when no chunk can arrive.
      const more = moreWordsChunk(sizes, code);
      assert.ok(more, `a lazy ${code}-more-*.js`);
      assert.deepEqual(importsOf(group!.files[0]!, chunk).dynamic, [`./${more.files[0]}`]);
      assert.ok(
        !importsOf('pay-checkout.js', entry).dynamic.includes(`./${more.files[0]}`),
        'pay-checkout.js does not name it',
      );
      const moreCode = readFileSync(new URL(more.files[0]!, dist), 'utf8');
      assert.ok(
        moreCode.includes(translation.transferHint) && !chunk.includes(translation.transferHint),
        `${more.files[0]} holds transferHint, ${group!.files[0]} does not`,
      );
      assert.ok(
        chunk.includes(translation.scanQr) && !moreCode.includes(translation.scanQr),
        `${group!.files[0]} holds scanQr, ${more.files[0]} does not`,
      );
      for (const trouble of [
        translation.errors.TOKEN_INVALID!,
        translation.failureReasons.DIFFERENT_AMOUNT_CONFIRMED,
        translation.rejections.INVALID_ACCOUNT_NUMBER,
        translation.expiredWithdrawn,
      ]) {
        assert.ok(
          moreCode.includes(trouble) && !chunk.includes(trouble),
          `${more.files[0]} holds "${trouble}", ${group!.files[0]} does not`,
        );
      }
      // The UPI QR form's hints: what giving a UPI ID or choosing a bank or wallet changes.
      for (const hint of [translation.fieldHints['upiId.UPIQR']!, translation.fieldHints.externalProviderCode!]) {
        assert.ok(chunk.includes(hint) && !moreCode.includes(hint), `${group!.files[0]} holds "${hint}"`);
      }
      assert.ok(
        chunk.includes(translation.errors.NETWORK!) && !moreCode.includes(translation.errors.NETWORK!),
        `${group!.files[0]} holds the NETWORK error, ${more.files[0]} does not`,
      );
    });
  }

  // Issue 24: a bundled locale is complete, so its shoppers no longer download a payin's English;
  // it is a chunk of its own, fetched beside the views when the locale falls back to English.
  it("a payin's English is a lazy chunk of its own: neither in the initial file nor in the payin views (which keep their styles)", () => {
    const views = sizes.lazy.find((group) => /^payment-views-/.test(group.files[0]!));
    const english = sizes.lazy.find((group) => /^en-payin-/.test(group.files[0]!));
    assert.ok(
      views && english,
      `payment-views-*.js and en-payin-*.js chunks (lazy: ${sizes.lazy.map((group) => group.files[0]).join(', ')})`,
    );
    assert.deepEqual(english.files.length, 1, `en-payin loads alone: ${english.files.join(' + ')}`);
    const viewsCode = readFileSync(new URL(views.files[0]!, dist), 'utf8');
    const englishCode = readFileSync(new URL(english.files[0]!, dist), 'utf8');
    assert.ok(viewsCode.includes('.qr-placeholder'), `${views.files[0]} holds the views' styles`);
    assert.ok(!entry.includes('.qr-placeholder'), "pay-checkout.js does not hold the views' styles");
    for (const text of [enPayin.upiScan, enPayin.successText, enPayin.scanQr]) {
      assert.ok(englishCode.includes(text), `${english.files[0]} holds "${text}"`);
      assert.ok(!viewsCode.includes(text), `${views.files[0]} does not hold "${text}"`);
      assert.ok(!entry.includes(text), `pay-checkout.js does not hold "${text}"`);
    }
  });

  // Issue 24: English's form words are a chunk too, fetched beside the options only when the
  // locale needs English; the initial file keeps the few terms shown before any words arrive.
  it("English's form words are a lazy chunk of their own; the initial file keeps only its first terms", () => {
    const english = sizes.lazy.find((group) => /^en-checkout-/.test(group.files[0]!));
    assert.ok(english, `an en-checkout-*.js chunk (lazy: ${sizes.lazy.map((group) => group.files[0]).join(', ')})`);
    assert.deepEqual(english.files.length, 1, `en-checkout loads alone: ${english.files.join(' + ')}`);
    assert.ok(importsOf('pay-checkout.js', entry).dynamic.includes(`./${english.files[0]}`));
    const englishCode = readFileSync(new URL(english.files[0]!, dist), 'utf8');
    for (const text of [en.chooseMethod, en.noMethods, en.fieldInvalid.upiId]) {
      assert.ok(englishCode.includes(text), `${english.files[0]} holds "${text}"`);
      assert.ok(!entry.includes(text), `pay-checkout.js does not hold "${text}"`);
    }
    for (const text of [enFirst.loading, enFirst.errors.NETWORK])
      assert.ok(entry.includes(text), `pay-checkout.js holds "${text}"`);
    assert.ok(!sizes.initial.files.some((file) => /^(hi|th|id|ms|vi|pt-BR|es|fil|ko|ja|zh-TW|sw)-/.test(file)));
  });

  // Issue 24: what only some shoppers see in English — the other methods' pending views and
  // trouble (errors, rejections, failures, expiry) — is a third chunk, fetched when a view or an
  // error needs it: an English shopper paying by QR without trouble never downloads it.
  it("English's words for other methods and trouble are a lazy chunk of their own (en-more), in no other file", () => {
    const more = sizes.lazy.find((group) => /^en-more-/.test(group.files[0]!));
    assert.ok(more, `an en-more-*.js chunk (lazy: ${sizes.lazy.map((group) => group.files[0]).join(', ')})`);
    assert.deepEqual(more.files.length, 1, `en-more loads alone: ${more.files.join(' + ')}`);
    assert.ok(importsOf('pay-checkout.js', entry).dynamic.includes(`./${more.files[0]}`));
    const moreCode = readFileSync(new URL(more.files[0]!, dist), 'utf8');
    const others = sizes.lazy
      .filter((group) => /^(en-checkout|en-payin|payment-views)-/.test(group.files[0]!))
      .map((group) => readFileSync(new URL(group.files[0]!, dist), 'utf8'));
    assert.equal(others.length, 3, 'en-checkout, en-payin and the payment views');
    for (const text of [
      en.errors.TOKEN_INVALID,
      en.failureReasons.DIFFERENT_AMOUNT_CONFIRMED,
      en.rejections.INVALID_ACCOUNT_NUMBER,
      en.expiredWithdrawn,
      en.transferHint,
    ]) {
      assert.ok(moreCode.includes(text), `${more.files[0]} holds "${text}"`);
      for (const code of [entry, ...others]) assert.ok(!code.includes(text), `only ${more.files[0]} holds "${text}"`);
    }
  });
});
