/**
 * `npm test`: first `npm run typecheck` and `npm run build` side by side (neither reads what the
 * other writes: tsc, ESLint and dependency-cruiser read the sources, the build writes dist/), then
 * the Node tests (`npm run test:node`) and the browser tests (`npm run test:browser`) side by side.
 * Each of the four alone leaves one of two cores idle much of the time (tsc 7 aside, ESLint and
 * the build's bundling are one thread each; the browser suite waits on pages); side by side they
 * end together sooner than one after the other. A failed type-check or build stops the run before
 * the suites, as `&&` did. Before the suites, the Node suite's shared pieces: one production build
 * of the demo and one Chromium (browser server), which its files use instead of a build and a
 * browser each.
 *
 * The Node tests' output is shown as it comes; the browser tests' is held until the Node tests end,
 * then shown and followed, so that neither log is interleaved with the other. At the end, each
 * step's result and time, and the tail of any that failed (its reporter's summary of the
 * failures), so that a CI log that keeps only its last lines still says what failed.
 *
 * `--only node` or `--only browser` runs one suite alone, as `npm test` runs it (the Node suite
 * with the shared build and Chromium), with no type-check and dist/ built only when stale: to
 * measure one suite, or to re-run the one that failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/engines/engines.mjs';
import { ensureBuilt } from './ensure-build.mjs';

const TAIL_LINES = 60;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'node' && only !== 'browser') {
  process.stderr.write(`--only takes node or browser, not ${only}\n`);
  process.exit(2);
}

/** Ends the process's children with it: Ctrl-C or a CI's SIGTERM stops both suites. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

function run(name, script, { live, env = {} }) {
  const started = Date.now();
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.add(child);
  const held = [];
  let tail = '';
  let showing = live;
  const onData = (stream) => (chunk) => {
    const text = chunk.toString();
    tail = (tail + text).split('\n').slice(-TAIL_LINES).join('\n');
    if (showing) stream.write(text);
    else held.push([stream, text]);
  };
  child.stdout.on('data', onData(process.stdout));
  child.stderr.on('data', onData(process.stderr));
  const done = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: 1, error }));
    child.once('close', (code, signal) => resolve({ code: code ?? 1, signal }));
  }).then((result) => {
    children.delete(child);
    return { name, ...result, seconds: Math.round((Date.now() - started) / 1000), tail: () => tail };
  });
  return {
    done,
    /** Writes what was held, then shows the rest as it comes. */
    show() {
      for (const [stream, text] of held.splice(0)) stream.write(text);
      showing = true;
    },
  };
}

/**
 * The Node suite's shared pieces: one production build of the demo for every Node test file that
 * serves it (test/e2e/demo-steps.ts), and one Chromium for every file that drives a page (the
 * end-to-end tests, the strict-CSP and save-QR checks, …): each connects to it and works in
 * contexts of its own (scripts/page-server.ts launchChromium). The demo's build compiles the
 * element from src/, so it needs no dist/ and goes beside the type-check and the build.
 */
async function nodeSuitePieces() {
  const demoBuild = mkdtempSync(join(tmpdir(), 'pay-checkout-demo-build-'));
  const { buildDemo } = await tsImport('../demo/build.ts', import.meta.url);
  const [browserServer] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS }),
    buildDemo(demoBuild),
  ]);
  return {
    env: { PAY_CHECKOUT_CHROMIUM_WS: browserServer.wsEndpoint(), PAY_CHECKOUT_DEMO_BUILD: demoBuild },
    async close() {
      await browserServer.close();
      rmSync(demoBuild, { recursive: true, force: true });
    },
  };
}

const results = [];
const started = Date.now();
// A failure here (no Chromium, a demo that does not build) is reported as a step's, after the checks.
const pieces =
  only === 'browser' ? undefined : nodeSuitePieces().catch((error) => ({ error, env: {}, close: async () => {} }));
if (only) {
  await ensureBuilt();
} else {
  const checks = [run('type-check', 'typecheck', { live: false }), run('build', 'build', { live: false })];
  for (const check of checks) {
    const result = await check.done;
    check.show();
    results.push(result);
  }
}
const shared = await pieces;
if (shared?.error) {
  const said = String(shared.error.stack ?? shared.error);
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({
    name: "Node suite's demo build and Chromium",
    code: 1,
    error: shared.error,
    seconds,
    tail: () => said,
  });
}
if (results.some((result) => result.code !== 0)) {
  // As `npm run typecheck && npm run build && …`: no suite runs on sources that do not check or build.
} else if (only === 'browser') {
  results.push(await run('browser tests', 'test:browser', { live: true }).done);
} else {
  const node = run('Node tests', 'test:node', { live: true, env: shared.env });
  const browser = only === 'node' ? undefined : run('browser tests', 'test:browser', { live: false });
  const nodeResult = await node.done;
  results.push(nodeResult);
  if (browser) {
    process.stdout.write(
      `\n=== ${nodeResult.name} ended (${nodeResult.code === 0 ? 'passed' : 'FAILED'}); the browser tests, which ran beside them:\n\n`,
    );
    browser.show();
    results.push(await browser.done);
  }
}
await shared?.close();
const lines = [
  '',
  `=== npm test: ${only ? `the ${only} suite alone` : 'the type-check, the build and the two suites'}`,
];
for (const result of results) {
  const outcome =
    result.code === 0
      ? 'passed'
      : `FAILED (${result.error?.message ?? (result.signal ? `signal ${result.signal}` : `exit code ${result.code}`)})`;
  lines.push(`${result.name}: ${outcome}, ${result.seconds} s`);
}
for (const result of results.filter((r) => r.code !== 0)) {
  lines.push('', `--- the last lines of the ${result.name}:`, result.tail());
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode ||= results.some((result) => result.code !== 0) ? 1 : 0;
