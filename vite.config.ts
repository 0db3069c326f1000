/**
 * The package's builds (CONTRACT §4). `npm run build` (scripts/build.ts) runs all of them; a bare
 * `vite build` runs only the first, the browser element.
 *
 * - dist/pay-checkout.js   the element for browsers: everything bundled and minified, one file, plus
 *                          the QR encoder as a chunk beside it that loads the first time a QR shows.
 * - dist/node/pay-checkout.js  the same entry for Node (`node` condition of `.`): dependencies stay
 *                          imports, so Node gets lit's server build, whose DOM shims let it load.
 * - dist/react.js          the React wrapper; imports react, @lit/react and the element entry.
 * - dist/server.js         the merchant-side helper; no DOM, no lit.
 */
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const QRCODE_CORE = 'qrcode/lib/core/qrcode.js';

/**
 * qrcode's core is CommonJS. Imported as it is, the CommonJS interop helpers land in a chunk of
 * their own that the entry imports too: a second request before the element can define itself.
 * Wrapped in a small ES module, the lazy chunk carries its own interop and the entry stays whole.
 */
function qrcodeAsEsModule(): Plugin {
  const id = '\0qrcode-core';
  return {
    name: 'qrcode-as-es-module',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === QRCODE_CORE && importer !== id) return id;
    },
    load(loading) {
      if (loading === id) return `import core from '${QRCODE_CORE}';\nexport const { create } = core;\n`;
    },
  };
}

/** react.js imports the element through the package's own entry, so the element exists once. */
function elementFromPackage(): Plugin {
  return {
    name: 'element-from-package',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.includes('/src/react/')) return;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved?.id.endsWith('/src/pay-checkout.ts')) return { id: 'pay-checkout', external: true };
    },
  };
}

const library = (entry: string, fileName: string): UserConfig['build'] => ({
  target: 'es2022',
  outDir: 'dist',
  emptyOutDir: false,
  lib: { entry, formats: ['es'], fileName: () => fileName },
});

export const element: UserConfig = {
  plugins: [qrcodeAsEsModule()],
  build: {
    ...library('src/pay-checkout.ts', 'pay-checkout.js'),
    rolldownOptions: {
      // Code both the element and its lazy payin views use stays in pay-checkout.js (which is
      // always loaded first) instead of a third, shared chunk: the entry may export a few more
      // internal bindings for the lazy chunk to import.
      preserveEntrySignatures: 'allow-extension',
      // Lib mode keeps whitespace in ES output unless the output itself is told to minify.
      // The lazy chunk is named after its module: qrcode-core-[hash].js (the virtual id's \0 would
      // otherwise become a leading underscore).
      output: { minify: true, comments: false, chunkFileNames: ({ name }) => `${name.replace(/^_+/, '')}-[hash].js` },
    },
  },
};

export const nodeElement: UserConfig = {
  build: {
    target: 'node20',
    outDir: 'dist/node',
    emptyOutDir: false,
    ssr: 'src/pay-checkout.ts',
    rolldownOptions: { output: { entryFileNames: 'pay-checkout.js', chunkFileNames: '[name]-[hash].js' } },
  },
};

export const react: UserConfig = {
  plugins: [elementFromPackage()],
  build: {
    ...library('src/react/index.ts', 'react.js'),
    minify: false,
    // A client component for React Server Components frameworks (Next.js): it uses hooks.
    rolldownOptions: { external: ['react', '@lit/react'], output: { banner: "'use client';" } },
  },
};

export const server: UserConfig = {
  build: {
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: false,
    ssr: 'src/server/index.ts',
    rolldownOptions: { output: { entryFileNames: 'server.js' } },
  },
};

export const builds = { element, nodeElement, react, server };

export default defineConfig(element);
