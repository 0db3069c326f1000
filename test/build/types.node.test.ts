/**
 * The published types as merchants' TypeScript projects see them. Each setup is a small project
 * under test/output/consumers/, where `node_modules/pay-checkout` holds this package's
 * package.json and dist/, and `node_modules/pay-checkout-sandbox` the emulator's (as an install
 * would, so that even `moduleResolution: "node"` finds them by name), compiled by tsc with full
 * library checking:
 *
 * - bundler: a browser app (Vite, Next.js): DOM lib, no Node types, React JSX;
 * - node16: a merchant's test suite (Playwright): DOM and Node types, every entry and the emulator;
 * - node10: `moduleResolution: "node"`, which has no "exports": the subpaths resolve through
 *   "typesVersions" (TypeScript 7 removed node10, so this one runs TypeScript 5, as such projects do);
 * - node-only: a merchant's server, `lib: ["ES2022"]` and Node's types, no DOM: the server helper;
 *   again with skipLibCheck, where a type the lib lacks would silently be `any` (and the sandbox).
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
const tsc7 = fileURLToPath(new URL('node_modules/typescript-7/bin/tsc', root));
const tsc5 = createRequire(root).resolve('typescript/bin/tsc');

const elementConsumer = `
import { PayCheckout, readRedirectParams, registerTranslation, type PayErrorDetail, type PayStatusEvent } from 'pay-checkout';

const element: PayCheckout = document.createElement('pay-checkout');
element.baseUrl = 'https://sandbox.example/api';
element.amount = 60;
// @ts-expect-error amount is a number
element.amount = '60';
element.addEventListener('pay-status', (event: PayStatusEvent) => console.log(event.detail.status, event.detail.payin));
element.addEventListener('pay-error', (event) => {
  const code: PayErrorDetail['code'] = event.detail.code;
  console.log(code, event.detail.retryable);
});
const attributes: Record<string, string | undefined> = readRedirectParams('?token=t');
registerTranslation({ $code: 'fr', $name: 'Français', tryAgain: 'Réessayer' });

export { attributes };
`;

const reactConsumer = `
import { PayCheckout, type PayCheckoutProps } from 'pay-checkout/react';

const props: PayCheckoutProps = {
  token: 't',
  baseUrl: 'https://sandbox.example/api',
  amount: 100,
  onPaySuccess: (event) => console.log(event.detail.payin.paymentMethodResponse),
  onPayError: (event) => console.log(event.detail.code),
};
// @ts-expect-error onPayStatus receives a PayStatusEvent, whose detail has no "code"
const wrong: PayCheckoutProps = { onPayStatus: (event) => console.log(event.detail.code) };

export const checkout = (
  <PayCheckout token="t" baseUrl="https://sandbox.example/api" payinId="order-1" amount={60} currencyCode="INR"
    onPayStatus={(event) => console.log(event.detail.status)} onPaySuccess={(event) => console.log(event.detail.payin)} />
);
// @ts-expect-error amount is a number
export const badAmount = <PayCheckout amount="60" />;
export { props, wrong };
`;

/** The server helper with keys as each runtime types them: the alias, and (node-only) node's own. */
const serverConsumer = (nodeKey: boolean) => `
import { createTokenIssuer, importPrivateKey, signBody, checkoutOperations, createStatusRelay, memoryBus, type WebCryptoKey } from 'pay-checkout/server';
import { createCheckoutBackend, memoryCheckoutStore, redisCheckoutStore, redisBus, type CheckoutOrder, type CheckoutResponse } from 'pay-checkout/server';
declare const redisUrl: string | undefined;
${nodeKey ? "import type { webcrypto } from 'node:crypto';\ndeclare const nodeKey: webcrypto.CryptoKey;\nexport const fromNode = createTokenIssuer({ baseUrl: 'http://127.0.0.1:8787', merchantCode: 'demo-merchant', privateKey: nodeKey });\nexport const signedWithNodeKey: Promise<string> = signBody({ a: 1 }, nodeKey);" : ''}

export async function mint(pem: string): Promise<string> {
  const key: WebCryptoKey = await importPrivateKey(pem);
  const issuer = createTokenIssuer({ baseUrl: 'http://127.0.0.1:8787', merchantCode: 'demo-merchant', privateKey: key });
  await signBody({ a: 1 }, pem);
  // @ts-expect-error a key is a WebCryptoKey or a PEM string, never a number
  await signBody({ a: 1 }, 42);
  // @ts-expect-error nor any object
  createTokenIssuer({ baseUrl: 'http://127.0.0.1:8787', merchantCode: 'demo-merchant', privateKey: { pem } });
  const operations: string[] = checkoutOperations('order-1', { merchantInfo: true });
  console.log(operations);
  const relay = createStatusRelay({ bus: memoryBus() });
  const callback: Promise<Response> = relay.handleCallback(new Request('http://127.0.0.1:3000/callbacks', { method: 'POST', body: '{}' }));
  const stream: Response | Promise<Response> = relay.handleEvents(new Request('http://127.0.0.1:3000/events/order-1'), 'order-1');
  console.log(callback, stream);
  const backend = createCheckoutBackend({
    platformUrl: 'http://127.0.0.1:8787',
    merchantCode: 'demo-merchant',
    privateKey: pem,
    prefix: '/pay',
    callbackUrl: (request) => new URL('/pay/callbacks', request.url).href,
    order: async (request): Promise<CheckoutOrder | Response> =>
      request.headers.get('cookie') ? { idPayin: 'order-1', money: { amount: 60, currencyCode: 'INR' }, customer: { emailAddress: 'a@example.com' } } : new Response(null, { status: 401 }),
    onPayinUpdate: (payin, { previous }) => console.log(payin.status, previous?.status),
    store: redisUrl ? redisCheckoutStore({ url: redisUrl }) : memoryCheckoutStore(),
    bus: redisUrl ? redisBus({ url: redisUrl }) : memoryBus(),
  });
  const answered: Response = await backend.fetch(new Request('http://127.0.0.1:3000/pay/checkouts', { method: 'POST', body: '{}' }));
  const checkout = (await answered.json()) as CheckoutResponse;
  const renewed: Promise<Response> = backend.handleCheckout(new Request('http://127.0.0.1:3000/pay/checkouts', { method: 'POST', body: JSON.stringify({ handle: checkout.handle }) }));
  const events: Promise<Response> = backend.handleEvents(new Request('http://127.0.0.1:3000' + checkout.statusUrl), checkout.idPayin);
  console.log(renewed, events, backend.stats().mints.waiting);
  // @ts-expect-error the order's money is a Money, never a bare number
  createCheckoutBackend({ platformUrl: 'http://x', merchantCode: 'm', secret: 's', callbackUrl: 'http://x', order: async () => ({ idPayin: 'o', money: 60 }) });
  return issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'order-1', money: { amount: 60, currencyCode: 'INR' } });
}
`;

const sandboxConsumer = `
import { createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY, SCENARIO_AMOUNTS, type Sandbox, type SandboxOptions } from 'pay-checkout-sandbox';

export async function start(): Promise<Sandbox> {
  const options: SandboxOptions = { port: 0, host: '127.0.0.1', log: false, settleDelayMs: 100 };
  const sandbox = await createSandbox(options);
  const url: string = sandbox.url;
  console.log(url, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY, SCENARIO_AMOUNTS);
  // @ts-expect-error port is a number
  await createSandbox({ port: '8787' });
  return sandbox;
}
`;

interface Setup {
  name: string;
  tsc: string;
  compilerOptions: Record<string, unknown>;
  files: Record<string, string>;
  /** "module" for Node's ES module rules under node16. */
  type?: 'module';
}

const strict = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022' };
const setups: Setup[] = [
  {
    name: 'bundler',
    tsc: tsc7,
    compilerOptions: {
      ...strict,
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      jsx: 'react-jsx',
    },
    files: { 'element.ts': elementConsumer, 'react.tsx': reactConsumer, 'server.ts': serverConsumer(false) },
  },
  {
    name: 'node16',
    tsc: tsc7,
    type: 'module',
    compilerOptions: {
      ...strict,
      module: 'Node16',
      moduleResolution: 'Node16',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      jsx: 'react-jsx',
    },
    files: {
      'element.ts': elementConsumer,
      'react.tsx': reactConsumer,
      'server.ts': serverConsumer(false),
      'sandbox.ts': sandboxConsumer,
    },
  },
  {
    name: 'node10',
    tsc: tsc5,
    // esModuleInterop as `tsc --init` sets it: zod's and @lit/react's CommonJS types need it under node10.
    compilerOptions: {
      ...strict,
      module: 'ESNext',
      moduleResolution: 'node',
      esModuleInterop: true,
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      jsx: 'react-jsx',
    },
    files: {
      'element.ts': elementConsumer,
      'react.tsx': reactConsumer,
      'server.ts': serverConsumer(false),
      'sandbox.ts': sandboxConsumer,
    },
  },
  {
    name: 'node-only',
    tsc: tsc7,
    type: 'module',
    compilerOptions: {
      ...strict,
      module: 'Node16',
      moduleResolution: 'Node16',
      lib: ['ES2022'],
      types: ['node'],
    },
    files: { 'server.ts': serverConsumer(true) },
  },
  {
    name: 'node-only-skiplibcheck',
    tsc: tsc7,
    type: 'module',
    compilerOptions: {
      ...strict,
      skipLibCheck: true,
      module: 'Node16',
      moduleResolution: 'Node16',
      lib: ['ES2022'],
      types: ['node'],
    },
    // The sandbox too, but only here: its types show hono's, and hono's own declarations need the
    // DOM lib (MessageEvent, CloseEvent), which skipLibCheck lets a Node-only project do without.
    files: { 'server.ts': serverConsumer(true), 'sandbox.ts': sandboxConsumer },
  },
];

function writeProject(setup: Setup): string {
  const dir = new URL(`${setup.name}/`, consumers);
  rmSync(dir, { recursive: true, force: true });
  // The package's own files, linked one by one: a link to the repository itself would be a loop
  // under test/ for any tool that follows links (the browser tests' file glob does).
  for (const [name, from] of [
    ['pay-checkout', root],
    ['pay-checkout-sandbox', new URL('packages/sandbox/', root)],
  ] as const) {
    const installed = new URL(`node_modules/${name}/`, dir);
    mkdirSync(installed, { recursive: true });
    symlinkSync(fileURLToPath(new URL('package.json', from)), new URL('package.json', installed), 'file');
    symlinkSync(fileURLToPath(new URL('dist', from)), new URL('dist', installed), 'dir');
  }
  writeFileSync(
    new URL('package.json', dir),
    JSON.stringify({
      name: `consumer-${setup.name}`,
      private: true,
      ...(setup.type ? { type: setup.type } : {}),
    }),
  );
  writeFileSync(
    new URL('tsconfig.json', dir),
    JSON.stringify({ compilerOptions: setup.compilerOptions, files: Object.keys(setup.files) }, null, 2),
  );
  for (const [name, text] of Object.entries(setup.files)) writeFileSync(new URL(name, dir), text);
  return fileURLToPath(dir);
}

const compile = (tsc: string, project: string) =>
  promisify(execFile)(process.execPath, [tsc, '-p', project]).then(
    () => '',
    (error: { stdout?: string; stderr?: string; message: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
  );

describe('the published types in merchants’ projects', () => {
  before(ensureBuilt);

  for (const setup of setups) {
    const entries = Object.keys(setup.files).join(', ');
    it(`${setup.name}: ${JSON.stringify({ moduleResolution: setup.compilerOptions.moduleResolution, lib: setup.compilerOptions.lib, types: setup.compilerOptions.types, skipLibCheck: setup.compilerOptions.skipLibCheck })} compiles ${entries}`, async () => {
      const errors = await compile(setup.tsc, writeProject(setup));
      assert.equal(
        errors,
        '',
        `tsc (${setup.tsc === tsc5 ? 'TypeScript 5' : 'TypeScript 7'}) in test/output/consumers/${setup.name}:\n${errors}`,
      );
    });
  }
});
