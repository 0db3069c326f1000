/** What every part of the emulator shares: its settings and its state, built once per instance. */
import type { SandboxClock } from './clock.js';
import type { MerchantRegistry } from './merchants.js';
import type { SignatureMemory, TokenService } from '../platform/auth.js';
import type { Ledger } from './ledger.js';
import type { PaymentStore } from './payments.js';
import type { CallbackDispatcher } from './callbacks.js';
import type { FaultState } from '../faults/faults.js';
import type { RequestLog } from './request-log.js';
import type { RateLimiter } from '../platform/rate-limit.js';
import type { ChangeFeed } from './changes.js';

export interface SandboxSettings {
  /** How long "within seconds" outcomes take, in sandbox milliseconds. */
  settleDelayMs: number;
  /** Payments that lead to the sandbox bank page wait there for a person's decision. */
  bankPageDecides: boolean;
  /** Origins besides loopback whose pages may use the emulator's tools and token endpoints. */
  allowedOrigins: readonly string[];
}

export interface SandboxContext {
  settings: SandboxSettings;
  clock: SandboxClock;
  merchants: MerchantRegistry;
  tokens: TokenService;
  /** Signatures of token requests already used (replay refusal). */
  signatures: SignatureMemory;
  ledger: Ledger;
  store: PaymentStore;
  callbacks: CallbackDispatcher;
  faults: FaultState;
  requests: RequestLog;
  rateLimiter: RateLimiter;
  /** Every change the dashboard shows, as it happens. */
  changes: ChangeFeed;
}
