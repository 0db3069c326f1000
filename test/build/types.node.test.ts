/**
 * The published types as a merchant's TypeScript project sees them: a small project (written under
 * test/output/, inside this package so that `pay-checkout` resolves to it by name) imports the
 * three entries with full library checking and is compiled with tsc.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';

const project = new URL('../output/types-consumer/', import.meta.url);
const tsc = fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url));

const consumer = `
import { PayCheckout, readRedirectParams, type PayErrorDetail, type PayStatusEvent } from 'pay-checkout';
import { PayCheckout as PayCheckoutReact, type PayCheckoutProps } from 'pay-checkout/react';
import { createTokenIssuer } from 'pay-checkout/server';

const element: PayCheckout = document.createElement('pay-checkout');
element.baseUrl = 'https://sandbox.example/api';
element.addEventListener('pay-status', (event: PayStatusEvent) => console.log(event.detail.status, event.detail.payin));
element.addEventListener('pay-error', (event) => {
  const code: PayErrorDetail['code'] = event.detail.code;
  console.log(code, event.detail.retryable);
});
const attributes: Record<string, string | undefined> = readRedirectParams('?token=t');

const props: PayCheckoutProps = {
  token: 't',
  baseUrl: 'https://sandbox.example/api',
  amount: 100,
  onPaySuccess: (event) => console.log(event.detail.payin.paymentMethodResponse),
  onPayError: (event) => console.log(event.detail.code),
};
// @ts-expect-error onPayStatus receives a PayStatusEvent, whose detail has no "code"
const wrong: PayCheckoutProps = { onPayStatus: (event) => console.log(event.detail.code) };

export { attributes, props, wrong, PayCheckoutReact, createTokenIssuer };
`;

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  files: ['consumer.ts'],
};

describe('the published types', () => {
  before(async () => {
    await ensureBuilt();
    mkdirSync(project, { recursive: true });
    writeFileSync(new URL('consumer.ts', project), consumer);
    writeFileSync(new URL('tsconfig.json', project), JSON.stringify(tsconfig, null, 2));
  });

  it('type-check a consumer of `pay-checkout`, `pay-checkout/react` and `pay-checkout/server` (NodeNext, skipLibCheck off)', async () => {
    const result = await promisify(execFile)(tsc, ['-p', fileURLToPath(project)]).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    assert.ok(result.ok, result.output);
  });
});
