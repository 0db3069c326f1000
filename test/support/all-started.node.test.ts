import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allStarted } from './all-started.js';

describe('allStarted: all of them, or none', () => {
  it('gives what started, in order', async () => {
    const [a, b] = await allStarted([
      Promise.resolve({ name: 'a', close() {} }),
      Promise.resolve({ name: 'b', close() {} }),
    ]);
    assert.deepEqual([a.name, b.name], ['a', 'b']);
  });

  it('closes what started when another fails, and throws that failure', async () => {
    const closed: string[] = [];
    const server = { close: async () => void closed.push('server') };
    const failure = new Error('Firefox did not start');
    await assert.rejects(allStarted([Promise.resolve(server), Promise.reject(failure)]), failure);
    assert.deepEqual(closed, ['server']);
  });
});
