/**
 * `pay-checkout-sandbox` with no verb: the emulator on 127.0.0.1:8787 (PORT, HOST to change).
 * Faults come from the SANDBOX_* variables (faults.ts), SANDBOX_SETTLE_DELAY_MS, SANDBOX_RATE_LIMIT
 * ("off" or N), SANDBOX_BANK_PAGE_DECIDES (true: redirect payments wait for the bank page) and
 * SANDBOX_ALLOWED_ORIGINS (read by createSandbox) tune the rest. Stops cleanly on Ctrl-C and SIGTERM.
 */
import { createSandbox, SANDBOX_ENDPOINTS, sandboxOptionsFromEnv } from '../index.js';

export async function serve() {
  const options = { port: 8787, host: '127.0.0.1', ...sandboxOptionsFromEnv(), log: true };
  const sandbox = await createSandbox(options);
  console.log(`Sandbox emulator of the payment platform listening on ${sandbox.url}
  dashboard:      ${sandbox.url}/  (in a browser)
  demo merchant:  merchantCode ${sandbox.demoMerchant.merchantCode}, secret ${sandbox.demoMerchant.secret}  (DEMO ONLY)
  keys:           DEMO_PRIVATE_KEY and DEMO_PUBLIC_KEY of pay-checkout-sandbox  (DEMO ONLY)
  requests need:  X-API-Version: 2 and Authorization: Bearer <token from POST /auth-tokens or /auth-tokens-by-action>
  faults:         ${JSON.stringify(sandbox.faults.get())}
  tools:
    ${SANDBOX_ENDPOINTS.join('\n    ')}
Ctrl-C to stop.`);

  stopOnSignals(() => sandbox.close());
}

/** Ctrl-C and SIGTERM: close once, exit 0 when closed, 1 when closing fails or takes over five seconds. */
function stopOnSignals(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox…`);
    setTimeout(() => process.exit(1), 5000).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
