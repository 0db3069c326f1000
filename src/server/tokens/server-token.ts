/**
 * A token of the merchant's own server, one that never leaves it (reading every payin, asking for
 * payment options): minted once for a list of operations, shared by every call that needs it, and
 * renewed shortly before it expires, instead of one token request per call on the merchant's
 * 10 requests a second.
 */
import { createClient, type PlatformClient } from '../../api/client.js';
import { isPlatformError } from '../../api/errors.js';
import type { RetryOptions } from '../../api/transport.js';
import type { TokenIssuer } from './issuer.js';

/** The token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

export interface ServerTokenOptions {
  issuer: TokenIssuer;
  /** The platform the token's calls go to. */
  platformUrl: string;
  apiVersion: string;
  fetch?: typeof fetch;
  operations: string[];
  /** Validity asked for. Default 1800 s (the platform's default). */
  validitySecs?: number;
  retry: RetryOptions;
}

export function createServerToken(options: ServerTokenOptions) {
  const validitySecs = options.validitySecs ?? 1800;
  let token: { value: string; renewAt: number } | undefined;
  let minting: Promise<string> | undefined;
  let mints = 0;

  function get(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    minting ??= options.issuer
      .withOperations({ operations: options.operations, validitySecs }, { retry: options.retry })
      .then((value) => {
        mints++;
        token = { value, renewAt: Date.now() + validitySecs * 1000 - RENEW_BEFORE_MS };
        return value;
      })
      .finally(() => (minting = undefined));
    return minting;
  }

  return {
    /** The current token, minted when there is none or it is due for renewal. */
    get,
    /**
     * Runs a call with the token; when the platform no longer accepts it (401: revoked, or its
     * clock is ahead of ours), mints another and runs the call once more.
     */
    async use<T>(call: (token: string) => Promise<T>): Promise<T> {
      const first = await get();
      try {
        return await call(first);
      } catch (error) {
        if (!isPlatformError(error) || error.httpStatus !== 401) throw error;
        if (token?.value === first) token = undefined;
        return call(await get());
      }
    },
    /** Runs a platform call with a client holding the token, as `use` does. */
    call<T>(call: (client: PlatformClient) => Promise<T>): Promise<T> {
      return this.use((value) =>
        call(
          createClient({
            baseUrl: options.platformUrl,
            token: value,
            apiVersion: options.apiVersion,
            fetch: options.fetch,
          }),
        ),
      );
    },
    /** Tokens minted so far. */
    get minted(): number {
      return mints;
    },
  };
}

export type ServerToken = ReturnType<typeof createServerToken>;
