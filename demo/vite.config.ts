/**
 * The demo's Vite configuration (not the package build's: that is ../vite.config.ts). Vite serves
 * demo/ and compiles the element's TypeScript from src/ as it is (the pages' `pay-checkout` imports
 * reach it through tsconfig.json's paths), with the repository's tsconfig (experimentalDecorators
 * for Lit). `npm run demo` (demo/main.ts) runs it in middleware mode
 * behind its own HTTP server, together with the merchant backend; see demo/server.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { withSiteNav } from './lib/site-nav.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The demo's pages. script-tag.html is served as it is (demo/server.ts), so it is not listed. */
export const DEMO_PAGES = [
  'index.html',
  'pay.html',
  'react.html',
  'vue.html',
  'own-button.html',
  'wallet.html',
] as const;

export const demoViteConfig: UserConfig = {
  root,
  appType: 'mpa',
  // Every page's navigation from one list (lib/site-nav.ts), in the served and the built HTML alike.
  plugins: [
    {
      name: 'demo-site-nav',
      transformIndexHtml: (html, context) => withSiteNav(html, context.path),
    },
  ],
  // Its own cache, so the demo never races the package build or the browser tests for Vite's.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-demo', import.meta.url)),
  resolve: {
    // The pages import the package by name, as a merchant's would (`pay-checkout`,
    // `pay-checkout/react`); the repository's tsconfig.json maps those names to the entries' sources,
    // so Vite compiles the element from src/ (hot reload included) and needs no dist/.
    tsconfigPaths: true,
    // The full build of Vue, with its template compiler: vue.ts writes its template as a string.
    alias: { vue: 'vue/dist/vue.esm-bundler.js' },
  },
  define: {
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  optimizeDeps: {
    // Found up front, so a first visit never reloads the page because a dependency turned up late.
    // Not `react` itself: Vite resolves an include with no importer against this root first, where
    // react.tsx (the React page) shadows the package ("Cannot optimize dependency: react"). The scan
    // of the pages finds it, imported by react.tsx.
    entries: [...DEMO_PAGES],
    include: [
      'lit',
      'lit/decorators.js',
      'lit/directives/if-defined.js',
      'zod/mini',
      'lean-qr',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react/jsx-runtime',
      '@lit/react',
      'vue',
    ],
  },
  server: {
    // The demo reads files from the whole repository: src/ (the element) and node_modules.
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
  },
};

export default defineConfig(demoViteConfig);
