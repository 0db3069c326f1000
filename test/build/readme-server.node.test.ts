/**
 * README's "Your server" is true: its server sides (each code block marked
 * `<!-- readme-test: PATH -->`) are written, as they are, into merchants' projects under
 * test/output/readme-server/, beside a shop module of the merchant's own (`./shop.js`: carts by a
 * cookie, orders that print their updates), and:
 *
 * - each compiles with tsc against the BUILT package (`node_modules/pay-checkout` holds its
 *   package.json and dist/, as an install would) and the frameworks' real types: Hono's, Express's
 *   (@types/express), and Next.js's route handlers, which are plain Web `Request` functions;
 * - the Hono one runs, as `node server.ts` would, against the emulator: a refused checkout (an empty
 *   cart), a checkout priced by the shop, its renewal by the handle, the payment, the platform's
 *   callback, and `onPayinUpdate` telling the shop's orders that it succeeded.
 */
import assert from 'node:assert/strict';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { createClient } from '../../src/api/client.js';
import type { CheckoutResponse } from '../../src/server/index.js';
import { DEMO_MERCHANT_CODE, demoPrivateKey, startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const root = new URL('../../', import.meta.url);
const projects = new URL('test/output/readme-server/', root);
const tsc = fileURLToPath(new URL('node_modules/.bin/tsc', root));

/** The README's marked code blocks, by the path each names. */
function readmeBlocks(): Map<string, string> {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const blocks = new Map<string, string>();
  for (const match of readme.matchAll(/<!-- readme-test: (\S+) -->\n```ts\n([\s\S]*?)```/g))
    blocks.set(match[1]!, match[2]!);
  return blocks;
}

/** The merchant's own cart and orders: a cart named by a cookie, priced here; each order update printed as a JSON line. */
const shopModule = `
import type { CheckoutOrder } from 'pay-checkout/server';

const PRICES: Record<string, number> = { tea: 60, coffee: 75 };

export const carts = {
  async orderOf(request: Request): Promise<CheckoutOrder | undefined> {
    const cart = /(?:^|;\\s*)cart=(\\w+)/.exec(request.headers.get('cookie') ?? '')?.[1];
    const amount = cart === undefined ? undefined : PRICES[cart];
    return amount === undefined ? undefined : { idPayin: \`order-\${crypto.randomUUID()}\`, money: { amount, currencyCode: 'INR' } };
  },
};

export const orders = {
  update(idPayin: string, status: string): void {
    console.log(JSON.stringify({ idPayin, status }));
  },
};
`;

const strict = { strict: true, noEmit: true, target: 'ES2022', noUnusedLocals: true };
/** A Node server's project, as `tsc --init` and the frameworks' starters set one up (skipLibCheck, as they do). */
const nodeServer = {
  ...strict,
  skipLibCheck: true,
  module: 'Node16',
  moduleResolution: 'Node16',
  lib: ['ES2022'],
  types: ['node'],
};

interface Project {
  name: string;
  compilerOptions: Record<string, unknown>;
  /** The README block's path in the project → where the shop module goes. */
  shop: string;
}

const PROJECTS: Project[] = [
  { name: 'hono', compilerOptions: nodeServer, shop: 'shop.ts' },
  { name: 'express', compilerOptions: nodeServer, shop: 'shop.ts' },
  // As create-next-app writes it: bundler resolution, the DOM lib, `@/*` for the project's root.
  {
    name: 'next',
    compilerOptions: {
      ...strict,
      skipLibCheck: true,
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['DOM', 'DOM.Iterable', 'ESNext'],
      types: ['node'],
      paths: { '@/*': ['./*'] },
    },
    shop: 'lib/shop.ts',
  },
];

function writeProject(project: Project, blocks: Map<string, string>): string {
  const dir = new URL(`${project.name}/`, projects);
  rmSync(dir, { recursive: true, force: true });
  const installed = new URL('node_modules/pay-checkout/', dir);
  mkdirSync(installed, { recursive: true });
  symlinkSync(fileURLToPath(new URL('package.json', root)), new URL('package.json', installed), 'file');
  symlinkSync(fileURLToPath(new URL('dist', root)), new URL('dist', installed), 'dir');
  writeFileSync(
    new URL('package.json', dir),
    JSON.stringify({ name: `readme-${project.name}`, private: true, type: 'module' }),
  );
  const files: string[] = [project.shop];
  for (const [path, code] of blocks) {
    if (!path.startsWith(`${project.name}/`)) continue;
    const file = path.slice(project.name.length + 1);
    files.push(file);
    mkdirSync(dirname(fileURLToPath(new URL(file, dir))), { recursive: true });
    writeFileSync(new URL(file, dir), code);
  }
  mkdirSync(dirname(fileURLToPath(new URL(project.shop, dir))), { recursive: true });
  writeFileSync(new URL(project.shop, dir), shopModule);
  writeFileSync(
    new URL('tsconfig.json', dir),
    JSON.stringify({ compilerOptions: project.compilerOptions, files }, null, 2),
  );
  return fileURLToPath(dir);
}

const compile = (project: string) =>
  promisify(execFile)(process.execPath, [tsc, '-p', project]).then(
    () => '',
    (error: { stdout?: string; stderr?: string; message: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
  );

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("README's Your server", () => {
  const blocks = readmeBlocks();
  before(ensureBuilt);

  it('has the whole server side for Hono, Express and Next.js, each in about twenty lines', () => {
    assert.deepEqual([...blocks.keys()].sort(), [
      'express/server.ts',
      'hono/server.ts',
      'next/app/pay/[...path]/route.ts',
    ]);
    for (const [path, code] of blocks) {
      const lines = code.trimEnd().split('\n').length;
      assert.ok(lines <= 22, `${path}: ${lines} lines`);
      assert.match(code, /createCheckoutBackend\(\{/, path);
    }
  });

  for (const project of PROJECTS) {
    it(`${project.name}: compiles against the built package`, async () => {
      const dir = writeProject(project, blocks);
      const errors = await compile(dir);
      assert.equal(errors, '', `tsc in test/output/readme-server/${project.name}:\n${errors}`);
    });
  }

  describe('the Hono one, run', () => {
    let platform: TestSandbox;
    let server: ChildProcess | undefined;
    let shopUrl = '';
    const lines: string[] = [];
    const waiters = new Set<() => void>();

    before(async () => {
      platform = await startSandbox();
      const dir = writeProject(PROJECTS[0]!, blocks);
      const port = await freePort();
      shopUrl = `http://127.0.0.1:${port}`;
      // As a merchant starts it (`node --import tsx server.ts`), with its configuration in the environment.
      server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
        cwd: dir,
        env: {
          ...process.env,
          PORT: String(port),
          SHOP_URL: shopUrl,
          PAY_PLATFORM_URL: platform.sandbox.url,
          PAY_MERCHANT_CODE: DEMO_MERCHANT_CODE,
          PAY_PRIVATE_KEY: demoPrivateKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let pending = '';
      server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        pending += chunk;
        const complete = pending.split('\n');
        pending = complete.pop()!;
        lines.push(...complete);
        for (const wake of waiters) wake();
      });
      let stderr = '';
      server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<never>((_, reject) =>
        server!.once('exit', (code) => reject(new Error(`server.ts exited (${code}): ${stderr}`))),
      );
      // Ready once it answers: each refused connection waits for the next attempt.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answered = await Promise.race([
          fetch(`${shopUrl}/pay/nothing`).then(
            () => true,
            () => false,
          ),
          exited,
        ]);
        if (answered) break;
        if (Date.now() > deadline) throw new Error(`server.ts did not listen: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    after(async () => {
      server?.kill();
      await platform?.sandbox.close();
    });

    /** The first line the shop printed that matches, once it is printed. */
    async function printed(test: (line: string) => boolean, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`not printed; printed: ${lines.join(' | ')}`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, deadline - Date.now());
        });
      }
    }

    const post = (body: unknown, cookie?: string) =>
      fetch(`${shopUrl}/pay/checkouts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });

    it("refuses an empty cart with the shop's own answer, and prices a full one", async () => {
      const empty = await post({});
      assert.equal(empty.status, 409);
      assert.deepEqual(await empty.json(), { errorCode: 'CART_EMPTY', message: 'Your cart is empty' });
      const full = await post({ amount: 1 }, 'cart=coffee');
      assert.equal(full.status, 201);
      const checkout = (await full.json()) as CheckoutResponse;
      assert.deepEqual(checkout.money, { amount: 75, currencyCode: 'INR' }, "the shop's price, not the body's");
      assert.equal(checkout.callbackUrl, `${shopUrl}/pay/callbacks`);
    });

    it('a payment: the checkout, its renewal, the create, the callback, and onPayinUpdate telling the orders', async () => {
      const checkout = (await (await post({}, 'cart=tea')).json()) as CheckoutResponse;
      assert.deepEqual(checkout.money, { amount: 60, currencyCode: 'INR' });
      const renewed = await post({ handle: checkout.handle });
      assert.equal(renewed.status, 200, 'the handle renews, with no cookie');
      assert.equal(((await renewed.json()) as CheckoutResponse).idPayin, checkout.idPayin);
      // What the shopper's element does with the checkout: create the payin with its token.
      await createClient({ baseUrl: checkout.baseUrl, token: checkout.token }).createPayin(checkout.idPayin, {
        paymentRequested: { money: checkout.money },
        paymentMethod: { paymentMethodCode: 'UPIQR' },
        callbackUrl: checkout.callbackUrl,
      });
      const update = await printed((line) => line.includes(checkout.idPayin));
      assert.deepEqual(JSON.parse(update), { idPayin: checkout.idPayin, status: 'SUCCESS' });
    });
  });
});
