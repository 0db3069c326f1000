/**
 * Reading a platform token in the browser: decode the JWT payload without verifying it (only the
 * platform can), and decide what it permits. Never used to trust anything, only to avoid sending
 * requests that cannot succeed and to refuse tokens that must not be in a browser.
 */
import { tokenPayloadSchema, type TokenPayload } from './schemas/token-payload.js';

export type TokenProblem = 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_TOO_BROAD';

function base64UrlDecode(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a JWT, or undefined when the text is not a JWT with a JSON object payload. */
export function decodeToken(token: string | null | undefined): TokenPayload | undefined {
  if (!token) return undefined;
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds until the token expires (negative when past), or undefined without `exp`. */
export function tokenExpiresInMs(payload: TokenPayload, now = Date.now()): number | undefined {
  return payload.exp === undefined ? undefined : payload.exp * 1000 - now;
}

/** Compiled operations; bounded, since operations come from tokens and need not repeat. */
const regexCache = new Map<string, RegExp | null>();
const REGEX_CACHE_LIMIT = 256;
function anchored(operation: string): RegExp | null {
  let regex = regexCache.get(operation);
  if (regex === undefined) {
    if (regexCache.size >= REGEX_CACHE_LIMIT) regexCache.clear();
    try {
      regex = new RegExp(`^(?:${operation})$`);
    } catch {
      regex = null;
    }
    regexCache.set(operation, regex);
  }
  return regex;
}

/**
 * Whether one operation string permits `METHOD path`. Operations may be regular expressions; they
 * match the whole request line (anchored). A literal operation also matches itself exactly, so
 * identifiers with regex metacharacters still work.
 */
export function operationPermits(operation: string, method: string, path: string): boolean {
  const request = `${method.toUpperCase()} ${path}`;
  if (operation === request) return true;
  return anchored(operation)?.test(request) ?? false;
}

/**
 * Whether a token permits `METHOD path`: true or false when the payload lists operations,
 * undefined when it does not say (then only trying tells).
 */
export function tokenPermits(payload: TokenPayload, method: string, path: string): boolean | undefined {
  if (!payload.operations) return undefined;
  return payload.operations.some((operation) => operationPermits(operation, method, path));
}

/**
 * Requests a payment-scoped token must never permit: any payment it was not issued for, payouts,
 * balances and token creation. The random id stands for "some other payment".
 */
function broadProbes(): [string, string][] {
  const other = `probe-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  return [
    ['POST', `/payins/${other}`],
    ['GET', `/payins/${other}`],
    ['POST', `/topups/${other}`],
    ['GET', `/topups/${other}`],
    ['POST', `/payouts/${other}`],
    ['GET', `/payouts/${other}`],
    ['GET', '/balances'],
    ['POST', '/auth-tokens'],
    ['POST', '/auth-tokens-by-action'],
  ];
}

/**
 * A general-privilege token (e.g. `POST /payins/.*`): it permits payments other than its own or
 * merchant-wide operations, so it must not be in a browser.
 */
export function isGeneralPrivilege(payload: TokenPayload): boolean {
  if (!payload.operations) return false;
  const merchantWide = payload.operations.some((operation) => MERCHANT_WIDE.test(operation));
  return merchantWide || broadProbes().some(([method, path]) => tokenPermits(payload, method, path) === true);
}

/** Operations on money leaving the merchant or on its credentials, even for one literal id. */
const MERCHANT_WIDE = /^\S+ \/(payouts|balances|auth-tokens)\b/;

/** Why a token cannot be used in the browser, or undefined when it can. */
export function tokenProblem(token: string | null | undefined, now = Date.now()): TokenProblem | undefined {
  const payload = decodeToken(token);
  if (!payload) return 'TOKEN_INVALID';
  const left = tokenExpiresInMs(payload, now);
  if (left !== undefined && left <= 0) return 'TOKEN_EXPIRED';
  if (isGeneralPrivilege(payload)) return 'TOKEN_TOO_BROAD';
  return undefined;
}
