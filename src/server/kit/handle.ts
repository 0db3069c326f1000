/**
 * The checkout's handle: what lets the browser that got a checkout (and only it) renew its token
 * and open the authorized status stream. It is signed by the merchant's server and needs no
 * memory: any instance that knows the key verifies it.
 *
 * Format: `base64url(JSON payload) "." base64url(HMAC-SHA256 of the first part)`, the payload
 * `{ v: 2, kind, id, money, topUpRequested?, scope, iat, exp }` (seconds since the epoch). A
 * version 1 handle (`idPayin` for the id of either kind) still verifies until it expires. Web
 * Crypto only (HMAC, HKDF, a constant-time verify), so it runs wherever the token issuer runs.
 *
 * The key: `handleSecret` when given; otherwise derived with HKDF-SHA256 from the merchant's
 * credentials, so that every instance agrees with no extra setting. From a private key, the input
 * is its signature of a fixed text (SHA256withRSA, PKCS#1 v1.5, is deterministic: the same key
 * always gives the same bytes, also for a key that cannot be exported); from a secret, the secret.
 * The merchant code is part of the derivation, so another merchant's handles never verify here.
 */
import * as z from 'zod/mini';
import { fromBase64url, toBase64url } from '../../api/base64.js';
import { idSchema } from '../../api/schemas/payin-request.js';
import { moneySchema, type Money } from '../../api/schemas/request-common.js';
import { topUpRequestedSchema, type TopUpRequested } from '../../api/schemas/topup.js';
import type { PaymentKind } from '../shared/payment-kind.js';
import { importPrivateKey } from '../tokens/issuer.js';
import type { WebCryptoKey } from '../tokens/web-crypto-key.js';

export const TOKEN_SCOPES = ['checkout', 'by-action'] as const;
/**
 * `checkout`: an operations token for this payin alone (`checkoutOperations`), which also permits
 * GET /merchant-info and the external-reference (UTR) step. `by-action`: the PAYIN_CREATE token of
 * POST /auth-tokens-by-action, the smallest there is (no merchant name from the platform, no UTR).
 */
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface CheckoutHandlePayload {
  kind: PaymentKind;
  /** The payin's id, or the top-up's. */
  id: string;
  /** What the checkout's token limits the create to: the payin's money, or the amount a top-up's request states. */
  money: Money;
  /** A top-up's mode, as the platform's request states it. Absent for a payin. */
  topUpRequested?: TopUpRequested;
  scope: TokenScope;
  /** Issued at, and expiry: seconds since the epoch. */
  iat: number;
  exp: number;
}

const common = {
  money: moneySchema,
  topUpRequested: z.optional(topUpRequestedSchema),
  scope: z.enum(TOKEN_SCOPES),
  iat: z.int(),
  exp: z.int(),
};
const payloadSchema = z.union([
  z.object({ v: z.literal(2), kind: z.enum(['payin', 'topup']), id: idSchema, ...common }),
  // Signed before payments had a kind: the id of either kind in `idPayin`, a top-up's by its topUpRequested.
  z.object({ v: z.literal(1), idPayin: idSchema, ...common }),
]);

/** A payload as this version reads it, or undefined when its kind and its mode disagree. */
function currentPayload(parsed: z.infer<typeof payloadSchema>): CheckoutHandlePayload | undefined {
  const { money, topUpRequested, scope, iat, exp } = parsed;
  const kind = parsed.v === 2 ? parsed.kind : topUpRequested ? 'topup' : 'payin';
  if ((kind === 'topup') !== (topUpRequested !== undefined)) return undefined;
  const id = parsed.v === 2 ? parsed.id : parsed.idPayin;
  return { kind, id, money, ...(topUpRequested ? { topUpRequested } : {}), scope, iat, exp };
}

/** Handles longer than this are not ours (a real one is about 250 characters). */
const MAX_HANDLE_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A handle issued up to this far in the future still verifies (clocks of instances differ a little). */
const ISSUED_AHEAD_SECS = 60;
const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256', length: 256 } as const;
const encoder = new TextEncoder();

export interface HandleKeySource {
  merchantCode: string;
  privateKey?: string | WebCryptoKey;
  secret?: string;
  handleSecret?: string | Uint8Array;
}

/** The least length of a `handleSecret`, in bytes (a UTF-8 string's bytes). */
export const MIN_HANDLE_SECRET_BYTES = 32;

/** The HMAC key of handles, derived as the module's comment says. */
export async function deriveHandleKey(source: HandleKeySource): Promise<WebCryptoKey> {
  let material: Uint8Array<ArrayBuffer>;
  let kind: string;
  if (source.handleSecret !== undefined) {
    material =
      typeof source.handleSecret === 'string'
        ? encoder.encode(source.handleSecret)
        : new Uint8Array(source.handleSecret);
    kind = 'handle-secret';
  } else if (source.privateKey !== undefined) {
    const key = typeof source.privateKey === 'string' ? await importPrivateKey(source.privateKey) : source.privateKey;
    material = new Uint8Array(
      await crypto.subtle.sign(RSA_SHA256, key, encoder.encode('pay-checkout checkout handle key')),
    );
    kind = 'private-key';
  } else if (source.secret !== undefined) {
    material = encoder.encode(source.secret);
    kind = 'secret';
  } else {
    throw new TypeError('A handle key needs a handleSecret, a privateKey or a secret');
  }
  const input = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('pay-checkout'),
      info: encoder.encode(`checkout handle v1 ${kind} ${source.merchantCode}`),
    },
    input,
    HMAC_SHA256,
    false,
    ['sign', 'verify'],
  );
}

export interface CheckoutHandlesOptions {
  key: Promise<WebCryptoKey>;
  validitySecs: number;
  /** The clock, in milliseconds since the epoch. */
  now: () => number;
}

export function createCheckoutHandles(options: CheckoutHandlesOptions) {
  const nowSecs = () => Math.floor(options.now() / 1000);

  return {
    /** A handle for this payment, valid `validitySecs` from now. */
    async sign(
      claims: Pick<CheckoutHandlePayload, 'kind' | 'id' | 'money' | 'scope' | 'topUpRequested'>,
    ): Promise<{ handle: string; payload: CheckoutHandlePayload }> {
      const iat = nowSecs();
      const payload: CheckoutHandlePayload = {
        kind: claims.kind,
        id: claims.id,
        money: { amount: claims.money.amount, currencyCode: claims.money.currencyCode },
        ...(claims.topUpRequested ? { topUpRequested: claims.topUpRequested } : {}),
        scope: claims.scope,
        iat,
        exp: iat + options.validitySecs,
      };
      const body = toBase64url(encoder.encode(JSON.stringify({ v: 2, ...payload })));
      const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await options.key, encoder.encode(body)));
      return { handle: `${body}.${toBase64url(signature)}`, payload };
    },

    /** The payload of a handle this backend signed and that has not expired; undefined for anything else. */
    async verify(handle: unknown): Promise<CheckoutHandlePayload | undefined> {
      if (typeof handle !== 'string' || handle.length > MAX_HANDLE_LENGTH) return undefined;
      const parts = handle.split('.');
      if (parts.length !== 2 || !parts.every((part) => BASE64URL.test(part))) return undefined;
      const [body, signature] = parts as [string, string];
      let signatureBytes: Uint8Array<ArrayBuffer>;
      try {
        signatureBytes = fromBase64url(signature);
      } catch {
        return undefined;
      }
      if (!(await crypto.subtle.verify('HMAC', await options.key, signatureBytes, encoder.encode(body))))
        return undefined;
      let claims: unknown;
      try {
        claims = JSON.parse(new TextDecoder().decode(fromBase64url(body)));
      } catch {
        return undefined;
      }
      const parsed = payloadSchema.safeParse(claims);
      const payload = parsed.success ? currentPayload(parsed.data) : undefined;
      if (!payload) return undefined;
      const now = nowSecs();
      if (payload.exp <= now || payload.iat > now + ISSUED_AHEAD_SECS) return undefined;
      return payload;
    },
  };
}

export type CheckoutHandles = ReturnType<typeof createCheckoutHandles>;
