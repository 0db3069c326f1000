/**
 * Authentication of the emulator. Token requests are authenticated by X-SIGNATURE (SHA256withRSA
 * over the exact body received, checked with `verifySignature` of pay-checkout/server) or by the
 * deprecated merchant secret. Tokens are HS256 JWTs signed with a per-instance random key, so a
 * restarted emulator refuses old tokens, as a platform that rotated its keys would.
 * A token's `iat` and `exp` are sandbox time, and it is checked against sandbox time: moving the
 * clock past a token's expiry expires it, as hours passing would. Signature timestamps stay on
 * the wall clock (see clock.ts): they are the merchant server's clock, which the sandbox does not move.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { importPublicKey, verifySignature, tokenPayloadSchema, type Money } from '../shared.js';
import { unauthorized } from '../refusals.js';
import type { Merchant, MerchantRegistry } from '../state/merchants.js';

/** A signed body's timestamp may be at most this much behind the wall clock. */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** …and at most this much ahead of it: a clock that far ahead is wrong, and would stretch the window. */
export const TIMESTAMP_AHEAD_MS = 60_000;
/** The longest validity a token may ask for (the document gives none). */
export const MAX_VALIDITY_SECS = 86_400;
const ISSUER = 'pay-checkout-sandbox';

export interface TokenClaims {
  merchantCode: string;
  operations: string[];
  action?: string;
  idPayment?: string;
  money?: Money;
  /** Auto-settlement fields of a by-action request, carried as given. */
  settlement?: Record<string, string>;
  iat: number;
  exp: number;
}

/** What a token is issued for: its claims but the times, which the validity sets. */
export type IssueRequest = Omit<TokenClaims, 'iat' | 'exp'> & {
  validitySecs: number;
  /** Sandbox-clock issue time in seconds; tests set it in the past to mint an expired token. */
  issuedAt?: number;
};

/** `now`: the sandbox clock, in milliseconds since the epoch (the wall clock when not given). */
export function createTokenService(now: () => number = Date.now) {
  const key = crypto.getRandomValues(new Uint8Array(32));

  async function issue(request: IssueRequest): Promise<string> {
    const iat = request.issuedAt ?? Math.floor(now() / 1000);
    const claims: Record<string, unknown> = {
      merchantCode: request.merchantCode,
      operations: request.operations,
    };
    if (request.action) claims.action = request.action;
    if (request.idPayment) claims.idPayment = request.idPayment;
    if (request.money) claims.money = request.money;
    if (request.settlement && Object.keys(request.settlement).length) claims.settlement = request.settlement;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + request.validitySecs)
      .setJti(crypto.randomUUID())
      .sign(key);
  }

  /** The claims of the bearer token of a request, or a 401 saying what is wrong with it. */
  async function verify(authorization: string | undefined, merchants: MerchantRegistry): Promise<TokenClaims> {
    const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
    if (!match) throw unauthorized('An Authorization: Bearer <token> header is required');
    let payload: unknown;
    try {
      payload = (
        await jwtVerify(match[1]!, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: new Date(now()),
        })
      ).payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw unauthorized('The token has expired; request a new one', 'TOKEN_EXPIRED');
      throw unauthorized('The token is invalid: not a token issued by this platform');
    }
    const parsed = tokenPayloadSchema.safeParse(payload);
    const claims = parsed.success ? parsed.data : undefined;
    if (
      !claims?.merchantCode ||
      !claims.operations ||
      claims.exp === undefined ||
      claims.iat === undefined ||
      !merchants.get(claims.merchantCode)
    ) {
      throw unauthorized('The token is invalid: it names no known merchant or operations');
    }
    return claims as TokenClaims;
  }

  return { issue, verify };
}
export type TokenService = ReturnType<typeof createTokenService>;

const keyCache = new Map<string, Promise<CryptoKey | undefined>>();
const publicKey = (pem: string) => {
  let key = keyCache.get(pem);
  if (!key) {
    key = importPublicKey(pem).catch(() => undefined);
    keyCache.set(pem, key);
  }
  return key;
};

async function signatureMatches(body: string, signature: string, merchant: Merchant): Promise<boolean> {
  for (const pem of merchant.publicKeys) {
    const key = await publicKey(pem);
    if (key && (await verifySignature(body, signature, key).catch(() => false))) return true;
  }
  return false;
}

/**
 * Signatures of the token requests that were answered with a token, each kept only while its
 * timestamp is still inside the window (after that the timestamp check refuses it anyway), so
 * memory is bounded by the tokens of a few minutes. RSA PKCS#1 v1.5 signatures are deterministic:
 * the same body signs the same, so a signature seen twice is the same request sent twice. A
 * request refused (429, 400) does not use its signature up, so a client may retry it as it is.
 */
export function createSignatureMemory() {
  const used = new Map<string, number>();
  let nextSweep = 0;
  return {
    isUsed: (signature: string) => used.has(signature),
    /** Marks a signature used; false when it already was (checked and marked in one step). */
    use(signature: string, timestamp: number): boolean {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [key, forgetAt] of used) if (forgetAt <= now) used.delete(key);
        nextSweep = now + 1000;
      }
      if (used.has(signature)) return false;
      used.set(signature, timestamp + TIMESTAMP_WINDOW_MS + 1);
      return true;
    },
    size: () => used.size,
  };
}
export type SignatureMemory = ReturnType<typeof createSignatureMemory>;

export const replayed = () =>
  unauthorized('This signed request was already used: sign each token request anew, with a fresh timestamp');

export interface TokenRequester {
  merchant: Merchant;
  /** The signature to mark used once the token is issued (none in secret mode). */
  signed?: { signature: string; timestamp: number };
}

/**
 * Who is asking for a token. With X-SIGNATURE the body must carry a timestamp (milliseconds since
 * the epoch) at most TIMESTAMP_WINDOW_MS behind and TIMESTAMP_AHEAD_MS ahead of the wall clock,
 * and the signature must not have been used for a token yet; without it, the deprecated secret
 * must be one of the merchant's. A signature, when sent, is what counts: a secret beside it is
 * ignored.
 */
export async function authenticateTokenRequest(
  merchants: MerchantRegistry,
  signatures: SignatureMemory,
  rawBody: string,
  body: unknown,
  signature: string | undefined,
): Promise<TokenRequester> {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const merchantCode = typeof fields.merchantCode === 'string' ? fields.merchantCode : undefined;
  if (!signature && fields.secret === undefined) {
    throw unauthorized(
      'Authenticate the token request with an X-SIGNATURE header (preferred) or the merchant secret in "secret"',
    );
  }
  const merchant = merchantCode ? merchants.get(merchantCode) : undefined;
  if (!merchant)
    throw unauthorized(
      merchantCode ? `Unknown merchantCode "${merchantCode}"` : 'merchantCode is required to authenticate the request',
    );
  if (signature) {
    const timestamp = fields.timestamp;
    if (typeof timestamp !== 'number' || !Number.isInteger(timestamp)) {
      throw unauthorized('A signed token request must carry "timestamp": milliseconds since the epoch');
    }
    const now = Date.now();
    if (timestamp - now > TIMESTAMP_AHEAD_MS) {
      throw unauthorized(
        `The timestamp is ${Math.round((timestamp - now) / 1000)} s ahead of the platform's clock (at most ${TIMESTAMP_AHEAD_MS / 1000} s is accepted): check the clock of the machine that signs`,
      );
    }
    if (now - timestamp > TIMESTAMP_WINDOW_MS) {
      throw unauthorized(
        `The timestamp is more than ${TIMESTAMP_WINDOW_MS / 60_000} minutes behind the platform's clock (milliseconds since the epoch expected)`,
      );
    }
    if (!(await signatureMatches(rawBody, signature.trim(), merchant))) {
      throw unauthorized("X-SIGNATURE does not verify against the merchant's public keys over the body received");
    }
    if (signatures.isUsed(signature.trim())) throw replayed();
    return { merchant, signed: { signature: signature.trim(), timestamp } };
  }
  if (typeof fields.secret !== 'string' || !merchant.secrets.includes(fields.secret))
    throw unauthorized('The merchant secret is wrong');
  return { merchant };
}
