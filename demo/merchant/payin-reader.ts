/**
 * How the demo merchant reads its payins (GET /payins/{idPayin}) without spending its 10 requests a
 * second on noise:
 *
 * - One read token for all its payins (`GET /payins/[^/]+`, a general read privilege that never
 *   leaves this server), minted once and renewed shortly before it expires, instead of a fresh
 *   PAYIN_INFO token before every read.
 * - At most one read of a payin at a time. A caller that arrives while a read is in flight (a
 *   second callback, say) may have news the running read started too early to see, so it gets
 *   the one read that follows; every caller arriving meanwhile shares that same follow-up. Reads of
 *   one payin also start at least `minGapMs` apart, so a flood of callbacks costs one read a
 *   second, not one per callback.
 */
import { createClient, isPlatformError, type createTokenIssuer, type PayinDetailResponse } from 'pay-checkout/server';
import { createServerToken } from './merchant-token.js';
import { PLATFORM_RETRY } from './platform-calls.js';

type TokenIssuer = ReturnType<typeof createTokenIssuer>;

export interface PayinReaderOptions {
  platformUrl: string;
  issuer: TokenIssuer;
  apiVersion: string;
  /** Reads of one payin start at least this far apart. Default 1000 ms. */
  minGapMs?: number;
  /** Validity asked for the read token. Default 1800 s (the platform's default). */
  tokenValiditySecs?: number;
}

/** Every payin of the merchant, read only, literal but for the id: no `/`, so never a sub-resource. */
export const READ_PAYINS_OPERATION = 'GET /payins/[^/]+';

interface Slot {
  /** Starts the follow-up read once this slot is free; set by the first caller who waits for it. */
  wake?: () => void;
  followUp?: Promise<PayinDetailResponse>;
}

export function createPayinReader(options: PayinReaderOptions) {
  const minGapMs = options.minGapMs ?? 1000;
  const slots = new Map<string, Slot>();
  const gapTimers = new Set<ReturnType<typeof setTimeout>>();
  const token = createServerToken({ issuer: options.issuer, operations: [READ_PAYINS_OPERATION], validitySecs: options.tokenValiditySecs, retry: PLATFORM_RETRY });

  async function fetchPayin(idPayin: string): Promise<PayinDetailResponse> {
    const client = () => token.get().then((value) => createClient({ baseUrl: options.platformUrl, token: value, apiVersion: options.apiVersion }));
    try {
      return await (await client()).getPayin(idPayin, { retry: PLATFORM_RETRY });
    } catch (error) {
      // A token the platform no longer accepts (revoked, clock moved): mint another, once.
      if (!isPlatformError(error) || error.httpStatus !== 401) throw error;
      token.forget();
      return (await client()).getPayin(idPayin, { retry: PLATFORM_RETRY });
    }
  }

  /** Starts a read now; the slot stays taken until the read ends and minGapMs have passed since it began. */
  function lead(idPayin: string): Promise<PayinDetailResponse> {
    const slot: Slot = {};
    slots.set(idPayin, slot);
    const startedAt = Date.now();
    const read = fetchPayin(idPayin);
    read
      .catch(() => undefined)
      .then(() => {
        const timer = setTimeout(
          () => {
            gapTimers.delete(timer);
            slots.delete(idPayin);
            slot.wake?.();
          },
          Math.max(0, startedAt + minGapMs - Date.now()),
        );
        timer.unref();
        gapTimers.add(timer);
      });
    return read;
  }

  return {
    /** The payin as the platform has it now: a read that starts after this call, shared when one is already queued. */
    read(idPayin: string): Promise<PayinDetailResponse> {
      const slot = slots.get(idPayin);
      if (!slot) return lead(idPayin);
      slot.followUp ??= new Promise((resolve, reject) => (slot.wake = () => lead(idPayin).then(resolve, reject)));
      return slot.followUp;
    },
    /** Read tokens minted so far. */
    get tokensMinted() {
      return token.minted;
    },
    close(): void {
      for (const timer of gapTimers) clearTimeout(timer);
      gapTimers.clear();
      slots.clear();
    },
  };
}

export type PayinReader = ReturnType<typeof createPayinReader>;
