/**
 * Builds one emulator's context: merchants, clock, payments, balances, callbacks, faults, logs.
 * What a payment reaching a final status does (balances, account data, callback) is decided here,
 * once for every way of getting there (timer, lazy read, clock advance, forced status).
 */
import { createSignatureMemory, createTokenService } from '../platform/auth.js';
import { createCallbackDispatcher, type CallbackRetryOptions, type DeliverySubject } from './callbacks.js';
import { createChangeFeed } from './changes.js';
import { createClock } from './clock.js';
import { createFaultState, type Faults } from '../faults/faults.js';
import { createLedger } from './ledger.js';
import { createMerchantRegistry, demoMerchantConfig, type MerchantConfig } from './merchants.js';
import { paymentAccountOf } from '../platform/payin-flow.js';
import { createPaymentStore, type PaymentRecord } from './payments.js';
import { createRateLimiter } from '../platform/rate-limit.js';
import { createRequestLog } from './request-log.js';
import type { SandboxContext } from './context.js';

export interface ContextOptions {
  settleDelayMs: number;
  allowedOrigins: readonly string[];
  bankPageDecides: boolean;
  rateLimit: number | false;
  faults: Faults;
  merchants: readonly MerchantConfig[];
  maxPayments: number;
  log: boolean | ((line: string) => void);
  callbackRetry?: CallbackRetryOptions;
}

const CALLBACK_TYPES = {
  payin: ['PAYIN_STATUS_CHANGED', 'idPayin'],
  topup: ['TOPUP_STATUS_CHANGED', 'idTopUp'],
  payout: ['PAYOUT_STATUS_CHANGED', 'idPayout'],
} as const;

/** Which payment a callback is about. */
export const subjectOf = ({ kind, merchantCode, id }: PaymentRecord): DeliverySubject => ({ kind, merchantCode, id });

/** The notification body: what changed, never the changed data. */
export function callbackBody(record: PaymentRecord): Record<string, string> {
  const [type, idField] = CALLBACK_TYPES[record.kind];
  return { type, [idField]: record.id, idPayment: record.idPayment };
}

export function createSandboxContext(options: ContextOptions): SandboxContext {
  const changes = createChangeFeed();
  const merchants = createMerchantRegistry([demoMerchantConfig(), ...options.merchants]);
  const ledger = createLedger(merchants);
  // The store needs the clock and the clock's advance settles the store: tie the knot lazily.
  let settleDue = () => {};
  const clock = createClock(() => {
    changes.emit({ type: 'clock' });
    settleDue();
  });
  const callbacks = createCallbackDispatcher({
    ...options.callbackRetry,
    now: clock.now,
    onChange: (delivery) => changes.emit({ type: 'delivery', delivery }),
  });

  function onFinal(record: PaymentRecord) {
    const { merchantCode, settlement } = record;
    if (record.kind === 'payin' && record.status === 'SUCCESS') record.paymentAccount = paymentAccountOf(record);
    if (record.kind !== 'payout' && record.status === 'SUCCESS')
      ledger.credit(merchantCode, settlement.currencyCode, settlement.amount);
    if (record.kind === 'payout' && record.status !== 'SUCCESS')
      ledger.credit(merchantCode, settlement.currencyCode, settlement.amount);
    if (record.callbackUrl)
      void callbacks.send(record.callbackUrl, callbackBody(record), { payment: subjectOf(record) });
  }

  const store = createPaymentStore({
    maxPayments: options.maxPayments,
    now: clock.now,
    onFinal,
    onChange: (record) => changes.emit({ type: 'payment', record }),
  });
  settleDue = store.settleDue;

  return {
    settings: {
      settleDelayMs: options.settleDelayMs,
      allowedOrigins: options.allowedOrigins,
      bankPageDecides: options.bankPageDecides,
    },
    clock,
    merchants,
    tokens: createTokenService(clock.now),
    signatures: createSignatureMemory(),
    ledger,
    store,
    callbacks,
    faults: createFaultState(options.faults, { onChange: () => changes.emit({ type: 'faults' }) }),
    requests: createRequestLog(options.log, (entry) => changes.emit({ type: 'request', entry })),
    rateLimiter: createRateLimiter(options.rateLimit),
    changes,
  };
}
