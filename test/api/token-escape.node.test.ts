/**
 * Ids never become live patterns (issue 12.2): the platform reads operations as regular
 * expressions, so a token minted for an id with regex characters must permit that id and no
 * other. Checked over real HTTP against the emulator, with tokens minted by pay-checkout/server.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { paths } from '../../src/api/index.js';
import { startSandbox, type TestSandbox } from '../support/sandbox-node.js';

const payinBody = {
  paymentRequested: { money: { amount: 60, currencyCode: 'INR' } },
  paymentMethod: { paymentMethodCode: 'UPIQR' as const },
};

let t: TestSandbox;
before(async () => {
  t = await startSandbox();
});
after(() => t.sandbox.close());

/** The two kinds of checkout token forCheckout mints: by action, and an operations token. */
const CHECKOUT_TOKENS = [
  ['by action', (idPayin: string) => t.issuer.forCheckout(idPayin)],
  ['operations', (idPayin: string) => t.issuer.forCheckout(idPayin, { merchantInfo: true, externalReference: true })],
] as const;

describe('a token for an id with regex characters permits that id only', () => {
  for (const [kind, mint] of CHECKOUT_TOKENS) {
    test(`forCheckout('shop.*') (${kind}) cannot create or read shopping-cart-9`, async () => {
      const token = await mint('shop.*');
      const created = await t.raw('POST', paths.payin('shopping-cart-9'), { token, body: payinBody });
      assert.equal(created.status, 403, created.text);
      assert.equal(created.json.errorCode, 'FORBIDDEN');

      const victim = `victim-${kind.replace(' ', '-')}`;
      assert.equal((await t.raw('POST', paths.payin(victim), { body: payinBody })).status, 200);
      const shopVictim = `shop-${victim}`;
      assert.equal((await t.raw('POST', paths.payin(shopVictim), { body: payinBody })).status, 200);
      const read = await t.raw('GET', paths.payin(shopVictim), { token });
      assert.equal(read.status, 403, read.text);
    });
  }

  test("byAction PAYIN_INFO for 'victim.*' cannot read victim-1", async () => {
    assert.equal((await t.raw('POST', paths.payin('victim-1'), { body: payinBody })).status, 200);
    const token = await t.issuer.byAction({ action: 'PAYIN_INFO', idPayment: 'victim.*' });
    const read = await t.raw('GET', paths.payin('victim-1'), { token });
    assert.equal(read.status, 403, read.text);
  });

  for (const idPayin of ['order.2026.11', 'x(1)', 'a+b', 'shop.*']) {
    for (const [kind, mint] of CHECKOUT_TOKENS) {
      test(`forCheckout('${idPayin}') (${kind}) still creates and reads it`, async () => {
        // One payin per kind: the by-action and the operations token each create their own.
        const id = kind === 'by action' ? idPayin : `${idPayin}.ops`;
        const client = t.client(await mint(id));
        const created = await client.createPayin(id, payinBody);
        assert.equal(created.paymentMethodResponse.idPayin, id);
        const read = await client.getPayin(id);
        assert.equal(read.paymentMethodResponse.idPayin, id);
      });
    }
  }
});
