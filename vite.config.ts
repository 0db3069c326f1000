/**
 * The package's builds (docs/element.md, "Install"). `npm run build` (scripts/build.ts) runs all of them; a bare
 * `vite build` runs only the first, the browser element.
 *
 * - dist/pay-checkout.js   the element for browsers: everything bundled and minified, one file, plus
 *                          the chunks beside it that load later (payin views, QR encoder, locales).
 * - dist/index.js          the package entry `.` for bundlers: re-exports the public names of
 *                          pay-checkout.js (which also exports bindings for its own lazy chunks).
 * - dist/node/pay-checkout.js  the same entry for Node (`node` condition of `.`): dependencies stay
 *                          imports, so Node gets lit's server build, whose DOM shims let it load.
 * - dist/react.js          the React wrapper; imports react, @lit/react and the element entry.
 * - dist/server.js         the merchant-side helper; no DOM, no lit.
 * - packages/sandbox/dist/  the emulator's own package (pay-checkout-sandbox): its library, its
 *                          command and its dashboard, built from packages/sandbox/src/.
 */
import { transform as esbuildTransform } from 'esbuild';
import ts from 'typescript';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { CORE_ENTRIES, MORE_WORDS } from './src/i18n/word-split.js';

/**
 * The shadow styles ship minified. Lit hands a `css` template to the browser as it is written, so
 * the comments and indentation of the *.styles.ts files would cost every page (about 300 B gzip of
 * the initial load). Each plain css`…` template (no ${…}, no escapes) goes through esbuild's CSS
 * minifier, which keeps modern syntax such as light-dark() as it is (no target is given).
 */
function minifyStyles(): Plugin {
  return {
    name: 'minify-styles',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(/\bcss`([^`$\\]*)`/g)) {
        const { code: minified } = await esbuildTransform(match[1]!, { loader: 'css', minify: true });
        out += `${code.slice(last, match.index)}css\`${tightCustomProperties(minified.trim())}\``;
        last = match.index + match[0].length;
      }
      return last ? { code: out + code.slice(last), map: null } : undefined;
    },
  };
}

/**
 * esbuild keeps a custom property's value as written (`--_a: var(--pay-a, light-dark(#fff, #000))`):
 * the blanks after its colon and around a comma go, as in every other value (a calc()'s operators
 * keep theirs). A value with a quoted string (font names) only loses its leading blank.
 */
function tightCustomProperties(css: string): string {
  return css.replace(/(--[\w-]+):([^;}]*)/g, (_, name: string, value: string) =>
    /["']/.test(value)
      ? `${name}:${value.trim()}`
      : `${name}:${value
          .trim()
          .replace(/\s*,\s*/g, ',')
          .replace(/\(\s+/g, '(')
          .replace(/\s+\)/g, ')')}`,
  );
}

/**
 * The html`…` and svg`…` templates ship without their source indentation: a run of white space
 * that holds a line break becomes one space, which HTML renders the same (no template has a
 * <pre>, a <textarea> or white-space: pre). The templates are found by TypeScript's parser, so
 * nothing else (a message, a cache key) is touched. About 70 B gzip of the initial load and 100 B
 * brotli of the payin views.
 */
function minifyTemplates(): Plugin {
  return {
    name: 'minify-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      const edits: { start: number; end: number; text: string }[] = [];
      const collapse = (node: ts.TemplateLiteralLikeNode) => {
        // The literal's own text, between its delimiters (` or }, and ` or ${).
        const start = node.getStart(source) + 1;
        const end = node.end - (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateTail(node) ? 1 : 2);
        const text = code.slice(start, end);
        const minified = text.replace(/[ \t]*\n\s*/g, ' ');
        if (minified !== text) edits.push({ start, end, text: minified });
      };
      const visit = (node: ts.Node): void => {
        if (
          ts.isTaggedTemplateExpression(node) &&
          ts.isIdentifier(node.tag) &&
          (node.tag.text === 'html' || node.tag.text === 'svg')
        ) {
          const template = node.template;
          if (ts.isNoSubstitutionTemplateLiteral(template)) collapse(template);
          else [template.head, ...template.templateSpans.map((span) => span.literal)].forEach(collapse);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (!edits.length) return;
      let out = '';
      let last = 0;
      for (const edit of edits.sort((a, b) => a.start - b.start)) {
        out += code.slice(last, edit.start) + edit.text;
        last = edit.end;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

/**
 * A bundled locale's two chunks (src/i18n/word-parts.ts): `translations/th.js?words=core` is the
 * translation without MORE_WORDS, `?words=more` those terms alone. The translation file is read as
 * it is (one object literal, the file's default export), found by TypeScript's parser; the part
 * is that object with the other part's properties left out, so helpers the part no longer uses
 * fall away with minification. A keyed table of MORE_WORDS with CORE_ENTRIES (`errors`) is split
 * by entry: those entries stay in the first part, the rest go to the second (localize.ts merges
 * the two tables). The first part also exports `more`, the import() of the second.
 */
function splitWords(): Plugin {
  return {
    name: 'split-words',
    enforce: 'pre',
    transform(code, id) {
      const [, file, part] = /\/src\/i18n\/translations\/([\w-]+)\.ts\?words=(core|more)$/.exec(id) ?? [];
      if (!part) return;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const exported = source.statements.find(ts.isExportAssignment)?.expression;
      const declaration = source.statements
        .filter(ts.isVariableStatement)
        .flatMap((statement) => [...statement.declarationList.declarations])
        .find(
          (candidate) =>
            exported &&
            ts.isIdentifier(exported) &&
            ts.isIdentifier(candidate.name) &&
            candidate.name.text === exported.text,
        );
      const object = declaration?.initializer;
      if (!object || !ts.isObjectLiteralExpression(object))
        throw new Error(`split-words: ${id} does not export one object literal by default`);
      const more = new Set<string>(MORE_WORDS);
      const nameOf = (property: ts.ObjectLiteralElementLike) =>
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? property.name.text
          : undefined;
      const textOf = (property: ts.ObjectLiteralElementLike) => code.slice(property.getStart(source), property.end);
      const parts = object.properties.flatMap((property) => {
        const name = nameOf(property);
        const coreEntries = name === undefined ? undefined : CORE_ENTRIES[name as keyof typeof CORE_ENTRIES];
        if (coreEntries && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
          const entries = property.initializer.properties.filter(
            (entry) => coreEntries.includes(nameOf(entry)!) === (part === 'core'),
          );
          return [`${name}: {${entries.map(textOf).join(',\n')}}`];
        }
        return (name === undefined ? part === 'core' : more.has(name) === (part === 'more')) ? [textOf(property)] : [];
      });
      const text = `{${parts.join(',\n')}}`;
      // The first part brings the loader of the second, so pay-checkout.js names neither.
      const loader = part === 'core' ? `\nexport const more = () => import('./${file}.js?words=more');\n` : '';
      return {
        code: code.slice(0, object.getStart(source)) + text + code.slice(object.end) + loader,
        map: null,
      };
    },
  };
}

/** react.js imports the element through the package's own entry, so the element exists once. */
function elementFromPackage(): Plugin {
  return {
    name: 'element-from-package',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.includes('/src/react/')) return;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved?.id.endsWith('/src/pay-checkout.ts')) return { id: 'pay-checkout', external: true };
    },
  };
}

/** Lazy chunks keep their module's name; a chunk shared by entries is `<prefix>-[hash].js`, private. */
const privateChunkNames =
  (prefix: string) =>
  ({ name, isDynamicEntry }: { name: string; isDynamicEntry: boolean }) =>
    isDynamicEntry ? `${name}-[hash].js` : `${prefix}-[hash].js`;

const library = (entry: string, fileName: string): UserConfig['build'] => ({
  target: 'es2022',
  outDir: 'dist',
  emptyOutDir: false,
  lib: { entry, formats: ['es'], fileName: () => fileName },
});

/**
 * dist/index.js, the package entry `.` for bundlers: the public names of src/pay-checkout.ts,
 * re-exported from pay-checkout.js. The element file itself must stay one request before the
 * element can define itself, so its lazy chunks import what they share with it from it, and it
 * exports those bindings too (under minified names); importing the package by name shows only
 * the public ones.
 */
function publicEntry(fileName: string): Plugin {
  return {
    name: 'public-entry',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk' || !entry.facadeModuleId)
        throw new Error('public-entry: the element build has no entry chunk');
      const names = this.getModuleInfo(entry.facadeModuleId)?.exports ?? [];
      const missing = names.filter((name) => !entry.exports.includes(name));
      if (missing.length || !names.length)
        throw new Error(`public-entry: ${entry.fileName} does not export ${missing.join(', ') || 'anything'}`);
      this.emitFile({
        type: 'asset',
        fileName,
        source: `// The package entry for bundlers: the public names of ./${entry.fileName}, which defines <pay-checkout>.\nexport { ${names.join(', ')} } from './${entry.fileName}';\n`,
      });
    },
  };
}

export const element: UserConfig = {
  plugins: [splitWords(), minifyStyles(), minifyTemplates(), publicEntry('index.js')],
  build: {
    ...library('src/pay-checkout.ts', 'pay-checkout.js'),
    rolldownOptions: {
      // Code both the element and its lazy payin views use stays in pay-checkout.js (which is
      // always loaded first) instead of a third, shared chunk that would be one more request
      // before the element can define itself: this file also exports the bindings its lazy chunk
      // imports. The package entry for bundlers is dist/index.js, with the public names only.
      preserveEntrySignatures: 'allow-extension',
      // Lib mode keeps whitespace in ES output unless the output itself is told to minify.
      // A lazy chunk is named after its module: qr-encoder-[hash].js, th-[hash].js, … and a
      // locale's second part (splitWords) th-more-[hash].js, its top-up words topup-th-[hash].js.
      output: {
        minify: true,
        codeSplitting: {
          groups: [
            // What the element needs to define itself is one file, pay-checkout.js, however many
            // lazy chunks share a module with it: a lazy chunk imports its dependencies as any
            // module does, and those the initial file has are imported from it. Without this group
            // rolldown keeps a module that the entry and several lazy chunks share in a common
            // chunk of its own, one more request before the element exists.
            { name: 'pay-checkout', tags: ['$initial'], priority: 2 },
            // A payment's chunk: creating it and following it (the session's), showing it (the
            // element's), each imported where it is used, all wanted at the same moment: one
            // file, fetched while the shopper fills the form.
            {
              name: 'payment-views',
              test: /\/src\/(checkout\/(create|payment-watch)|components\/pay-checkout\/views\/payment-views)\.ts$/,
              priority: 1,
            },
          ],
        },
        comments: false,
        chunkFileNames: ({ name, facadeModuleId }) =>
          `${facadeModuleId?.includes('/i18n/topup/') ? 'topup-' : ''}${name}${facadeModuleId?.endsWith('?words=more') ? '-more' : ''}-[hash].js`,
      },
    },
  },
};

export const nodeElement: UserConfig = {
  build: {
    target: 'node20',
    outDir: 'dist/node',
    emptyOutDir: false,
    ssr: 'src/pay-checkout.ts',
    rolldownOptions: {
      // In Node a second file costs nothing: what the entry shares with its lazy chunks goes to a
      // private chunk, and the entry exports its public names only.
      preserveEntrySignatures: 'strict',
      output: { entryFileNames: 'pay-checkout.js', chunkFileNames: privateChunkNames('internal') },
    },
  },
};

export const react: UserConfig = {
  plugins: [elementFromPackage()],
  build: {
    ...library('src/react/index.ts', 'react.js'),
    minify: false,
    // A client component for React Server Components frameworks (Next.js): it uses hooks.
    rolldownOptions: { external: ['react', '@lit/react'], output: { banner: "'use client';" } },
  },
};

export const server: UserConfig = {
  build: {
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: false,
    ssr: 'src/server/index.ts',
    rolldownOptions: { output: { entryFileNames: 'server.js' } },
  },
};

/**
 * The emulator's own package, pay-checkout-sandbox (packages/sandbox/), into packages/sandbox/dist/:
 * index.js (createSandbox) and cli.js (the `pay-checkout-sandbox` bin). What it takes from this
 * repository's source (the platform's schemas in src/api/, the server's HTTP helpers) is bundled
 * in, so the package never depends on pay-checkout; its npm dependencies (hono, @hono/node-server,
 * re2js, zod, jose) stay imports. The demo merchant's keys are a module, bundled in: no key file ships.
 */
export const sandbox: UserConfig = {
  build: {
    target: 'node20',
    outDir: 'packages/sandbox/dist',
    emptyOutDir: false,
    ssr: true,
    rolldownOptions: {
      input: { index: 'packages/sandbox/src/index.ts', cli: 'packages/sandbox/src/cli/main.ts' },
      preserveEntrySignatures: 'strict',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'internal-[hash].js',
        banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
};

/**
 * The emulator's dashboard, the one page that loads it: a Lit app bundled whole (lit included)
 * into packages/sandbox/dist/dashboard/dashboard.js, which the emulator serves. Nothing of it is
 * part of the element's bundles.
 */
export const dashboard: UserConfig = {
  plugins: [minifyStyles(), minifyTemplates()],
  build: {
    target: 'es2022',
    outDir: 'packages/sandbox/dist/dashboard',
    emptyOutDir: false,
    lib: { entry: 'packages/sandbox/src/dashboard/ui/index.ts', formats: ['es'], fileName: () => 'dashboard.js' },
    rolldownOptions: { output: { minify: true, comments: false } },
  },
};

export const builds = { element, nodeElement, react, server, sandbox, dashboard };

export default defineConfig(element);
