/**
 * Reading a Server-Sent Events body in tests, the way EventSource parses it: fields by line, an
 * event per blank line. Each call waits for the next event, with a deadline.
 */
export interface SseEvent {
  event?: string;
  data?: string;
  retry?: number;
}

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  /** Every byte read so far, for assertions on the raw protocol. */
  let raw = '';

  function takeBlock(): SseEvent | undefined {
    const end = buffer.indexOf('\n\n');
    if (end < 0) return undefined;
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const event: SseEvent = {};
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else if (field === 'retry') event.retry = Number(value);
    }
    return event;
  }

  return {
    get raw() {
      return raw;
    },
    /** The next event, or `undefined` once the stream has ended; rejects after `timeoutMs`. */
    async next(timeoutMs = 2000): Promise<SseEvent | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = takeBlock();
        if (block) return block;
        if (ended) return undefined;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No event within ${timeoutMs} ms (read so far: ${JSON.stringify(raw)})`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        // A read that outlives a deadline is kept for the next call: its chunk must not be lost.
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left))),
        ]).finally(() => clearTimeout(timer));
        if (chunk === 'timeout') continue;
        pending = undefined;
        if (chunk.done) ended = true;
        else {
          const text = decoder.decode(chunk.value, { stream: true });
          raw += text;
          buffer += text;
        }
      }
    },
    /** The next event that is not a heartbeat. */
    async nextExceptPing(timeoutMs = 2000): Promise<SseEvent | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await this.next(Math.max(1, deadline - Date.now()));
        if (event?.event !== 'ping') return event;
      }
    },
    /** Resolves when the stream ends, skipping events; rejects after `timeoutMs`. */
    async ended(timeoutMs = 2000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while ((await this.next(Math.max(1, deadline - Date.now()))) !== undefined);
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

export type SseReader = ReturnType<typeof sseReader>;

/** Polls a condition until it holds; rejects after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 3000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
