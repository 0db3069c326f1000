/**
 * `npm run demo`: builds dist/ when it is missing or stale (the script-tag page loads the built
 * element), then starts the sandbox emulator, the demo merchant's backend and the demo shop, and
 * stops them all on Ctrl-C or SIGTERM.
 *
 * Environment: DEMO_PORT (default 5173), DEMO_HOST (default localhost), SANDBOX_PORT or PORT for
 * the emulator (default 8787), SANDBOX_SETTLE_DELAY_MS (default 3000), SANDBOX_BANK_PAGE_DECIDES
 * (default true here: a person decides redirect payments on the sandbox bank page) and the
 * emulator's other variables (SANDBOX_RATE_LIMIT, the faults), as its command reads them. 0 picks a free
 * port.
 * REDIS_URL: the merchant kit's status streams use Redis pub/sub there instead of its in-process
 * bus.
 */
import { sandboxOptionsFromEnv } from 'pay-checkout-sandbox';
import { redisBus } from 'pay-checkout/server';
import { ensureBuilt, isBuildStale } from '../scripts/ensure-build.mjs';
import { DEFAULT_DEMO_PORT, DEFAULT_SANDBOX_PORT, startDemo } from './server.js';
import { DEMO_NAV } from './lib/site-nav.js';
import { stopOnSignals } from './lib/stop-on-signals.js';

function portFromEnv(...names: string[]): number | undefined {
  for (const name of names) {
    const value = process.env[name];
    if (value === undefined || value === '') continue;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new RangeError(`${name} must be a port number (0 to 65535), not "${value}"`);
    return port;
  }
  return undefined;
}

async function main() {
  if (isBuildStale()) {
    console.log('Building dist/ for the script-tag page (npm run build)…');
    try {
      await ensureBuilt();
    } catch (error) {
      console.warn(
        `The build failed, so the script-tag page will say so; the other pages compile from src/ and work.\n${(error as Error).message}`,
      );
    }
  }
  // The emulator's own knobs (SANDBOX_SETTLE_DELAY_MS, SANDBOX_RATE_LIMIT, …), read as its command
  // reads them; its port and host are the demo's to choose.
  const { port: _port, host: _host, ...emulator } = sandboxOptionsFromEnv();
  const demo = await startDemo({
    port: portFromEnv('DEMO_PORT') ?? DEFAULT_DEMO_PORT,
    host: process.env.DEMO_HOST || undefined,
    sandboxPort: portFromEnv('SANDBOX_PORT', 'PORT') ?? DEFAULT_SANDBOX_PORT,
    sandbox: { ...emulator, bankPageDecides: emulator.bankPageDecides ?? true },
    statusBus: process.env.REDIS_URL ? redisBus({ url: process.env.REDIS_URL }) : undefined,
  });

  // Every page of the navigation, from the same list (lib/site-nav.ts); the dashboard on the emulator's origin.
  const pages = DEMO_NAV.filter((page) => page.href !== '/sandbox-dashboard')
    .map((page) => `  ${`${page.label}:`.padEnd(17)}${new URL(page.href, demo.pages.shop).href}   (${page.about})`)
    .join('\n');
  console.log(`
  pay-checkout demo

${pages}

  Sandbox emulator ${demo.sandboxUrl}   (demo merchant ${demo.sandbox.demoMerchant.merchantCode}, DEMO ONLY keys)
  Its dashboard    ${demo.pages.dashboard}   (payments live, callbacks, the clock, faults)
  Merchant backend ${demo.url}/api/   (createCheckoutBackend: checkouts at /api/checkouts, callbacks at
                   ${demo.callbackUrl}, status streams at /api/payins/{idPayin}/events,
                   ${process.env.REDIS_URL ? 'over Redis, REDIS_URL' : 'in-process bus'})

  Ctrl-C to stop.
`);

  stopOnSignals('demo', () => demo.close());
}

main().catch((error: unknown) => {
  const message =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `${(error as Error).message}: another process uses the port (set DEMO_PORT or SANDBOX_PORT)`
      : ((error as Error).message ?? String(error));
  console.error(`The demo could not start: ${message}`);
  process.exit(1);
});
