/** The emulator's server half: its state, its hono app and its HTTP server, started by createSandbox. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import type { IssueRequest } from './platform/auth.js';
import type { CallbackRetryOptions } from './state/callbacks.js';
import { DEMO_PRIVATE_KEY, DEMO_PUBLIC_KEY } from './state/demo-keys.js';
import type { Faults } from './faults/faults.js';
import { DEMO_CHANNEL_NAME, DEMO_MERCHANT_CODE, DEMO_MERCHANT_SECRET, type MerchantConfig } from './state/merchants.js';
import { createSandboxContext } from './state/create-context.js';
import { resetAll } from './tools/actions.js';

/** createSandbox's options, checked and with their defaults. */
export interface EmulatorSettings {
  port: number;
  host: string;
  log: boolean | ((line: string) => void);
  settleDelayMs: number;
  rateLimit: number | false;
  faults: Faults;
  merchants: MerchantConfig[];
  maxPayments: number;
  callbackRetry?: CallbackRetryOptions;
  tickMs: number;
  allowedOrigins: string[];
  bankPageDecides: boolean;
}

export async function startEmulator(options: EmulatorSettings) {
  const ctx = createSandboxContext({
    allowedOrigins: options.allowedOrigins,
    bankPageDecides: options.bankPageDecides,
    settleDelayMs: options.settleDelayMs,
    rateLimit: options.rateLimit,
    faults: options.faults,
    merchants: options.merchants,
    maxPayments: options.maxPayments,
    log: options.log,
    callbackRetry: options.callbackRetry,
  });
  const app = createApp(ctx);
  const host = options.host;

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({
      fetch: app.fetch,
      port: options.port,
      hostname: host,
      overrideGlobalObjects: false,
    }) as Server;
    started.once('listening', () => resolve(started));
    started.once('error', reject);
  });
  const ticker = setInterval(() => ctx.store.settleDue(), options.tickMs);
  ticker.unref();

  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    port,
    host,
    /** Stops the ticker and pending callbacks, closes every connection, resolves when the port is free. */
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(ticker);
        ctx.callbacks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
    /** Sandbox time: `now()` in ms; `advance(seconds)` moves it forward and fires what became due. */
    clock: { now: () => ctx.clock.now(), advance: (seconds: number) => ctx.clock.advance(seconds) },
    /** The demo merchant's credentials (demo-only: demo-keys.ts). */
    demoMerchant: {
      merchantCode: DEMO_MERCHANT_CODE,
      secret: DEMO_MERCHANT_SECRET,
      channelName: DEMO_CHANNEL_NAME,
      privateKey: DEMO_PRIVATE_KEY,
      publicKey: DEMO_PUBLIC_KEY,
    },
    /** Payments held, read as GET would see them now. */
    payments: {
      get: (kind: 'payin' | 'topup' | 'payout', id: string, merchantCode = DEMO_MERCHANT_CODE) =>
        ctx.store.get(kind, merchantCode, id),
      count: () => ctx.store.size(),
    },
    balance: (currencyCode: string, merchantCode = DEMO_MERCHANT_CODE) =>
      ctx.ledger.balance(merchantCode, currencyCode),
    faults: ctx.faults,
    requests: ctx.requests,
    callbacks: { deliveries: ctx.callbacks.deliveries, clear: ctx.callbacks.clear },
    /** Mints a token directly, skipping the token endpoints (e.g. an already expired one for tests). */
    issueToken: (request: Omit<IssueRequest, 'validitySecs'> & { validitySecs?: number }) =>
      ctx.tokens.issue({ validitySecs: 1800, ...request }),
    /** Applies every transition that is due now. */
    settle: () => ctx.store.settleDue(),
    /** Forgets every payment and restores opening balances. */
    reset: () => resetAll(ctx),
  };
}
