/** The repository's Markdown as the docs tests read it: which files, their links, their anchors, their examples. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

export const root = new URL('../../', import.meta.url);

/** README.md, CONTRIBUTING.md, every page of docs/ and each workspace package's README, as paths from the root. */
export function documents(): string[] {
  const pages = readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const packages = existsSync(new URL('packages/', root))
    ? readdirSync(new URL('packages/', root))
        .map((name) => `packages/${name}/README.md`)
        .filter((path) => existsSync(new URL(path, root)))
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...pages.sort(), ...packages];
}

export const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Every token of a document, depth first: list items, table cells and inline tokens included. */
export function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const inner = token as {
      tokens?: Token[];
      items?: Token[];
      header?: { tokens: Token[] }[];
      rows?: { tokens: Token[] }[][];
    };
    if (inner.tokens) yield* walk(inner.tokens);
    if (inner.items) yield* walk(inner.items);
    if (inner.header) for (const cell of inner.header) yield* walk(cell.tokens);
    if (inner.rows) for (const row of inner.rows) for (const cell of row) yield* walk(cell.tokens);
  }
}

/** The text a heading shows: code spans' and links' text, no Markdown. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      const inner = token as { tokens?: Token[]; text?: string };
      return inner.tokens ? plainText(inner.tokens) : (inner.text ?? '');
    })
    .join('');
}

/** The `#anchors` a document has, as GitHub makes them: each heading's slug (repeats numbered), and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of walk(marked.lexer(markdown))) {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
    if (token.type === 'html')
      for (const match of (token as Tokens.HTML).text.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** Every link and image of a document, in Markdown or in HTML (`href`, `src`). */
export function linksOf(markdown: string): string[] {
  const links: string[] = [];
  for (const token of walk(marked.lexer(markdown))) {
    if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href);
    if (token.type === 'html')
      for (const match of (token as Tokens.HTML).text.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push(match[1]!);
  }
  return links;
}

/** A code block marked as an example (`<!-- example: PATH -->` on the line before it): where it goes, and its code. */
export interface Example {
  document: string;
  path: string;
  lang: string;
  code: string;
}

export function examplesOf(document: string): Example[] {
  const tokens = marked.lexer(read(document)).filter((token) => token.type !== 'space');
  const examples: Example[] = [];
  tokens.forEach((token, index) => {
    const marker = token.type === 'html' ? /^<!-- example: (\S+) -->\s*$/.exec((token as Tokens.HTML).text) : null;
    if (!marker) return;
    const next = tokens[index + 1];
    if (next?.type !== 'code') throw new Error(`${document}: ${marker[0].trim()} is not followed by a code block`);
    const block = next as Tokens.Code;
    examples.push({ document, path: marker[1]!, lang: block.lang ?? '', code: `${block.text}\n` });
  });
  return examples;
}
