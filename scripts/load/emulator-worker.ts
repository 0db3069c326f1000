/**
 * Worker: the sandbox emulator at its default limit (10 requests a second per merchant), counting
 * every request that reaches it from the line its request log writes (`POST /payins/o-1 200 3ms`).
 */
import { createSandbox } from 'pay-checkout-sandbox';
import { createRequestCounter } from './request-counts.js';
import { serveCalls } from './threads.js';

let counter = createRequestCounter();
const sandbox = await createSandbox({
  port: 0,
  log: (line) => {
    const [method, path, status] = line.split(' ');
    if (method && path && status) counter.add(method, path, status);
  },
});

serveCalls(
  {
    counts: () => counter.snapshot(),
    resetCounts: () => void (counter = createRequestCounter()),
    payinCount: () => sandbox.payments.count(),
    /** Moves the sandbox clock forward (tokens, expiry, the Date header follow it); its time after. */
    advanceClock: (seconds: number) => {
      sandbox.clock.advance(seconds);
      return sandbox.clock.now();
    },
    clockNow: () => sandbox.clock.now(),
    close: () => sandbox.close(),
  },
  { url: sandbox.url },
);
