/**
 * Reading a platform token in the browser: decode the JWT payload without verifying it (only the
 * platform can), and decide what it permits. Never used to trust anything, only to avoid sending
 * requests that cannot succeed and to refuse tokens that must not be in a browser.
 */
import { fromBase64url } from './base64.js';
import { checkoutPaths as paths, REGEX_SYNTAX_CLASS } from './paths.js';
import { ID_PATTERN } from './patterns.js';
import { tokenPayloadSchema, type TokenPayload } from './schemas/token-payload.js';

export type TokenProblem = 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_TOO_BROAD';

/** The payload of a JWT, or undefined when the text is not a JWT with a JSON object payload. */
export function decodeToken(token: string | null | undefined): TokenPayload | undefined {
  if (!token) return undefined;
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const parsed = tokenPayloadSchema.safeParse(
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(parts[1]))),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds until the token expires (negative when past), or undefined without `exp`. */
export function tokenExpiresInMs(payload: TokenPayload, now = Date.now()): number | undefined {
  return payload.exp === undefined ? undefined : payload.exp * 1000 - now;
}

/** `get /x` names the same request as `GET /x`: the method part compares without regard to case. */
const upperMethod = (operation: string) => operation.replace(/^[a-z]+(?= )/i, (method) => method.toUpperCase());

/**
 * Text with no live pattern: each character with a regular-expression meaning is escaped, and
 * every escape is of such a character (`\d`, `\w` are classes, not literals). Linear: the two
 * branches start with different characters, so nothing backtracks.
 */
const LITERAL_TEXT = new RegExp(`^(?:\\\\${REGEX_SYNTAX_CLASS}|[^${REGEX_SYNTAX_CLASS.slice(1)})*$`);

/**
 * The one request line an operation names, method upper-cased, or undefined when the operation is
 * a pattern that may match more than one.
 */
export function literalOperation(operation: string): string | undefined {
  return LITERAL_TEXT.test(operation) ? upperMethod(operation.replace(/\\(.)/g, '$1')) : undefined;
}

/** Compiled pattern operations; bounded, since operations come from tokens and need not repeat. */
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
 * Whether one operation string permits `METHOD path`, as the platform reads it: a regular
 * expression matching the whole request line (anchored). A literal operation (escapes only) is
 * compared as text, and any operation also matches itself exactly, so that identifiers with
 * regex metacharacters work in tokens that did not escape them. Methods compare without regard
 * to case.
 */
export function operationPermits(operation: string, method: string, path: string): boolean {
  const request = `${method.toUpperCase()} ${path}`;
  const normalized = upperMethod(operation);
  if (normalized === request) return true;
  const literal = literalOperation(normalized);
  if (literal !== undefined) return literal === request;
  return anchored(normalized)?.test(request) ?? false;
}

/**
 * Whether a token permits `METHOD path`, read from its literal operations (the only ones a browser
 * accepts, see tokenScope): true when one names this request, false when none does, undefined
 * when the payload lists no operations or has patterns (then only trying tells). Patterns are not
 * compiled here, which keeps a regular-expression engine's work out of the browser.
 */
export function tokenPermits(payload: TokenPayload, method: string, path: string): boolean | undefined {
  if (!payload.operations) return undefined;
  const request = `${method.toUpperCase()} ${path}`;
  let patterns = false;
  for (const operation of payload.operations) {
    const literal = literalOperation(operation);
    if (literal === request) return true;
    patterns ||= literal === undefined;
  }
  return patterns ? undefined : false;
}

/**
 * The payment an operation of a one-payment token is about: '' for the shared operations of no
 * payment (options, merchant name, …), undefined for anything such a token must not hold — a
 * pattern, another path, a path of this payment outside its checkout. `collection` is the path's
 * first segment (/payins, /topups); `own` lists a payment's own operations.
 */
export function operationPayment(
  operation: string,
  shared: readonly string[],
  collection: string,
  own: (id: string) => string[],
): string | undefined {
  const literal = literalOperation(operation);
  if (literal === undefined) return undefined;
  if (shared.includes(literal)) return '';
  const segment = literal.match(new RegExp(`^[A-Z]+ /${collection}/([^/]+)`))?.[1];
  if (!segment) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return ID_PATTERN.test(id) && own(id).includes(literal) ? id : undefined;
}

/** The payin an operation of a checkout token is about (operationPayment). */
const checkoutOperationPayin = (operation: string) =>
  operationPayment(operation, [`POST ${paths.payinOptions()}`, `GET ${paths.merchantInfo()}`], 'payins', (id) => [
    `POST ${paths.payin(id)}`,
    `GET ${paths.payin(id)}`,
    `POST ${paths.payinExternalReference(id)}`,
  ]);

/**
 * The one payin a token may be used for in a browser, or TOKEN_TOO_BROAD. Acceptable: every
 * operation is a literal path of this payin's checkout (options, the payin, its external
 * reference) or the merchant name, all about one and the same payin; or a by-action token for a
 * payin (PAYIN_CREATE, PAYIN_INFO) with its idPayment. A top-up token (WALLET_OPERATION_CREATE) is
 * not a payin checkout's. The rule reads what a token says, never what it happens to match: a
 * pattern is refused even when it would permit only this payin. See docs/platform-choices.md.
 */
export function tokenScope(payload: TokenPayload): { idPayin: string } | 'TOKEN_TOO_BROAD' {
  const { action, operations } = payload;
  if (action !== undefined && action !== 'PAYIN_CREATE' && action !== 'PAYIN_INFO') return 'TOKEN_TOO_BROAD';
  let idPayin = payload.idPayment;
  for (const operation of operations ?? []) {
    const about = checkoutOperationPayin(operation);
    if (about === undefined || (about && idPayin && about !== idPayin)) return 'TOKEN_TOO_BROAD';
    idPayin ||= about;
  }
  return idPayin ? { idPayin } : 'TOKEN_TOO_BROAD';
}

/** Why a token cannot be used in the browser, or undefined when it can. */
export function tokenProblem(token: string | null | undefined, now = Date.now()): TokenProblem | undefined {
  const payload = decodeToken(token);
  if (!payload) return 'TOKEN_INVALID';
  const left = tokenExpiresInMs(payload, now);
  if (left !== undefined && left <= 0) return 'TOKEN_EXPIRED';
  if (tokenScope(payload) === 'TOKEN_TOO_BROAD') return 'TOKEN_TOO_BROAD';
  return undefined;
}
