/**
 * The demo's pages built for production (`vite build` with demo/vite.config.ts): each page with
 * its scripts bundled, as a merchant would deploy a shop. `startDemo({ built: outDir })` serves
 * the result instead of Vite's dev server; the end-to-end tests do, since a dev-server page loads
 * its ~150 modules one request at a time in every page they open.
 */
import { join } from 'node:path';
import { build } from 'vite';
import { DEMO_PAGES, demoViteConfig } from './vite.config.js';

/** Builds the demo's pages into `outDir` (emptied first). */
export async function buildDemo(outDir: string): Promise<void> {
  const root = demoViteConfig.root!;
  await build({
    ...demoViteConfig,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: {
        input: Object.fromEntries(DEMO_PAGES.map((page) => [page.replace(/\.html$/, ''), join(root, page)])),
      },
    },
  });
}
