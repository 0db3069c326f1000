/**
 * `npm test`'s last step: the Node tests (`npm run test:node`) and the browser tests
 * (`npm run test:browser`) side by side. The browser suite spends much of its time waiting on
 * pages (payments settling, streams, three engines taking turns) and alone leaves the CPU half
 * idle; the Node suite keeps it busy: side by side, the two end together sooner than one after
 * the other. Before them, the Node suite's shared pieces: one production build of the demo and
 * one Chromium (browser server), which its files use instead of a build and a browser each.
 *
 * The Node tests' output is shown as it comes; the browser tests' is held until the Node tests end,
 * then shown and followed, so that neither log is interleaved with the other. At the end, each
 * suite's result and time, and the tail of any suite that failed (its reporter's summary of the
 * failures), so that a CI log that keeps only its last lines still says what failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/engines/engines.mjs';

const TAIL_LINES = 60;

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

// One production build of the demo for every Node test file that serves it (test/e2e/demo-steps.ts),
// instead of a build per file.
const demoBuild = mkdtempSync(join(tmpdir(), 'pay-checkout-demo-build-'));
const { buildDemo } = await tsImport('../demo/build.ts', import.meta.url);
await buildDemo(demoBuild);
// One Chromium for every Node test file that drives a page (the end-to-end tests, the strict-CSP
// and save-QR checks, …): each connects to it and works in contexts of its own
// (scripts/page-server.ts launchChromium), instead of starting a browser per file.
const browserServer = await chromium.launchServer({
  executablePath: chromiumPath(),
  headless: true,
  args: CHROMIUM_ARGS,
});
const node = run('Node tests', 'test:node', {
  live: true,
  env: { PAY_CHECKOUT_CHROMIUM_WS: browserServer.wsEndpoint(), PAY_CHECKOUT_DEMO_BUILD: demoBuild },
});
const browser = run('browser tests', 'test:browser', { live: false });
const nodeResult = await node.done;
await browserServer.close();
rmSync(demoBuild, { recursive: true, force: true });
process.stdout.write(
  `\n=== ${nodeResult.name} ended (${nodeResult.code === 0 ? 'passed' : 'FAILED'}); the browser tests, which ran beside them:\n\n`,
);
browser.show();
const browserResult = await browser.done;

const results = [nodeResult, browserResult];
const lines = ['', '=== npm test: the two suites'];
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
