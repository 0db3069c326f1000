/**
 * What the merchant's server does after the platform's callback (platform document, direct flow
 * step 5: receive the callback, then GET /payins/{idPayin}, or GET /topups/{idTopUp} for a
 * top-up), without spending its 10 requests a second on noise:
 *
 * - At most one read of a payment at a time, across every instance sharing the store: a callback
 *   that arrives while a read is under way asks for one more read after it, and every callback
 *   asking meanwhile shares that one (CheckoutStore's read lock). Reads of one payment also start
 *   at least `minReadGapMs` apart, so a flood of callbacks costs one read a second at most.
 * - One read token for all the merchant's payments (`GET /payins/[^/]+`, `GET /topups/[^/]+`, a
 *   general read privilege that never leaves the server), minted once and renewed before it expires.
 * - A status poll that finds the kit's last read of a pending payment older than a bound asks for
 *   a read the same way (status-poll.ts): the safety net for a callback that never comes.
 * - Each read goes to the authorized streams (`{ payin }` or `{ topUp }` on the bus), and, when it
 *   differs from the last one read (kept in the store), to the merchant's update hook: once per
 *   change, even when the platform delivers a callback twice. A read that fails sends `{}` to the
 *   authorized streams: the element then reads the payment itself.
 */
import type { PlatformClient } from '../../api/client.js';
import { isPlatformError } from '../../api/errors.js';
import type { CallOptions } from '../../api/transport.js';
import { sleep } from '../../api/transport.js';
import type { ChangeData, StatusBus } from '../relay/bus.js';
import type { BusLog } from '../shared/log.js';
import { KIND_WORDS, paymentOf, type PaymentKind } from '../shared/payment-kind.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import { createServerToken } from '../tokens/server-token.js';
import type { TokenIssuer } from '../tokens/issuer.js';
import { PLATFORM_RETRY } from './call-queue.js';
import type { Payment, PaymentReadHook, PaymentUpdateHook } from './payment-hooks.js';

/** Every payin of the merchant, read only, literal but for the id: no `/`, so never a sub-resource. */
export const READ_PAYINS_OPERATION = 'GET /payins/[^/]+';
/** Every top-up of the merchant, read only, the same way. */
export const READ_TOPUPS_OPERATION = 'GET /topups/[^/]+';

/** The key a payment's data has on the authorized streams and in status polls' answers. */
export const DATA_KEYS = { payin: 'payin', topup: 'topUp' } as const satisfies Record<PaymentKind, string>;

/** Each kind's read. */
const KINDS = {
  payin: { get: (client: PlatformClient, id: string, call: CallOptions) => client.getPayin(id, call) },
  topup: { get: (client: PlatformClient, id: string, call: CallOptions) => client.getTopUp(id, call) },
} as const;

export interface PaymentReaderOptions {
  platformUrl: string;
  apiVersion: string;
  issuer: TokenIssuer;
  fetch?: typeof fetch;
  store: CheckoutStore;
  bus: StatusBus;
  onUpdate?: PaymentUpdateHook;
  onRead?: PaymentReadHook;
  /** A hook's name as the merchant gave it, for the log. */
  hookName: (hook: 'onUpdate' | 'onRead', kind: PaymentKind) => string;
  /** Reads of one payment start at least this far apart. */
  minReadGapMs: number;
  /** How long the last payment read is kept. */
  keepMs: number;
  /** After each read, status polls ask for no other read of the payment for this long. */
  pollReadAfterMs: number;
  log: BusLog;
}

export interface PaymentReaderStats {
  /** Reads after callbacks (and status polls' safety-net reads) answered (GET /payins/{idPayin}, GET /topups/{idTopUp}). */
  reads: number;
  /** Reads that failed for good (after the patient retries). */
  readFailures: number;
  /** Fresh payments handed to the update hook (counted when it resolved). */
  updates: number;
  /** Read tokens minted (one per half hour or so). */
  readTokensMinted: number;
  /** Callbacks being followed on this instance now (asking for a read, or reading). */
  following: number;
}

/** The read lock lives this long, and is lengthened every third of it while its holder reads. */
const LOCK_MS = 30_000;
/** A request for a read nobody took (its holder died) is forgotten after this. */
const REQUEST_MS = 5 * 60_000;

/** JSON with every object's keys sorted: the same payment, whatever order the platform sends. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}

export function createPaymentReader(options: PaymentReaderOptions) {
  const { store, bus, log } = options;
  const token = createServerToken({
    issuer: options.issuer,
    platformUrl: options.platformUrl,
    apiVersion: options.apiVersion,
    fetch: options.fetch,
    operations: [READ_PAYINS_OPERATION, READ_TOPUPS_OPERATION],
    retry: PLATFORM_RETRY,
  });
  const stats = { reads: 0, readFailures: 0, updates: 0, following: 0 };
  /** Aborts every read and wait when the backend closes. */
  const closing = new AbortController();
  /**
   * A signal of one read's own that also aborts when the backend closes. Each wait of a read (a
   * 429 waited out, the gap between reads) listens to its signal until it ends: on `closing`
   * itself, a busy platform's many waiting reads would pile listeners on one signal (Node warns
   * past 10); a signal made by `AbortSignal.any` adds none to its sources.
   */
  const readSignal = (caller?: AbortSignal) => AbortSignal.any(caller ? [caller, closing.signal] : [closing.signal]);

  function publish(subject: string, data: ChangeData): Promise<void> {
    return bus.publish(subject, data).catch((error) => {
      const { kind, id } = paymentOf(subject);
      log(`The ${KIND_WORDS[kind].noun} ${id} could not be sent to its streams`, error);
    });
  }

  /** Tells the read hook, without waiting for it; its failure is reported, never thrown. */
  function toldRead(read: Parameters<PaymentReadHook>[0]): void {
    if (!options.onRead) return;
    const hook = options.hookName('onRead', read.kind);
    const failed = (error: unknown) => log(`${hook} failed for the ${KIND_WORDS[read.kind].noun} ${read.id}`, error);
    try {
      const result = options.onRead(read);
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  /** The payment as the platform has it now, with the server's read token, patient with a busy platform. */
  function get<K extends PaymentKind>(kind: K, id: string, signal: AbortSignal): Promise<Payment<K>> {
    return token.call(
      (client) => KINDS[kind].get(client, id, { retry: PLATFORM_RETRY, signal }) as Promise<Payment<K>>,
    );
  }

  /** One read after a callback: sent to the authorized streams, and to the update hook when it changed. */
  async function readOnce(subject: string, signal: AbortSignal): Promise<void> {
    const { kind, id } = paymentOf(subject);
    const noun = KIND_WORDS[kind].noun;
    let payment: Payment;
    try {
      payment = await get(kind, id, signal);
      stats.reads++;
    } catch (error) {
      if (closing.signal.aborted) return;
      stats.readFailures++;
      const code = isPlatformError(error) ? ` (${error.code})` : '';
      log(`Reading the ${noun} ${id} failed${code}; its element reads it itself`, error);
      toldRead({ kind, id, error });
      await publish(subject, {});
      return;
    }
    await store
      .noteRead?.(subject, options.pollReadAfterMs)
      .catch((error) =>
        log(`The read of the ${noun} ${id} could not be noted; a status poll may read it again`, error),
      );
    const json = canonicalJson(payment);
    const previousJson = await store.lastPayin(subject);
    toldRead({ kind, id, payment, changed: json !== previousJson } as Parameters<PaymentReadHook>[0]);
    await publish(subject, { [DATA_KEYS[kind]]: payment });
    if (json === previousJson) return;
    if (options.onUpdate) {
      const previous = previousJson ? { previous: JSON.parse(previousJson) as Payment } : {};
      try {
        await options.onUpdate({ kind, id, payment, ...previous } as Parameters<PaymentUpdateHook>[0]);
      } catch (error) {
        // Not remembered as seen: the next callback or read of it hands it over again.
        const hook = options.hookName('onUpdate', kind);
        log(`${hook} failed for the ${noun} ${id}; it gets this ${noun} again after the next callback`, error);
        return;
      }
    }
    await store.setLastPayin(subject, json, options.keepMs);
    stats.updates++;
  }

  /** Reads while reads are asked for, then lets the lock go (unless one was asked meanwhile). */
  async function readWhileAsked(subject: string, owner: string): Promise<void> {
    const keepLock = setInterval(() => {
      store
        .extendReadLock(subject, owner, LOCK_MS)
        .catch((error) => log(`The read lock of ${subject} could not be lengthened`, error));
    }, LOCK_MS / 3);
    let lastStart = -Infinity;
    const signal = readSignal();
    try {
      do {
        while (!closing.signal.aborted && (await store.takeReadRequest(subject))) {
          const gap = lastStart + options.minReadGapMs - Date.now();
          if (gap > 0) await sleep(gap, signal);
          lastStart = Date.now();
          await readOnce(subject, signal);
        }
      } while (!closing.signal.aborted && !(await store.releaseReadLock(subject, owner)));
    } finally {
      clearInterval(keepLock);
    }
  }

  return {
    /**
     * The payment changed (a callback about a payment of ours, by its key): it is read, now or
     * after the read under way, by this instance or the one holding the lock. Never rejects:
     * failures are logged.
     */
    async follow(subject: string): Promise<void> {
      stats.following++;
      try {
        await store.requestRead(subject, REQUEST_MS);
        const owner = crypto.randomUUID();
        if (!(await store.acquireReadLock(subject, owner, LOCK_MS))) return;
        await readWhileAsked(subject, owner);
      } catch (error) {
        if (closing.signal.aborted) return;
        const { kind, id } = paymentOf(subject);
        log(`Following the ${KIND_WORDS[kind].noun} ${id} failed; its element reads it itself`, error);
        await publish(subject, {});
      } finally {
        stats.following--;
      }
    },
    /** The payment as the platform has it now (one GET); the caller leaving (`signal`) ends the wait. */
    read<K extends PaymentKind>(kind: K, id: string, signal?: AbortSignal): Promise<Payment<K>> {
      return get(kind, id, readSignal(signal));
    },
    /** The last payment read after a callback, by its key, or undefined. */
    async last(subject: string): Promise<Payment | undefined> {
      const json = await store.lastPayin(subject);
      return json === undefined ? undefined : (JSON.parse(json) as Payment);
    },
    stats(): PaymentReaderStats {
      return { ...stats, readTokensMinted: token.minted };
    },
    close(): void {
      closing.abort(new Error('The checkout backend closed'));
    },
  };
}

export type PaymentReader = ReturnType<typeof createPaymentReader>;
