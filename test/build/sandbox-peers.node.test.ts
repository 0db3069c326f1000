/**
 * hono, @hono/node-server and re2js serve the emulator alone: they are optional peer dependencies
 * of pay-checkout, so an element user's install does not carry them. The built `pay-checkout/sandbox`
 * must then import without them (its table, keys and helpers), and createSandbox — and the
 * command — must say what to install. Checked on dist/ as merchants get it, in a Node whose module
 * resolution cannot find those three packages (a resolve hook answers as Node does for a package
 * that is not installed).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { EMULATOR_PACKAGES, emulatorLoadError } from '../../src/sandbox/load-emulator.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

const hideEmulatorPackages = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(`
    const HIDDEN = /^(hono|@hono\\/node-server|re2js)(\\/|$)/;
    export async function resolve(specifier, context, next) {
      if (!HIDDEN.test(specifier)) return next(specifier, context);
      const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
      const error = new Error("Cannot find package '" + name + "' imported from " + context.parentURL);
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
  `)}));
`)}`;

/** Runs a script in a Node that cannot resolve the emulator's packages; its output and exit code. */
async function withoutEmulatorPackages(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', hideEmulatorPackages, ...args],
      { cwd: root, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const INSTALL = `npm install --save-dev ${EMULATOR_PACKAGES.join(' ')}`;

describe('the emulator’s packages are optional peers', () => {
  before(ensureBuilt);

  it('package.json: optional peers, not dependencies', () => {
    for (const name of EMULATOR_PACKAGES) {
      assert.equal(pkg.dependencies[name], undefined, name);
      assert.ok(pkg.peerDependencies[name], name);
      assert.equal(pkg.peerDependenciesMeta[name]?.optional, true, name);
    }
  });

  it('without them, dist/sandbox.js imports and its data works; createSandbox names what to install', async () => {
    const script = `
      const sandbox = await import('./dist/sandbox.js');
      console.log(JSON.stringify({ refused: sandbox.SCENARIO_AMOUNTS.refused, key: sandbox.DEMO_PRIVATE_KEY.length > 0, port: sandbox.sandboxOptionsFromEnv({ PORT: '9' }).port }));
      await sandbox.createSandbox({ port: 0, log: false }).then(
        () => { console.log('started'); process.exit(0); },
        (error) => { console.log(error.message); process.exit(3); },
      );`;
    const { code, stdout } = await withoutEmulatorPackages(['--input-type=module', '-e', script]);
    const [data, message] = stdout.trim().split('\n');
    assert.deepEqual(JSON.parse(data!), { refused: 48, key: true, port: 9 });
    assert.equal(code, 3, stdout);
    assert.match(message!, /^pay-checkout\/sandbox needs the emulator's packages/);
    assert.ok(message!.endsWith(INSTALL), message);
  });

  it('without them, `pay-checkout-sandbox` exits 1 and names what to install', async () => {
    const { code, stderr } = await withoutEmulatorPackages(['dist/sandbox-cli.js']);
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`The sandbox could not start: .*${INSTALL.replace(/[/@-]/g, '\\$&')}`));
  });

  it('any other failure to load passes through as it is', () => {
    const other = Object.assign(new Error("Cannot find package 'left-pad' imported from x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    assert.equal(emulatorLoadError(other), other);
    const syntax = new SyntaxError('Unexpected token');
    assert.equal(emulatorLoadError(syntax), syntax);
    const hono = Object.assign(new Error("Cannot find package 'hono' imported from /x/start.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const explained = emulatorLoadError(hono) as Error;
    assert.notEqual(explained, hono);
    assert.equal(explained.cause, hono);
    assert.match(explained.message, /\(hono missing\)/);
  });
});
