/**
 * What the merchant's server does after the platform's callback (platform document, direct flow
 * step 5: receive the callback, then GET /payins/{idPayin}), without spending its 10 requests a
 * second on noise:
 *
 * - At most one read of a payin at a time, across every instance sharing the store: a callback
 *   that arrives while a read is under way asks for one more read after it, and every callback
 *   asking meanwhile shares that one (CheckoutStore's read lock). Reads of one payin also start
 *   at least `minReadGapMs` apart, so a flood of callbacks costs one read a second at most.
 * - One read token for all the merchant's payins (`GET /payins/[^/]+`, a general read privilege
 *   that never leaves the server), minted once and renewed before it expires.
 * - Each payin read goes to the authorized streams (`{ payin }` on the bus), and, when it differs
 *   from the last one read (kept in the store), to the merchant's `onPayinUpdate`: once per change,
 *   even when the platform delivers a callback twice. A read that fails sends `{}` to the
 *   authorized streams: the element then reads the payin itself.
 */
import { createClient } from '../../api/client.js';
import { isPlatformError } from '../../api/errors.js';
import type { PayinDetailResponse } from '../../api/schemas/payin.js';
import type { TopUpResponse } from '../../api/schemas/topup.js';
import { sleep } from '../../api/transport.js';
import type { StatusBus } from '../relay/bus.js';
import type { BusLog } from '../shared/log.js';
import { PLATFORM_RETRY } from './call-queue.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import { createServerToken } from '../tokens/server-token.js';
import { paymentOf } from '../shared/payment-kind.js';
import type { TokenIssuer } from '../tokens/issuer.js';

/** Every payin of the merchant, read only, literal but for the id: no `/`, so never a sub-resource. */
export const READ_PAYINS_OPERATION = 'GET /payins/[^/]+';
/** Every top-up of the merchant, read only, the same way. */
export const READ_TOPUPS_OPERATION = 'GET /topups/[^/]+';

/** What `onTopUpUpdate` is told besides the fresh top-up. */
export interface TopUpUpdateContext {
  idTopUp: string;
  /** The top-up as it was last handed to onTopUpUpdate; undefined the first time. */
  previous?: TopUpResponse;
}

export type TopUpUpdateHook = (topUp: TopUpResponse, context: TopUpUpdateContext) => unknown;

/** What `onPayinUpdate` is told besides the fresh payin. */
export interface PayinUpdateContext {
  idPayin: string;
  /** The payin as it was last handed to onPayinUpdate; undefined the first time. */
  previous?: PayinDetailResponse;
}

export type PayinUpdateHook = (payin: PayinDetailResponse, context: PayinUpdateContext) => unknown;

/**
 * One read of a payin after a callback (`onPayinRead`): the payin and whether it differs from the
 * last one onPayinUpdate took, or the error of a read that failed for good (the payin's element
 * then reads it itself).
 */
export type PayinRead =
  { idPayin: string; payin: PayinDetailResponse; changed: boolean } | { idPayin: string; error: unknown };

export type PayinReadHook = (read: PayinRead) => unknown;

export interface PayinFollowerOptions {
  platformUrl: string;
  apiVersion: string;
  issuer: TokenIssuer;
  fetch?: typeof fetch;
  store: CheckoutStore;
  bus: StatusBus;
  onPayinUpdate?: PayinUpdateHook;
  onPayinRead?: PayinReadHook;
  onTopUpUpdate?: TopUpUpdateHook;
  /** Reads of one payin start at least this far apart. */
  minReadGapMs: number;
  /** How long the last payin read is kept. */
  keepMs: number;
  log: BusLog;
}

export interface PayinFollowerStats {
  /** GET /payins/{idPayin} answered (after callbacks). */
  reads: number;
  /** Reads that failed for good (after the patient retries). */
  readFailures: number;
  /** Fresh payins handed to onPayinUpdate (counted when it resolved). */
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

/** JSON with every object's keys sorted: the same payin, whatever order the platform sends. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}

export function createPayinFollower(options: PayinFollowerOptions) {
  const { store, bus, log } = options;
  const token = createServerToken({
    issuer: options.issuer,
    operations: [READ_PAYINS_OPERATION, READ_TOPUPS_OPERATION],
    retry: PLATFORM_RETRY,
  });
  const stats = { reads: 0, readFailures: 0, updates: 0, following: 0 };
  /** Aborts every read and wait when the backend closes. */
  const closing = new AbortController();

  const publish = (idPayin: string, data: { payin?: PayinDetailResponse } | { topUp?: TopUpResponse }) =>
    bus.publish(idPayin, data).catch((error) => log(`The payin ${idPayin} could not be sent to its streams`, error));

  /** Tells onPayinRead, without waiting for it; its failure is reported, never thrown. */
  function toldRead(read: PayinRead): void {
    if (!options.onPayinRead) return;
    try {
      const result = options.onPayinRead(read);
      if (result instanceof Promise)
        result.catch((error) => log(`onPayinRead failed for the payin ${read.idPayin}`, error));
    } catch (error) {
      log(`onPayinRead failed for the payin ${read.idPayin}`, error);
    }
  }

  /** GET /payins/{idPayin} with the server's read token, patient with a busy platform. */
  const getPayin = (idPayin: string, signal: AbortSignal) =>
    token.use((value) =>
      createClient({
        baseUrl: options.platformUrl,
        token: value,
        apiVersion: options.apiVersion,
        fetch: options.fetch,
      }).getPayin(idPayin, {
        retry: PLATFORM_RETRY,
        signal,
      }),
    );

  /** GET /topups/{idTopUp}, the same way. */
  const getTopUp = (idTopUp: string, signal: AbortSignal) =>
    token.use((value) =>
      createClient({
        baseUrl: options.platformUrl,
        token: value,
        apiVersion: options.apiVersion,
        fetch: options.fetch,
      }).getTopUp(idTopUp, {
        retry: PLATFORM_RETRY,
        signal,
      }),
    );

  /**
   * A top-up after its callback (key `topup/{idTopUp}`): read once, sent to its authorized streams
   * as `{ topUp }`, and handed to onTopUpUpdate when it changed, as a payin is below.
   */
  async function readTopUpOnce(subject: string, idTopUp: string): Promise<void> {
    let topUp: TopUpResponse;
    try {
      topUp = await getTopUp(idTopUp, closing.signal);
      stats.reads++;
    } catch (error) {
      if (closing.signal.aborted) return;
      stats.readFailures++;
      log(
        `Reading the top-up ${idTopUp} after its callback failed${isPlatformError(error) ? ` (${error.code})` : ''}; its element reads it itself`,
        error,
      );
      await publish(subject, {});
      return;
    }
    const json = canonicalJson(topUp);
    const previousJson = await store.lastPayin(subject);
    await publish(subject, { topUp });
    if (json === previousJson) return;
    if (options.onTopUpUpdate) {
      try {
        await options.onTopUpUpdate(topUp, {
          idTopUp,
          ...(previousJson ? { previous: JSON.parse(previousJson) as TopUpResponse } : {}),
        });
      } catch (error) {
        log(`onTopUpUpdate failed for the top-up ${idTopUp}; it gets this top-up again after the next callback`, error);
        return;
      }
    }
    await store.setLastPayin(subject, json, options.keepMs);
    stats.updates++;
  }

  async function readOnce(idPayin: string): Promise<void> {
    const payment = paymentOf(idPayin);
    if (payment.kind === 'topup') return readTopUpOnce(idPayin, payment.id);
    let payin: PayinDetailResponse;
    try {
      payin = await getPayin(idPayin, closing.signal);
      stats.reads++;
    } catch (error) {
      if (closing.signal.aborted) return;
      stats.readFailures++;
      log(
        `Reading the payin ${idPayin} after its callback failed${isPlatformError(error) ? ` (${error.code})` : ''}; its element reads it itself`,
        error,
      );
      toldRead({ idPayin, error });
      await publish(idPayin, {});
      return;
    }
    const json = canonicalJson(payin);
    const previousJson = await store.lastPayin(idPayin);
    toldRead({ idPayin, payin, changed: json !== previousJson });
    await publish(idPayin, { payin });
    if (json === previousJson) return;
    if (options.onPayinUpdate) {
      try {
        await options.onPayinUpdate(payin, {
          idPayin,
          ...(previousJson ? { previous: JSON.parse(previousJson) as PayinDetailResponse } : {}),
        });
      } catch (error) {
        // Not remembered as seen: the next callback or read of it hands it over again.
        log(`onPayinUpdate failed for the payin ${idPayin}; it gets this payin again after the next callback`, error);
        return;
      }
    }
    await store.setLastPayin(idPayin, json, options.keepMs);
    stats.updates++;
  }

  /** Reads while reads are asked for, then lets the lock go (unless one was asked meanwhile). */
  async function readWhileAsked(idPayin: string, owner: string): Promise<void> {
    const keepLock = setInterval(() => {
      store
        .extendReadLock(idPayin, owner, LOCK_MS)
        .catch((error) => log(`The read lock of ${idPayin} could not be lengthened`, error));
    }, LOCK_MS / 3);
    let lastStart = -Infinity;
    try {
      do {
        while (!closing.signal.aborted && (await store.takeReadRequest(idPayin))) {
          const gap = lastStart + options.minReadGapMs - Date.now();
          if (gap > 0) await sleep(gap, closing.signal);
          lastStart = Date.now();
          await readOnce(idPayin);
        }
      } while (!closing.signal.aborted && !(await store.releaseReadLock(idPayin, owner)));
    } finally {
      clearInterval(keepLock);
    }
  }

  return {
    /**
     * The payin changed (a callback about a payin of ours): it is read, now or after the read under
     * way, by this instance or the one holding the lock. Never rejects: failures are logged.
     */
    async follow(idPayin: string): Promise<void> {
      stats.following++;
      try {
        await store.requestRead(idPayin, REQUEST_MS);
        const owner = crypto.randomUUID();
        if (!(await store.acquireReadLock(idPayin, owner, LOCK_MS))) return;
        await readWhileAsked(idPayin, owner);
      } catch (error) {
        if (closing.signal.aborted) return;
        log(`Following the payin ${idPayin} failed; its element reads it itself`, error);
        await publish(idPayin, {});
      } finally {
        stats.following--;
      }
    },
    /** The payin as the platform has it now (one GET /payins/{idPayin}); the caller leaving (`signal`) ends the wait. */
    read(idPayin: string, signal?: AbortSignal): Promise<PayinDetailResponse> {
      return getPayin(idPayin, signal ? AbortSignal.any([signal, closing.signal]) : closing.signal);
    },
    /** The top-up as the platform has it now (one GET /topups/{idTopUp}). */
    readTopUp(idTopUp: string, signal?: AbortSignal): Promise<TopUpResponse> {
      return getTopUp(idTopUp, signal ? AbortSignal.any([signal, closing.signal]) : closing.signal);
    },
    /** The last payin (or, by its key, top-up) read, or undefined. */
    async lastPayin(idPayin: string): Promise<PayinDetailResponse | undefined> {
      const json = await store.lastPayin(idPayin);
      return json === undefined ? undefined : (JSON.parse(json) as PayinDetailResponse);
    },
    stats(): PayinFollowerStats {
      return { ...stats, readTokensMinted: token.minted };
    },
    close(): void {
      closing.abort(new Error('The checkout backend closed'));
    },
  };
}

export type PayinFollower = ReturnType<typeof createPayinFollower>;
