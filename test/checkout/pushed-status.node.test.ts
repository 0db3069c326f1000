/**
 * PushedStatus without a browser: a stand-in EventSource the test drives event by event, so the
 * order of `ready`, `changed` and the create (prepare → start) can be set exactly. What it checks:
 * a stream ready before the create goes out needs no first read; anything less (ready too late, a
 * change while the create was on its way) makes exactly one; a prepared stream is closed when
 * following is stopped before it started. Time is a fake clock the test moves
 * (@sinonjs/fake-timers): "no read meanwhile" is checked over a span of the poller's own time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { install, type Clock } from '@sinonjs/fake-timers';
import type { PayinDetailResponse } from '../../src/api/schemas/payin.js';
import { ControllerHost } from '../../src/checkout/controller-host.js';
import { PushedStatus } from '../../src/checkout/pushed-status.js';
import { StatusPoller } from '../../src/checkout/status-poller.js';

/** The streams opened so far; the test sends their events. */
const streams: FakeEventSource[] = [];

class FakeEventSource extends EventTarget {
  closed = false;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    streams.push(this);
  }
  send(type: 'ready' | 'changed' | 'ping', data = '{}'): void {
    this.dispatchEvent(Object.assign(new Event(type), { data }));
  }
  fail(): void {
    this.onerror?.();
  }
  close(): void {
    this.closed = true;
  }
}

class Host extends ControllerHost {
  requestUpdate(): void {}
}

const processing = { status: 'PROCESSING' } as unknown as PayinDetailResponse;

describe('PushedStatus: the stream opened before the create', () => {
  const globals = globalThis as Record<string, unknown>;
  const saved = { document: globals.document, window: globals.window, EventSource: globals.EventSource };
  const pollerDefaults = { ...StatusPoller.defaults };
  const pushedDefaults = { ...PushedStatus.defaults };
  let reads: number;
  let host: Host;
  let source: PushedStatus<PayinDetailResponse>;
  let clock: Clock;

  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    streams.length = 0;
    reads = 0;
    Object.assign(globals, {
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
      window: new EventTarget(),
      EventSource: FakeEventSource,
    });
    // Polling would read every 20 ms: any read the stream should have spared shows at once.
    Object.assign(StatusPoller.defaults, { firstMs: 10, fastMs: 20, fastWindowMs: 1000, slowMs: 40 });
    Object.assign(PushedStatus.defaults, { prepareMs: 50 });
    host = new Host();
    host.hostConnected();
    source = new PushedStatus(host, {
      statusUrl: 'https://shop.test/payins/order-1/events',
      fetchStatus: async () => (reads++, processing),
      onResult: () => {},
      onError: () => {},
      expiresAt: () => undefined,
    });
  });

  afterEach(() => {
    source.stop();
    host.hostDisconnected();
    Object.assign(globals, saved);
    Object.assign(StatusPoller.defaults, pollerDefaults);
    Object.assign(PushedStatus.defaults, pushedDefaults);
    clock.uninstall();
  });

  it('ready before the create: no first read, no polling; each change is one read', async () => {
    const prepared = source.prepare();
    assert.equal(streams.length, 1);
    streams[0]!.send('ready', '{"heartbeatMs":1000}');
    await prepared;
    source.start();
    // Fifty of the poller's waits (under the stream's silence bound of 2.5 heartbeats): no read.
    await clock.tickAsync(1000);
    assert.equal(reads, 0);
    streams[0]!.send('changed');
    await clock.tickAsync(0);
    assert.equal(reads, 1);
    assert.equal(streams.length, 1, 'the prepared stream is the one followed');
  });

  it('ready only after prepareMs: the create does not wait for it, and the late ready brings one read', async () => {
    let given = false;
    const prepared = source.prepare().then(() => (given = true));
    await clock.tickAsync(49);
    assert.equal(given, false, 'prepare waits up to prepareMs');
    await clock.tickAsync(1);
    await prepared;
    streams[0]!.send('ready', '{"heartbeatMs":1000}');
    source.start();
    await clock.tickAsync(1000);
    assert.equal(reads, 1);
  });

  it('a change while the create is on its way: start reads once', async () => {
    const prepared = source.prepare();
    streams[0]!.send('ready', '{"heartbeatMs":1000}');
    await prepared;
    streams[0]!.send('changed');
    assert.equal(reads, 0, 'not followed yet: nothing is read before the create answers');
    source.start();
    await clock.tickAsync(1000);
    assert.equal(reads, 1);
  });

  it('a stream that fails while preparing: the create goes at once, and following polls', async () => {
    const prepared = source.prepare();
    streams[0]!.fail();
    // The clock stands still: prepare is given without waiting for prepareMs.
    await prepared;
    source.start();
    // The first poll after 10 ms, then one every 20 ms.
    await clock.tickAsync(100);
    assert.equal(reads, 5, `polled meanwhile (${reads} reads)`);
  });

  it('stopped before following started (the create was refused): the prepared stream is closed', async () => {
    const prepared = source.prepare();
    streams[0]!.send('ready', '{"heartbeatMs":1000}');
    await prepared;
    source.stop();
    assert.equal(streams[0]!.closed, true);
  });
});
