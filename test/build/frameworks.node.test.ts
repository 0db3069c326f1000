/**
 * The element's types in each framework, as merchants' projects compile them (issue 23): the
 * files `npm run build` generates from custom-elements.json into dist/frameworks/ and exports as
 * `pay-checkout/jsx`, `pay-checkout/vue` and `pay-checkout/svelte`. Each project lives under
 * test/output/consumers/ with this package installed as node_modules/pay-checkout (its
 * package.json and dist/, linked), uses the element as a page would (attributes, a typed event
 * detail) and misuses one attribute, which must fail to compile there and only there:
 *
 * - React 19 and Preact: JSX through tsc, `// @ts-expect-error` on the wrong attribute, both pages
 *   in one project (one tsc run): the Preact page says so with its `@jsxImportSource` pragma;
 * - Vue: a single-file component through vue-tsc, `<!-- @vue-expect-error -->`;
 * - Svelte: a component through svelte-check, which has no expect-error comment in markup: the
 *   check must report exactly one error, at the wrong attribute.
 *
 * vue-tsc and svelte-check drive TypeScript 5 (tools/framework-checks/); tsc is the repository's tsc 7.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';

const root = new URL('../../', import.meta.url);
const consumers = new URL('test/output/consumers/', root);
const checks = new URL('tools/framework-checks/', root);
// tsc 7 (the native compiler, as `npm run typecheck`): the same checks in a fraction of TypeScript 5's CPU.
const tsc = fileURLToPath(new URL('node_modules/typescript-7/bin/tsc', root));
const vueTsc = fileURLToPath(new URL('vue-tsc.cjs', checks));
const svelteCheck = createRequire(checks).resolve('svelte-check/bin/svelte-check');

const strict = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: [],
};

/** The same page in each JSX flavour: attributes, a typed detail, the property form, one wrong value. */
const jsxPage = (pragma = '') => `${pragma}
import type {} from 'pay-checkout/jsx';
import type { PayChangeDetail, PaySubmitResult } from 'pay-checkout';

export const checkout = (
  <pay-checkout token="t" base-url="https://sandbox.example/api" payin-id="order-1" amount={60} currency-code="INR" submit-button="none"
    onpay-change={(event) => {
      const detail: PayChangeDetail = event.detail;
      const done: Promise<PaySubmitResult> | undefined = detail.complete ? event.target.submit() : undefined;
      return done;
    }}
    onpay-error={(event) => console.warn(event.detail.code, event.detail.retryable)}
  />
);
// @ts-expect-error submit-button is "default" or "none"
export const wrong = <pay-checkout submit-button="hidden" />;
`;

const vueComponent = `<script setup lang="ts">
import type { PayChangeDetail } from 'pay-checkout';

const onChange = (event: CustomEvent<PayChangeDetail>) => console.log(event.detail.complete, event.detail.paymentMethodCode);
</script>

<template>
  <pay-checkout token="t" base-url="https://sandbox.example/api" payin-id="order-1" :amount="60" currency-code="INR" submit-button="none"
    :options-available="false" @pay-change="onChange" />
  <!-- @vue-expect-error submit-button is "default" or "none" -->
  <pay-checkout submit-button="hidden" />
</template>
`;

/** The wrong attribute is on this line of App.svelte. */
const SVELTE_WRONG_LINE = 12;
const svelteComponent = `<script lang="ts">
  import type {} from 'pay-checkout/svelte';
  import type { PayChangeDetail } from 'pay-checkout';

  let complete = false;
  const onChange = (event: CustomEvent<PayChangeDetail>) => (complete = event.detail.complete);
</script>

<pay-checkout token="t" base-url="https://sandbox.example/api" payin-id="order-1" amount={60} currency-code="INR" submit-button="none"
  on:pay-change={onChange}></pay-checkout>
<pay-checkout on:pay-error={(event) => console.warn(event.detail.code, event.detail.retryable)}></pay-checkout>
<pay-checkout submit-button="hidden"></pay-checkout>
<p>{complete ? 'Ready' : 'Fill in the form'}</p>
`;

interface Consumer {
  name: string;
  tsconfig: Record<string, unknown>;
  files: Record<string, string>;
  check: (dir: string) => Promise<string[]>;
}

const run = (args: string[], cwd: string) =>
  promisify(execFile)(process.execPath, args, { cwd, maxBuffer: 16 << 20 }).then(
    ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}` }),
    (error: { stdout?: string; stderr?: string; message: string }) => ({
      ok: false,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
    }),
  );

/** tsc-style checkers: no error at all (each misuse carries its expect-error comment). */
const tscErrors = (tool: string) => async (dir: string) => {
  const { ok, output } = await run([tool, '-p', dir], dir);
  return ok ? [] : output.split('\n').filter(Boolean);
};

const consumersOf: Consumer[] = [
  {
    name: 'react19-preact',
    tsconfig: { ...strict, jsx: 'react-jsx' },
    files: { 'react.tsx': jsxPage(), 'preact.tsx': jsxPage('/** @jsxImportSource preact */') },
    check: tscErrors(tsc),
  },
  // vue-tsc and svelte-check are TypeScript 5 in JavaScript, several times slower than tsc 7: they
  // check the projects' own files (skipLibCheck), which the JSX projects show the generated files pass.
  {
    name: 'vue',
    tsconfig: { ...strict, skipLibCheck: true, jsx: 'preserve', types: ['pay-checkout/vue'] },
    files: { 'App.vue': vueComponent },
    check: tscErrors(vueTsc),
  },
  {
    name: 'svelte',
    tsconfig: { ...strict, skipLibCheck: true, verbatimModuleSyntax: true },
    files: { 'App.svelte': svelteComponent, 'svelte.config.js': 'export default {};\n' },
    // The wrong attribute, and only it.
    check: async (dir) => {
      const { output } = await run(
        [svelteCheck, '--workspace', dir, '--tsconfig', `${dir}/tsconfig.json`, '--output', 'machine'],
        dir,
      );
      const errors = output.split('\n').filter((line) => / (ERROR|WARNING) /.test(line));
      const atWrong = errors.filter((line) => line.includes(`"App.svelte" ${SVELTE_WRONG_LINE}:`));
      if (atWrong.length !== 1)
        return [`svelte-check found no error at App.svelte:${SVELTE_WRONG_LINE} (the wrong submit-button):`, output];
      return errors.filter((line) => !atWrong.includes(line));
    },
  },
];

function writeProject(consumer: Consumer): string {
  const dir = new URL(`${consumer.name}/`, consumers);
  rmSync(dir, { recursive: true, force: true });
  const installed = new URL('node_modules/pay-checkout/', dir);
  mkdirSync(installed, { recursive: true });
  symlinkSync(fileURLToPath(new URL('package.json', root)), new URL('package.json', installed), 'file');
  symlinkSync(fileURLToPath(new URL('dist', root)), new URL('dist', installed), 'dir');
  writeFileSync(
    new URL('package.json', dir),
    JSON.stringify({ name: `consumer-${consumer.name}`, private: true, type: 'module' }),
  );
  const include = Object.keys(consumer.files);
  writeFileSync(
    new URL('tsconfig.json', dir),
    JSON.stringify({ compilerOptions: consumer.tsconfig, include }, null, 2),
  );
  for (const [name, text] of Object.entries(consumer.files)) writeFileSync(new URL(name, dir), text);
  return fileURLToPath(dir);
}

describe('the element’s types in each framework’s projects', () => {
  before(ensureBuilt);

  for (const consumer of consumersOf) {
    it(`${consumer.name}: ${Object.keys(consumer.files).join(', ')} compiles, and its wrong submit-button does not`, async () => {
      const started = performance.now();
      const errors = await consumer.check(writeProject(consumer));
      console.log(`${consumer.name}: checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      assert.deepEqual(errors, [], `test/output/consumers/${consumer.name}`);
    });
  }
});
