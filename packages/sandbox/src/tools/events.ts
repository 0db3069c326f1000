/**
 * GET /__sandbox/events: the emulator's changes as Server-Sent Events, for the dashboard (and
 * `pay-checkout-sandbox tail`). First a `snapshot` of everything it shows, then one event per
 * change: `payment` (a summary), `request` (a logged platform request), `delivery` (a callback and
 * its attempts), `clock`, `faults`; after a reset, a new `snapshot`. A comment line every 15 s keeps
 * idle connections open through proxies. Shapes: dashboard/model.ts.
 */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { FAILURE_REASON_CODES } from '../shared.js';
import type { Snapshot, StreamEvents } from '../dashboard/model.js';
import { SANDBOX_PREFIX } from '../platform/checks.js';
import type { SandboxEnv } from '../hono-env.js';
import type { SandboxChange } from '../state/changes.js';
import type { SandboxContext } from '../state/context.js';
import { clockOf, summaryOf } from './payment-views.js';

const HEARTBEAT_MS = 15_000;
/** What a snapshot carries of the logs: the newest entries, as many as a page shows. */
const SNAPSHOT_ENTRIES = 200;
/** A client this far behind gets a fresh snapshot instead of the backlog. */
const MAX_BACKLOG = 5000;

type Message = { [E in keyof StreamEvents]: { event: E; data: StreamEvents[E] } }[keyof StreamEvents];

export function snapshotOf(ctx: SandboxContext): Snapshot {
  ctx.store.settleDue();
  return {
    clock: clockOf(ctx),
    faults: ctx.faults.get(),
    payments: ctx.store.list().reverse().map(summaryOf),
    requests: ctx.requests.list().slice(-SNAPSHOT_ENTRIES),
    deliveries: ctx.callbacks.deliveries().slice(-SNAPSHOT_ENTRIES),
    failureReasonCodes: FAILURE_REASON_CODES,
  };
}

function messageOf(change: SandboxChange, ctx: SandboxContext): Message {
  switch (change.type) {
    case 'payment':
      return { event: 'payment', data: summaryOf(change.record) };
    case 'request':
      return { event: 'request', data: change.entry };
    case 'delivery':
      return { event: 'delivery', data: change.delivery };
    case 'clock':
      return { event: 'clock', data: clockOf(ctx) };
    case 'faults':
      return { event: 'faults', data: ctx.faults.get() };
    case 'reset':
      return { event: 'snapshot', data: snapshotOf(ctx) };
  }
}

export function registerEventStream(app: Hono<SandboxEnv>, ctx: SandboxContext) {
  app.get(`${SANDBOX_PREFIX}/events`, (c) =>
    streamSSE(c, async (stream) => {
      const backlog: Message[] = [{ event: 'snapshot', data: snapshotOf(ctx) }];
      let wake: (() => void) | undefined;
      let open = true;
      const unsubscribe = ctx.changes.subscribe((change) => {
        if (backlog.length < MAX_BACKLOG) backlog.push(messageOf(change, ctx));
        else backlog.splice(0, backlog.length, { event: 'snapshot', data: snapshotOf(ctx) });
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        unsubscribe();
        wake?.();
      });
      try {
        while (open) {
          for (let next = backlog.shift(); next && open; next = backlog.shift())
            await stream.writeSSE({ event: next.event, data: JSON.stringify(next.data) });
          if (!open) break;
          const beat = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
            // An open stream never keeps a closing emulator's process alive.
            timer.unref();
            wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
          });
          wake = undefined;
          if (beat && open) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
      }
    }),
  );
}
