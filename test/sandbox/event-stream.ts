/**
 * The emulator's event stream (GET /__sandbox/events) read in a test: wait for the event that says
 * what the test needs, instead of asking again and again.
 */
export interface StreamEvent {
  event: string;
  data: any;
}

export async function openEvents(url: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/__sandbox/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: StreamEvent[] = [];
  let buffer = '';
  let ended = false;

  async function readMore() {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) seen.push({ event, data: JSON.parse(data) });
    }
  }

  return {
    seen,
    /** The first event (seen before or arriving later) of this name that `matches`. */
    async waitFor(event: string, matches: (data: any) => boolean = () => true): Promise<StreamEvent> {
      for (;;) {
        const found = seen.find((e) => e.event === event && matches(e.data));
        if (found) return found;
        if (ended) throw new Error(`The stream ended before a ${event} event came`);
        await readMore();
      }
    },
    close: () => controller.abort(),
  };
}
