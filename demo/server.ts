/**
 * Everything `npm run demo` starts, as a library, so tests can start it in-process on free ports:
 *
 *   const demo = await startDemo({ port: 0, sandboxPort: 0, log: false });
 *   … demo.url, demo.sandboxUrl, demo.merchant.callbacks …
 *   await demo.close();
 *
 * - the sandbox emulator (pay-checkout-sandbox), on its own port (8787 by default);
 * - one HTTP server for the shop (5173 by default), which routes
 *     /api/…             to the demo merchant's backend (demo/merchant/: the merchant kit and the demo's extras),
 *     /dist/…            to the built package, as it is (the script-tag page loads dist/pay-checkout.js),
 *     /shop-catalog.json the presets' scenarios and the method lists the pages show (shop-catalog.ts),
 *     /sandbox-dashboard to the emulator's dashboard (a redirect: the pages link here, whatever its port),
 *     /script-tag.*      to the plain script-tag page, as it is (no build step, no dev-server rewriting:
 *                        only the demo's navigation, lib/site-nav.ts, where the page marks its place),
 *     everything else    to Vite, which serves demo/ and compiles the element from src/; or, given
 *                        `built` (a directory of buildDemo()'s), to the demo's production build there.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import {
  createSandbox,
  DEMO_MERCHANT_CODE,
  DEMO_PRIVATE_KEY,
  type Sandbox,
  type SandboxOptions,
} from 'pay-checkout-sandbox';
import { createMerchantBackend, type MerchantBackend } from './merchant/backend.js';
import { SHOP_CATALOG_PATH, shopCatalog } from './shop-catalog.js';
import { withSiteNav } from './lib/site-nav.js';
import type { StatusBus } from 'pay-checkout/server';
import { demoViteConfig } from './vite.config.js';

export const DEFAULT_DEMO_PORT = 5173;
export const DEFAULT_SANDBOX_PORT = 8787;

const demoDir = fileURLToPath(new URL('.', import.meta.url));
const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** Where the shop's pages link to the emulator's dashboard, on the emulator's own origin. */
const DASHBOARD_LINK = '/sandbox-dashboard';

/** Pages served byte for byte from demo/, never through Vite. */
const RAW_FILES = new Set(['/script-tag.html', '/script-tag.js']);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export interface DemoOptions {
  /** The shop's port. Default 5173; 0 picks a free one. */
  port?: number;
  /** The shop's host. Default `localhost`. */
  host?: string;
  /** The emulator's port. Default 8787; 0 picks a free one. */
  sandboxPort?: number;
  /** Emulator options (settleDelayMs, rateLimit, faults, …); its log follows `log` unless given. */
  sandbox?: Omit<SandboxOptions, 'port'>;
  /** Request lines of the emulator, the backend's notes and Vite's messages. Default true. */
  log?: boolean;
  /** Vite's hot reload and file watching: on for people, off for tests. Default true. */
  hmr?: boolean;
  /** The bus of the merchant kit's status streams: in-process by default, `redisBus({ url })` to try Redis. */
  statusBus?: StatusBus;
  /**
   * A directory holding the pages' production build (demo/build.ts), served as it is instead of
   * through Vite's dev server: the same pages, bundled as a merchant would deploy them. The
   * end-to-end tests use it, since a dev-server page loads about 150 modules one by one.
   */
  built?: string;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

/** A file under `dir` named by a URL path, or undefined if it is outside or missing. */
function fileUnder(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = resolve(join(dir, decoded));
  if (!file.startsWith(resolve(dir) + sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function sendFile(res: ServerResponse, file: string, method: string): void {
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function sendHtml(res: ServerResponse, html: string, method: string): void {
  res.writeHead(200, { 'Content-Type': CONTENT_TYPES['.html']!, 'Cache-Control': 'no-cache' });
  res.end(method === 'HEAD' ? undefined : html);
}

/** The shop's address as the emulator can reach it (for callbacks): the address it listens on. */
function reachableUrl(server: Server): string {
  const { address, family, port } = server.address() as AddressInfo;
  const unspecified = address === '0.0.0.0' || address === '::';
  if (family === 'IPv6' && !unspecified) return `http://[${address}]:${port}`;
  return `http://${unspecified ? '127.0.0.1' : address}:${port}`;
}

export async function startDemo(options: DemoOptions = {}) {
  const log = options.log ?? true;
  const hmr = options.hmr ?? true;
  const host = options.host ?? 'localhost';
  const sandbox: Sandbox = await createSandbox({
    log,
    ...options.sandbox,
    port: options.sandboxPort ?? DEFAULT_SANDBOX_PORT,
  });

  const httpServer = createHttpServer();
  let vite: ViteDevServer | undefined;
  let merchant: MerchantBackend | undefined;
  try {
    merchant = createMerchantBackend({
      platformUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      merchantName: sandbox.demoMerchant.channelName,
      privateKey: DEMO_PRIVATE_KEY,
      callbackUrl: () => `${reachableUrl(httpServer)}/api/callbacks`,
      sandboxTools: true,
      // The clock tool moves a pending payment hours on (past its expiry and the failure two hours
      // later), and the emulator's tokens live in sandbox time: the demo's checkout tokens last the
      // day the emulator grants, so the tool never expires a shopper's token mid-payment.
      kit: { tokenValiditySecs: 86_400, ...(options.statusBus ? { bus: options.statusBus } : {}) },
      log: log ? (line) => console.log(line) : undefined,
    });
    const api = getRequestListener(merchant.app.fetch, { overrideGlobalObjects: false });

    vite =
      options.built === undefined
        ? await createViteServer({
            ...demoViteConfig,
            configFile: false,
            logLevel: log ? 'info' : 'silent',
            clearScreen: false,
            server: {
              ...demoViteConfig.server,
              middlewareMode: true,
              // Vite's client in each page talks to it over a WebSocket on the same server.
              ws: { server: httpServer },
              hmr,
              watch: hmr ? {} : null,
            },
          })
        : undefined;
    const viteMiddlewares = vite?.middlewares;
    const builtDir = options.built;
    const catalog = JSON.stringify(shopCatalog());

    httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://demo').pathname;
      const method = req.method ?? 'GET';
      if (path === '/api' || path.startsWith('/api/')) {
        void api(req, res);
        return;
      }
      if (path.startsWith('/dist/')) {
        const file = fileUnder(distDir, path.slice('/dist/'.length));
        if (file) sendFile(res, file, method);
        else
          sendText(
            res,
            404,
            `dist${path.slice('/dist'.length)} is missing: build the package with \`npm run build\` (\`npm run demo\` builds it when it is missing or stale).\n`,
          );
        return;
      }
      if (path === SHOP_CATALOG_PATH) {
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-cache',
        });
        res.end(method === 'HEAD' ? undefined : catalog);
        return;
      }
      if (path === DASHBOARD_LINK) {
        res.writeHead(302, { Location: `${sandbox.url}/__sandbox/dashboard`, 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      if (RAW_FILES.has(path)) {
        const file = fileUnder(demoDir, path);
        if (!file) sendText(res, 404, `Not found: ${path}\n`);
        else if (extname(file) === '.html') sendHtml(res, withSiteNav(readFileSync(file, 'utf8'), path), method);
        else sendFile(res, file, method);
        return;
      }
      if (viteMiddlewares) {
        viteMiddlewares(req, res, () => sendText(res, 404, `Not found: ${path}\n`));
        return;
      }
      const file = fileUnder(builtDir!, path.endsWith('/') ? `${path}index.html` : path);
      if (file) sendFile(res, file, method);
      else sendText(res, 404, `Not found: ${path}\n`);
    });

    await new Promise<void>((resolveListen, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port ?? DEFAULT_DEMO_PORT, host, () => {
        httpServer.off('error', reject);
        resolveListen();
      });
    });
  } catch (error) {
    await merchant?.close();
    await vite?.close();
    await sandbox.close();
    throw error;
  }

  const { port } = httpServer.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  const backend = merchant;
  const devServer = vite;

  return {
    /** The shop: `${url}/`, and the other pages beside it. */
    url,
    pages: {
      shop: `${url}/`,
      hosted: `${url}/pay.html`,
      scriptTag: `${url}/script-tag.html`,
      react: `${url}/react.html`,
      vue: `${url}/vue.html`,
      ownButton: `${url}/own-button.html`,
      wallet: `${url}/wallet.html`,
      /** The emulator's dashboard, on its own origin. */
      dashboard: `${sandbox.url}/__sandbox/dashboard`,
    },
    /** Where the emulator sends the demo merchant's callbacks. */
    callbackUrl: `${reachableUrl(httpServer)}/api/callbacks`,
    sandboxUrl: sandbox.url,
    sandbox,
    merchant: backend,
    /** Stops the shop, the backend's event streams, Vite and the emulator. */
    close(): Promise<void> {
      closing ??= (async () => {
        await backend.close();
        const closed = new Promise<void>((resolveClose) => httpServer.close(() => resolveClose()));
        httpServer.closeAllConnections();
        await Promise.all([closed, devServer?.close(), sandbox.close()]);
      })();
      return closing;
    },
  };
}

export type Demo = Awaited<ReturnType<typeof startDemo>>;
