/**
 * The second half of `npm run typecheck`: dependency-cruiser checks the import rules of
 * .dependency-cruiser.cjs over src/, demo/, scripts/ and test/.
 *
 * dependency-cruiser reads TypeScript through the TypeScript compiler's JavaScript API, and takes
 * the `typescript` it finds beside itself when its version is below 7. This project's `typescript`
 * is 7, the native compiler, which has no JavaScript API; TypeScript 5 is installed too, as
 * `typescript-5` (the types tests use it). Without a compiler it can use, dependency-cruiser skips
 * every .ts file and reports no violation, so this script links `typescript-5` where
 * dependency-cruiser looks (node_modules/dependency-cruiser/node_modules/typescript) when that link
 * is missing (an `npm install` may remove it), checks that the compiler it will load is one it
 * supports, and only then runs it. Plain JavaScript: it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cruiser = join(root, 'node_modules', 'dependency-cruiser');
const cruiserVersion = JSON.parse(readFileSync(join(cruiser, 'package.json'), 'utf8')).version;

/**
 * The TypeScript that dependency-cruiser would load: the nearest node_modules/typescript above it
 * (its own, else the project's), its version, and whether it has the compiler API (lib/typescript.js,
 * which TypeScript 7 no longer ships). Read from the files, not require(): Node caches resolutions.
 */
function typescriptSeenByCruiser() {
  for (const dir of [join(cruiser, 'node_modules', 'typescript'), join(root, 'node_modules', 'typescript')]) {
    if (!existsSync(join(dir, 'package.json'))) continue;
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return { version, api: existsSync(join(dir, 'lib', 'typescript.js')) };
  }
  return undefined;
}

let seen = typescriptSeenByCruiser();
if (!seen?.api || Number(seen.version.split('.')[0]) >= 7) {
  const link = join(cruiser, 'node_modules', 'typescript');
  const target = dirname(createRequire(join(root, 'package.json')).resolve('typescript-5/package.json'));
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { recursive: true, force: true });
  symlinkSync(relative(dirname(link), target), link, 'dir');
  seen = typescriptSeenByCruiser();
}
if (!seen?.api || Number(seen.version.split('.')[0]) >= 7) {
  console.error(`dependency-cruiser ${cruiserVersion} cannot read TypeScript: it sees ${seen ? `typescript ${seen.version}` : 'no typescript'}; it needs one below 7 (devDependency typescript-5).`);
  process.exit(1);
}

const result = spawnSync(process.execPath, [join(cruiser, 'bin', 'dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', 'src', 'demo', 'scripts', 'test'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
