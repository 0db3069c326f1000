/**
 * The merchant's checkout (`checkout-url`, `fetchCheckout`): the element asks the merchant's server
 * for what it would otherwise take from its attributes — the token, the platform, the payin, its
 * money, options, the shop's name, the status stream and status route — and renews the token there with the
 * checkout's handle. The protocol is src/api/schemas/checkout-response.ts. A chunk of its own,
 * loaded only by pages that use it.
 *
 * The handle is kept in sessionStorage per checkout URL (per page path with `fetchCheckout`), like
 * the started-here marker: a reloaded tab renews the same checkout and resumes its payin. A stored
 * handle the server refuses (a 4xx: expired, or not this server's) is forgotten, and a new checkout
 * is asked for: which payin that is, the merchant's server decides.
 */
import { PlatformError } from '../api/errors.js';
import {
  checkoutResponseSchema,
  type CheckoutRenewal,
  type CheckoutResponse,
  type FetchCheckout,
} from '../api/schemas/checkout-response.js';
import { createTransport } from '../api/transport.js';
import type { CheckoutConfig, CheckoutInput, ConfigProblem } from './config.js';
import { patientRetry } from './patience.js';
import type { PaymentKind, SessionInput } from './payment-kind.js';
import { safeWebUrl } from '../api/safe-url.js';
import { sessionStore, type MarkerStorage } from './started-here.js';

/**
 * The answer's fields as the page's attributes would give them: the answer decides what it
 * carries. Its statusUrl may be a path (the kit's is): it is the checkout URL's server's.
 */
const answerInput = (answer: CheckoutResponse, base?: string): CheckoutInput => ({
  token: answer.token,
  baseUrl: answer.baseUrl,
  payinId: answer.idPayin,
  amount: answer.money.amount,
  currencyCode: answer.money.currencyCode,
  apiVersion: answer.apiVersion,
  options: answer.options,
  merchantName: answer.merchantName,
  statusUrl: answer.statusUrl === undefined ? undefined : resolved(answer.statusUrl, base),
  callbackUrl: answer.callbackUrl,
});

/** A URL resolved against the checkout URL; one that cannot be is left to the URL check (BAD_RESPONSE). */
function resolved(url: string, base: string | undefined): string {
  try {
    return new URL(url, base ?? globalThis.document?.baseURI).href;
  } catch {
    return url;
  }
}

/**
 * The checkout's configuration: the page's attributes, with the answer's fields in place of those
 * it carries. A problem with a field that came from the answer is the answer's (BAD_RESPONSE, or
 * the token's own code: TOKEN_TOO_BROAD, TOKEN_EXPIRED, TOKEN_INVALID), never the page's.
 */
export function checkoutConfig(
  kind: Pick<PaymentKind, 'readConfig'>,
  page: SessionInput,
  answer: CheckoutResponse,
  base?: string,
): CheckoutConfig | ConfigProblem {
  const given = Object.fromEntries(
    Object.entries(answerInput(answer, base)).filter(([, value]) => value !== undefined),
  );
  const config = kind.readConfig({ ...page, ...given });
  if (!('attribute' in config)) return withPollUrl(config, answer, base);
  const key = config.attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  if (!(key in given)) return config;
  return {
    code: config.code === 'INVALID_ATTRIBUTE' ? 'BAD_RESPONSE' : config.code,
    attribute: 'checkout-url',
    detail: `the answer's ${key}: ${config.detail}`,
  };
}

/**
 * The kit's status route of the answer (`statusPollUrl`), resolved as `statusUrl` is: polled
 * instead of the platform whenever the stream is not in use. Only http(s) is followed.
 */
function withPollUrl(
  config: CheckoutConfig,
  answer: CheckoutResponse,
  base: string | undefined,
): CheckoutConfig | ConfigProblem {
  const given = answer.statusPollUrl;
  if (given === undefined) return config;
  const statusPollUrl = safeWebUrl(given, base ?? globalThis.document?.baseURI);
  return statusPollUrl
    ? { ...config, statusPollUrl }
    : {
        code: 'BAD_RESPONSE',
        attribute: 'checkout-url',
        detail: `the answer's statusPollUrl: "${given}" is not an http(s) URL`,
      };
}

/**
 * This tab's checkout from the merchant's server, as the session starts from it: its
 * configuration (or the problem with it), and how to renew its token.
 */
export async function openCheckout(
  kind: Pick<PaymentKind, 'readConfig'>,
  page: SessionInput,
  storage: MarkerStorage | undefined,
  signal: AbortSignal,
  onRetry: () => void,
) {
  const source = checkoutSource(page, storage ?? sessionStore());
  const answer = await source.open(signal, onRetry);
  return {
    config: checkoutConfig(kind, page, answer, source.url),
    renew: (renewal: AbortSignal) => source.renew(answer.idPayin, renewal),
  };
}

export interface CheckoutSourceInput {
  checkoutUrl?: string | null;
  fetchCheckout?: FetchCheckout | null;
}

export function checkoutSource(input: CheckoutSourceInput, storage: MarkerStorage | undefined = sessionStore()) {
  const { fetchCheckout } = input;
  const url = fetchCheckout ? undefined : safeWebUrl(input.checkoutUrl ?? undefined, globalThis.document?.baseURI);
  if (!fetchCheckout && !url) {
    throw {
      code: 'INVALID_ATTRIBUTE',
      attribute: 'checkout-url',
      detail: `"${input.checkoutUrl}" is not an http(s) URL`,
    } satisfies ConfigProblem;
  }
  const target = new URL(url ?? globalThis.location?.href ?? 'http://localhost/');
  const key = `pay-checkout:checkout:${url ?? target.pathname}`;

  const transport = createTransport({
    baseUrl: target.origin,
    async fetch(request, init = {}) {
      // Our own protocol with the merchant's server, with the page's credentials; not the
      // platform's, so no X-API-Version.
      delete (init.headers as Record<string, string>)['X-API-Version'];
      const response = fetchCheckout
        ? await fetchCheckout(JSON.parse(String(init.body))).then((answer) =>
            answer instanceof Response ? answer : new Response(JSON.stringify(answer ?? null)),
          )
        : await fetch(request, { ...init, credentials: 'same-origin' });
      // "Come back later" (the merchant kit's full queue) is waited out as patiently as a 429.
      return response.status === 503 && response.headers.has('Retry-After')
        ? new Response(response.body, { status: 429, headers: response.headers })
        : response;
    },
  });

  const remember = (handle: string) => {
    try {
      storage?.setItem(key, handle);
    } catch {
      // Full or blocked: a reload then asks for a new checkout, which the server decides.
    }
  };

  /** Asks once more and more patiently: 429 and 503 waited out; another 4xx is CHECKOUT_UNAVAILABLE. */
  async function ask(
    body: Partial<CheckoutRenewal>,
    signal: AbortSignal,
    onRetry?: () => void,
  ): Promise<CheckoutResponse> {
    try {
      const answer = await transport.request('POST', target.pathname + target.search, checkoutResponseSchema, body, {
        signal,
        retry: patientRetry(onRetry),
      });
      if (answer.handle) remember(answer.handle);
      return answer;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const status = error.httpStatus ?? 0;
      if (status >= 400 && status < 500)
        throw new PlatformError({ code: 'CHECKOUT_UNAVAILABLE', httpStatus: status, message: error.message });
      // An answer that is not the protocol's: the merchant's to mend, so the message says what.
      if (error.code === 'BAD_RESPONSE')
        throw {
          code: 'BAD_RESPONSE',
          attribute: 'checkout-url',
          detail: error.message,
        } satisfies ConfigProblem;
      throw error;
    }
  }

  const storedHandle = () => {
    try {
      return storage?.getItem(key) || undefined;
    } catch {
      return undefined;
    }
  };

  return {
    /** The checkout URL, absolute (none with fetchCheckout). */
    url,
    /** The checkout: this tab's (renewed by its handle) when it has one the server still knows, else a new one. */
    async open(signal: AbortSignal, onRetry: () => void): Promise<CheckoutResponse> {
      const handle = storedHandle();
      if (handle) {
        try {
          return await ask({ handle }, signal, onRetry);
        } catch (error) {
          if ((error as PlatformError).code !== 'CHECKOUT_UNAVAILABLE') throw error;
          remember('');
        }
      }
      return ask({}, signal, onRetry);
    },

    /**
     * A fresh token for the checkout's payin (which the session checks as any token it is given),
     * or a failure: an answer about another payin is BAD_RESPONSE.
     */
    async renew(idPayin: string, signal: AbortSignal): Promise<string> {
      const handle = storedHandle();
      if (!handle)
        throw new PlatformError({
          code: 'CHECKOUT_UNAVAILABLE',
          message: 'No handle of this checkout is kept to renew it with',
        });
      const answer = await ask({ handle, idPayin }, signal);
      if (answer.idPayin !== idPayin)
        throw new PlatformError({
          code: 'BAD_RESPONSE',
          message: `The renewal is for payin ${answer.idPayin}, not ${idPayin}`,
        });
      return answer.token;
    },
  };
}
export type CheckoutSource = ReturnType<typeof checkoutSource>;
