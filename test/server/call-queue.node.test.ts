/**
 * The kit's bounded, patient queue of platform calls (src/server/call-queue.ts): at most
 * `concurrency` at once, first come first served, refusals past `maxWaiting`, callers who leave.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCallQueue, QueueFullError } from '../../src/server/kit/call-queue.js';

/** A task that runs until released. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe('createCallQueue', () => {
  it('runs at most `concurrency` at once, the others in the order they came', async () => {
    const queue = createCallQueue({ concurrency: 2, maxWaiting: 10 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = [0, 1, 2, 3, 4, 5].map(() => held());
    const results = [0, 1, 2, 3, 4, 5].map((i) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await gates[i]!.task();
        running--;
        return i;
      }),
    );
    for (const gate of gates) gate.release();
    assert.deepEqual(await Promise.all(results), [0, 1, 2, 3, 4, 5]);
    assert.equal(most, 2);
    assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(queue.stats(), {
      running: 0,
      waiting: 0,
      peakRunning: 2,
      peakWaiting: 4,
      waited: 4,
      refused: 0,
    });
  });

  it('hands a place over: a newcomer arriving as a call ends does not overtake the line', async () => {
    const queue = createCallQueue({ concurrency: 1, maxWaiting: 10 });
    const first = held();
    const started: string[] = [];
    const a = queue.run(async () => (started.push('a'), first.task()));
    const b = queue.run(async () => void started.push('b'));
    first.release();
    await a;
    // Ended, and b is handed the place: a newcomer now waits behind it.
    const c = queue.run(async () => void started.push('c'));
    await Promise.all([b, c]);
    assert.deepEqual(started, ['a', 'b', 'c']);
    assert.equal(queue.stats().peakRunning, 1);
  });

  it('past maxWaiting a call is refused at once with a Retry-After, and nothing piles up', async () => {
    const queue = createCallQueue({ concurrency: 1, maxWaiting: 2 });
    const gate = held();
    const running = [queue.run(gate.task), queue.run(gate.task), queue.run(gate.task)];
    const refusal = await queue.run(gate.task).catch((error: unknown) => error);
    assert.ok(refusal instanceof QueueFullError);
    assert.ok(refusal.retryAfterSecs >= 1 && refusal.retryAfterSecs <= 60);
    assert.equal(queue.stats().refused, 1);
    assert.equal(queue.stats().waiting, 2);
    gate.release();
    await Promise.all(running);
  });

  it('a caller who leaves while waiting is out of the line, and the others go on', async () => {
    const queue = createCallQueue({ concurrency: 1, maxWaiting: 10 });
    const started: string[] = [];
    const first = held();
    const a = queue.run(async () => (started.push('first'), first.task()));
    const leaving = new AbortController();
    const left = queue.run(async () => void started.push('left'), leaving.signal);
    const last = queue.run(async () => void started.push('last'));
    leaving.abort(new Error('the shopper left'));
    await assert.rejects(left, /the shopper left/);
    assert.equal(queue.stats().waiting, 1);
    first.release();
    await Promise.all([a, last]);
    assert.deepEqual(started, ['first', 'last']);
  });

  it('a call that fails frees its place', async () => {
    const queue = createCallQueue({ concurrency: 1, maxWaiting: 0 });
    await assert.rejects(
      queue.run(() => Promise.reject(new Error('platform down'))),
      /platform down/,
    );
    assert.equal(await queue.run(async () => 'next'), 'next');
  });
});
