// Browser tests, in real Chromium, Firefox and WebKit (CONTRIBUTING.md says where each comes from
// and how it is driven; BROWSERS=chromium,firefox narrows a run while developing).
import { execFileSync } from 'node:child_process';
import { writeSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { build } from 'esbuild';
import { ensureBuilt } from './scripts/ensure-build.mjs';
import { playwrightLauncher } from '@web/test-runner-playwright';
import {
  BROWSER_START_MS,
  CHROMIUM_ARGS,
  chromiumPath,
  selectedEngines,
  wtrLauncher,
} from './test/support/engines/engines.mjs';
import { failureSummaryReporter } from './test/support/failure-summary.mjs';
import { sandboxPlugin } from './test/support/sandbox-plugin.mjs';
import { hostedImports } from './test/support/hosted-page.mjs';

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * wtr stops the whole run on an uncaught exception (an unhandled rejection included) and exits 1,
 * but says why only through its buffered console, which it does not flush before it exits: a CI
 * log showed the browser tests "FAILED (exit code 1)" with no test failed and no reason given.
 * Said here on stderr at once, before wtr's own handler stops the run.
 */
process.prependListener('uncaughtException', (error, origin) => {
  writeSync(2, `\nThe browser tests stop on an uncaught exception (${origin}):\n${error?.stack ?? error}\n\n`);
});

/**
 * Some modules the tests import are CommonJS (React, the fake timers); the browser needs ES modules.
 * Vite converts them for the build; here esbuild bundles them once, together (so react-dom and the
 * tests share one React), and each is served as an ES module at /__cjs/<name>.js whose named
 * exports are the ones the module has when Node requires it (in a child process: React's
 * development build wraps the console, which the test runner has replaced).
 */
function commonjsAsEsm(specifiers) {
  const prefix = '/__cjs/';
  const fileOf = (specifier) => `${specifier.replace(/\.js$/, '').replace(/[^\w]+/g, '-')}.js`;
  let served;
  const bundle = () => {
    const script = `console.log(JSON.stringify(${JSON.stringify(specifiers)}.map((s) => Object.keys(require(s)))))`;
    const keys = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: rootDir, encoding: 'utf8' }));
    const exportsOf = new Map(
      specifiers.map((specifier, i) => [
        specifier,
        keys[i].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default'),
      ]),
    );
    return build({
      entryPoints: Object.fromEntries(
        specifiers.map((specifier) => [fileOf(specifier).slice(0, -3), `esm-of:${specifier}`]),
      ),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'cjs',
      write: false,
      define: { 'process.env.NODE_ENV': '"development"' },
      // The fake timers require Node's util only when there is a `process`: never in a page.
      external: ['util'],
      plugins: [
        {
          name: 'esm-of',
          setup(esbuild) {
            esbuild.onResolve({ filter: /^esm-of:/ }, ({ path }) => ({
              path: path.slice('esm-of:'.length),
              namespace: 'esm-of',
            }));
            esbuild.onLoad({ filter: /.*/, namespace: 'esm-of' }, ({ path }) => {
              const names = exportsOf.get(path).join(', ');
              return {
                contents: `import m from '${path}';\nexport default m;\nexport const { ${names} } = m;\n`,
                resolveDir: rootDir,
              };
            });
          },
        },
      ],
    }).then((result) => new Map(result.outputFiles.map((file) => [prefix + basename(file.path), file.text])));
  };
  return {
    name: 'commonjs-as-esm',
    // Bundled before any browser asks: the bundling blocks the server a moment, and three
    // browsers waiting on it at once could push a test past its timeout.
    serverStart() {
      served ??= bundle();
    },
    resolveImport({ source }) {
      if (specifiers.includes(source)) return prefix + fileOf(source);
    },
    async serve(context) {
      if (!context.path.startsWith(prefix)) return;
      const body = (await (served ??= bundle())).get(context.path);
      if (body !== undefined) return { body, type: 'js' };
    },
  };
}

/**
 * A phone in Chromium: 375 CSS pixels wide, touch, mobile viewport rules (a page without a
 * viewport meta tag is laid out 980 px wide, as on a real phone), Android Chrome's user agent.
 */
const PHONE = {
  viewport: { width: 375, height: 667 },
  screen: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
};

/** Chromium emulating PHONE, named so in wtr's report. */
async function phoneLauncher({ concurrency } = {}) {
  const launcher = playwrightLauncher({
    product: 'chromium',
    concurrency,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    createBrowserContext: ({ browser }) => browser.newContext(PHONE),
    // wtr's Playwright page sets an 800×600 viewport on every page it opens: the phone keeps its own.
    createPage: async ({ context }) => {
      const page = await context.newPage();
      page.setViewportSize = async () => {};
      return page;
    },
  });
  launcher.name = 'Chromium phone';
  return launcher;
}

/** wtr command `tap` ({ x, y } in CSS pixels of the viewport): a touch tap in the phone's Chromium. */
function tapPlugin() {
  return {
    name: 'tap-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'tap') return undefined;
      if (session.browser.type !== 'playwright')
        throw new Error(`tap needs a Playwright browser with touch, not ${session.browser.name}`);
      await session.browser.getPage(session.id).touchscreen.tap(payload.x, payload.y);
      return true;
    },
  };
}

/** Tests of the built package load /dist/…: build it first if it is missing or stale. */
function freshDist() {
  return {
    name: 'fresh-dist',
    async serve(context) {
      if (context.path.startsWith('/dist/')) await ensureBuilt();
    },
  };
}

/**
 * Test files at a time in each engine. WebKit one: under Xvfb only one window has the keyboard
 * focus (the one under the pointer), and a page without it has no :focus or :focus-visible.
 */
const CONCURRENCY = { chromium: 2, firefox: 2, webkit: 1 };
const engines = selectedEngines();
/** The sandbox emulator, for tests that pay against a real platform stand-in (and the merchant kit on it). */
const sandbox = sandboxPlugin();
const launchers = Object.fromEntries(
  await Promise.all(
    engines.map(async (engine) => [engine, await wtrLauncher(engine, { concurrency: CONCURRENCY[engine] })]),
  ),
);

/**
 * Files that need a window narrower than MiniBrowser allows: its toolbar keeps a WebKitGTK 2.50
 * window at least 447 px wide, so the 320-px layout test runs in Chromium and Firefox (CONTRIBUTING.md).
 */
const NARROW_FILES = ['test/components/layout.test.ts'];

/**
 * The paths a shopper on a phone takes, again in Chromium as a 375-px touch phone: the flow from
 * the form to the result, the pending views, the QR, accessibility; and the touch tests, which
 * only a touch screen can run. The page has the viewport meta tag of a merchant's mobile page.
 */
const PHONE_FILES = [
  'test/components/touch.phone.test.ts',
  'test/components/sandbox-flow.test.ts',
  'test/components/select-create.test.ts',
  'test/components/pending.test.ts',
  'test/components/a11y.test.ts',
  'test/methods/qr.test.ts',
];
const phonePage = (testFramework) =>
  `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><script type="module" src="${testFramework}"></script></body></html>`;

export default {
  files: [
    'test/**/*.test.ts',
    '!test/**/*.node.test.ts',
    '!test/**/*.phone.test.ts',
    '!test/e2e/**',
    ...NARROW_FILES.map((file) => `!${file}`),
  ],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  rootDir,
  // The merchant kit answers with statuses (429, 503, 403) and streams of its own: a plugin's
  // serve() can only answer 200.
  middleware: [sandbox.kitMiddleware, sandbox.cspMiddleware, sandbox.hostedMiddleware],
  plugins: [
    tapPlugin(),
    hostedImports(),
    commonjsAsEsm(['react', 'react-dom', 'react-dom/client', '@sinonjs/fake-timers']),
    freshDist(),
    sandbox,
    // wtr serves files as they are; esbuild compiles TypeScript with our tsconfig so Lit's
    // decorators are transpiled the way tsc would (experimentalDecorators).
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  // One engine at a time: on two cores, engines side by side push timing-bound tests (a payment
  // that expires in a second, a stream that must connect within 300 ms) past their limits.
  concurrentBrowsers: 1,
  browsers: Object.values(launchers),
  groups: [
    ...(launchers.chromium
      ? [
          {
            name: 'phone',
            files: PHONE_FILES,
            browsers: [await phoneLauncher({ concurrency: CONCURRENCY.chromium })],
            testRunnerHtml: phonePage,
          },
        ]
      : []),
    {
      name: 'narrow',
      files: NARROW_FILES,
      browsers: [launchers.chromium, launchers.firefox].filter(Boolean),
    },
  ].filter((group) => group.browsers.length),
  // The default reporter, and every failure again at the end, where a CI log's tail shows it.
  reporters: [defaultReporter(), failureSummaryReporter()],
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  // WebKit's first page waits for WebKitWebDriver and MiniBrowser to start (wtr's default is 30 s).
  browserStartTimeout: BROWSER_START_MS,
};
