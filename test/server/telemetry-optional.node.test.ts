/**
 * `@opentelemetry/api` is an optional peer of pay-checkout: a merchant who has not installed it
 * imports `pay-checkout/server` and runs a checkout and a callback as ever, with nothing reported.
 * Checked in a Node whose module resolution cannot find the package (a resolve hook answers as
 * Node does for a package that is not installed).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEMO_MERCHANT_CODE, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

const hideOpenTelemetry = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(`
    export async function resolve(specifier, context, next) {
      if (!specifier.startsWith('@opentelemetry/')) return next(specifier, context);
      const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
  `)}));
`)}`;

const script = `
  const hidden = await import('@opentelemetry/api').then(() => false, () => true);
  const server = await import('./src/server/index.ts');
  const backend = server.createCheckoutBackend({
    platformUrl: process.env.PLATFORM_URL,
    merchantCode: process.env.MERCHANT_CODE,
    privateKey: process.env.MERCHANT_KEY,
    prefix: '/pay',
    callbackUrl: 'http://127.0.0.1:9/pay/callbacks',
    provideOptions: false,
    order: () => ({ idPayin: 'o-' + Date.now(), money: { amount: 60, currencyCode: 'INR' } }),
  });
  const checkout = await backend.fetch(new Request('http://shop.test/pay/checkouts', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
  }));
  const answer = await checkout.json();
  const callback = await backend.fetch(new Request('http://shop.test/pay/callbacks', {
    method: 'POST', body: JSON.stringify({ type: 'PAYIN_STATUS_CHANGED', idPayin: answer.idPayin }),
  }));
  await backend.close();
  console.log(JSON.stringify({ hidden, checkout: checkout.status, token: typeof answer.token, callback: callback.status }));
`;

let platform: TestSandbox;
before(async () => {
  platform = await startSandbox();
});
after(() => platform.sandbox.close());

describe('@opentelemetry/api is optional', () => {
  it('package.json: an optional peer, not a dependency', () => {
    assert.equal(pkg.dependencies['@opentelemetry/api'], undefined);
    assert.ok(pkg.peerDependencies['@opentelemetry/api']);
    assert.equal(pkg.peerDependenciesMeta['@opentelemetry/api']?.optional, true);
  });

  it('without it, pay-checkout/server imports and serves a checkout and a callback', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', hideOpenTelemetry, '--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: root,
        timeout: 30_000,
        env: {
          ...process.env,
          PLATFORM_URL: platform.sandbox.url,
          MERCHANT_CODE: DEMO_MERCHANT_CODE,
          MERCHANT_KEY: demoPrivateKey,
        },
      },
    );
    assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop()!), {
      hidden: true,
      checkout: 201,
      token: 'string',
      callback: 200,
    });
  });
});
