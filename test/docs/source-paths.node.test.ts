/**
 * The source files the docs name are the repository's files today, so a move or a rename cannot
 * leave a guide pointing at code that is gone:
 *
 * - In README.md, CONTRIBUTING.md, docs/ (not the generated reference.md) and the workspace
 *   packages' READMEs, every word of a code span (`` `src/server/relay/relay.ts` ``, or a command's
 *   `test/server/relay.node.test.ts`) that is a repository path of source or test code — it holds a
 *   `/`, ends in .ts, .tsx, .mjs or .js, and starts with src/, test/, scripts/, demo/ or packages/ —
 *   is a tracked file (or one on disk, for a file not yet added). A glob (`test/docs/*.node.test.ts`)
 *   matches at least one.
 * - In the tables of docs/platform-choices.md (the "Where" of each choice) and in CONTRIBUTING.md,
 *   the short names too (`checkouts.ts`, `kit/status-poll.ts`): each is the end of a tracked file's
 *   path, after a `/` (or the whole path of a file at the root), so a renamed file is caught in its
 *   short form as well.
 *
 * Code blocks are not read: their paths are a merchant's project's, or a command's output.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { documents, read, root } from './markdown.js';

const tracked: string[] = execFileSync('git', ['ls-files', '-z'], { cwd: fileURLToPath(root), encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const trackedSet = new Set(tracked);

/** The pages read: every document of the docs tests except the reference, which scripts/docs/reference.ts writes. */
const pages = documents().filter((path) => path !== 'docs/reference.md');

const sourceFile = /\.(?:ts|tsx|mjs|js)$/;
const repositoryPath = /^(?:src|test|scripts|demo|packages)\//;

/**
 * Short names that are not the repository's files, each with why. Kept tiny on purpose: anything
 * else that is not found is a stale name.
 */
const notRepositoryFiles: { name: RegExp; why: string }[] = [
  // CONTRIBUTING.md's note on the build: dist/ is the build's output, not tracked (the published
  // files are checked by test/build/package.node.test.ts).
  { name: /^dist\//, why: 'build output' },
];

interface Word {
  page: string;
  line: number;
  word: string;
  /** The line is a table row (starts with `|`). */
  inTable: boolean;
}

/** The text of a page with its fenced code blocks blanked (lines kept, so line numbers hold). */
function withoutCodeBlocks(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined) {
        if (marker) {
          fence = marker;
          return '';
        }
        return line;
      }
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return '';
    })
    .join('\n');
}

/** Every whitespace-separated word of every code span of a page, with its line. */
function codeWords(page: string): Word[] {
  const text = withoutCodeBlocks(read(page));
  const lines = text.split('\n');
  const words: Word[] = [];
  // A code span: a run of backticks, then text (no blank line) up to a run of the same length.
  for (const match of text.matchAll(/(?<!`)(`+)(?!`)((?:(?!\n\s*\n)[\s\S])+?)(?<!`)\1(?!`)/g)) {
    const start = match.index + match[1]!.length;
    for (const { 0: word, index } of match[2]!.matchAll(/\S+/g)) {
      const line = text.slice(0, start + index).split('\n').length;
      words.push({ page, line, word, inTable: lines[line - 1]!.trimStart().startsWith('|') });
    }
  }
  return words;
}

const globToRegExp = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/** A full repository path: tracked (or on disk); a glob matches a tracked file. */
function pathExists(path: string): boolean {
  if (path.includes('*')) {
    const pattern = globToRegExp(path);
    return tracked.some((file) => pattern.test(file));
  }
  return trackedSet.has(path) || existsSync(new URL(path, root));
}

/** A short name: the end of a tracked file's path after a `/`, or a file at the root. */
function shortNameExists(name: string): boolean {
  const pattern = new RegExp(`(?:^|/)${globToRegExp(name).source.slice(1)}`);
  return tracked.some((file) => pattern.test(file));
}

const where = ({ page, line, word }: Word) => `${page}:${line}: \`${word}\``;

/** A word that is a repository path of source or test code. */
const isRepositoryPath = ({ word }: Word) => word.includes('/') && sourceFile.test(word) && repositoryPath.test(word);

/** A short name of a source file, where short names are checked (not one of the few known not to be the repository's). */
const isShortName = ({ page, word, inTable }: Word) =>
  (page === 'CONTRIBUTING.md' || (page === 'docs/platform-choices.md' && inTable)) &&
  sourceFile.test(word) &&
  !repositoryPath.test(word) &&
  !notRepositoryFiles.some(({ name }) => name.test(word));

describe('source paths in the docs', () => {
  const words = pages.flatMap(codeWords);

  it('reads the README, CONTRIBUTING and the guides, not the generated reference', () => {
    for (const page of ['README.md', 'CONTRIBUTING.md', 'docs/platform-choices.md', 'docs/server.md'])
      assert.ok(pages.includes(page), page);
    assert.ok(!pages.includes('docs/reference.md'));
  });

  it('finds the names it checks (the scan is not empty)', () => {
    const full = words.filter(isRepositoryPath).length;
    const short = words.filter(isShortName).length;
    assert.ok(full >= 50, `only ${full} repository paths found`);
    assert.ok(short >= 50, `only ${short} short names found`);
  });

  it('every repository path of source or test code is a file of the repository', () => {
    const missing = words.filter(isRepositoryPath).filter(({ word }) => !pathExists(word));
    assert.equal(missing.length, 0, `${missing.length} source paths name no file:\n${missing.map(where).join('\n')}`);
  });

  it('every short name in the platform choices’ tables and CONTRIBUTING.md ends a tracked file’s path', () => {
    const missing = words.filter(isShortName).filter(({ word }) => !shortNameExists(word));
    assert.equal(missing.length, 0, `${missing.length} short names match no file:\n${missing.map(where).join('\n')}`);
  });
});
