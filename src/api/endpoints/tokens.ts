/** The two token endpoints (merchant side: the body carries a signature timestamp or the deprecated secret). */
import { paths } from '../paths.js';
import { authTokenResponseSchema, type AuthTokenByActionRequest, type AuthTokenRequest } from '../schemas/token.js';
import type { CallOptions, Transport } from '../transport.js';

const signed = (signature?: string): Record<string, string> => (signature ? { 'X-SIGNATURE': signature } : {});

export const tokenEndpoints = ({ request }: Transport) => ({
  createAuthToken: (body: AuthTokenRequest, signature?: string, call?: CallOptions) =>
    request('POST', paths.authTokens(), authTokenResponseSchema, body, call, signed(signature)),
  createAuthTokenByAction: (body: AuthTokenByActionRequest, signature?: string, call?: CallOptions) =>
    request('POST', paths.authTokensByAction(), authTokenResponseSchema, body, call, signed(signature)),
});
