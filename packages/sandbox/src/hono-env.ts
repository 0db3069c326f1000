/**
 * The hono environment of the emulator's app: node bindings, and what the middleware note per
 * request. Its own module, below context.ts, because the parts that context.ts gathers (faults,
 * origins) type their middleware with it.
 */
import type { HttpBindings } from '@hono/node-server';

export interface SandboxEnv {
  Bindings: HttpBindings;
  Variables: { dropped: boolean; merchantCode: string };
}
