/**
 * A bundled locale's two parts, as the build splits them (word-parts.ts), make the whole
 * translation again once both have arrived: the keyed tables the split shares between the parts
 * (the QR family's field labels stay in the first, the other methods' go to the second) keep the
 * entries of both.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { measureElement, type ElementSizes } from '../../scripts/bundle-sizes.js';
import { withPart, type Translation } from '../../src/i18n/catalog.js';
import { bundledLocales } from '../../src/i18n/locales.js';

const dist = new URL('../../dist/', import.meta.url);
/** A term or table with each function (a term with arguments) as its arity, so two copies compare equal. */
const comparable = (value: unknown): unknown =>
  typeof value === 'function'
    ? `function ${value.length}`
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, comparable(entry)]))
      : value;
type FirstPart = { default: Translation; more: () => Promise<{ default: Partial<Translation> }> };

describe("a bundled locale's second part joins its first", () => {
  let sizes: ElementSizes;
  before(async () => {
    await ensureBuilt();
    sizes = measureElement(dist);
  });

  for (const code of Object.keys(bundledLocales)) {
    it(`${code}: every term and every entry of every keyed table is there once both parts have loaded`, async () => {
      const pattern = new RegExp(`^${code}-(?!more-)[\\w-]{6,}\\.js$`);
      const file = sizes.lazy.find((group) => pattern.test(group.files[0]!))?.files[0];
      assert.ok(file, `a ${code}-*.js chunk`);
      const first = (await import(new URL(file, dist).href)) as FirstPart;
      const merged = withPart(first.default, (await first.more()).default);
      const { default: whole } = await bundledLocales[code]!();
      for (const [key, value] of Object.entries(whole))
        assert.deepEqual(comparable(merged[key as keyof Translation]), comparable(value), `${code}: ${key}`);
    });
  }

  it('th: the PromptPay number keeps its Thai label, hint and problem after the second part', async () => {
    const { default: th } = await bundledLocales.th!();
    const file = sizes.lazy.find((group) => /^th-(?!more-)[\w-]{6,}\.js$/.test(group.files[0]!))!.files[0]!;
    const first = (await import(new URL(file, dist).href)) as FirstPart;
    const merged = withPart(first.default, (await first.more()).default);
    const key = 'account.accountNumber.PROMPTPAY';
    assert.equal(merged.fields[key], 'หมายเลขพร้อมเพย์');
    assert.equal(merged.fieldHints[key], th.fieldHints[key]);
    assert.equal(merged.fieldInvalid[key], th.fieldInvalid[key]);
    assert.equal(merged.fields['account.accountNumber.OFFLINE'], th.fields['account.accountNumber.OFFLINE']);
  });
});
