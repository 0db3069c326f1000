/**
 * The browser token rule for top-ups (the payin rule is tokenScope in token.ts; this one sits in
 * a file of its own so that only the lazily loaded top-up code carries it, never the initial file).
 *
 * A browser accepts a token for one top-up only: a by-action WALLET_OPERATION_CREATE with its
 * idPayment, or literal operations of that one top-up — POST and GET /topups/{idTopUp}, POST
 * /topups/!availablePaymentOptions — optionally beside the literal GET /fx-rates (rates are public)
 * and GET /merchant-info (the payin rule allows it too). A pattern, another id, a payin's path or
 * any other operation makes the token TOKEN_TOO_BROAD: the rule reads what a token says, never
 * what it happens to match. See docs/platform-choices.md.
 */
import { literalOperation, operationPayment } from './token.js';
import { REGEX_SYNTAX_CLASS } from './paths.js';
import type { TokenPayload } from './schemas/token-payload.js';

/** The top-up paths the browser calls (the full table is paths.ts, which the initial file holds only in part). */
const id = (value: string) => encodeURIComponent(value);
export const topUpPaths = {
  options: () => '/topups/!availablePaymentOptions',
  topUp: (idTopUp: string) => `/topups/${id(idTopUp)}`,
  fxRates: () => '/fx-rates',
  merchantInfo: () => '/merchant-info',
} as const;

/** The operations a by-action WALLET_OPERATION_CREATE token stands for, as literal operations (ids escaped). */
export const walletActionOperations = (idTopUp: string): string[] =>
  [`POST ${topUpPaths.options()}`, `POST ${topUpPaths.topUp(idTopUp)}`, `GET ${topUpPaths.topUp(idTopUp)}`].map(
    (line) => line.replace(new RegExp(REGEX_SYNTAX_CLASS, 'g'), '\\$&'),
  );

/** The operations a browser's top-up token may hold besides the top-up's own. */
const SHARED = [`POST ${topUpPaths.options()}`, `GET ${topUpPaths.fxRates()}`, `GET ${topUpPaths.merchantInfo()}`];

/** The top-up an operation is about: '' for shared ones, undefined for anything a top-up checkout must not hold. */
const topUpOperationId = (operation: string) =>
  operationPayment(operation, SHARED, 'topups', (id) => [
    `GET ${topUpPaths.topUp(id)}`,
    `POST ${topUpPaths.topUp(id)}`,
  ]);

/** The one top-up a token may be used for in a browser, or TOKEN_TOO_BROAD. */
export function topUpTokenScope(payload: TokenPayload): { idTopUp: string } | 'TOKEN_TOO_BROAD' {
  const { action, operations } = payload;
  if (action !== undefined && action !== 'WALLET_OPERATION_CREATE') return 'TOKEN_TOO_BROAD';
  // A by-action token stands for its action's operations; one that also lists operations is read by both.
  if (action === undefined && !operations?.length) return 'TOKEN_TOO_BROAD';
  let idTopUp = action ? payload.idPayment : undefined;
  if (action && !idTopUp) return 'TOKEN_TOO_BROAD';
  for (const operation of operations ?? []) {
    const about = topUpOperationId(operation);
    if (about === undefined || (about && idTopUp && about !== idTopUp)) return 'TOKEN_TOO_BROAD';
    idTopUp ||= about;
  }
  return idTopUp ? { idTopUp } : 'TOKEN_TOO_BROAD';
}

/**
 * Whether the token permits `METHOD path` for its top-up: a by-action WALLET_OPERATION_CREATE
 * permits what the document lists for that action (the options, creating and reading its
 * top-up); an operations token, what its literal operations name. So GET /fx-rates and GET
 * /merchant-info are asked for only when the token says so, and no request goes out that can
 * only get 403.
 */
export function topUpTokenPermits(payload: TokenPayload, idTopUp: string, method: string, path: string): boolean {
  const request = `${method.toUpperCase()} ${path}`;
  const byAction = payload.action === 'WALLET_OPERATION_CREATE' ? walletActionOperations(idTopUp) : [];
  return [...byAction, ...(payload.operations ?? [])].some((operation) => literalOperation(operation) === request);
}
