/** The demo shop links to the emulator's dashboard: its nav, and /sandbox-dashboard, which leads there whatever its port. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemo } from '../../demo/server.js';

let demo: Awaited<ReturnType<typeof startDemo>>;
before(async () => {
  demo = await startDemo({ port: 0, sandboxPort: 0, log: false, hmr: false });
});
after(() => demo?.close());

describe('the demo and the dashboard', () => {
  test('the shop’s nav links to the dashboard, which /sandbox-dashboard leads to on the emulator’s origin', async () => {
    const shop = await (await fetch(demo.pages.shop)).text();
    assert.match(shop, /<a href="\/sandbox-dashboard">Sandbox dashboard<\/a>/);
    const link = await fetch(`${demo.url}/sandbox-dashboard`, { redirect: 'manual' });
    assert.equal(link.status, 302);
    assert.equal(link.headers.get('location'), `${demo.sandboxUrl}/__sandbox/dashboard`);
    assert.equal(demo.pages.dashboard, `${demo.sandboxUrl}/__sandbox/dashboard`);
    const page = await fetch(link.headers.get('location')!);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<sandbox-dashboard>/);
  });
});
