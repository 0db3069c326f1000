/**
 * The dashboard's page: `GET /` from a browser (Accept: text/html) and /__sandbox/dashboard. A
 * shell under a strict Content-Security-Policy that loads one script, the Lit app the package's
 * build puts in dist/dashboard/ (src/dashboard/ui/). It reads and acts only through the emulator's
 * tools, so a page of another origin is refused as they refuse it (tools/origins.ts), and no
 * other page may frame it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { SANDBOX_PREFIX } from '../platform/checks.js';
import type { SandboxEnv } from '../hono-env.js';

export const DASHBOARD_PATH = `${SANDBOX_PREFIX}/dashboard`;
const SCRIPT = 'dashboard.js';

/**
 * dist/dashboard/ of this package, found from this module upwards (its source in src/dashboard/,
 * or its build in dist/), so it is the same whether the emulator runs from source or installed.
 */
function assetDirectory(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'pay-checkout-sandbox') return join(dir, 'dist', 'dashboard');
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

let script: string | undefined;
function dashboardScript(): string | undefined {
  if (script) return script;
  const dir = assetDirectory();
  const file = dir && join(dir, SCRIPT);
  if (file && existsSync(file)) script = readFileSync(file, 'utf8');
  return script;
}

const securityHeaders = (nonce: string) => ({
  'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
});

function page(c: Context) {
  const nonce = crypto.randomUUID().replace(/-/g, '');
  const missing = dashboardScript() === undefined;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="csp-nonce" content="${nonce}">
<title>Sandbox dashboard · pay-checkout-sandbox</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">
:root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}
body{margin:0;background:light-dark(#f6f7f9,#111418);color:light-dark(#1b1f24,#e6e9ee)}
.fallback{max-width:40rem;margin:3rem auto;padding:0 1rem}
</style>
<script type="module" src="${DASHBOARD_PATH}/${SCRIPT}"></script>
</head>
<body>
<sandbox-dashboard>
<main class="fallback"><h1>Sandbox dashboard</h1>
<p>${
    missing
      ? "The dashboard's script is not built: run <code>npm run build</code> in the repository (an installed pay-checkout-sandbox has it)."
      : 'The dashboard needs JavaScript. The same answers are in the emulator’s tools: <a href="/__sandbox">/__sandbox</a>.'
  }</p></main>
</sandbox-dashboard>
</body>
</html>`;
  return c.html(html, 200, securityHeaders(nonce));
}

/** Whether a request for `/` comes from a browser asking for a page (the platform's clients ask JSON). */
export const wantsPage = (c: Context) => c.req.method === 'GET' && /\btext\/html\b/.test(c.req.header('accept') ?? '');

export function registerDashboard(app: Hono<SandboxEnv>) {
  app.get(DASHBOARD_PATH, page);
  app.get(`${DASHBOARD_PATH}/${SCRIPT}`, (c) => {
    const body = dashboardScript();
    if (body === undefined)
      return c.json(
        { errorCode: 'DASHBOARD_NOT_BUILT', message: "The dashboard's script is not built: run npm run build" },
        503,
      );
    return c.body(body, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}

/** `GET /` from a browser: the dashboard, before the platform's version check would answer 404. */
export const dashboardAtRoot = page;
