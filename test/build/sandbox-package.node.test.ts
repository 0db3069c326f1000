/**
 * The emulator's own package, pay-checkout-sandbox (packages/sandbox/), as npm would publish it
 * (built first when stale):
 *
 * - `npm publish --dry-run` succeeds with no warning about the package;
 * - the tarball holds its builds (library, command, dashboard), their types, package.json and the
 *   README, nothing else: no sources, no tests, no key file nor any PEM private-key block;
 * - every file package.json names is packed with everything it imports, and the built files never
 *   reach outside the package (nothing of pay-checkout: what it takes from this repository's source
 *   is bundled in);
 * - `dependencies` are exactly what its Node-side files import, hono, @hono/node-server and re2js
 *   among them; every package its types name is one of them; the dashboard's script imports nothing;
 * - the entry exports exactly what its source module exports.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  declarationImports,
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

const root = new URL('../../packages/sandbox/', import.meta.url);

interface PackageJson {
  name: string;
  private?: boolean;
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
  types: string;
  files: string[];
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const { pkg, read, packedFiles, assertPublishes } = publishedPackage<PackageJson>(root);

describe('pay-checkout-sandbox as published', () => {
  let packed: string[];

  before(async () => {
    await ensureBuilt();
    packed = await packedFiles();
  });

  it('`npm publish --dry-run` succeeds with no warning about the package', async () => {
    assert.equal(pkg.private, undefined);
    await assertPublishes();
  });

  it('the tarball holds its builds, their types, package.json and the README, nothing else', () => {
    const allowed = (path: string) =>
      ['package.json', 'README.md'].includes(path) ||
      /^dist\/[\w.-]+\.js$/.test(path) ||
      /^dist\/dashboard\/[\w.-]+\.js$/.test(path) ||
      /^dist\/types\/[\w/.-]+\.d\.ts$/.test(path);
    assert.deepEqual(
      packed.filter((path) => !allowed(path)),
      [],
    );
    for (const file of ['README.md', 'dist/index.js', 'dist/cli.js', 'dist/dashboard/dashboard.js'])
      assert.ok(packed.includes(file), file);
    assert.deepEqual(
      packed.filter(
        (path) => /\.(pem|key|p12|pfx)$/.test(path) || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(read(path)),
      ),
      [],
      'no key file and no PEM private-key block: the demo keys are armoured at run time',
    );
  });

  it('every file package.json names is packed, with everything it imports, and nothing reaches outside the package', () => {
    const named = [...Object.values(pkg.exports).flatMap(targetsOf), ...Object.values(pkg.bin), pkg.types].map(
      normalize,
    );
    assert.deepEqual(
      named.filter((path) => !packed.includes(path)),
      [],
      'named by package.json but not packed',
    );
    const ofPayCheckout = packed
      .filter((path) => path.endsWith('.js'))
      .flatMap((file) => {
        const imports = importsOf(file, read(file));
        return [...imports.static, ...imports.dynamic]
          .filter((specifier) => specifier === 'pay-checkout' || specifier.startsWith('pay-checkout/'))
          .map((specifier) => `${file} → ${specifier}`);
      });
    assert.deepEqual([...ofPayCheckout, ...importsNotPacked(packed, read)], []);
  });

  it('the bin `pay-checkout-sandbox` is a Node script', () => {
    assert.deepEqual(Object.keys(pkg.bin), ['pay-checkout-sandbox']);
    assert.match(read(pkg.bin['pay-checkout-sandbox']!), /^#!\/usr\/bin\/env node\n/);
  });

  it('`dependencies` are exactly what its Node-side files import, the emulator’s three among them; the dashboard’s script imports nothing', () => {
    const nodeSide = packed.filter((path) => /^dist\/[\w.-]+\.js$/.test(path));
    const imported = new Map<string, string[]>();
    for (const file of nodeSide) {
      const imports = importsOf(file, read(file));
      for (const specifier of [...imports.static, ...imports.dynamic]) {
        if (isRelative(specifier) || isBuiltin(specifier)) continue;
        imported.set(packageOf(specifier), [...(imported.get(packageOf(specifier)) ?? []), file]);
      }
    }
    assert.deepEqual(
      [...imported.keys()].sort(),
      Object.keys(pkg.dependencies).sort(),
      `imported at run time: ${JSON.stringify(Object.fromEntries(imported))}`,
    );
    for (const name of ['hono', '@hono/node-server', 're2js']) assert.ok(pkg.dependencies[name], name);
    assert.equal(pkg.peerDependencies, undefined, 'no peers: an install has everything the emulator needs');

    const dashboard = packed.filter((path) => path.startsWith('dist/dashboard/'));
    const bare = dashboard.flatMap((file) => {
      const imports = importsOf(file, read(file));
      return [...imports.static, ...imports.dynamic].filter((specifier) => !isRelative(specifier));
    });
    assert.deepEqual(bare, [], 'the dashboard’s script is self-contained (lit bundled in)');
  });

  it('every package its types reach is a dependency, so they resolve in a merchant’s project', () => {
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const specifier of declarationImports(read(file))) {
        if (isRelative(specifier)) visit(posix.join(posix.dirname(file), specifier).replace(/\.js$/, '.d.ts'));
        else if (!isBuiltin(specifier)) packages.add(packageOf(specifier));
      }
    };
    visit(normalize(pkg.types));
    assert.ok(reached.size > 1);
    assert.deepEqual(
      [...packages].filter((name) => !pkg.dependencies[name]),
      [],
    );
  });

  it('the entry exports exactly what its source module exports', async () => {
    const built = normalize(targetsOf(pkg.exports['.']!).find((target) => target.endsWith('.js'))!);
    const source = (await import(fileURLToPath(new URL('src/index.ts', root)))) as object;
    assert.deepEqual(exportsOf(built, read(built)).sort(), Object.keys(source).sort());
  });
});
