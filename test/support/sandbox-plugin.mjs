// A wtr plugin that runs the sandbox emulator in the test runner's process, on a free port, for
// browser tests that talk to a real platform stand-in. The emulator is TypeScript: esbuild bundles
// it once (its npm dependencies stay external) and the bundle is imported. GET /__test/sandbox
// starts it on first use and answers its URL; it stops when the runner stops.
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export function sandboxPlugin(options = {}) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  let sandbox;
  const start = async () => {
    const outfile = `${root}node_modules/.cache/pay-checkout/sandbox.mjs`;
    mkdirSync(`${root}node_modules/.cache/pay-checkout`, { recursive: true });
    await build({ entryPoints: [`${root}demo/sandbox/index.ts`], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, target: 'node20' });
    const { createSandbox } = await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
    return createSandbox({ port: 0, log: false, rateLimit: false, settleDelayMs: 400, ...options });
  };
  return {
    name: 'sandbox-emulator',
    async serve(context) {
      if (context.path !== '/__test/sandbox') return;
      const { url } = await (sandbox ??= start());
      return { body: JSON.stringify({ url }), type: 'json' };
    },
    async serverStop() {
      if (sandbox) await (await sandbox).close();
    },
  };
}
