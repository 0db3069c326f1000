/**
 * What the tests of a package as npm would publish it share, for this repository's package and the
 * emulator's (packages/sandbox/): npm run in the package's folder with no registry it could reach,
 * the files `npm pack` would take, npm's warnings about the package (not about this machine), and
 * the names of the specifiers its built files and declarations import.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { importsOf } from '../../scripts/bundle-sizes.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm's warnings that are about this machine, not the package: an unknown key in ~/.npmrc, no login. */
const ENVIRONMENT_WARNING =
  /^npm warn (Unknown (user|global|builtin|env) config|publish This command requires you to be logged in)/;

/** A package's folder, as npm publishes it. */
export function publishedPackage<PackageJson extends { name: string }>(root: URL) {
  const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
  /**
   * npm with no registry it could reach: nothing is published, and the test runs offline (publish
   * --dry-run still asks the registry whether the version exists; refused at once, it goes on).
   * npm's own log level, not the one `npm run --silent` hands its children: the test reads npm's output.
   */
  const runNpm = (args: string[]) =>
    promisify(execFile)(
      npm,
      [...args, '--registry', 'http://127.0.0.1:9/', '--fetch-retries=0', '--no-update-notifier', '--loglevel=notice'],
      { cwd: fileURLToPath(root), maxBuffer: 16 << 20 },
    );
  const pkg = JSON.parse(read('package.json')) as PackageJson;
  return {
    pkg,
    read,
    /** The files `npm pack` would take, sorted. */
    async packedFiles(): Promise<string[]> {
      const { stdout } = await runNpm(['pack', '--dry-run', '--json', '--ignore-scripts']);
      return (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path).sort();
    },
    /** `npm publish --dry-run` succeeds, names the package, and warns of nothing about it. */
    async assertPublishes(): Promise<void> {
      const { stdout, stderr } = await runNpm(['publish', '--dry-run']).catch(
        (error: { stdout: string; stderr: string; message: string }) => {
          assert.fail(`npm publish --dry-run failed:\n${error.stderr || error.message}`);
        },
      );
      assert.match(stdout, new RegExp(`^\\+ ${pkg.name}@`, 'm'));
      assert.deepEqual(
        stderr.split('\n').filter((line) => /^npm (warn|error|ERR)/i.test(line) && !ENVIRONMENT_WARNING.test(line)),
        [],
      );
    },
  };
}

export const normalize = (path: string) => posix.normalize(path).replace(/^\.\//, '');
export const targetsOf = (entry: string | Record<string, string>) =>
  typeof entry === 'string' ? [entry] : Object.values(entry);

/** The package a bare specifier names: `lit/decorators.js` → `lit`, `@lit/react` → `@lit/react`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
export const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);
export const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/** Specifiers of a declaration file: `from 'x'`, `import('x')`, `import 'x'`; not those its doc comments show. */
export const declarationImports = (code: string) =>
  [
    ...code.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm),
  ].map((match) => match[1]!);

/** `file → specifier` for each relative import of a packed file (built or declaration) that is not packed itself. */
export function importsNotPacked(packed: string[], read: (path: string) => string): string[] {
  const missing: string[] = [];
  const check = (file: string, specifier: string, target: string) => {
    if (!packed.includes(target)) missing.push(`${file} → ${specifier}`);
  };
  for (const file of packed.filter((path) => path.endsWith('.js'))) {
    const imports = importsOf(file, read(file));
    for (const specifier of [...imports.static, ...imports.dynamic].filter(isRelative))
      check(file, specifier, posix.join(posix.dirname(file), specifier));
  }
  for (const file of packed.filter((path) => path.endsWith('.d.ts')))
    for (const specifier of declarationImports(read(file)).filter(isRelative))
      check(file, specifier, posix.join(posix.dirname(file), specifier).replace(/\.js$/, '.d.ts'));
  return missing;
}
