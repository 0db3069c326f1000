/**
 * The demo merchant's keys are a module of the emulator (packages/sandbox/src/state/demo-keys.ts); the files in
 * demo/keys/ are the same keys for people and openssl (docs/sandbox.md, demo/keys/README.md). They must not drift apart.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEMO_PRIVATE_KEY, DEMO_PUBLIC_KEY } from 'pay-checkout-sandbox';

const file = (name: string) => readFileSync(new URL(`../../demo/keys/${name}`, import.meta.url), 'utf8');

describe('the demo merchant’s keys', () => {
  it('the module holds exactly the PEM text of demo/keys/demo-merchant.pem and demo-merchant.pub.pem', () => {
    assert.equal(DEMO_PRIVATE_KEY, file('demo-merchant.pem'));
    assert.equal(DEMO_PUBLIC_KEY, file('demo-merchant.pub.pem'));
  });

  it('are a PKCS#8 private key and the SPKI public key of the same pair', () => {
    const privateKey = createPrivateKey(DEMO_PRIVATE_KEY);
    assert.equal(privateKey.asymmetricKeyType, 'rsa');
    assert.match(DEMO_PRIVATE_KEY, /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(DEMO_PUBLIC_KEY, /^-----BEGIN PUBLIC KEY-----\n/);
    const signature = sign('sha256', Buffer.from('demo'), privateKey);
    assert.ok(verify('sha256', Buffer.from('demo'), createPublicKey(DEMO_PUBLIC_KEY), signature));
  });

  it('demo/keys/README.md still says they are demo-only', () => {
    assert.match(file('README.md'), /DEMO ONLY, NEVER FOR REAL USE/);
  });
});
