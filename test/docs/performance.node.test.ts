/**
 * docs/performance.md is what scripts/docs/performance.ts makes of docs/figures/, the benchmarks'
 * own JSON: a figure edited by hand, or figures taken without making the page again, fail here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PERFORMANCE_PATH, renderPerformance } from '../../scripts/docs/performance.js';

const root = new URL('../../', import.meta.url);

describe('docs/performance.md', () => {
  it('is what npm run docs:performance makes of docs/figures/', () => {
    const generated = renderPerformance();
    const committed = readFileSync(new URL(PERFORMANCE_PATH, root), 'utf8');
    assert.equal(committed, generated, `${PERFORMANCE_PATH} is stale: run npm run docs:performance -- --page`);
  });

  it('says the date of every section of figures, and the machine of every measured run', () => {
    const page = renderPerformance();
    for (const section of page.split('\n## ').slice(1)) {
      if (section.includes('Not measured yet.')) continue;
      assert.match(section, /\b20\d\d-\d\d-\d\d\b/, `a date in ## ${section.split('\n')[0]}`);
      if (!section.startsWith('Sizes'))
        assert.match(section, /\d+ cores/, `the machine in ## ${section.split('\n')[0]}`);
    }
  });
});
