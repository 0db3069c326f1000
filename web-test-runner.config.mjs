// Browser tests: real Chromium through Playwright. The browser is CHROME_PATH when set, else the
// system's /usr/bin/chromium when present, else Playwright's own download (a merchant's laptop).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

const executablePath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts', '!test/e2e/**'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
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
