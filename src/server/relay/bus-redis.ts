/**
 * The status bus across server instances: Redis pub/sub through node-redis's client
 * (`@redis/client`, an optional peer dependency). The platform's callback reaches one instance;
 * the shopper's stream may be held by another.
 *
 * One channel for every payin: each instance subscribes to it once and hands each idPayin to its
 * own streams. Callbacks are few (one per status change) while streams are many, so Redis sees one
 * subscription per instance whatever the number of shoppers, and opening a stream costs no Redis
 * round trip.
 *
 * When Redis is down, the bus says so at once: open streams end (each listener hears `lost`), new
 * streams and publishes are refused, so shoppers' elements poll the platform instead. node-redis
 * keeps reconnecting with capped backoff and subscribes again, and the bus is live once more.
 * Nothing here throws into the process: every connection error is reported through `log`.
 */
import { createRedisClient, readyWithin, redactedUrl, type RedisClient } from '../shared/redis.js';
import {
  createSubscriberRegistry,
  decodeChange,
  encodeChange,
  StatusBusUnavailableError,
  type StatusBus,
} from './bus.js';
import { consoleBusLog, type BusLog } from '../shared/log.js';

export interface RedisBusOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url: string;
  /** The channel every instance publishes changes to and listens on. Default `pay-checkout:payin-changed`. */
  channel?: string;
  /**
   * How long the first connection may take before streams are refused and publishes fail; also
   * the timeout of each connection attempt. Default 2000 ms.
   */
  connectTimeoutMs?: number;
  /** Longest wait between reconnection attempts while Redis is down. Default 2000 ms. */
  maxReconnectDelayMs?: number;
  /** A PING on each connection this often, so a connection that died silently is noticed. Default 5000 ms. */
  pingIntervalMs?: number;
  /** Where outages, recoveries and listener failures are reported. Default: console.warn. */
  log?: BusLog;
}

export const DEFAULT_REDIS_CHANNEL = 'pay-checkout:payin-changed';

type State = 'idle' | 'connecting' | 'live' | 'down' | 'closed';

const noop = () => {};

export function redisBus(options: RedisBusOptions): StatusBus {
  if (!options?.url) throw new TypeError('redisBus needs a url, such as redis://127.0.0.1:6379');
  const channel = options.channel ?? DEFAULT_REDIS_CHANNEL;
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const maxReconnectDelayMs = options.maxReconnectDelayMs ?? 2000;
  const log = options.log ?? consoleBusLog;
  const listenerFailed = (error: unknown) => log('A status listener failed', error);
  const registry = createSubscriberRegistry();
  /** Called whenever `state` changes, by whoever waits for the first connection. */
  const stateWatchers = new Set<() => void>();

  let state: State = 'idle';
  let publisher: RedisClient | undefined;
  let subscriber: RedisClient | undefined;
  let subscribed = false;
  let subscribing = false;
  let publisherWasReady = false;
  /** Why the bus cannot work at all (node-redis is missing), reported once. */
  let fatal: Error | undefined;

  function setState(next: State): void {
    state = next;
    for (const watch of [...stateWatchers]) watch();
  }

  function goLive(): void {
    if (state === 'closed' || state === 'live') return;
    if (state === 'down') log(`Redis (${channel}) is reachable again: status streams open again`);
    setState('live');
  }

  function goDown(cause: unknown): void {
    if (state === 'closed' || state === 'down') return;
    if (state === 'live')
      log(
        `Redis (${channel}) connection lost: open status streams end and shoppers' elements poll until it is back`,
        cause,
      );
    else
      log(
        `Redis (${channel}) cannot be reached: status streams are refused and shoppers' elements poll until it is`,
        cause,
      );
    setState('down');
    registry.loseAll(
      new StatusBusUnavailableError('The Redis connection of the status bus was lost', { cause }),
      listenerFailed,
    );
  }

  function onMessage(message: string): void {
    const change = decodeChange(message);
    if (!change) return log(`A message on ${channel} is not a change of a payin; dropped`);
    registry.deliver(change.idPayin, listenerFailed, change.data);
  }

  async function ensureSubscribed(): Promise<void> {
    if (subscribed || subscribing || !subscriber) return;
    subscribing = true;
    try {
      await subscriber.subscribe(channel, onMessage);
      subscribed = true;
      if (subscriber.isReady) goLive();
    } catch (error) {
      // The connection dropped while subscribing: 'ready' comes again after the reconnection.
      goDown(error);
    } finally {
      subscribing = false;
    }
  }

  /** Loads node-redis and starts both connections; resolves once they are on their way. */
  async function start(): Promise<void> {
    let client: RedisClient;
    try {
      client = await createRedisClient('redisBus', {
        url: options.url,
        connectTimeoutMs,
        maxReconnectDelayMs,
        pingIntervalMs: options.pingIntervalMs ?? 5000,
      });
    } catch (error) {
      fatal = error as Error;
      log(fatal.message);
      if (state !== 'closed') setState('down');
      return;
    }
    // Closed while node-redis loaded: the client never connected, so there is nothing to end.
    if (state === 'closed') return;
    publisher = client;
    // A client in subscriber mode cannot publish: one connection for each.
    subscriber = client.duplicate();
    const sub = subscriber;
    // node-redis emits 'error' for every failed attempt; an 'error' without a listener would
    // crash the process, so each has one.
    client.on('error', noop).on('ready', () => (publisherWasReady = true));
    const lostUnlessReady = (cause?: unknown) => {
      if (!sub.isReady) goDown(cause ?? new Error('Redis connection ended'));
    };
    sub
      .on('error', lostUnlessReady)
      .on('reconnecting', () => lostUnlessReady())
      .on('end', () => lostUnlessReady())
      // After a reconnection node-redis has already subscribed again when it says 'ready'.
      .on('ready', () => (subscribed ? goLive() : void ensureSubscribed()));
    client.connect().catch(noop);
    sub.connect().catch(noop);
  }

  let starting: Promise<void> | undefined;

  /**
   * Starts the connections on first use, then waits (at most connectTimeoutMs, loading the module
   * aside) for the first connection's outcome.
   */
  async function settled(): Promise<void> {
    if (state === 'idle') {
      setState('connecting');
      starting = start();
    }
    await starting;
    if (state !== 'connecting') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        if (state === 'connecting') return;
        finish();
      };
      const timer = setTimeout(() => finish(), connectTimeoutMs);
      const finish = () => {
        clearTimeout(timer);
        stateWatchers.delete(done);
        resolve();
      };
      stateWatchers.add(done);
    });
  }

  function unavailable(): StatusBusUnavailableError {
    if (fatal) return new StatusBusUnavailableError(fatal.message, { cause: fatal.cause });
    if (state === 'closed') return new StatusBusUnavailableError('The status bus is closed');
    return new StatusBusUnavailableError(`Redis at ${redactedUrl(options.url)} is not reachable`);
  }

  return {
    get subscriptions() {
      return registry.size;
    },
    async publish(idPayin, data) {
      const message = encodeChange(idPayin, data);
      await settled();
      if (!publisher || state === 'closed' || fatal) throw unavailable();
      // The first connection may still be on its way while the subscriber's is up.
      if (!publisher.isReady && !publisherWasReady) await readyWithin(publisher, connectTimeoutMs);
      try {
        await publisher.publish(channel, message);
      } catch (error) {
        throw new StatusBusUnavailableError(`Publishing to Redis failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    async subscribe(idPayin, listener) {
      await settled();
      if (state !== 'live') throw unavailable();
      return registry.add(idPayin, listener);
    },
    async close() {
      if (state === 'closed') return;
      setState('closed');
      registry.loseAll(new StatusBusUnavailableError('The status bus closed'), listenerFailed);
      publisher?.destroy();
      subscriber?.destroy();
    },
  };
}
