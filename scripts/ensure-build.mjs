/**
 * Tests of the built package call ensureBuilt(): it runs `npm run build` when dist/ is missing or
 * older than what it is built from, and does nothing otherwise (so `npm test`, which builds first,
 * builds once). Node runs test files in parallel processes, so a lock lets one of them build while
 * the others wait for it. Plain JavaScript: web-test-runner.config.mjs uses it too.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.built');
const inputs = [
  'src',
  'packages/sandbox/src',
  'packages/sandbox/package.json',
  'packages/sandbox/tsconfig.build.json',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
  'scripts/build.ts',
];
const lock = join(tmpdir(), `pay-checkout-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`);
const LOCK_STALE_MS = 5 * 60_000;

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Whether dist/ is missing, unfinished, or older than one of its inputs. */
export function isBuildStale() {
  let builtAt;
  try {
    builtAt = statSync(stamp).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestChange(join(root, input)) > builtAt);
}

function takeLock() {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    // A build that died without unlocking.
    if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** Builds the package unless dist/ is up to date. Resolves when dist/ can be read. */
export async function ensureBuilt() {
  while (isBuildStale()) {
    if (takeLock()) {
      try {
        if (isBuildStale())
          await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: root });
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
