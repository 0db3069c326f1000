/**
 * Size budgets of the built element (issue 7), measured on the files in dist/ (built first when
 * missing or stale). The figures are printed and written to dist/sizes.json for the benchmark.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { measureElement, type ChunkGroup, type ElementSizes } from '../../scripts/bundle-sizes.js';

/** Kilobytes as Vite and the issue count them: 1 kB = 1000 bytes, compressed with gzip. */
const BUDGET = { initialGzip: 30_000, qrGzip: 10_000 };

const dist = new URL('../../dist/', import.meta.url);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (label: string, group: ChunkGroup) =>
  `${label.padEnd(30)} ${kB(group.raw).padStart(9)} ${kB(group.gzip).padStart(9)} ${kB(group.brotli).padStart(9)}  ${group.files.join(' + ')}`;

describe('size budgets of dist/pay-checkout.js', () => {
  let sizes: ElementSizes;
  let qr: ChunkGroup | undefined;
  before(async () => {
    await ensureBuilt();
    sizes = measureElement(dist);
    qr = sizes.lazy.find((group) => /^qr-encoder-[\w-]+\.js$/.test(group.files[0]!));
    console.log(
      [
        `${'(gzip -9, brotli q11)'.padEnd(30)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`,
        row('initial load of <pay-checkout>', sizes.initial),
        ...sizes.lazy.map((group) => row(group === qr ? 'QR encoder (lazy)' : 'lazy chunk', group)),
      ].join('\n'),
    );
    writeFileSync(new URL('sizes.json', dist), `${JSON.stringify({ measuredAt: new Date().toISOString(), budget: BUDGET, ...sizes }, null, 2)}\n`);
  });

  it('every dependency is bundled: no bare import in any file the element loads', () => {
    assert.deepEqual(sizes.bareImports, []);
  });

  it('the element defines itself from one file: the initial load is pay-checkout.js alone', () => {
    assert.deepEqual(sizes.initial.files, ['pay-checkout.js']);
  });

  // The initial load is what a page pays before the checkout is ready: the element, the forms of
  // every method and English. The views of a payin that exists (every method's pending and final
  // view, the poller and countdown) are a lazy chunk fetched after pay-ready, like the QR encoder.
  it(`the initial load is at most ${kB(BUDGET.initialGzip)} gzip`, () => {
    assert.ok(sizes.initial.gzip <= BUDGET.initialGzip, `${kB(sizes.initial.gzip)} gzip > ${kB(BUDGET.initialGzip)}`);
  });

  it(`the QR encoder is a lazily loaded chunk of at most ${kB(BUDGET.qrGzip)} gzip`, () => {
    assert.ok(qr, `a lazy qrcode-core-*.js chunk (lazy: ${sizes.lazy.map((group) => group.files.join('+')).join(', ') || 'none'})`);
    assert.ok(!sizes.initial.files.some((file) => qr!.files.includes(file)));
    assert.ok(qr.gzip <= BUDGET.qrGzip, `${kB(qr.gzip)} gzip > ${kB(BUDGET.qrGzip)}`);
  });
});
