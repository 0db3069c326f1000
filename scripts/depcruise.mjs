/**
 * The last step of `npm run typecheck`: dependency-cruiser checks the import rules of
 * .dependency-cruiser.cjs over src/, packages/, demo/, scripts/ and test/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cruiser = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const args = [
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err-long',
  'src',
  'packages',
  'demo',
  'scripts',
  'test',
];
const result = spawnSync(process.execPath, [cruiser, ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
