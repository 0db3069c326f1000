/**
 * pay-checkout/server refuses to run in a browser (issue 12.10): in a page and in a web worker,
 * creating an issuer, importing a private key or signing throws a TypeError before any request,
 * so a merchant's secret or private key can never be used there. Real Chromium.
 */
import { expect } from '@open-wc/testing';
import { checkoutOperations, createTokenIssuer, importPrivateKey, signBody } from '../../src/server/index.js';

const REFUSED = /refuses to run in a browser/;
const pem = () => fetch('/demo/keys/demo-merchant.pem').then((response) => response.text());

describe('pay-checkout/server in a browser', () => {
  let requests: string[];
  let originalFetch: typeof fetch;
  const recordingFetch: typeof fetch = async (input) => {
    requests.push(String(input));
    return Response.json({ token: 'a.b.c' });
  };
  beforeEach(() => {
    requests = [];
    originalFetch = window.fetch;
  });
  afterEach(() => {
    window.fetch = originalFetch;
  });

  it('createTokenIssuer throws a TypeError, with a private key or a secret, before any request', async () => {
    const privateKey = await pem();
    window.fetch = recordingFetch;
    for (const credentials of [{ privateKey }, { secret: 'demo-secret' }]) {
      let thrown: unknown;
      try {
        const issuer = createTokenIssuer({
          baseUrl: 'https://platform.test',
          merchantCode: 'demo-merchant',
          fetch: recordingFetch,
          ...credentials,
        });
        await issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'o-1' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(TypeError);
      expect((thrown as Error).message)
        .to.match(REFUSED)
        .and.match(/createTokenIssuer/);
    }
    expect(requests).to.deep.equal([]);
  });

  it('importing a private key and signing throw too', async () => {
    const privateKey = await pem();
    expect(() => importPrivateKey(privateKey)).to.throw(TypeError, REFUSED);
    let thrown: unknown;
    try {
      await signBody({ merchantCode: 'demo-merchant' }, privateKey);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error)?.message)
      .to.match(REFUSED)
      .and.match(/signBody/);
  });

  it('what holds no secret still works: the operations of a checkout token', () => {
    expect(checkoutOperations('order.2026.11', { merchantInfo: true })).to.deep.equal([
      'POST /payins/!availablePaymentOptions',
      'POST /payins/order\\.2026\\.11',
      'GET /payins/order\\.2026\\.11',
      'GET /merchant-info',
    ]);
  });

  it('a web worker is refused as well, before any request', async () => {
    const worker = new Worker(new URL('./token-issuer-worker.ts', import.meta.url), { type: 'module' });
    try {
      const answer = await new Promise<{ outcome: string; requests: number }>((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`worker failed: ${event.message}`));
      });
      expect(answer.outcome)
        .to.match(/^TypeError: /)
        .and.match(REFUSED);
      expect(answer.requests).to.equal(0);
    } finally {
      worker.terminate();
    }
  });
});
