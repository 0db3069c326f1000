/**
 * pay-checkout-sandbox: the local emulator of the payment platform, as a library:
 *
 *   const sandbox = await createSandbox({ port: 0, log: false });
 *   … sandbox.url …
 *   await sandbox.close();
 *
 * The `pay-checkout-sandbox` command (cli/main.ts) starts it on 127.0.0.1:8787 and drives a
 * running one (settle, resend, clock, tail).
 */
import { allowedOriginsFromEnv, parseAllowedOrigins } from './tools/allowed-origins.js';
import type { CallbackRetryOptions } from './state/callbacks.js';
import { booleanFromEnv, numberFromEnv } from './options-from-env.js';
import { faultsFromEnv, faultsSchema, type Faults } from './faults/faults.js';
import type { MerchantConfig } from './state/merchants.js';
import { startEmulator } from './start.js';

export {
  SCENARIO_AMOUNTS,
  PAYIN_SCENARIOS,
  payinScenarioFor,
  payoutOutcomeFor,
  amountMatches,
  type AmountMatch,
  type ScenarioRow,
  type PayinScenario,
} from './platform/scenarios.js';
export { FAULT_ENV, faultsFromEnv, type Faults } from './faults/faults.js';
export { ALLOWED_ORIGINS_ENV } from './tools/allowed-origins.js';
export { DEMO_CHANNEL_NAME, DEMO_MERCHANT_CODE, DEMO_MERCHANT_SECRET, type MerchantConfig } from './state/merchants.js';
export { DEMO_PRIVATE_KEY, DEMO_PUBLIC_KEY } from './state/demo-keys.js';
export { TIMESTAMP_WINDOW_MS, TIMESTAMP_AHEAD_MS, MAX_VALIDITY_SECS } from './platform/auth.js';
export { EXPIRY_SECONDS, expirySecondsFor } from './platform/methods/method-responses.js';
export { SANDBOX_ENDPOINTS } from './tools/endpoints.js';
/** The JSON the emulator's tools and its event stream answer (GET /__sandbox/payments, /events, …). */
export type {
  ClockView,
  Delivery,
  DeliveryAttempt,
  LoggedRequest,
  PaymentDetail,
  PaymentSummary,
  Snapshot,
  StreamEvents,
  TimelineView,
} from './dashboard/model.js';

export interface SandboxOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** One line per request (`POST /payins/o-1 200 3ms`) to the console, or to a function. Default true. */
  log?: boolean | ((line: string) => void);
  /** How long "within seconds" outcomes take, in sandbox time. Default 3000 ms. */
  settleDelayMs?: number;
  /** Requests per second per merchant; false turns the limit off. Default 10. */
  rateLimit?: number | false;
  /** Injected faults, merged over those of the SANDBOX_* environment variables. Default none. */
  faults?: Faults;
  /** Merchants besides the demo merchant. */
  merchants?: MerchantConfig[];
  /** Payments kept in memory (payins, top-ups, payouts together); the oldest is forgotten beyond. Default 10 000. */
  maxPayments?: number;
  /** Callback delivery: tries and backoff. Default 6 tries, 1 s doubling. */
  callbackRetry?: CallbackRetryOptions;
  /** How often due transitions and their callbacks fire without a read. Default 100 ms. */
  tickMs?: number;
  /**
   * Origins (`https://shop.example:8443`, or `*`) whose pages may use the emulator's own tools
   * (`/__sandbox/*`) and token endpoints, besides loopback ones (http://localhost:*, 127.0.0.1,
   * [::1]). Default: SANDBOX_ALLOWED_ORIGINS (comma-separated), else none. The platform endpoints
   * answer every origin whatever this says.
   */
  allowedOrigins?: string[];
  /**
   * Payments whose method leads to the sandbox bank page (ONLINE, NETBANKING and the other redirect
   * methods) wait there for a person to Approve, Decline or Let it expire, instead of settling by
   * the amount table; without a decision they fail at expireAt. Default false: the amount table
   * decides, as the platform's sandbox does (the page's buttons still act until it has).
   * `npm run demo` turns it on.
   */
  bankPageDecides?: boolean;
}

/**
 * The options that `npx pay-checkout-sandbox` and `npm run sandbox` take from the environment:
 * PORT, HOST, SANDBOX_SETTLE_DELAY_MS, SANDBOX_RATE_LIMIT (requests per second, or `off`) and
 * SANDBOX_BANK_PAGE_DECIDES (`true`/`false`); unset ones are left out. The faults (FAULT_ENV) and
 * SANDBOX_ALLOWED_ORIGINS are read by createSandbox itself. For a test set-up with the command's
 * knobs: `createSandbox({ ...sandboxOptionsFromEnv(), port: 0 })`. A value of the wrong kind is a
 * RangeError naming the variable.
 */
export function sandboxOptionsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SandboxOptions {
  const rateLimit =
    env.SANDBOX_RATE_LIMIT?.trim().toLowerCase() === 'off' ? false : numberFromEnv(env, 'SANDBOX_RATE_LIMIT');
  const options: SandboxOptions = {
    port: numberFromEnv(env, 'PORT'),
    host: env.HOST || undefined,
    settleDelayMs: numberFromEnv(env, 'SANDBOX_SETTLE_DELAY_MS'),
    rateLimit,
    bankPageDecides: booleanFromEnv(env, 'SANDBOX_BANK_PAGE_DECIDES'),
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as SandboxOptions;
}

function atLeast(name: string, value: number, minimum: number): number {
  if (!Number.isFinite(value) || value < minimum)
    throw new RangeError(`createSandbox: ${name} must be a number ≥ ${minimum}, not ${value}`);
  return value;
}

export async function createSandbox(options: SandboxOptions = {}) {
  const faults = faultsSchema.safeParse({ ...faultsFromEnv(process.env), ...options.faults });
  if (!faults.success) throw new RangeError(`createSandbox: invalid faults ${JSON.stringify(options.faults)}`);
  const allowedOrigins = options.allowedOrigins
    ? parseAllowedOrigins(options.allowedOrigins)
    : (allowedOriginsFromEnv(process.env) ?? []);
  return startEmulator({
    port: options.port ?? 8787,
    host: options.host ?? '127.0.0.1',
    log: options.log ?? true,
    settleDelayMs: atLeast('settleDelayMs', options.settleDelayMs ?? 3000, 0),
    rateLimit: options.rateLimit === false ? false : atLeast('rateLimit', options.rateLimit ?? 10, 1),
    faults: faults.data,
    merchants: options.merchants ?? [],
    maxPayments: atLeast('maxPayments', options.maxPayments ?? 10_000, 1),
    callbackRetry: options.callbackRetry,
    tickMs: options.tickMs ?? 100,
    allowedOrigins,
    bankPageDecides: options.bankPageDecides ?? false,
  });
}

export type Sandbox = Awaited<ReturnType<typeof startEmulator>>;
