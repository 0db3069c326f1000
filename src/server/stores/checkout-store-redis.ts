/**
 * `createCheckoutBackend`'s memory in Redis, shared by every instance of the merchant's server:
 * the payins given checkouts, the last payin read of each, the one-read lock (SET NX PX, let go
 * by a script that keeps it when a read was asked for meanwhile), and when each was last read (a
 * key that expires when the read is old; a script takes a status poll's read). Every key expires.
 *
 * Through node-redis (`@redis/client`, the optional peer `redisBus` uses too), loaded on first
 * use. While Redis cannot be reached every call rejects at once (no offline queue), so checkouts
 * and callbacks are answered 503 and tried again, never left hanging.
 */
import { consoleBusLog, type BusLog } from '../shared/log.js';
import type { CheckoutStore, RememberedCheckout } from './checkout-store.js';
import { createRedisClient, readyWithin, redactedUrl, type RedisClient } from '../shared/redis.js';

export interface RedisCheckoutStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url: string;
  /** Prepended to every key. Default `pay-checkout:`. */
  keyPrefix?: string;
  /** How long the first connection may take before calls fail; also each attempt's timeout. Default 2000 ms. */
  connectTimeoutMs?: number;
  /** Longest wait between reconnection attempts while Redis is down. Default 2000 ms. */
  maxReconnectDelayMs?: number;
  /** Where outages and recoveries are reported. Default: console.warn. */
  log?: BusLog;
}

/** Redis cannot be reached (or node-redis is not installed): the backend answers 503. */
export class CheckoutStoreUnavailableError extends Error {
  override readonly name = 'CheckoutStoreUnavailableError';
}

/** Lengthens the lock while it is still the caller's. */
const EXTEND_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * Lets the lock go unless a read was asked for meanwhile (then 0: the holder reads again). 1 when
 * the lock is no longer the caller's: its new holder reads for everyone who asked.
 */
const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 1 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('DEL', KEYS[1])
return 1`;

/** A status poll's read: taken when neither the payin's last read nor any payment's poll read is recent. */
const TAKE_STALE_READ = `if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
return 1`;

const ms = (value: number) => String(Math.max(1, Math.round(value)));

export function redisCheckoutStore(options: RedisCheckoutStoreOptions): CheckoutStore {
  if (!options?.url || typeof options.url !== 'string')
    throw new TypeError('redisCheckoutStore needs a url, such as redis://127.0.0.1:6379');
  const prefix = options.keyPrefix ?? 'pay-checkout:';
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const log = options.log ?? consoleBusLog;
  let client: RedisClient | undefined;
  let connecting: Promise<RedisClient> | undefined;
  let wasReady = false;
  let down = false;
  let closed = false;

  async function start(): Promise<RedisClient> {
    let created: RedisClient;
    try {
      created = await createRedisClient('redisCheckoutStore', {
        url: options.url,
        connectTimeoutMs,
        maxReconnectDelayMs: options.maxReconnectDelayMs ?? 2000,
      });
    } catch (error) {
      throw new CheckoutStoreUnavailableError((error as Error).message, { cause: (error as Error).cause });
    }
    // node-redis emits 'error' for every failed attempt; one without a listener would crash the process.
    created
      .on('error', (error: unknown) => {
        if (down || !wasReady) return;
        down = true;
        log(
          `The checkout store's Redis (${redactedUrl(options.url)}) connection was lost: checkouts and callbacks are answered 503 until it is back`,
          error,
        );
      })
      .on('ready', () => {
        if (down) log(`The checkout store's Redis (${redactedUrl(options.url)}) is reachable again`);
        wasReady = true;
        down = false;
      });
    client = created;
    created.connect().catch(() => {});
    return created;
  }

  /** The client once it is ready; rejects at once while Redis is down, within connectTimeoutMs at first. */
  async function ready(): Promise<RedisClient> {
    if (closed) throw new CheckoutStoreUnavailableError('The checkout store is closed');
    const current = await (connecting ??= start());
    if (current.isReady) return current;
    if (!wasReady) await readyWithin(current, connectTimeoutMs);
    if (!current.isReady)
      throw new CheckoutStoreUnavailableError(`Redis at ${redactedUrl(options.url)} is not reachable`);
    return current;
  }

  async function send<T>(...args: string[]): Promise<T> {
    const current = await ready();
    try {
      return await current.sendCommand<T>(args);
    } catch (error) {
      throw new CheckoutStoreUnavailableError(`Redis refused ${args[0]}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  const key = (kind: string, idPayin: string) => `${prefix}${kind}:${idPayin}`;

  return {
    async remember(idPayin, checkout, ttlMs) {
      await send('SET', key('checkout', idPayin), JSON.stringify(checkout), 'PX', ms(ttlMs));
    },
    async recall(idPayin) {
      const json = await send<string | null>('GET', key('checkout', idPayin));
      return json === null ? undefined : (JSON.parse(json) as RememberedCheckout);
    },
    async lastPayin(idPayin) {
      return (await send<string | null>('GET', key('last', idPayin))) ?? undefined;
    },
    async setLastPayin(idPayin, json, ttlMs) {
      await send('SET', key('last', idPayin), json, 'PX', ms(ttlMs));
    },
    async requestRead(idPayin, ttlMs) {
      await send('SET', key('read-requested', idPayin), '1', 'PX', ms(ttlMs));
    },
    async acquireReadLock(idPayin, owner, ttlMs) {
      return (await send<string | null>('SET', key('read-lock', idPayin), owner, 'NX', 'PX', ms(ttlMs))) === 'OK';
    },
    async extendReadLock(idPayin, owner, ttlMs) {
      return Number(await send('EVAL', EXTEND_LOCK, '1', key('read-lock', idPayin), owner, ms(ttlMs))) === 1;
    },
    async takeReadRequest(idPayin) {
      return Number(await send('DEL', key('read-requested', idPayin))) === 1;
    },
    async releaseReadLock(idPayin, owner) {
      return (
        Number(
          await send('EVAL', RELEASE_LOCK, '2', key('read-lock', idPayin), key('read-requested', idPayin), owner),
        ) === 1
      );
    },
    async noteRead(idPayin, freshMs) {
      await send('SET', key('read', idPayin), '1', 'PX', ms(freshMs));
    },
    async takeStaleRead(idPayin, freshMs, gapMs) {
      const keys = [key('read', idPayin), `${prefix}stale-read-turn`];
      return Number(await send('EVAL', TAKE_STALE_READ, '2', ...keys, ms(freshMs), ms(gapMs))) === 1;
    },
    async close() {
      closed = true;
      client?.destroy();
    },
  };
}
