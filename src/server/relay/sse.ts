/** Server-Sent Events framing for the status streams. */

const encoder = new TextEncoder();

/** One event: `event: <name>` and its data on one line, then the blank line that ends it. */
export const sseEvent = (name: string, data: unknown = {}) =>
  encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** The reconnection delay a browser's EventSource uses after the stream ends. */
export const sseRetry = (ms: number) => encoder.encode(`retry: ${Math.round(ms)}\n\n`);

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store',
  // nginx and the proxies that follow it would otherwise hold events back in a buffer.
  'X-Accel-Buffering': 'no',
} as const;
