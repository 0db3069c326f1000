/**
 * The published rates the merchant's server hands to top-up checkouts (`fxRate` of the answer), so
 * that an element holding a by-action token, which does not permit GET /fx-rates, can quote: one
 * GET /fx-rates per currency pair while its rate holds, not one per shopper. The server's token for
 * it (the literal `GET /fx-rates`: rates are public) never leaves the server.
 *
 * A rate serves until its `validUpTo` in the platform's time (`platformNow`: the Date headers of
 * every platform answer, the token just minted for the checkout included), so a server whose clock
 * is behind, or a sandbox whose clock was moved forward, never hands out a rate already replaced.
 */
import { conversionFor, isRateValid } from '../../api/fx.js';
import { exactOperation, paths } from '../../api/paths.js';
import type { FxRate } from '../../api/schemas/fx.js';
import { PLATFORM_RETRY } from './call-queue.js';
import { createServerToken } from '../tokens/server-token.js';
import type { TokenIssuer } from '../tokens/issuer.js';

export interface FxRateCacheOptions {
  platformUrl: string;
  apiVersion: string;
  issuer: TokenIssuer;
  fetch?: typeof fetch;
  /** Pairs kept; the oldest goes beyond. Default 200. */
  maxEntries?: number;
  /** The platform's time now (ms since the epoch), as the Date headers of its answers tell it. */
  platformNow: () => number;
}

export function createFxRateCache(options: FxRateCacheOptions) {
  const maxEntries = options.maxEntries ?? 200;
  const token = createServerToken({
    issuer: options.issuer,
    platformUrl: options.platformUrl,
    apiVersion: options.apiVersion,
    fetch: options.fetch,
    operations: [exactOperation('GET', paths.fxRates())],
    retry: PLATFORM_RETRY,
  });
  const { platformNow } = options;
  const entries = new Map<string, Promise<FxRate | undefined>>();
  let fetches = 0;

  async function ratesOf(baseCurrencyCode: string, quoteCurrencyCode: string): Promise<FxRate[]> {
    return token.call(async (client) => {
      fetches++;
      return (await client.getFxRates({ baseCurrencyCode, quoteCurrencyCode }, { retry: PLATFORM_RETRY })).data;
    });
  }

  /**
   * The published pair between the two currencies (required/provided first: a USD wallet paid in
   * rupees is USD/INR), read by the rule of api/fx.ts, or undefined when the platform publishes
   * neither order or cannot be reached. A pair with no rate of its own (through USD) is not handed
   * in: the element then says it cannot quote, unless its token permits GET /fx-rates.
   */
  async function fetchPair(provided: string, required: string): Promise<FxRate | undefined> {
    for (const [base, quote] of [
      [required, provided],
      [provided, required],
    ] as const) {
      const found = (await ratesOf(base, quote)).find(
        (r) => r.baseCurrencyCode === base && r.quoteCurrencyCode === quote,
      );
      if (found && conversionFor(provided, required, [found])) return found;
    }
    return undefined;
  }

  return {
    /** The rate of a top-up from `provided` (what the customer pays) to `required` (what the wallet receives); undefined when there is none. */
    async get(provided: string, required: string): Promise<FxRate | undefined> {
      const key = `${provided}>${required}`;
      const cached = entries.get(key);
      if (cached) {
        const rate = await cached.catch(() => undefined);
        if (rate && isRateValid(rate.validUpTo, platformNow())) return rate;
        if (entries.get(key) !== cached) return this.get(provided, required);
      }
      const fresh = fetchPair(provided, required);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, fresh);
      // A failure is not kept: the next checkout asks again.
      fresh.then(
        (rate) => rate === undefined && entries.get(key) === fresh && entries.delete(key),
        () => entries.get(key) === fresh && entries.delete(key),
      );
      return fresh.catch(() => undefined);
    },
    /** GET /fx-rates requests sent so far. */
    get fetches(): number {
      return fetches;
    },
  };
}

export type FxRateCache = ReturnType<typeof createFxRateCache>;
