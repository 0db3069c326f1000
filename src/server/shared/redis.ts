/**
 * node-redis (`@redis/client`, an optional peer dependency), imported only when a Redis bus or
 * store is first used: a merchant without Redis never loads it, and nothing of it can reach a
 * browser bundle.
 */
import type { createClient as CreateRedisClient } from '@redis/client';

/** Loads node-redis; the error says what to install when it is missing. */
export async function loadRedis(user: string): Promise<typeof CreateRedisClient> {
  try {
    // The magic comments keep a merchant's bundler (webpack, Turbopack in Next.js) from resolving
    // it at build time: a merchant who never uses Redis need not have it installed.
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ '@redis/client')).createClient;
  } catch (error) {
    throw new Error(`${user} needs node-redis 5 or later: npm install @redis/client`, { cause: error });
  }
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
export const reconnectBackoff = (maxDelayMs: number) => (retries: number) =>
  Math.min(50 * 2 ** retries, maxDelayMs) * (0.75 + Math.random() * 0.5);
