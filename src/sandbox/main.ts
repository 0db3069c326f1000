/**
 * `npm run sandbox`: the emulator on 127.0.0.1:8787 (PORT, HOST to change). Faults come from the
 * SANDBOX_* variables (faults.ts), SANDBOX_SETTLE_DELAY_MS, SANDBOX_RATE_LIMIT ("off" or N),
 * SANDBOX_BANK_PAGE_DECIDES (true: redirect payments wait for the bank page) and
 * SANDBOX_ALLOWED_ORIGINS (read by createSandbox) tune the rest. Stops cleanly on Ctrl-C and SIGTERM.
 */
import { createSandbox, SANDBOX_ENDPOINTS, type SandboxOptions } from './index.js';
import { booleanFromEnv, numberFromEnv } from '../../demo/lib/env.js';
import { stopOnSignals } from '../../demo/lib/stop-on-signals.js';

async function main() {
  const rateLimitEnv = process.env.SANDBOX_RATE_LIMIT;
  const options: SandboxOptions = {
    port: numberFromEnv('PORT') ?? 8787,
    host: process.env.HOST || '127.0.0.1',
    settleDelayMs: numberFromEnv('SANDBOX_SETTLE_DELAY_MS'),
    rateLimit: rateLimitEnv === 'off' ? false : numberFromEnv('SANDBOX_RATE_LIMIT'),
    bankPageDecides: booleanFromEnv('SANDBOX_BANK_PAGE_DECIDES'),
    log: true,
  };
  const sandbox = await createSandbox(options);
  console.log(`Sandbox emulator of the payment platform listening on ${sandbox.url}
  demo merchant:  merchantCode ${sandbox.demoMerchant.merchantCode}, secret ${sandbox.demoMerchant.secret}  (DEMO ONLY)
  keys:           DEMO_PRIVATE_KEY and DEMO_PUBLIC_KEY of pay-checkout/sandbox  (DEMO ONLY)
  requests need:  X-API-Version: 2 and Authorization: Bearer <token from POST /auth-tokens or /auth-tokens-by-action>
  faults:         ${JSON.stringify(sandbox.faults.get())}
  tools:
    ${SANDBOX_ENDPOINTS.join('\n    ')}
Ctrl-C to stop.`);

  stopOnSignals('sandbox', () => sandbox.close());
}

main().catch((error: unknown) => {
  console.error(`The sandbox could not start: ${(error as Error).message ?? error}`);
  process.exit(1);
});
