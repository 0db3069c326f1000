/**
 * node-redis (`@redis/client`, an optional peer dependency) for the Redis bus and the Redis store,
 * imported only when one is first used: a merchant without Redis never loads it, and nothing of it
 * can reach a browser bundle.
 */

/** What the bus and the store use of a node-redis client (its own generic types are more than they need). */
export interface RedisClient {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  duplicate(): RedisClient;
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  sendCommand<T = unknown>(args: readonly string[]): Promise<T>;
  on(event: string, listener: (...args: never[]) => void): RedisClient;
  off(event: string, listener: (...args: never[]) => void): RedisClient;
}

export interface RedisSettings {
  url: string;
  /** How long a connection attempt may take. */
  connectTimeoutMs: number;
  /** Longest wait between reconnection attempts while Redis is down. */
  maxReconnectDelayMs: number;
  /** A PING this often, so a connection that died silently is noticed. */
  pingIntervalMs?: number;
}

/**
 * A client of `settings`, not yet connected. Rejects, saying what to install, when node-redis is
 * missing; `user` names the caller in that message.
 */
export async function createRedisClient(user: string, settings: RedisSettings): Promise<RedisClient> {
  let createClient: typeof import('@redis/client').createClient;
  try {
    // The magic comments keep a merchant's bundler (webpack, Turbopack in Next.js) from resolving
    // it at build time: a merchant who never uses Redis need not have it installed.
    createClient = (await import(/* webpackIgnore: true */ /* @vite-ignore */ '@redis/client')).createClient;
  } catch (error) {
    throw new Error(`${user} needs node-redis 5 or later: npm install @redis/client`, { cause: error });
  }
  return createClient({
    url: settings.url,
    // A command while disconnected fails at once instead of waiting for a reconnection.
    disableOfflineQueue: true,
    ...(settings.pingIntervalMs !== undefined ? { pingInterval: settings.pingIntervalMs } : {}),
    socket: {
      connectTimeout: settings.connectTimeoutMs,
      reconnectStrategy: reconnectBackoff(settings.maxReconnectDelayMs),
    },
  }) as unknown as RedisClient;
}

/**
 * Resolves when the client is ready, when it is closed ('end'), or after the timeout (the command
 * that follows then fails). A client closed while it waits ends the wait at once: its timer would
 * otherwise keep the process alive for up to `timeoutMs`.
 */
export function readyWithin(client: RedisClient, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      client.off('ready', finish);
      client.off('end', finish);
      resolve();
    }
    client.on('ready', finish);
    client.on('end', finish);
  });
}

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

/** Never give up; back off 50 ms, 100 ms, … up to the cap, with jitter so instances spread out. */
const reconnectBackoff = (maxDelayMs: number) => (retries: number) =>
  Math.min(50 * 2 ** retries, maxDelayMs) * (0.75 + Math.random() * 0.5);
