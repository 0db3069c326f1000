/**
 * `npm run sandbox`: the emulator's command (pay-checkout-sandbox, packages/sandbox/) from its
 * source, as `npx pay-checkout-sandbox` runs it from the package: with no arguments it starts the
 * emulator on 127.0.0.1:8787; `npm run sandbox -- settle <id> SUCCESS` and the other verbs drive a
 * running one. Its dashboard's script is built with the package, so dist/ is built first when it
 * is missing or stale, as `npm run demo` does.
 */
import { ensureBuilt, isBuildStale } from './ensure-build.mjs';

if (isBuildStale()) {
  console.log('Building the packages (npm run build) for the dashboard…');
  await ensureBuilt();
}
await import('../packages/sandbox/src/cli/main.js');
