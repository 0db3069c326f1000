// A wtr plugin that runs the sandbox emulator in the test runner's process, on a free port, for
// browser tests that talk to a real platform stand-in. The emulator is TypeScript: esbuild bundles
// it once (its npm dependencies stay external) and the bundle is imported. GET /__test/sandbox
// starts it on first use and answers its URL; it stops when the runner stops.
//
// GET /__test/token?idPayin=…[&amount=…&currencyCode=…][&merchantInfo=1][&externalReference=1]
// mints a checkout token here, in Node, the way a merchant backend does: pay-checkout/server
// refuses to sign in a browser, so the demo merchant's private key never reaches the page.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export function sandboxPlugin(options = {}) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  let started;
  const start = async () => {
    const outdir = `${root}node_modules/.cache/pay-checkout/sandbox`;
    mkdirSync(outdir, { recursive: true });
    await build({
      entryPoints: { sandbox: `${root}demo/sandbox/index.ts`, server: `${root}src/server/index.ts` },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir,
      outExtension: { '.js': '.mjs' },
      target: 'node20',
    });
    const load = (name) => import(`${pathToFileURL(`${outdir}/${name}.mjs`).href}?t=${Date.now()}`);
    const [{ createSandbox, DEMO_MERCHANT_CODE, DEMO_PRIVATE_KEY_PATH }, { createTokenIssuer, checkoutOperations }] = await Promise.all([load('sandbox'), load('server')]);
    const sandbox = await createSandbox({ port: 0, log: false, rateLimit: false, settleDelayMs: 400, ...options });
    const issuer = createTokenIssuer({ baseUrl: sandbox.url, merchantCode: DEMO_MERCHANT_CODE, privateKey: readFileSync(DEMO_PRIVATE_KEY_PATH, 'utf8') });
    return { sandbox, issuer, checkoutOperations };
  };
  async function mint({ idPayin, amount, currencyCode, merchantInfo, externalReference }) {
    const { issuer, checkoutOperations } = await (started ??= start());
    const money = amount === undefined ? undefined : { amount: Number(amount), currencyCode };
    if (merchantInfo || externalReference) {
      return issuer.withOperations({ operations: checkoutOperations(idPayin, { merchantInfo: Boolean(merchantInfo), externalReference: Boolean(externalReference) }), money });
    }
    return issuer.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money });
  }
  return {
    name: 'sandbox-emulator',
    async serve(context) {
      if (context.path === '/__test/sandbox') {
        const { sandbox } = await (started ??= start());
        return { body: JSON.stringify({ url: sandbox.url }), type: 'json' };
      }
      if (context.path === '/__test/token') {
        return { body: JSON.stringify({ token: await mint(context.query) }), type: 'json' };
      }
    },
    async serverStop() {
      if (started) await (await started).sandbox.close();
    },
  };
}
