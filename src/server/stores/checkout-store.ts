/**
 * What `createCheckoutBackend` remembers, and where: the payins it gave checkouts for (it acts
 * only for those), the last payin it read of each (so the merchant's `onPayinUpdate` hears each
 * change once), who is reading a payin now (at most one read of a payin at a time), and when a
 * payin was last read (so that status polls ask for a read only when the kit's is old).
 *
 * `memoryCheckoutStore()` is one process; `redisCheckoutStore({ url })` is every instance that
 * shares one Redis. Another store (a database of the merchant's) implements `CheckoutStore`.
 */
import type { CheckoutCustomer } from '../../api/schemas/checkout-response.js';
import type { Money } from '../../api/schemas/request-common.js';
import type { TopUpRequested } from '../../api/schemas/topup.js';

/**
 * A payin the backend gave a checkout for, or a top-up (remembered under `topup/{idTopUp}`, with
 * its mode in `topUpRequested` and the amount it states in `money`).
 */
export interface RememberedCheckout {
  money: Money;
  customer?: CheckoutCustomer;
  topUpRequested?: TopUpRequested;
}

/**
 * The backend's memory. Every method may reject (a store that cannot be reached): the backend
 * then answers 503 and the platform or the shopper tries again. Each method's first argument is a
 * payment's key: a payin's idPayin, or `topup/{idTopUp}` for a top-up (so `lastPayin` holds a
 * top-up's last read too; the names stay, since stores of merchants' own implement them).
 *
 * The read methods implement one rule across instances: whoever wants the payin read asks
 * (`requestRead`), then tries to take the read lock; the holder reads while requests are pending
 * (`takeReadRequest`), and lets go only when none came meanwhile (`releaseReadLock`, atomic), so a
 * request is never lost between a holder's last read and its release.
 */
export interface CheckoutStore {
  /** Remembers (again) a payin given a checkout, for `ttlMs`. */
  remember(idPayin: string, checkout: RememberedCheckout, ttlMs: number): Promise<void>;
  /** The checkout of a payin remembered, or undefined. */
  recall(idPayin: string): Promise<RememberedCheckout | undefined>;
  /** The last payin read, as its canonical JSON, or undefined. */
  lastPayin(idPayin: string): Promise<string | undefined>;
  setLastPayin(idPayin: string, json: string, ttlMs: number): Promise<void>;
  /** Asks for a read of the payin (kept `ttlMs` at most). */
  requestRead(idPayin: string, ttlMs: number): Promise<void>;
  /** Takes the read lock for `owner` unless someone holds it; true when taken. */
  acquireReadLock(idPayin: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Keeps the lock `ttlMs` longer while `owner` holds it; false when it is no longer theirs. */
  extendReadLock(idPayin: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Takes the pending read request, if any: true when there was one. */
  takeReadRequest(idPayin: string): Promise<boolean>;
  /**
   * Lets the lock go, unless a read was requested meanwhile: then `owner` keeps it and gets false
   * (it reads again). True also when the lock is no longer `owner`'s (its holder reads for them).
   */
  releaseReadLock(idPayin: string, owner: string): Promise<boolean>;
  /**
   * Notes that the payin was read just now (or given a checkout, before there is anything to
   * read): status polls ask for no read of it for `freshMs`. Optional: without it and
   * `takeStaleRead`, status polls answer from the store and never ask for a read.
   */
  noteRead?(idPayin: string, freshMs: number): Promise<void>;
  /**
   * Takes a status poll's read of the payin, atomically across instances: only when it was not
   * noted read (nor taken so) in the last `freshMs`, and no payment's was taken in the last
   * `gapMs`. True when taken: the payin then counts as read for `freshMs`, and every payment waits
   * `gapMs` for the next one.
   */
  takeStaleRead?(idPayin: string, freshMs: number, gapMs: number): Promise<boolean>;
  /** Releases connections. The backend calls it only for a store it created itself. */
  close?(): Promise<void>;
}

export interface MemoryCheckoutStoreOptions {
  /** Entries kept at most (payins, their last reads and requests); the oldest go beyond. Default 100 000. */
  maxEntries?: number;
  /** The clock; for tests. */
  now?: () => number;
}

interface Held<T> {
  value: T;
  expiresAt: number;
}

/**
 * The store of one process: enough when one server instance receives the platform's callbacks and
 * serves every checkout. Bounded: past `maxEntries` the entries remembered longest ago go first.
 */
export function memoryCheckoutStore(options: MemoryCheckoutStoreOptions = {}): CheckoutStore {
  const maxEntries = options.maxEntries ?? 100_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new TypeError('memoryCheckoutStore: maxEntries must be a positive integer');
  const now = options.now ?? Date.now;
  /** Payins and their last reads: bounded, the oldest go first. */
  const entries = new Map<string, Held<unknown>>();
  /** Read locks and requests: short-lived, never evicted by the bound (a lock lost so would allow two reads). */
  const transient = new Map<string, Held<unknown>>();
  /**
   * When each payin was last read: set with one freshness bound, so in about the order they
   * expire; each set drops the expired ones at the front, so payins nobody polls again go too.
   */
  const reads = new Map<string, Held<unknown>>();

  function get<T>(map: Map<string, Held<unknown>>, key: string): T | undefined {
    const held = map.get(key);
    if (!held) return undefined;
    if (held.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return held.value as T;
  }
  function set(map: Map<string, Held<unknown>>, key: string, value: unknown, ttlMs: number): void {
    map.delete(key);
    map.set(key, { value, expiresAt: now() + ttlMs });
    if (map === entries) while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    if (map === reads)
      for (const [oldest, held] of reads) {
        if (held.expiresAt > now()) break;
        reads.delete(oldest);
      }
  }

  const checkoutKey = (id: string) => `checkout ${id}`;
  const lastKey = (id: string) => `last ${id}`;
  const lockKey = (id: string) => `lock ${id}`;
  const requestKey = (id: string) => `request ${id}`;
  const STALE_READ_TURN = 'stale read turn';
  const lockOf = (id: string) => get<string>(transient, lockKey(id));

  return {
    async remember(idPayin, checkout, ttlMs) {
      set(entries, checkoutKey(idPayin), structuredClone(checkout), ttlMs);
    },
    async recall(idPayin) {
      const checkout = get<RememberedCheckout>(entries, checkoutKey(idPayin));
      return checkout && structuredClone(checkout);
    },
    async lastPayin(idPayin) {
      return get<string>(entries, lastKey(idPayin));
    },
    async setLastPayin(idPayin, json, ttlMs) {
      set(entries, lastKey(idPayin), json, ttlMs);
    },
    async requestRead(idPayin, ttlMs) {
      set(transient, requestKey(idPayin), true, ttlMs);
    },
    async acquireReadLock(idPayin, owner, ttlMs) {
      if (lockOf(idPayin) !== undefined) return false;
      set(transient, lockKey(idPayin), owner, ttlMs);
      return true;
    },
    async extendReadLock(idPayin, owner, ttlMs) {
      if (lockOf(idPayin) !== owner) return false;
      set(transient, lockKey(idPayin), owner, ttlMs);
      return true;
    },
    async takeReadRequest(idPayin) {
      return get(transient, requestKey(idPayin)) !== undefined && transient.delete(requestKey(idPayin));
    },
    async releaseReadLock(idPayin, owner) {
      if (lockOf(idPayin) !== owner) return true;
      if (get(transient, requestKey(idPayin)) !== undefined) return false;
      transient.delete(lockKey(idPayin));
      return true;
    },
    async noteRead(idPayin, freshMs) {
      set(reads, idPayin, true, freshMs);
    },
    async takeStaleRead(idPayin, freshMs, gapMs) {
      if (get(reads, idPayin) !== undefined || get(transient, STALE_READ_TURN) !== undefined) return false;
      set(reads, idPayin, true, freshMs);
      set(transient, STALE_READ_TURN, true, gapMs);
      return true;
    },
  };
}
