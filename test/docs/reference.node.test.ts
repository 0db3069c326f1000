/**
 * docs/reference.md is what scripts/docs/reference.ts makes of the built manifest and the sources'
 * types: an attribute, option or event added, renamed or re-documented without `npm run
 * docs:reference` fails here, so the reference cannot drift from the code.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { REFERENCE_PATH, renderReference } from '../../scripts/docs/reference.js';

const root = new URL('../../', import.meta.url);

describe('docs/reference.md', () => {
  let generated = '';
  let committed = '';
  before(async () => {
    await ensureBuilt();
    generated = renderReference();
    committed = readFileSync(new URL(REFERENCE_PATH, root), 'utf8');
  });

  it('is what npm run docs:reference makes of custom-elements.json and the types', () => {
    if (generated === committed) return;
    const ours = committed.split('\n');
    const theirs = generated.split('\n');
    const line = theirs.findIndex((text, index) => text !== ours[index]);
    assert.fail(
      `${REFERENCE_PATH} is stale: run npm run docs:reference. First difference at line ${line + 1}:\n` +
        `  committed: ${ours[line] ?? '(end of file)'}\n  generated: ${theirs[line] ?? '(end of file)'}`,
    );
  });

  it('documents every attribute, event, part and CSS property of the manifest, and the factories', () => {
    const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
    const element = manifest.modules[0].declarations[0];
    const names: string[] = [
      ...element.attributes.map((a: { name: string }) => a.name),
      ...element.events.map((e: { name: string }) => e.name),
      ...element.cssParts.map((p: { name: string }) => p.name),
      ...element.cssProperties.map((p: { name: string }) => p.name),
    ];
    for (const name of names) assert.ok(generated.includes(`| \`${name}\` |`), `${name} has a row`);
    for (const factory of ['createCheckoutBackend(options)', 'createStatusRelay(options)', 'createSandbox(options)'])
      assert.ok(generated.includes(`### \`${factory}\``), factory);
    // Options of the kit, required ones marked.
    assert.match(generated, /\| `order` \| `[^`]+` \| yes \|/);
    assert.match(generated, /\| `maxQueue` \| `number` \| {2}\| /);
    // The server entry's tables, row for row: the methods' names as the element shows them.
    assert.ok(generated.includes('### `METHOD_NAMES`'), 'METHOD_NAMES');
    assert.ok(generated.includes('| `P2A_V2` | IMPS / bank transfer to account |'), 'a row per method');
  });
});
