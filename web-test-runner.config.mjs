// Browser tests: real Chromium through Playwright. The browser is CHROME_PATH when set, else the
// system's /usr/bin/chromium when present, else Playwright's own download (a merchant's laptop).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { build } from 'esbuild';

/**
 * qrcode is CommonJS; the browser needs an ES module. Vite converts it for the build; here the
 * one module the element imports is bundled once with esbuild and served as ESM.
 */
function commonjsQrcode() {
  const url = '/__cjs/qrcode-core.js';
  let bundled;
  return {
    name: 'commonjs-qrcode',
    resolveImport({ source }) {
      if (source === 'qrcode/lib/core/qrcode.js') return url;
    },
    async serve(context) {
      if (context.path !== url) return;
      bundled ??= build({
        entryPoints: [fileURLToPath(new URL('./node_modules/qrcode/lib/core/qrcode.js', import.meta.url))],
        bundle: true,
        format: 'esm',
        write: false,
        platform: 'browser',
      }).then((result) => result.outputFiles[0].text);
      return { body: await bundled, type: 'js' };
    },
  };
}
import { playwrightLauncher } from '@web/test-runner-playwright';

const executablePath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts', '!test/e2e/**'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    commonjsQrcode(),
    // wtr serves files as they are; esbuild compiles TypeScript with our tsconfig so Lit's
    // decorators are transpiled the way tsc would (experimentalDecorators).
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        // Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses.
        args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      },
    }),
  ],
  concurrency: 2,
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 10 * 60 * 1000,
};
