/**
 * The table the kit routes through (src/server/http/router.ts): a route by method and path under
 * the prefix, its parameters decoded and checked before its handler runs, 404 and 405 as JSON.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter } from '../../src/server/http/router.js';
import { HttpError } from '../../src/server/index.js';

const handled: string[] = [];
const route = createRouter(
  [
    { method: 'POST', path: '/checkouts', handler: () => (handled.push('checkout'), new Response('made')) },
    { method: 'GET', path: '/payins/:idPayin/events', handler: (_, { idPayin }) => new Response(`stream ${idPayin}`) },
    { method: 'OPTIONS', path: '/payins/:idPayin/events', handler: () => new Response(null, { status: 204 }) },
  ],
  {
    prefix: '/pay',
    param(name, decoded) {
      if (decoded === undefined || decoded.includes(' ')) throw new HttpError(400, 'INVALID_REQUEST', `bad ${name}`);
      return decoded;
    },
  },
);
const at = (path: string, method = 'GET') => route(new Request(`http://shop.test${path}`, { method }));

describe('the router', () => {
  it('hands each request to the route of its method and path, its parameters decoded', async () => {
    assert.equal(await (await at('/pay/checkouts', 'POST')).text(), 'made');
    assert.equal(await (await at('/pay/payins/a%2Bb/events')).text(), 'stream a+b');
    assert.equal((await at('/pay/payins/x/events', 'OPTIONS')).status, 204);
    assert.deepEqual(handled, ['checkout']);
  });

  it('refuses a parameter its check refuses, or one that is not valid percent-encoding, before any handler', async () => {
    for (const path of ['/pay/payins/a%20b/events', '/pay/payins/%E0%A4%A/events']) {
      const response = await at(path);
      assert.equal(response.status, 400, path);
      assert.equal((await response.json()).errorCode, 'INVALID_REQUEST');
    }
  });

  it('answers another method on a known path 405 with Allow (preflights aside), and anything else 404, as JSON', async () => {
    const get = await at('/pay/checkouts');
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const post = await at('/pay/payins/x/events', 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
    assert.equal((await post.json()).message, 'Only GET is allowed here');
    for (const path of ['/checkouts', '/pay', '/pay/', '/pay/checkouts/more', '/payments/checkouts', '/pay/payins/x']) {
      const response = await at(path, 'POST');
      assert.equal(response.status, 404, path);
      assert.equal((await response.json()).errorCode, 'NOT_FOUND');
    }
    assert.deepEqual(handled, ['checkout']);
  });
});
