// The client and token helpers are shared by Node and the browser: this runs them in Chromium.
import { expect } from '@open-wc/testing';
import {
  createClient,
  decodeToken,
  PlatformError,
  payinCreateRequestSchema,
  tokenProblem,
} from '../../src/api/index.js';
import { fakeFetch } from '../support/fake-fetch.js';
import { fakeJwt } from '../support/jwt.js';

describe('api in the browser', () => {
  it('calls the platform with the headers and parses the answer', async () => {
    const fake = fakeFetch({ body: { channelInfo: { name: 'Toko Sinar' } } });
    const api = createClient({ baseUrl: 'http://127.0.0.1:9/api', token: 'a.b.c', fetch: fake.fetch });
    expect((await api.getMerchantInfo()).channelInfo.name).to.equal('Toko Sinar');
    expect(fake.requests[0]!.headers['x-api-version']).to.equal('2');
  });

  it('maps a malformed answer to BAD_RESPONSE', async () => {
    const api = createClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: fakeFetch({ text: '{"data": ' }).fetch,
    });
    const error = await api.getCurrencies().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(PlatformError);
    expect((error as PlatformError).code).to.equal('BAD_RESPONSE');
  });

  it('validates with zod in jitless mode (no eval needed)', () => {
    const result = payinCreateRequestSchema.safeParse({
      paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'PROMPTPAY' },
    });
    expect(result.success).to.equal(false);
  });

  it('decodes tokens', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(decodeToken(fakeJwt({ exp, idPayment: 'o-9' }))?.idPayment).to.equal('o-9');
    expect(tokenProblem(fakeJwt({ exp, operations: ['GET /payins/.*'] }))).to.equal('TOKEN_TOO_BROAD');
  });
});
