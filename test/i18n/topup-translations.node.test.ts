/**
 * Every bundled locale has a complete translation of a top-up's words (src/i18n/topup/, issue 22):
 * every key, function terms of the same arity that keep their arguments, no empty text, and no
 * English left untranslated (the rate's "1 USD = 83.925 INR" is a formula, the same everywhere).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bundledLocales } from '../../src/i18n/locales.js';
import { enTopUp } from '../../src/i18n/topup/en.js';
import { topUpLocales } from '../../src/i18n/topup/terms.js';

type Fn = (...args: string[]) => string;
const FORMULAS = ['rateLine'];
const keys = Object.keys(enTopUp).filter((key) => key !== '$code') as (keyof typeof enTopUp)[];

describe('top-up translations', () => {
  it('exist for exactly the bundled locales', () => {
    assert.deepEqual(Object.keys(topUpLocales).sort(), Object.keys(bundledLocales).sort());
  });

  for (const [code, load] of Object.entries(topUpLocales)) {
    it(`${code} is complete and translated`, async () => {
      const terms = (await load()).default;
      assert.equal(terms.$code, code);
      assert.deepEqual(Object.keys(terms).sort(), Object.keys(enTopUp).sort(), 'the same keys as English');
      for (const key of keys) {
        const english = enTopUp[key] as unknown;
        const own = terms[key] as unknown;
        assert.equal(typeof own, typeof english, `${key}: same kind`);
        if (typeof english === 'function') {
          assert.equal((own as Fn).length, (english as Fn).length, `${key}: same arity`);
          const args = Array.from({ length: (english as Fn).length }, (_, i) => `ARG-${i + 1}`);
          const text = (own as Fn)(...args);
          for (const arg of args) assert.ok(text.includes(arg), `${key} keeps ${arg}: "${text}"`);
          if (!FORMULAS.includes(key)) assert.notEqual(text, (english as Fn)(...args), `${key} is translated`);
        } else {
          assert.ok(String(own).trim(), `${key} is not empty`);
          assert.notEqual(own, english, `${key} is translated`);
        }
      }
    });
  }
});
