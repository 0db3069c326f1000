/**
 * pay-checkout-sandbox from its packed tarball, as a developer meets it, each in an empty folder
 * (npm from its cache, the registry only for what is missing there):
 *
 * - `npx file:<tarball>` serves the platform and the dashboard, and stops on SIGTERM;
 * - `npm i <tarball>` installs it with its own dependencies only (nothing of pay-checkout, no lit),
 *   and `npx pay-checkout-sandbox` then does the same; its verbs drive it;
 * - the element's package, installed on its own, brings no emulator package (hono,
 *   @hono/node-server, re2js).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { freePort } from '../server/redis-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** A process in someone else's folder: none of this repository's npm or tsx settings. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|NODE_OPTIONS$|NODE_PATH$|INIT_CWD$|TSX_)/i.test(name)) env[name] = value;
  return { ...env, ...extra };
}

const run = (command: string, args: string[], cwd: string, timeout = 180_000) =>
  promisify(execFile)(command, args, { cwd, env: cleanEnv(), timeout, maxBuffer: 32 << 20 }).then(
    ({ stdout, stderr }) => ({ ok: true, stdout, stderr }),
    (error: { stdout?: string; stderr?: string; message: string; code?: number }) => ({
      ok: false,
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''}\n${error.message}`,
      code: error.code,
    }),
  );

const emptyFolder = () => mkdtempSync(join(tmpdir(), 'pay-checkout-sandbox-npx-'));
const folders: string[] = [];

/**
 * Starts a command that serves the emulator on a free port, waits for its banner, checks that it
 * serves the platform and the dashboard, runs `meanwhile`, and stops it with SIGTERM (it must exit 0).
 */
async function servesPlatformAndDashboard(
  command: string,
  args: string[],
  cwd: string,
  meanwhile: (url: string) => Promise<void> = async () => {},
) {
  const port = await freePort();
  // A group of its own: npx runs the bin in a shell of its own and does not pass SIGTERM on, so the
  // signal goes to the whole group, as a terminal's Ctrl-C would.
  const child = spawn(command, args, { cwd, env: cleanEnv({ PORT: String(port) }), detached: true });
  const group = -child.pid!;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    const url = `http://127.0.0.1:${port}`;
    const banner = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.includes('listening on')) resolve(line);
      });
      void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${stderr}`)));
    });
    assert.ok(banner.endsWith(url), banner);

    const page = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<sandbox-dashboard>/);
    const script = await fetch(`${url}/__sandbox/dashboard/dashboard.js`);
    assert.equal(script.status, 200, 'the dashboard’s script ships in the package');
    assert.match(script.headers.get('content-type')!, /^text\/javascript/);
    assert.match(await script.text(), /sandbox-dashboard/);

    const headers = { 'Content-Type': 'application/json', 'X-API-Version': '2' };
    const { token } = (await (
      await fetch(`${url}/auth-tokens`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ merchantCode: 'demo-merchant', secret: 'demo-secret', operations: ['POST /payins/.*'] }),
      })
    ).json()) as { token: string };
    const created = await fetch(`${url}/payins/npx-1`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        // Amount 1 stays PROCESSING until it expires: there is something left to settle.
        paymentRequested: { money: { amount: 1, currencyCode: 'INR' } },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
      }),
    });
    assert.equal(created.status, 200, await created.clone().text());
    await meanwhile(url);
  } finally {
    process.kill(group, 'SIGTERM');
    await exited;
    // The emulator stops on SIGTERM: its port no longer answers. Nothing of the group outlives the test.
    await assert.rejects(fetch(`http://127.0.0.1:${port}/__sandbox/clock`, { signal: AbortSignal.timeout(10_000) }));
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
}

describe('pay-checkout-sandbox, packed, in an empty folder', () => {
  let tarball: string;

  before(async () => {
    await ensureBuilt();
    const packs = emptyFolder();
    folders.push(packs);
    const pack = await run(
      npm,
      ['pack', '--pack-destination', packs, '--ignore-scripts', '--json'],
      join(root, 'packages/sandbox'),
    );
    assert.ok(pack.ok, pack.stderr);
    tarball = join(packs, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
  });
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('`npx file:<tarball>` serves the platform and the dashboard', { timeout: 300_000 }, async () => {
    const folder = emptyFolder();
    folders.push(folder);
    // file: makes the path a package to npx (a bare path is a command to run).
    await servesPlatformAndDashboard(npx, ['--yes', '--prefer-offline', `file:${tarball}`], folder);
    assert.deepEqual(readdirSync(folder), [], 'npx leaves the folder as it was');
  });

  it(
    '`npm i <tarball>` brings its own dependencies only; `npx pay-checkout-sandbox` serves, and its verbs drive it',
    { timeout: 300_000 },
    async () => {
      const folder = emptyFolder();
      folders.push(folder);
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'a-shop', private: true }));
      const install = await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], folder);
      assert.ok(install.ok, install.stderr);
      const installed = readdirSync(join(folder, 'node_modules')).filter((name) => !name.startsWith('.'));
      for (const name of ['pay-checkout-sandbox', 'hono', '@hono', 're2js', 'zod', 'jose'])
        assert.ok(installed.includes(name), name);
      for (const name of ['pay-checkout', 'lit', 'lean-qr', '@lit'])
        assert.ok(!installed.includes(name), `${name} is not installed`);

      const help = await run(npx, ['pay-checkout-sandbox', '--help'], folder);
      assert.ok(help.ok, help.stderr);
      assert.match(help.stdout, /pay-checkout-sandbox settle <id> SUCCESS\|FAILED\|REFUSED/);

      await servesPlatformAndDashboard(npx, ['pay-checkout-sandbox'], folder, async (url) => {
        const settled = await run(npx, ['pay-checkout-sandbox', 'settle', 'npx-1', 'REFUSED', '--url', url], folder);
        assert.ok(settled.ok, settled.stderr);
        assert.match(settled.stdout, /^payin npx-1 \(demo-merchant\) is REFUSED now/);
        const clock = await run(npx, ['pay-checkout-sandbox', 'clock', '+2h', '--url', url], folder);
        assert.ok(clock.ok, clock.stderr);
        assert.match(clock.stdout, /^Moved 2 h forward/);

        const missing = await run(npx, ['pay-checkout-sandbox', 'settle', 'nobody', 'SUCCESS', '--url', url], folder);
        assert.equal(missing.ok, false);
        assert.match(missing.stderr, /No payin, top-up or payout "nobody" exists in this emulator/);
      });
    },
  );

  it('the element’s package, installed on its own, brings no emulator package', { timeout: 300_000 }, async () => {
    const packs = emptyFolder();
    const folder = emptyFolder();
    folders.push(packs, folder);
    const pack = await run(npm, ['pack', '--pack-destination', packs, '--ignore-scripts', '--json'], root);
    assert.ok(pack.ok, pack.stderr);
    const element = join(packs, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'a-shop', private: true }));
    const install = await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', element], folder);
    assert.ok(install.ok, install.stderr);
    assert.ok(existsSync(join(folder, 'node_modules/pay-checkout/dist/pay-checkout.js')));
    for (const name of ['hono', '@hono/node-server', 're2js', 'pay-checkout-sandbox'])
      assert.ok(!existsSync(join(folder, 'node_modules', name)), `${name} is not installed`);
  });
});
