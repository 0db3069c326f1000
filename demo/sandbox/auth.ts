/**
 * Authentication of the emulator. Token requests are authenticated by X-SIGNATURE (SHA256withRSA
 * over the exact body received, checked with `verifySignature` of pay-checkout/server) or by the
 * deprecated merchant secret. Tokens are HS256 JWTs signed with a per-instance random key, so a
 * restarted emulator refuses old tokens, as a platform that rotated its keys would.
 * Every time here is wall-clock time (see clock.ts).
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { importPublicKey, verifySignature } from '../../src/server/index.js';
import { tokenPayloadSchema, type Money } from '../../src/api/index.js';
import { unauthorized } from './errors.js';
import type { Merchant, MerchantRegistry } from './merchants.js';

/** A signed body's timestamp may differ from the wall clock by at most this much, either way. */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
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
  /** Wall-clock issue time in seconds; tests set it in the past to mint an expired token. */
  issuedAt?: number;
};

export function createTokenService() {
  const key = crypto.getRandomValues(new Uint8Array(32));

  async function issue(request: IssueRequest): Promise<string> {
    const iat = request.issuedAt ?? Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { merchantCode: request.merchantCode, operations: request.operations };
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
      payload = (await jwtVerify(match[1]!, key, { algorithms: ['HS256'], issuer: ISSUER })).payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('The token has expired; request a new one', 'TOKEN_EXPIRED');
      throw unauthorized('The token is invalid: not a token issued by this platform');
    }
    const parsed = tokenPayloadSchema.safeParse(payload);
    const claims = parsed.success ? parsed.data : undefined;
    if (!claims?.merchantCode || !claims.operations || claims.exp === undefined || claims.iat === undefined || !merchants.get(claims.merchantCode)) {
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
 * Who is asking for a token. With X-SIGNATURE the body must carry a timestamp (milliseconds since
 * the epoch) within TIMESTAMP_WINDOW_MS of the wall clock; without it, the deprecated secret must
 * be one of the merchant's. A signature, when sent, is what counts: a secret beside it is ignored.
 */
export async function authenticateTokenRequest(
  merchants: MerchantRegistry,
  rawBody: string,
  body: unknown,
  signature: string | undefined,
): Promise<Merchant> {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const merchantCode = typeof fields.merchantCode === 'string' ? fields.merchantCode : undefined;
  if (!signature && fields.secret === undefined) {
    throw unauthorized('Authenticate the token request with an X-SIGNATURE header (preferred) or the merchant secret in "secret"');
  }
  const merchant = merchantCode ? merchants.get(merchantCode) : undefined;
  if (!merchant) throw unauthorized(merchantCode ? `Unknown merchantCode "${merchantCode}"` : 'merchantCode is required to authenticate the request');
  if (signature) {
    const timestamp = fields.timestamp;
    if (typeof timestamp !== 'number' || !Number.isInteger(timestamp)) {
      throw unauthorized('A signed token request must carry "timestamp": milliseconds since the epoch');
    }
    if (Math.abs(Date.now() - timestamp) > TIMESTAMP_WINDOW_MS) {
      throw unauthorized(`The timestamp is more than ${TIMESTAMP_WINDOW_MS / 60_000} minutes from the platform's clock (milliseconds since the epoch expected)`);
    }
    if (!(await signatureMatches(rawBody, signature.trim(), merchant))) {
      throw unauthorized("X-SIGNATURE does not verify against the merchant's public keys over the body received");
    }
    return merchant;
  }
  if (typeof fields.secret !== 'string' || !merchant.secrets.includes(fields.secret)) throw unauthorized('The merchant secret is wrong');
  return merchant;
}
