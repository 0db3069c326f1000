/**
 * A browser web worker that tries pay-checkout/server (loaded by token-issuer-browser.test.ts):
 * it answers what creating an issuer did, and how many requests were sent.
 */
import { createTokenIssuer } from '../../src/server/index.js';

let requests = 0;
globalThis.fetch = async () => {
  requests++;
  return Response.json({ token: 'a.b.c' });
};
let outcome: string;
try {
  const issuer = createTokenIssuer({
    baseUrl: 'https://platform.test',
    merchantCode: 'demo-merchant',
    secret: 'demo-secret',
  });
  outcome = `created: ${await issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'o-1' })}`;
} catch (error) {
  outcome = `${(error as Error).name}: ${(error as Error).message}`;
}
postMessage({ outcome, requests });
