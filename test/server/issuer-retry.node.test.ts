/**
 * pay-checkout/server against the sandbox emulator, which refuses a signature it has already
 * seen: a token request whose answer was lost on the way back is retried with a fresh signature,
 * never the same signed body again; and a busy platform's 429s are waited out as the caller's retry
 * options say, the same way every platform call is.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, DEMO_MERCHANT_CODE } from 'pay-checkout-sandbox';
import { createTokenIssuer } from '../../src/server/index.js';
import { demoPrivateKey } from '../support/sandbox-node.js';

describe('token requests retried after a lost answer', () => {
  let sandbox: Awaited<ReturnType<typeof createSandbox>>;
  before(async () => {
    sandbox = await createSandbox({ port: 0, log: false, rateLimit: false });
  });
  after(() => sandbox.close());

  it('the platform did mint the first token, its answer was lost: the retry is signed afresh and gets a token', async () => {
    const signatures: string[] = [];
    let lost = 0;
    // The request reaches the platform and succeeds; the answer never comes back (once).
    const fetchLosingFirstAnswer: typeof fetch = async (input, init) => {
      signatures.push(new Headers(init?.headers).get('X-SIGNATURE') ?? '');
      const response = await fetch(input, init);
      if (lost++ === 0) throw new TypeError('fetch failed: the connection closed before the answer');
      return response;
    };
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
      fetch: fetchLosingFirstAnswer,
    });
    const token = await issuer.byAction(
      { action: 'PAYIN_CREATE', idPayment: 'retry-1' },
      { retry: { baseDelayMs: 5 } },
    );
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.equal(signatures.length, 2);
    assert.notEqual(signatures[0], signatures[1], 'each attempt carries its own signature');
  });

  it('without retry, a lost answer is the caller’s NETWORK error, as before', async () => {
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
      fetch: async (input, init) => (await fetch(input, init), Promise.reject(new TypeError('lost'))),
    });
    await assert.rejects(
      issuer.byAction({ action: 'PAYIN_CREATE', idPayment: 'retry-2' }),
      (error: { code?: string }) => error.code === 'NETWORK',
    );
  });

  /** A platform that answers 429 (Retry-After: 0) to the first `busy` token requests, then as it is. */
  const busyFor =
    (busy: number, attempts: string[]): typeof fetch =>
    async (input, init) => {
      attempts.push(new Headers(init?.headers).get('X-SIGNATURE') ?? '');
      if (attempts.length <= busy)
        return Response.json(
          { errorCode: 'TOO_MANY_REQUESTS', message: 'busy' },
          { status: 429, headers: { 'Retry-After': '0' } },
        );
      return fetch(input, init);
    };

  it('patient when limited: five 429s in a row do not use up one retry, and each attempt is signed afresh', async () => {
    const attempts: string[] = [];
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
      fetch: busyFor(5, attempts),
    });
    const waits: number[] = [];
    const token = await issuer.forCheckout(
      'busy-1',
      {},
      {
        retry: {
          retries: 1,
          baseDelayMs: 1,
          maxDelayMs: 5,
          patientWhenLimited: true,
          onRetry: (_, delay) => waits.push(delay),
        },
      },
    );
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.equal(attempts.length, 6);
    assert.equal(new Set(attempts).size, 6, 'no signed body is sent twice');
    assert.equal(waits.length, 5, 'the caller is told of each wait');
  });

  it('not patient: a 429 counts as a retry, and the last one is the caller’s RATE_LIMITED error', async () => {
    const attempts: string[] = [];
    const issuer = createTokenIssuer({
      baseUrl: sandbox.url,
      merchantCode: DEMO_MERCHANT_CODE,
      privateKey: demoPrivateKey,
      fetch: busyFor(5, attempts),
    });
    await assert.rejects(
      issuer.forCheckout('busy-2', {}, { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 } }),
      (error: { code?: string }) => error.code === 'RATE_LIMITED',
    );
    assert.equal(attempts.length, 2);
  });
});
