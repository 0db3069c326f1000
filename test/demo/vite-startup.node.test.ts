/**
 * `npm run demo` starts Vite with demo/vite.config.ts, and on a fresh clone Vite pre-bundles the
 * demo's dependencies first (optimizeDeps). It must say nothing alarming while doing so: no
 * warning such as "Cannot optimize dependency", no error, and no dependency found late (which
 * reloads the page on a first visit). Vite runs here as the demo runs it (middleware mode), with a
 * fresh cache of its own, until its pre-bundle is written; then the pages' scripts are compiled.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createServer, type Logger, type ViteDevServer } from 'vite';
import { demoViteConfig } from '../../demo/vite.config.js';

/** The module script of each demo page (demo/*.html). */
const PAGE_SCRIPTS = ['/shop.ts', '/pay.ts', '/react.tsx', '/vue.ts', '/own-button.ts'];

describe('the demo’s Vite on a fresh cache', () => {
  const messages: { level: 'info' | 'warn' | 'error'; text: string }[] = [];
  let vite: ViteDevServer;
  let cacheDir: string;

  before(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'pay-checkout-demo-vite-'));
    const base = createLogger('info');
    const logger: Logger = {
      ...base,
      info: (text) => void messages.push({ level: 'info', text }),
      warn: (text) => void messages.push({ level: 'warn', text }),
      warnOnce: (text) => void messages.push({ level: 'warn', text }),
      error: (text) => void messages.push({ level: 'error', text }),
    };
    vite = await createServer({
      ...demoViteConfig,
      configFile: false,
      cacheDir,
      customLogger: logger,
      clearScreen: false,
      server: { ...demoViteConfig.server, middlewareMode: true, hmr: false, watch: null },
    });
    const written = join(cacheDir, 'deps', '_metadata.json');
    for (const deadline = Date.now() + 90_000; !existsSync(written);) {
      if (Date.now() > deadline)
        throw new Error(`Vite wrote no pre-bundle in 90 s; it said:\n${messages.map((m) => m.text).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const script of PAGE_SCRIPTS) await vite.transformRequest(script);
    await vite.environments.client.waitForRequestsIdle();
  });
  after(async () => {
    await vite?.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  it('pre-bundles every dependency up front with no warning or error', () => {
    const alarming = messages.filter(
      (m) =>
        m.level !== 'info' ||
        /new dependencies optimized|optimized dependencies changed|reloading|tip: consider adding/i.test(m.text),
    );
    assert.deepEqual(alarming, []);
  });

  it('pre-bundled react and the others the pages import', () => {
    const optimized = Object.keys(vite.environments.client.depsOptimizer?.metadata.optimized ?? {});
    for (const dependency of [
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'vue',
      'lit',
      '@lit/react',
      'zod/mini',
    ]) {
      assert.ok(optimized.includes(dependency), `${dependency} among ${optimized.join(', ')}`);
    }
  });
});
