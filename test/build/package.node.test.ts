/**
 * The package as npm would publish it (dist/ built first when stale):
 *
 * - `npm publish --dry-run` succeeds with no warning about the package;
 * - the tarball (`npm pack --dry-run`) holds every file the entries and the types need, and nothing
 *   else: no tests, no sources, no demo pages, no key file nor any PEM private-key block;
 * - `dependencies` and the peers (React, node-redis) are exactly what the Node-side files import; the
 *   browser's files import nothing but each other; nothing of the emulator (its entry, its command,
 *   its packages) is left: it is the package pay-checkout-sandbox (sandbox-package.node.test.ts);
 * - each public entry exports exactly what its source module exports: no minified internal names;
 *   tsconfig.json's paths (the self-reference of demo/ and scripts/) name the same entries' sources.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  importsNotPacked,
  isBuiltin,
  isRelative,
  normalize,
  packageOf,
  publishedPackage,
  targetsOf,
} from './published.js';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { exportsOf, importsOf } from '../../scripts/bundle-sizes.js';

const root = new URL('../../', import.meta.url);

interface PackageJson {
  name: string;
  private?: boolean;
  license?: string;
  exports: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>;
  types: string;
  module: string;
  typesVersions: Record<string, Record<string, string[]>>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  'web-types': string;
  'vscode.html-custom-data': string;
  'vscode.css-custom-data': string;
}
const { pkg, read, packedFiles, assertPublishes } = publishedPackage<PackageJson>(root);

describe('the package as published', () => {
  let packed: string[];

  before(async () => {
    await ensureBuilt();
    packed = await packedFiles();
  });

  it('`npm publish --dry-run` succeeds with no warning about the package', async () => {
    assert.equal(pkg.private, undefined, 'no "private": npm refuses to publish a private package');
    await assertPublishes();
  });

  it('the tarball holds only the builds, their types, the manifest and the README', () => {
    const allowed = (path: string) =>
      ['package.json', 'README.md', 'LICENSE', 'custom-elements.json'].includes(path) ||
      /^dist\/[\w/.-]+\.js$/.test(path) ||
      /^dist\/types\/[\w/.-]+\.d\.ts$/.test(path) ||
      // Generated from the manifest: each framework's types, the editors' data.
      /^dist\/frameworks\/[\w.-]+\.(d\.ts|json)$/.test(path);
    assert.deepEqual(
      packed.filter((path) => !allowed(path)),
      [],
    );
    assert.deepEqual(
      packed.filter(
        (path) =>
          /(^|\/)test\/|\.test\.|(^|\/)src\/.*\.tsx?$|\.html$|\.map$/.test(path) && !path.startsWith('dist/types/'),
      ),
      [],
      'no tests, sources, pages or maps',
    );
    assert.deepEqual(
      packed.filter((path) => /\.(pem|key|p12|pfx)$/.test(path)),
      [],
      'no key file: the demo merchant’s keys are a module of the sandbox',
    );
    assert.ok(!packed.some((path) => path.startsWith('dist/types/test/') || path.startsWith('dist/types/scripts/')));
  });

  it('every file the exports and the types name is in the tarball, with everything it imports', () => {
    const named = [
      ...Object.values(pkg.exports).flatMap(targetsOf),
      pkg.types,
      pkg.module,
      ...Object.values(pkg.typesVersions['*']!).flat(),
      // Where editors look: JetBrains' web-types, VS Code's custom data.
      pkg['web-types'],
      pkg['vscode.html-custom-data'],
      pkg['vscode.css-custom-data'],
    ].map(normalize);
    assert.deepEqual(
      named.filter((path) => !packed.includes(path)),
      [],
      'named by package.json but not packed',
    );

    assert.deepEqual(importsNotPacked(packed, read), []);
  });

  it('nothing of the emulator: no bin, no sandbox entry or file, none of its packages (pay-checkout-sandbox has them)', () => {
    assert.equal(pkg.bin, undefined);
    assert.deepEqual(
      Object.keys(pkg.exports).filter((subpath) => /sandbox/.test(subpath)),
      [],
    );
    assert.deepEqual(
      packed.filter((path) => /sandbox/.test(path)),
      [],
    );
    const declared = { ...pkg.dependencies, ...pkg.peerDependencies };
    for (const name of ['hono', '@hono/node-server', 're2js', 'pay-checkout-sandbox'])
      assert.equal(declared[name], undefined, `${name} is not a dependency nor a peer of pay-checkout`);
  });

  it('no packed file holds a PEM private-key block, which secret scanners flag (the demo key is armoured at run time)', () => {
    const block = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
    assert.deepEqual(
      packed.filter((path) => block.test(read(path))),
      [],
    );
  });

  it('`dependencies` and the peers are exactly what the Node-side files import; the browser files import only each other', () => {
    const nodeSide = packed.filter((path) => /^dist\/(node\/.*|react|server)\.js$/.test(path));
    const browser = packed.filter((path) => /^dist\/[^/]+\.js$/.test(path) && !nodeSide.includes(path));
    assert.ok(nodeSide.length >= 3 && browser.includes('dist/pay-checkout.js') && browser.includes('dist/index.js'));

    const imported = new Map<string, string[]>();
    for (const file of nodeSide) {
      const imports = importsOf(file, read(file));
      for (const specifier of [...imports.static, ...imports.dynamic]) {
        if (isRelative(specifier) || isBuiltin(specifier)) continue;
        const name = packageOf(specifier);
        imported.set(name, [...(imported.get(name) ?? []), file]);
      }
    }
    imported.delete(pkg.name); // react.js imports the element through the package's own entry
    const declared = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].sort();
    assert.deepEqual(
      [...imported.keys()].sort(),
      declared,
      `imported at run time: ${JSON.stringify(Object.fromEntries(imported))}`,
    );

    const bare = browser.flatMap((file) => {
      const imports = importsOf(file, read(file));
      return [...imports.static, ...imports.dynamic]
        .filter((specifier) => !isRelative(specifier))
        .map((specifier) => `${file}: ${specifier}`);
    });
    assert.deepEqual(bare, [], 'the browser build is self-contained');
  });
});

describe('the public entries export their source modules’ names, no internal ones', () => {
  before(ensureBuilt);

  /** The value names a source module exports, as Node sees them (tsx compiles it). */
  const sourceExports = async (path: string) =>
    Object.keys((await import(fileURLToPath(new URL(path, root)))) as object).sort();
  const builtExports = (path: string) => exportsOf(path, read(path)).sort();
  const entries: [subpath: string, built: string, source: string][] = [
    ['.', 'dist/node/pay-checkout.js', 'src/pay-checkout.ts'],
    ['.', 'dist/index.js', 'src/pay-checkout.ts'],
    ['./react', 'dist/react.js', 'src/react/index.ts'],
    ['./server', 'dist/server.js', 'src/server/index.ts'],
  ];

  for (const [subpath, built, source] of entries) {
    it(`"${subpath}" (${built}) exports exactly what ${source} exports`, async () => {
      assert.ok(
        targetsOf(pkg.exports[subpath]!).map(normalize).includes(built),
        `exports["${subpath}"] names ${built}`,
      );
      assert.deepEqual(builtExports(built), await sourceExports(source));
    });
  }

  it('tsconfig.json maps the package’s self-reference (demo/, scripts/) to the sources of exactly these entries, and the emulator’s package to its entry’s', async () => {
    const ts = (await import('typescript')).default;
    const { config, error } = ts.readConfigFile(fileURLToPath(new URL('tsconfig.json', root)), ts.sys.readFile);
    assert.equal(error, undefined);
    // Code entries: not data (.json), and not the types-only entries of the frameworks (jsx, vue, svelte).
    const typesOnly = (target: unknown) =>
      typeof target === 'object' && target !== null && Object.keys(target).every((condition) => condition === 'types');
    const codeSubpaths = Object.keys(pkg.exports).filter(
      (subpath) => !/\.json$/.test(subpath) && !typesOnly(pkg.exports[subpath]),
    );
    const sources = new Map(entries.map(([subpath, , source]) => [subpath, source]));
    assert.deepEqual(
      [...sources.keys()].sort(),
      codeSubpaths.sort(),
      'every code entry of exports has its source in the table above',
    );
    const expected = Object.fromEntries(
      codeSubpaths.map((subpath) => [posix.join(pkg.name, subpath), [`./${sources.get(subpath)}`]]),
    );
    // The workspace's package has one code entry, `.`: its source is its src/index.ts.
    const sandbox = JSON.parse(read('packages/sandbox/package.json')) as PackageJson;
    assert.deepEqual(
      Object.keys(sandbox.exports).filter((subpath) => !/\.json$/.test(subpath)),
      ['.'],
    );
    expected[sandbox.name] = ['./packages/sandbox/src/index.ts'];
    assert.deepEqual(config.compilerOptions.paths, expected);
  });

  it('dist/pay-checkout.js, the script-tag file, adds only the bindings its own lazy chunks import from it', async () => {
    const publicNames = await sourceExports('src/pay-checkout.ts');
    const exported = builtExports('dist/pay-checkout.js');
    assert.deepEqual(
      exported.filter((name) => publicNames.includes(name)),
      publicNames,
    );
    const importedByChunks = new Set<string>();
    for (const file of readdirSync(new URL('dist/', root)).filter(
      (name) => name.endsWith('.js') && name !== 'pay-checkout.js',
    )) {
      for (const match of read(`dist/${file}`).matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["']\.\/pay-checkout\.js["']/g,
      )) {
        for (const binding of match[1]!.split(',')) importedByChunks.add(binding.trim().split(/\s+as\s+/)[0]!);
      }
    }
    assert.deepEqual(
      exported.filter((name) => !publicNames.includes(name) && !importedByChunks.has(name)),
      [],
    );
  });
});
