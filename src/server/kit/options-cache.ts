/**
 * The payment options of the merchant's checkouts, fetched by the merchant's server and handed to
 * each element with its checkout (`options`, the element's `options` property): one
 * POST /payins/!availablePaymentOptions per currency and amount every few minutes, not one per
 * shopper, so an element reaches `pay-ready` with no platform request at all. The server's own
 * token for it never leaves the server. When the platform cannot answer, the checkout goes
 * without: the element then asks itself.
 */
import type { Money } from '../../api/schemas/request-common.js';
import type { AvailableOptionsResponse } from '../../api/schemas/options.js';
import { exactOperation, paths } from '../../api/paths.js';
import { PLATFORM_RETRY } from './call-queue.js';
import { createServerToken } from '../tokens/server-token.js';
import type { TokenIssuer } from '../tokens/issuer.js';

export interface OptionsCacheOptions {
  platformUrl: string;
  apiVersion: string;
  issuer: TokenIssuer;
  fetch?: typeof fetch;
  /** How long one answer serves. Default 5 minutes. */
  ttlMs?: number;
  /** Currencies and amounts kept; the oldest goes beyond. Default 1000. */
  maxEntries?: number;
  /** Whose options: `payin` (POST /payins/!availablePaymentOptions, the default) or `topup` (POST /topups/!availablePaymentOptions). */
  kind?: 'payin' | 'topup';
}

interface Entry {
  answer: Promise<AvailableOptionsResponse>;
  until: number;
  /** The answer, once it came. */
  good?: AvailableOptionsResponse;
  /** The previous entry's answer, served while this one is on its way. */
  stale?: AvailableOptionsResponse;
}

export function createOptionsCache(options: OptionsCacheOptions) {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const topUps = options.kind === 'topup';
  const token = createServerToken({
    issuer: options.issuer,
    platformUrl: options.platformUrl,
    apiVersion: options.apiVersion,
    fetch: options.fetch,
    operations: [exactOperation('POST', topUps ? paths.topUpOptions() : paths.payinOptions())],
    retry: PLATFORM_RETRY,
  });
  const entries = new Map<string, Entry>();
  let fetches = 0;

  function fetchOptions(money: Money): Promise<AvailableOptionsResponse> {
    return token.call((client) => {
      fetches++;
      return topUps
        ? client.getTopUpAvailablePaymentOptions({ money }, { retry: PLATFORM_RETRY })
        : client.getAvailablePaymentOptions({ money }, { retry: PLATFORM_RETRY });
    });
  }

  /** Asks the platform; the entry keeps the last good answer while a new one is on its way. */
  function refresh(key: string, money: Money): Entry {
    const earlier = entries.get(key);
    const entry: Entry = { answer: fetchOptions(money), until: Date.now() + ttlMs, stale: earlier?.good };
    entry.answer.then(
      (answer) => (entry.good = answer),
      () => {
        if (entries.get(key) !== entry) return;
        // The earlier answer goes on serving, and the next checkout asks again; with none, the
        // entry goes (that checkout, and the next until one succeeds, go without options).
        if (entry.stale) Object.assign(entry, { good: entry.stale, until: 0 });
        else entries.delete(key);
      },
    );
    if (earlier) entries.delete(key);
    else if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  }

  return {
    /**
     * The options for this money, shared by every checkout asking meanwhile (one request in flight
     * per currency and amount); undefined when the platform failed. Past its time an answer still
     * serves while the next one is fetched, so only the first checkout of an amount ever waits.
     */
    async get(money: Money): Promise<AvailableOptionsResponse | undefined> {
      const key = `${money.currencyCode} ${money.amount}`;
      let entry = entries.get(key);
      if (!entry || (entry.until <= Date.now() && entry.good)) entry = refresh(key, money);
      if (entry.good) return entry.good;
      if (entry.stale) return entry.stale;
      return entry.answer.catch(() => undefined);
    },
    /** Options requests sent so far. */
    get fetches(): number {
      return fetches;
    },
  };
}

export type OptionsCache = ReturnType<typeof createOptionsCache>;
