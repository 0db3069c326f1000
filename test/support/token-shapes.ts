/**
 * Token payloads for the browser-token rule (issue 12.1), shared by the Node test of the rule and
 * the element's test: every broad shape an attacker or a careless integrator tried, and the
 * payment-scoped ones that must stay accepted. Each broad operation is added to a payin's own
 * operations, so that a token is refused for what it adds, not for what it lacks.
 */
import { actionOperations } from '../../src/api/paths.js';
import type { TokenPayload } from '../../src/api/schemas/token-payload.js';

export const SCOPED_PAYIN = 'o-1';
const own = () => actionOperations('PAYIN_CREATE', SCOPED_PAYIN);
const withOperation = (operation: string): TokenPayload => ({ operations: [...own(), operation] });

/** Every shape here must be refused with TOKEN_TOO_BROAD. */
export const BROAD_TOKENS: [name: string, payload: TokenPayload][] = [
  // Accepted before issue 12: each escaped the old probe of one random payin id.
  ['POST /payins/\\w+', withOperation('POST /payins/\\w+')],
  ['POST /payins/[0-9]+', withOperation('POST /payins/[0-9]+')],
  ['POST /payins/[^p].*', withOperation('POST /payins/[^p].*')],
  ['POST /payins/(?!probe).*', withOperation('POST /payins/(?!probe).*')],
  ['POST /payins/.{36}', withOperation('POST /payins/.{36}')],
  ['POST /payins/order-.*', withOperation('POST /payins/order-.*')],
  ['lower-case post /payins/.*', withOperation('post /payins/.*')],
  ['GET /payins/.*/accounts', withOperation('GET /payins/.*/accounts')],
  ['POST /payins/.*/!setExternalReference', withOperation('POST /payins/.*/!setExternalReference')],
  ['POST /topups/[0-9]+', withOperation('POST /topups/[0-9]+')],
  ['POST /pay(outs)/[0-9]+', withOperation('POST /pay(outs)/[0-9]+')],
  ['by-action token without idPayment', { action: 'PAYIN_CREATE' }],
  ['no operations at all', { merchantCode: 'demo-merchant' }],
  ['GET /payins/[^p].* (read other payins)', withOperation('GET /payins/[^p].*')],
  ['GET /payins/(?!probe).* (read other payins)', withOperation('GET /payins/(?!probe).*')],
  ['GET /payins/o-1/accounts (a literal path outside the checkout)', withOperation('GET /payins/o-1/accounts')],
  // Refused before issue 12 too.
  ['POST /payins/.*', withOperation('POST /payins/.*')],
  ['GET /payins/.*', withOperation('GET /payins/.*')],
  ['GET /payins/[^/]+', withOperation('GET /payins/[^/]+')],
  ['.*', withOperation('.*')],
  ['POST /payouts/p-1', withOperation('POST /payouts/p-1')],
  ['GET /balances', withOperation('GET /balances')],
  ['POST /auth-tokens', withOperation('POST /auth-tokens')],
  ['POST /topups/.+', withOperation('POST /topups/.+')],
  // More of the same family.
  ['two payins: o-1 and o-2', withOperation('GET /payins/o-2')],
  ['idPayment o-2, operations for o-1', { idPayment: 'o-2', operations: own() }],
  [
    'by-action WALLET_OPERATION_CREATE (a top-up token)',
    { action: 'WALLET_OPERATION_CREATE', idPayment: SCOPED_PAYIN },
  ],
  ['POST /auth-tokens-by-action', withOperation('POST /auth-tokens-by-action')],
  ['alternation GET /payins/o-1|GET /balances', withOperation('GET /payins/o-1|GET /balances')],
  ['escape class GET /payins/o-\\d', withOperation('GET /payins/o-\\d')],
  ['lower-case get /balances', withOperation('get /balances')],
  ['an empty operations list names no payin', { operations: [] }],
];

/** Payment-scoped shapes that must stay accepted, with the payin each is scoped to. */
export const SCOPED_TOKENS: [name: string, payload: TokenPayload, idPayin: string][] = [
  ['PAYIN_CREATE operations', { operations: own() }, SCOPED_PAYIN],
  ['PAYIN_CREATE operations and the merchant name', { operations: [...own(), 'GET /merchant-info'] }, SCOPED_PAYIN],
  ['PAYIN_INFO operations', { operations: actionOperations('PAYIN_INFO', SCOPED_PAYIN) }, SCOPED_PAYIN],
  ['by-action claims only (PAYIN_CREATE)', { action: 'PAYIN_CREATE', idPayment: SCOPED_PAYIN }, SCOPED_PAYIN],
  ['by-action claims only (PAYIN_INFO)', { action: 'PAYIN_INFO', idPayment: SCOPED_PAYIN }, SCOPED_PAYIN],
  ['idPayment only', { idPayment: SCOPED_PAYIN }, SCOPED_PAYIN],
  [
    'lower-case methods of literal paths',
    { operations: ['post /payins/o-1', 'get /payins/o-1', 'Get /merchant-info'] },
    SCOPED_PAYIN,
  ],
  [
    'a hand-escaped id',
    { operations: ['POST /payins/order\\.2026\\.11', 'GET /payins/order\\.2026\\.11'] },
    'order.2026.11',
  ],
];
