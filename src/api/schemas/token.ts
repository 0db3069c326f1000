import * as z from 'zod/mini';
import { opt } from '../zod.js';
import { moneySchema } from './request-common.js';

export const TOKEN_ACTIONS = ['PAYIN_CREATE', 'PAYIN_INFO', 'WALLET_OPERATION_CREATE'] as const;
export type TokenAction = (typeof TOKEN_ACTIONS)[number];

/** Default validity of a token, in seconds. */
export const DEFAULT_TOKEN_VALIDITY_SECS = 1800;

const tokenRequestBase = {
  merchantCode: z.string().check(z.minLength(1)),
  validitySecs: opt(z.int().check(z.positive())),
  money: opt(moneySchema),
  /** Request time in milliseconds since the epoch; required with X-SIGNATURE. */
  timestamp: opt(z.int().check(z.positive())),
  /** Deprecated authentication by merchant secret. Never in client-side code. */
  secret: opt(z.string()),
};

/** POST /auth-tokens */
export const authTokenRequestSchema = z.object({
  ...tokenRequestBase,
  operations: z
    .array(z.string().check(z.regex(/^[A-Z]+ \/\S*$/, 'must be an HTTP method, a space and a path')))
    .check(z.minLength(1)),
});
export type AuthTokenRequest = z.infer<typeof authTokenRequestSchema>;

/** POST /auth-tokens-by-action */
export const authTokenByActionRequestSchema = z.object({
  ...tokenRequestBase,
  action: z.enum(TOKEN_ACTIONS),
  idPayment: z
    .string()
    .check(z.regex(/^[^/\s?#]{1,128}$/, 'must be 1 to 128 characters with no spaces, "/", "?" or "#"')),
  settlementMethodPaymentMethodCode: opt(z.literal('CRYPTO_TRANSFER')),
  settlementMethodPaymentOperatorCode: opt(z.literal('TRC20')),
  /** Spelled so in the document. A TRON address. */
  settlementMethodAcccountNumber: opt(
    z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a TRON address')),
  ),
});
export type AuthTokenByActionRequest = z.infer<typeof authTokenByActionRequestSchema>;

export const authTokenResponseSchema = z.looseObject({ token: z.string().check(z.minLength(1)) });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

export { tokenPayloadSchema, type TokenPayload } from './token-payload.js';
export { errorBodySchema, type ErrorBody } from './error-body.js';
