/**
 * Every relative link and `#anchor` in README.md, CONTRIBUTING.md and docs/ resolves: the file or
 * folder is in the repository, and the anchor is a heading of the page it names (GitHub's slugs).
 * Links to other sites are not followed (the tests reach no network).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, it } from 'node:test';
import { anchorsOf, documents, linksOf, read, root } from './markdown.js';

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

describe('links in the docs', () => {
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(read(path)));
    return anchors.get(path)!;
  };

  it('reads the README, CONTRIBUTING and the guides', () => {
    const names = documents();
    const guides = ['element', 'server', 'sandbox', 'theming', 'languages', 'performance', 'reference'];
    for (const page of ['README.md', 'CONTRIBUTING.md', ...guides.map((guide) => `docs/${guide}.md`)])
      assert.ok(names.includes(page), page);
  });

  for (const document of documents()) {
    it(`${document}: every relative link and anchor resolves`, () => {
      const broken: string[] = [];
      for (const link of linksOf(read(document))) {
        if (external.test(link)) continue;
        const [path = '', anchor] = link.split('#', 2);
        const target = path ? normalize(join(dirname(document), decodeURI(path))) : document;
        if (target.startsWith('..') || !existsSync(new URL(target, root))) {
          broken.push(`${link}: no ${target} in the repository`);
          continue;
        }
        if (anchor !== undefined && target.endsWith('.md') && !anchorsIn(target).has(decodeURIComponent(anchor)))
          broken.push(`${link}: no heading #${anchor} in ${target}`);
      }
      assert.deepEqual(broken, []);
    });
  }
});
