/**
 * `npm run build`: every file the package ships, into a clean dist/ — the bundles of
 * vite.config.ts, their type declarations (tsconfig.build.json) and custom-elements.json
 * (custom-elements-manifest.config.mjs) — and the emulator's package into a clean
 * packages/sandbox/dist/ (its library, command, dashboard and declarations). The declarations and
 * the manifest are made in other processes while Vite bundles. dist/.built is written last:
 * scripts/ensure-build.mjs reads it.
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { builds } from '../vite.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (tool: string, args: string[]) =>
  promisify(execFile)(fileURLToPath(new URL(`../node_modules/.bin/${tool}`, import.meta.url)), args, {
    cwd: root,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`${tool} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
rmSync(new URL('../packages/sandbox/dist', import.meta.url), { recursive: true, force: true });
const declarations = Promise.all([
  run('tsc', ['-p', 'tsconfig.build.json']),
  run('tsc', ['-p', 'packages/sandbox/tsconfig.build.json']),
]);
const manifest = run('cem', ['analyze', '--quiet']);
for (const config of Object.values(builds)) {
  await build({ ...config, root, configFile: false, logLevel: 'warn' });
}
await Promise.all([declarations, manifest]);
writeFileSync(new URL('../dist/.built', import.meta.url), `${new Date().toISOString()}\n`);
console.log(
  'Built dist/ (pay-checkout.js, index.js, node/, react.js, server.js, types/, frameworks/), custom-elements.json and packages/sandbox/dist/ (index.js, cli.js, dashboard/, types/)',
);
