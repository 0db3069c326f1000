import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import {
  checkoutOperations,
  createTokenIssuer,
  importPublicKey,
  signBody,
  verifySignature,
} from '../../src/server/index.js';
import { fakeFetch } from '../support/fake-fetch.js';

let privatePem: string;
let publicPem: string;
before(() => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
});

describe('signing', () => {
  test('X-SIGNATURE is SHA256withRSA over the minified JSON, checked by an independent verifier', async () => {
    const body = {
      merchantCode: 'demo-merchant',
      action: 'PAYIN_CREATE',
      idPayment: 'o-1',
      timestamp: 1700000000000,
    };
    const signature = await signBody(body, privatePem);
    const minified =
      '{"merchantCode":"demo-merchant","action":"PAYIN_CREATE","idPayment":"o-1","timestamp":1700000000000}';
    assert.ok(verify('sha256', Buffer.from(minified), publicPem, Buffer.from(signature, 'base64')));
    assert.ok(await verifySignature(minified, signature, publicPem));
    assert.ok(!(await verifySignature(minified.replace('o-1', 'o-2'), signature, await importPublicKey(publicPem))));
    assert.ok(!(await verifySignature(minified, '%%%', publicPem)));
  });
  test('a PKCS#1 key gets a message that says how to convert it', async () => {
    await assert.rejects(
      signBody({}, '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----'),
      /PKCS#8/,
    );
  });
});

describe('createTokenIssuer', () => {
  test('by action: signed body with timestamp, X-SIGNATURE header, returns the token', async () => {
    const fake = fakeFetch({ body: { token: 'the.token.jwt' } });
    const issuer = createTokenIssuer({
      baseUrl: 'http://127.0.0.1:1',
      merchantCode: 'demo-merchant',
      privateKey: privatePem,
      fetch: fake.fetch,
      now: () => 1234,
    });
    const token = await issuer.byAction({
      action: 'PAYIN_CREATE',
      idPayment: 'o-1',
      money: { amount: 60, currencyCode: 'INR' },
    });
    assert.equal(token, 'the.token.jwt');
    const sent = fake.requests[0]!;
    assert.equal(sent.url.pathname, '/auth-tokens-by-action');
    assert.deepEqual(sent.body, {
      merchantCode: 'demo-merchant',
      action: 'PAYIN_CREATE',
      idPayment: 'o-1',
      money: { amount: 60, currencyCode: 'INR' },
      timestamp: 1234,
    });
    assert.ok(
      verify(
        'sha256',
        Buffer.from(JSON.stringify(sent.body)),
        publicPem,
        Buffer.from(sent.headers['x-signature']!, 'base64'),
      ),
    );
    assert.equal(sent.headers['x-api-version'], '2');
  });

  test('operations token for a checkout that may show the merchant name and take a UTR', async () => {
    const fake = fakeFetch({ body: { token: 't' } });
    const issuer = createTokenIssuer({
      baseUrl: 'http://127.0.0.1:1',
      merchantCode: 'm',
      privateKey: privatePem,
      fetch: fake.fetch,
    });
    await issuer.forCheckout('o-1', { merchantInfo: true, externalReference: true });
    assert.equal(fake.requests[0]!.url.pathname, '/auth-tokens');
    assert.deepEqual(
      (fake.requests[0]!.body as { operations: string[] }).operations,
      checkoutOperations('o-1', { merchantInfo: true, externalReference: true }),
    );
    assert.deepEqual(checkoutOperations('o-1', { merchantInfo: true, externalReference: true }), [
      'POST /payins/!availablePaymentOptions',
      'POST /payins/o-1',
      'GET /payins/o-1',
      'GET /merchant-info',
      'POST /payins/o-1/!setExternalReference',
    ]);
  });

  test('deprecated secret mode: the secret in the body, no signature', async () => {
    const fake = fakeFetch({ body: { token: 't' } });
    const issuer = createTokenIssuer({
      baseUrl: 'http://127.0.0.1:1',
      merchantCode: 'm',
      secret: 's3cret',
      fetch: fake.fetch,
    });
    await issuer.withOperations({ operations: ['GET /payins/o-1'] });
    assert.equal(fake.requests[0]!.headers['x-signature'], undefined);
    assert.deepEqual(fake.requests[0]!.body, {
      merchantCode: 'm',
      operations: ['GET /payins/o-1'],
      secret: 's3cret',
    });
  });

  test('needs a key or a secret', () => {
    assert.throws(() => createTokenIssuer({ baseUrl: 'x', merchantCode: 'm' }), /privateKey/);
  });
});
