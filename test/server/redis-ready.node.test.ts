/**
 * readyWithin (src/server/shared/redis.ts), the wait of the Redis bus and store for a client that
 * is still connecting: it ends when the client is ready, when it is closed, or at its bound.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { readyWithin, type RedisClient } from '../../src/server/shared/redis.js';

/** The events of a node-redis client, and nothing else: readyWithin only listens. */
const connecting = () => new EventEmitter() as unknown as RedisClient & EventEmitter;

/** 'waiting' if `promise` has not settled once the pending I/O callbacks have run, else 'settled'. */
const stateOf = (promise: Promise<void>) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setImmediate(resolve, 'waiting'))]);

describe('readyWithin', () => {
  it('ends when the client is ready, and leaves no listener behind', async () => {
    const client = connecting();
    const wait = readyWithin(client, 60_000);
    assert.equal(await stateOf(wait), 'waiting');
    client.emit('ready');
    assert.equal(await stateOf(wait), 'settled');
    assert.deepEqual([client.listenerCount('ready'), client.listenerCount('end')], [0, 0]);
  });

  it('ends when the client is closed before it was ready: no timer is left to hold the process', async () => {
    const client = connecting();
    const wait = readyWithin(client, 60_000);
    client.emit('end');
    assert.equal(await stateOf(wait), 'settled');
    assert.deepEqual([client.listenerCount('ready'), client.listenerCount('end')], [0, 0]);
  });

  it('ends at its bound when the client never becomes ready', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const client = connecting();
    const wait = readyWithin(client, 5_000);
    t.mock.timers.tick(4_999);
    assert.equal(await stateOf(wait), 'waiting');
    t.mock.timers.tick(1);
    assert.equal(await stateOf(wait), 'settled');
    assert.equal(client.listenerCount('end'), 0);
  });
});
