/**
 * Every code block the docs mark as an example (`<!-- example: PROJECT/PATH -->` on the line before
 * it, in README.md, CONTRIBUTING.md or docs/) works as it is shown:
 *
 * - Server examples (`hono/`, `express/`, `next/`) are written into merchants' projects under
 *   test/output/examples/, beside a shop module of the merchant's own (`./shop.js`: carts by a
 *   cookie, orders that print their updates), and compile with tsc against the BUILT package
 *   (`node_modules/pay-checkout` holds its package.json and dist/, as an install would) and the
 *   frameworks' real types: Hono's, Express's (@types/express), and Next.js's route handlers, which
 *   are plain Web `Request` functions. The Hono one also runs, as `node server.ts` would, against
 *   the emulator: a refused checkout (an empty cart), a checkout priced by the shop, its renewal by
 *   the handle, the payment, the platform's callback, and the update hook telling the shop.
 * - Page examples (`page/*.html`): each `<pay-checkout>` tag has only attributes the element has
 *   (custom-elements.json), and each inline module script compiles as a page's JavaScript
 *   (checkJs) against the package's types: a misspelt event, property or detail field fails.
 * - Browser modules (`browser/*.ts`, `*.tsx`: React, a page's own script) compile against the built
 *   package with the DOM and React's types.
 * - `merchant-project/…` blocks are the files of test/build/merchant-project, which
 *   test/build/merchant-project.node.test.ts installs and runs in Chromium: the block must equal the file.
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
import { documents, examplesOf, root, type Example } from './markdown.js';

const projects = new URL('test/output/examples/', root);
// tsc 7 (the native compiler, as `npm run typecheck`): the same checks in a fraction of TypeScript 5's CPU.
const tsc = fileURLToPath(new URL('node_modules/typescript-7/bin/tsc', root));

/** Every marked example of the docs. */
const EXAMPLES: Example[] = documents().flatMap(examplesOf);
const projectOf = (example: Example) => example.path.split('/')[0]!;

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
  update(idPayin: string, status: string | undefined): void {
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
/** A bundled front end's project, as Vite's templates set one up. */
const browser = {
  ...strict,
  skipLibCheck: true,
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  types: [],
};

interface Project {
  name: string;
  compilerOptions: Record<string, unknown>;
  /** Files of the merchant's own that the examples import, by path in the project. */
  support?: Record<string, string>;
}

const PROJECTS: Project[] = [
  { name: 'hono', compilerOptions: nodeServer, support: { 'shop.ts': shopModule } },
  { name: 'express', compilerOptions: nodeServer, support: { 'shop.ts': shopModule } },
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
    support: { 'lib/shop.ts': shopModule },
  },
  { name: 'browser', compilerOptions: browser },
  // A page's own scripts: JavaScript, checked as an editor checks it (no strict null checks: a page's
  // querySelector is trusted), with the element's types from the package.
  {
    name: 'page',
    compilerOptions: {
      ...browser,
      allowJs: true,
      checkJs: true,
      strict: false,
      noImplicitAny: false,
      // A page imports the element's module from where it serves dist/.
      paths: { '/assets/pay-checkout.js': ['./node_modules/pay-checkout/dist/types/src/pay-checkout.d.ts'] },
    },
    support: { 'element.d.ts': "import 'pay-checkout';\n" },
  },
];

/** A page's `<pay-checkout>` tags' attributes, and its inline module scripts. */
function pageParts(html: string): { attributes: string[]; scripts: string[] } {
  const attributes = [...html.matchAll(/<pay-checkout\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g)].flatMap((tag) =>
    [...tag[1]!.matchAll(/([a-z][a-z0-9-]*)(?:=(?:"[^"]*"|'[^']*'|\S+))?/g)].map((m) => m[1]!),
  );
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { attributes, scripts };
}

function writeProject(project: Project): string {
  const dir = new URL(`${project.name}/`, projects);
  rmSync(dir, { recursive: true, force: true });
  const installed = new URL('node_modules/pay-checkout/', dir);
  mkdirSync(installed, { recursive: true });
  symlinkSync(fileURLToPath(new URL('package.json', root)), new URL('package.json', installed), 'file');
  symlinkSync(fileURLToPath(new URL('dist', root)), new URL('dist', installed), 'dir');
  writeFileSync(
    new URL('package.json', dir),
    JSON.stringify({ name: `example-${project.name}`, private: true, type: 'module' }),
  );
  const files: Record<string, string> = { ...project.support };
  for (const example of EXAMPLES.filter((e) => projectOf(e) === project.name)) {
    const path = example.path.slice(project.name.length + 1);
    if (example.lang !== 'html') files[path] = example.code;
    // Each inline script is a module of its own, as in the page.
    else
      pageParts(example.code).scripts.forEach(
        (script, index) => (files[`${path}.${index}.js`] = `${script}\nexport {};\n`),
      );
  }
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(fileURLToPath(new URL(path, dir))), { recursive: true });
    writeFileSync(new URL(path, dir), code);
  }
  writeFileSync(
    new URL('tsconfig.json', dir),
    JSON.stringify({ compilerOptions: project.compilerOptions, files: Object.keys(files) }, null, 2),
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

describe('the examples in the docs', () => {
  before(ensureBuilt);

  it('are marked in the README and the guides, each in a project the test knows', () => {
    const known = new Set([...PROJECTS.map((p) => p.name), 'merchant-project']);
    assert.deepEqual(
      EXAMPLES.filter((e) => !known.has(projectOf(e))).map((e) => `${e.document}: ${e.path}`),
      [],
    );
    // The same example shown in two places (the README and a guide) is the same code.
    for (const example of EXAMPLES) {
      const first = EXAMPLES.find((e) => e.path === example.path)!;
      assert.equal(example.code, first.code, `${example.document} and ${first.document} differ on ${example.path}`);
    }
  });

  it('the README is at most 200 lines, with a page example and a server example in its first 80', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const lines = readme.trimEnd().split('\n');
    assert.ok(lines.length <= 200, `README.md: ${lines.length} lines`);
    for (const project of ['page', 'hono']) {
      const marker = lines.findIndex((line) => line.startsWith(`<!-- example: ${project}/`));
      // The block's closing fence: the line after the opening one that is a fence alone.
      const end = lines.findIndex((line, index) => index > marker + 1 && line === '```') + 1;
      assert.ok(
        marker >= 0 && end > 0 && end <= 80,
        `a ${project} example ends by line 80 (lines ${marker + 1}–${end})`,
      );
    }
  });

  it("the README's server examples are the whole server side for Hono, Express and Next.js, each in about twenty lines", () => {
    const servers = EXAMPLES.filter(
      (e) => e.document === 'README.md' && ['hono', 'express', 'next'].includes(projectOf(e)),
    );
    assert.ok(
      servers.some((e) => e.path === 'hono/server.ts'),
      'the README shows the Hono server',
    );
    for (const example of servers) {
      const lines = example.code.trimEnd().split('\n').length;
      assert.ok(lines <= 22, `${example.path}: ${lines} lines`);
      assert.match(example.code, /createCheckoutBackend\(\{/, example.path);
    }
  });

  for (const project of PROJECTS) {
    it(`${project.name}: compiles against the built package`, async (t) => {
      if (!EXAMPLES.some((e) => projectOf(e) === project.name)) return t.skip('no example of this kind yet');
      const dir = writeProject(project);
      const errors = await compile(dir);
      assert.equal(errors, '', `tsc in test/output/examples/${project.name}:\n${errors}`);
    });
  }

  it('page examples: every attribute of a <pay-checkout> tag is one the element has', () => {
    const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
    const known = new Set<string>(manifest.modules[0].declarations[0].attributes.map((a: { name: string }) => a.name));
    const unknown = EXAMPLES.filter((e) => e.lang === 'html').flatMap((e) =>
      pageParts(e.code)
        .attributes.filter((name) => !known.has(name))
        .map((name) => `${e.path}: ${name}`),
    );
    assert.deepEqual(unknown, []);
  });

  it('merchant-project examples are the files that test/build/merchant-project.node.test.ts runs', () => {
    for (const example of EXAMPLES.filter((e) => projectOf(e) === 'merchant-project')) {
      const file = readFileSync(new URL(`test/build/${example.path}`, root), 'utf8');
      assert.equal(example.code, file, `${example.document}: ${example.path} differs from test/build/${example.path}`);
    }
  });

  describe('the Hono one, run', () => {
    let platform: TestSandbox;
    let server: ChildProcess | undefined;
    let shopUrl = '';
    const lines: string[] = [];
    const waiters = new Set<() => void>();

    before(async () => {
      platform = await startSandbox();
      const dir = writeProject(PROJECTS[0]!);
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
