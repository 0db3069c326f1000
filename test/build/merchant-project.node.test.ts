/**
 * The package in a merchant's own project: `npm pack` of pay-checkout and of the emulator's own
 * package (pay-checkout-sandbox), then a fresh example project in a temporary folder installs both
 * tarballs and @playwright/test with npm (from the cache that `npm ci` filled; the registry when
 * something is missing), as the README says, and runs the
 * Playwright suite of test/build/merchant-project/ as a merchant would: `npx pay-checkout-sandbox`
 * and the shop (shop.js: tokens minted with `pay-checkout/server`, the element served from the
 * installed package) start as Playwright web servers on free ports, and a UPI QR payment is paid
 * to success in Chromium. docs/sandbox.md shows these same files (test/docs/examples.node.test.ts
 * checks that they are).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { freePort } from '../server/redis-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = new URL('merchant-project/', import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** CHROME_PATH, else the system's Chromium, else the one Playwright would download. */
const chromiumPath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const playwrightVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/@playwright/test/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** npm's warnings about this machine (an unknown key in ~/.npmrc), not about what is installed. */
const ENVIRONMENT_WARNING = /^npm warn Unknown (user|global|builtin|env) config/;

/** The environment of a process in the merchant's project: none of this repository's npm or tsx settings. */
function merchantEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|NODE_OPTIONS$|NODE_PATH$|INIT_CWD$|TSX_)/i.test(name)) env[name] = value;
  return { ...env, ...extra };
}

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout: number) =>
  promisify(execFile)(command, args, { cwd, env, timeout, maxBuffer: 32 << 20 }).then(
    ({ stdout, stderr }) => ({ ok: true, stdout, stderr }),
    (error: { stdout?: string; stderr?: string; message: string }) => ({
      ok: false,
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''}\n${error.message}`,
    }),
  );

describe('a merchant’s project with the packed package', () => {
  let project: string;

  before(async () => {
    await ensureBuilt();
    project = mkdtempSync(join(tmpdir(), 'pay-checkout-merchant-'));
  });
  after(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it(
    'installs the tarball, starts `npx pay-checkout-sandbox` and pays to success in a Playwright test',
    { timeout: 180_000 },
    async () => {
      const tarballOf = async (packageDir: string) => {
        const pack = await run(
          npm,
          ['pack', '--pack-destination', project, '--ignore-scripts', '--json'],
          packageDir,
          merchantEnv({}),
          60_000,
        );
        assert.ok(pack.ok, pack.stderr);
        return (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename;
      };
      const tarball = await tarballOf(root);
      const sandboxTarball = await tarballOf(join(root, 'packages/sandbox'));

      cpSync(example, project, { recursive: true });
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify(
          {
            name: 'example-shop',
            private: true,
            type: 'module',
            scripts: { test: 'playwright test' },
            dependencies: { 'pay-checkout': `file:./${tarball}` },
            devDependencies: {
              '@playwright/test': playwrightVersion,
              'pay-checkout-sandbox': `file:./${sandboxTarball}`,
            },
          },
          null,
          2,
        ),
      );

      const install = await run(
        npm,
        ['install', '--prefer-offline', '--no-audit', '--no-fund'],
        project,
        merchantEnv({}),
        120_000,
      );
      assert.ok(install.ok, `npm install failed:\n${install.stderr}`);
      const warnings = install.stderr
        .split('\n')
        .filter((line) => /^npm (warn|error)/i.test(line) && !ENVIRONMENT_WARNING.test(line));
      assert.deepEqual(warnings, [], 'the merchant’s install is free of warnings');

      const [sandboxPort, shopPort] = await Promise.all([freePort(), freePort()]);
      const env = merchantEnv({
        CI: '1',
        SANDBOX_PORT: String(sandboxPort),
        SHOP_PORT: String(shopPort),
        ...(chromiumPath ? { CHROME_PATH: chromiumPath } : {}),
      });
      const playwright = await run(
        npx,
        ['playwright', 'test', '--config', 'playwright.ci.config.js', '--reporter=line'],
        project,
        env,
        120_000,
      );
      assert.ok(playwright.ok, `npx playwright test failed:\n${playwright.stdout}\n${playwright.stderr}`);
      assert.match(playwright.stdout, /\b2 passed\b/, playwright.stdout);
    },
  );
});
