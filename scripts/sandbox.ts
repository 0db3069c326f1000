/**
 * `npm run sandbox`: the emulator's command (pay-checkout-sandbox, packages/sandbox/) from its
 * source, as `npx pay-checkout-sandbox` runs it from the package: with no verb it starts the
 * emulator on 127.0.0.1:8787; `npm run sandbox -- settle <id> SUCCESS` and the other verbs drive a
 * running one. The dashboard's script is built with the packages, so before the emulator starts,
 * they are built when missing or stale, as `npm run demo` does.
 */
import { ensureBuilt, isBuildStale } from './ensure-build.mjs';

const starts = !process.argv.slice(2).some((arg) => !arg.startsWith('-'));
if (starts && !process.argv.includes('--help') && !process.argv.includes('-h') && isBuildStale()) {
  console.log('Building the packages (npm run build) for the dashboard…');
  await ensureBuilt();
}
await import('../packages/sandbox/src/cli/main.js');
