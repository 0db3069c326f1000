/**
 * Minting payment-scoped tokens for the checkout on the merchant's server. It signs token
 * requests with the merchant's private key (SHA256withRSA over the minified JSON body, base64,
 * header X-SIGNATURE) using Web Crypto, so it runs on Node 20 and edge runtimes. No DOM. Never ship the private key or the secret to a browser: in one, importing
 * the private key, signing and creating an issuer throw a TypeError before any request.
 */
import { fromBase64, toBase64 } from '../../api/base64.js';
import { createClient, type CallOptions } from '../../api/client.js';
import { withRetry } from '../../api/transport.js';
import { actionOperations, exactOperation, paths } from '../../api/paths.js';
import type { Money } from '../../api/schemas/request-common.js';
import type { TokenAction } from '../../api/schemas/token.js';
import { refuseInBrowser } from './browser-guard.js';
import type { WebCryptoKey } from './web-crypto-key.js';

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

function pemBody(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const match = pem.match(new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`));
  if (!match) {
    const found = pem.match(/-----BEGIN ([A-Z ]+)-----/)?.[1];
    throw new TypeError(
      found === 'RSA PRIVATE KEY'
        ? 'The private key is PKCS#1 ("BEGIN RSA PRIVATE KEY"); convert it to PKCS#8: openssl pkcs8 -topk8 -nocrypt -in key.pem'
        : `Expected a PEM block "BEGIN ${label}"`,
    );
  }
  return fromBase64(match[1]!.replace(/\s+/g, ''));
}

/** Imports a PKCS#8 PEM RSA private key for signing. */
export function importPrivateKey(pem: string): Promise<WebCryptoKey> {
  refuseInBrowser('importPrivateKey');
  return crypto.subtle.importKey('pkcs8', pemBody(pem, 'PRIVATE KEY'), RSA_SHA256, false, ['sign']);
}

/** Imports an SPKI PEM RSA public key for verifying (the platform's side, and tests). */
export function importPublicKey(pem: string): Promise<WebCryptoKey> {
  return crypto.subtle.importKey('spki', pemBody(pem, 'PUBLIC KEY'), RSA_SHA256, false, ['verify']);
}

/** The minified JSON the signature covers: exactly the bytes that are sent. */
export const minifiedJson = (body: unknown) => JSON.stringify(body);

/** SHA256withRSA over the minified JSON body, base64: the X-SIGNATURE header value. */
export async function signBody(body: unknown, privateKey: WebCryptoKey | string): Promise<string> {
  refuseInBrowser('signBody');
  const key = typeof privateKey === 'string' ? await importPrivateKey(privateKey) : privateKey;
  const signature = await crypto.subtle.sign(RSA_SHA256, key, new TextEncoder().encode(minifiedJson(body)));
  return toBase64(new Uint8Array(signature));
}

/** Checks an X-SIGNATURE value against a public key over the given minified body. */
export async function verifySignature(
  minifiedBody: string,
  signature: string,
  publicKey: WebCryptoKey | string,
): Promise<boolean> {
  const key = typeof publicKey === 'string' ? await importPublicKey(publicKey) : publicKey;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify(RSA_SHA256, key, bytes, new TextEncoder().encode(minifiedBody));
}

export interface TokenIssuerOptions {
  baseUrl: string;
  merchantCode: string;
  /** PKCS#8 PEM or an imported key. Preferred. */
  privateKey?: string | WebCryptoKey;
  /** Deprecated authentication by merchant secret, used only when no private key is given. */
  secret?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Clock for the body timestamp (milliseconds since the epoch). */
  now?: () => number;
}

export interface ByActionOptions {
  action: TokenAction;
  /** The idPayin (or idTopUp) the token is limited to. */
  idPayment: string;
  money?: Money;
  validitySecs?: number;
  settlementMethodPaymentMethodCode?: 'CRYPTO_TRANSFER';
  settlementMethodPaymentOperatorCode?: 'TRC20';
  settlementMethodAcccountNumber?: string;
}

export interface OperationsOptions {
  operations: string[];
  money?: Money;
  validitySecs?: number;
}

export interface CheckoutOperationsOptions {
  /** Also let the checkout show the merchant's channel name (GET /merchant-info). */
  merchantInfo?: boolean;
  /** Also let the customer submit the external reference (UTR) for P2A_V2, IMPS and UPI. */
  externalReference?: boolean;
}

/**
 * The operations of a checkout token limited to one payin: those of PAYIN_CREATE, plus the
 * merchant name and the external-reference step when asked. Literal paths only, never a pattern:
 * the platform reads operations as regular expressions, so the id's regex characters are escaped.
 */
export function checkoutOperations(idPayin: string, options: CheckoutOperationsOptions = {}): string[] {
  const operations = actionOperations('PAYIN_CREATE', idPayin);
  if (options.merchantInfo) operations.push(exactOperation('GET', paths.merchantInfo()));
  if (options.externalReference) operations.push(exactOperation('POST', paths.payinExternalReference(idPayin)));
  return operations;
}

/**
 * The operations of a top-up checkout token limited to one top-up: those of WALLET_OPERATION_CREATE
 * (POST /topups/!availablePaymentOptions, POST and GET /topups/{idTopUp}) and, unless `fxRates` is
 * false, the literal `GET /fx-rates`, so that the element reads the public rate itself and again
 * when it expires. Literal paths only, ids escaped: rates are public, a pattern still is not.
 */
export function topUpOperations(idTopUp: string, options: { fxRates?: boolean } = {}): string[] {
  const operations = actionOperations('WALLET_OPERATION_CREATE', idTopUp);
  if (options.fxRates !== false) operations.push(exactOperation('GET', paths.fxRates()));
  return operations;
}

/** Mints tokens for the checkout from the merchant's server. */
export function createTokenIssuer(options: TokenIssuerOptions) {
  refuseInBrowser('createTokenIssuer');
  if (!options.privateKey && !options.secret)
    throw new TypeError('createTokenIssuer needs a privateKey (preferred) or a secret');
  const client = createClient({
    baseUrl: options.baseUrl,
    apiVersion: options.apiVersion,
    fetch: options.fetch,
  });
  const now = options.now ?? Date.now;
  let key: Promise<WebCryptoKey> | undefined;
  const signingKey = () =>
    (key ??=
      typeof options.privateKey === 'string'
        ? importPrivateKey(options.privateKey)
        : Promise.resolve(options.privateKey!));

  async function authenticate<T extends object>(
    body: T,
  ): Promise<{ body: T & { timestamp?: number; secret?: string }; signature?: string }> {
    if (options.privateKey) {
      const signed = { ...body, timestamp: now() };
      return { body: signed, signature: await signBody(signed, await signingKey()) };
    }
    return { body: { ...body, secret: options.secret } };
  }

  /**
   * Sends a token request, signing every attempt afresh (a new timestamp, a new signature): the
   * platform refuses a signature it has already seen, so a retry after an answer that was lost on
   * the way back must not send the same signed body again.
   */
  function send<T extends object>(
    request: T,
    call: CallOptions | undefined,
    post: (body: T, signature: string | undefined, call: CallOptions) => Promise<{ token: string }>,
  ): Promise<string> {
    return withRetry(async () => {
      const { body, signature } = await authenticate(request);
      return (await post(body, signature, { ...call, retry: false })).token;
    }, call);
  }

  return {
    /** POST /auth-tokens-by-action: a token limited by action to one payment. */
    byAction(request: ByActionOptions, call?: CallOptions): Promise<string> {
      return send({ merchantCode: options.merchantCode, ...request }, call, (body, signature, attempt) =>
        client.createAuthTokenByAction(body, signature, attempt),
      );
    },
    /** POST /auth-tokens: a token for a list of operations. */
    withOperations(request: OperationsOptions, call?: CallOptions): Promise<string> {
      return send({ merchantCode: options.merchantCode, ...request }, call, (body, signature, attempt) =>
        client.createAuthToken(body, signature, attempt),
      );
    },
    /** A checkout token for one payin (see checkoutOperations). */
    async forCheckout(
      idPayin: string,
      extra: CheckoutOperationsOptions & { money?: Money; validitySecs?: number } = {},
      call?: CallOptions,
    ) {
      const { money, validitySecs, ...operationOptions } = extra;
      if (!operationOptions.merchantInfo && !operationOptions.externalReference) {
        return this.byAction({ action: 'PAYIN_CREATE', idPayment: idPayin, money, validitySecs }, call);
      }
      return this.withOperations(
        { operations: checkoutOperations(idPayin, operationOptions), money, validitySecs },
        call,
      );
    },
    /**
     * A checkout token for one top-up: with `fxRates` (the default) the operations of
     * topUpOperations; with `fxRates: false` the by-action WALLET_OPERATION_CREATE token, which
     * does not permit GET /fx-rates (the server then hands the rate in). `money` limits the create
     * to the amount the request states (moneyProvided or moneyRequired).
     */
    forTopUp(
      idTopUp: string,
      extra: { fxRates?: boolean; money?: Money; validitySecs?: number } = {},
      call?: CallOptions,
    ) {
      const { money, validitySecs, fxRates } = extra;
      if (fxRates === false)
        return this.byAction({ action: 'WALLET_OPERATION_CREATE', idPayment: idTopUp, money, validitySecs }, call);
      return this.withOperations({ operations: topUpOperations(idTopUp), money, validitySecs }, call);
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
