import { expect } from '@open-wc/testing';
import { StatusPoller } from '../../src/checkout/status-poller.js';
import { PlatformError } from '../../src/api/errors.js';

/** Runs the poller on a recorded clock: every setTimeout delay is captured and fired by hand. */
function harness(results: (() => Promise<unknown>)[], expiresAt?: number) {
  let now = 1_000_000;
  const timers: { delay: number; fn: () => void }[] = [];
  const realSetTimeout = window.setTimeout;
  const realClear = window.clearTimeout;
  const realNow = Date.now;
  window.setTimeout = ((fn: () => void, delay: number) => {
    timers.push({ delay, fn });
    return timers.length as unknown as number;
  }) as typeof setTimeout;
  window.clearTimeout = (() => undefined) as typeof clearTimeout;
  Date.now = () => now;
  const host = {
    addController() {},
    requestUpdate() {},
    removeController() {},
    updateComplete: Promise.resolve(true),
  };
  let calls = 0;
  const errors: unknown[] = [];
  const poller = new StatusPoller(host, {
    fetchStatus: () => results[Math.min(calls++, results.length - 1)]!() as Promise<never>,
    onResult: () => undefined,
    onError: (error) => errors.push(error),
    expiresAt: () => expiresAt,
    random: () => 1,
  });
  poller.hostConnected();
  return {
    poller,
    delays: () => timers.map((t) => t.delay),
    errors,
    get calls() {
      return calls;
    },
    /** Fires the latest timer after moving the clock by its delay, then lets the poll settle. */
    async fire() {
      const timer = timers.at(-1)!;
      now += timer.delay;
      timer.fn();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
    restore() {
      poller.hostDisconnected();
      window.setTimeout = realSetTimeout;
      window.clearTimeout = realClear;
      Date.now = realNow;
    },
  };
}

const ok = () => Promise.resolve({ status: 'PROCESSING' });

describe('StatusPoller cadence', () => {
  it('first poll after 1.5 s, every 2 s in the first minute, then every 10 s', async () => {
    const h = harness([ok]);
    try {
      h.poller.start();
      for (let i = 0; i < 35; i++) await h.fire();
      const delays = h.delays();
      expect(delays[0]).to.equal(1500);
      // 1.5 s + 29 × 2 s = 59.5 s: then the interval becomes 10 s.
      expect(delays.slice(1, 31).every((d) => d === 2000)).to.equal(true);
      expect(delays.slice(31).every((d) => d === 10_000)).to.equal(true);
      expect(h.calls).to.equal(35);
    } finally {
      h.restore();
    }
  });

  it('backs off exponentially on errors (jittered, bounded) and honours Retry-After', async () => {
    const network = () => Promise.reject(new PlatformError({ code: 'NETWORK', message: 'down', retryable: true }));
    const limited = () =>
      Promise.reject(
        new PlatformError({
          code: 'RATE_LIMITED',
          message: 'slow down',
          retryable: true,
          retryAfterMs: 7000,
        }),
      );
    const h = harness([network, network, network, network, network, network, network, limited, ok]);
    try {
      h.poller.start();
      for (let i = 0; i < 9; i++) await h.fire();
      // random() = 1: the full window, 2 s · 2^n up to 60 s.
      expect(h.delays().slice(1, 9)).to.deep.equal([2000, 4000, 8000, 16000, 32000, 60000, 60000, 7000]);
    } finally {
      h.restore();
    }
  });

  it('429s in a row: at least Retry-After, and longer as they repeat (a crowd spreads out); a good read starts over', async () => {
    const limited = () =>
      Promise.reject(new PlatformError({ code: 'RATE_LIMITED', message: 'busy', retryable: true, retryAfterMs: 1000 }));
    const h = harness([limited, limited, limited, limited, ok, limited]);
    try {
      h.poller.start();
      for (let i = 0; i < 6; i++) await h.fire();
      // random() = 1: 2 s · 2^n, never less than Retry-After; after the good read, 2 s again.
      expect(h.delays().slice(1)).to.deep.equal([2000, 4000, 8000, 16000, 2000, 2000]);
    } finally {
      h.restore();
    }
  });

  it('stops on an error retrying cannot fix', async () => {
    const forbidden = () => Promise.reject(new PlatformError({ code: 'FORBIDDEN', message: 'no', httpStatus: 403 }));
    const h = harness([forbidden]);
    try {
      h.poller.start();
      await h.fire();
      expect(h.poller.active).to.equal(false);
      expect(h.delays()).to.have.length(1);
    } finally {
      h.restore();
    }
  });

  it('keeps polling until a minute after expireAt, then stops', async () => {
    const h = harness([ok], 1_000_000 + 30_000);
    try {
      h.poller.start();
      let fired = 0;
      while (h.poller.active && fired < 100) {
        await h.fire();
        fired++;
      }
      // Polls at 1.5, 3.5 … 59.5 s (30), then 69.5, 79.5, 89.5 s: the last within 60 s after
      // expiry at 30 s; the next (99.5 s) would be later, so polling stops.
      expect(h.poller.active).to.equal(false);
      expect(fired).to.equal(33);
    } finally {
      h.restore();
    }
  });
});
