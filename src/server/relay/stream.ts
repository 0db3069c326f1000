/**
 * One status stream: a Server-Sent Events response that hears a payment's changes on the bus. An
 * authorized stream carries the data published with a change; another only says that it changed.
 */
import type { ChangeData, StatusBus } from './bus.js';
import { SSE_HEADERS, sseEvent, sseRetry } from './sse.js';

/** Chunks a client may leave unread before its stream is ended (it is not reading at all). */
const MAX_UNREAD_EVENTS = 256;

export interface StreamSettings {
  bus: StatusBus;
  heartbeatMs: number;
  retryMs: number;
  dataWaitMs: number;
  /** Each open stream's end function: the stream adds itself, and removes itself when it ends. */
  open: Set<() => void>;
  /** Called once the stream is live (its `ready` sent), and once when a live stream ends, whatever ended it. */
  onOpen?: () => void;
  onEnd?: () => void;
}

/**
 * Opens the stream of `subject` once the bus delivers its changes; `check` runs after the slot is
 * taken (whether the payment is known) and may throw, ending the stream before it starts.
 */
export async function openStream(
  request: Request,
  subject: string,
  headers: Record<string, string>,
  authorized: boolean,
  settings: StreamSettings,
  check: () => Promise<void>,
): Promise<Response> {
  const { bus, open } = settings;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ready = false;
  let ended = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  /** An authorized stream's wait for the data of a change announced without it. */
  let dataWait: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;

  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(dataWait);
    unsubscribe?.();
    request.signal.removeEventListener('abort', end);
    open.delete(end);
    if (ready) settings.onEnd?.();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  };
  const send = (chunk: Uint8Array) => {
    if (ended) return;
    // A client that reads nothing would make the queue grow for ever.
    if ((controller.desiredSize ?? 0) < -MAX_UNREAD_EVENTS) return end();
    try {
      controller.enqueue(chunk);
    } catch {
      end();
    }
  };
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: end });
  const response = () => new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
  // The slot is taken before the first await, so a crowd arriving at once cannot overshoot the bound.
  open.add(end);
  try {
    await check();
    // A change before `ready` is covered by the read the element makes on `ready`.
    const changed = authorized
      ? (data?: ChangeData) => {
          if (!ready) return;
          if (data !== undefined) {
            clearTimeout(dataWait);
            dataWait = undefined;
            return send(sseEvent('changed', data));
          }
          dataWait ??= setTimeout(() => {
            dataWait = undefined;
            send(sseEvent('changed'));
          }, settings.dataWaitMs);
        }
      : (data?: ChangeData) => ready && data === undefined && send(sseEvent('changed'));
    const subscription = await bus.subscribe(subject, { changed, lost: end });
    // The stream may have ended while subscribing (the client left, or the relay closed).
    if (ended) subscription();
    else unsubscribe = subscription;
  } catch (error) {
    end();
    throw error;
  }
  if (ended || request.signal.aborted) {
    end();
    return response();
  }
  ready = true;
  settings.onOpen?.();
  send(sseRetry(settings.retryMs));
  send(sseEvent('ready', { heartbeatMs: settings.heartbeatMs }));
  heartbeat = setInterval(() => send(sseEvent('ping')), settings.heartbeatMs);
  request.signal.addEventListener('abort', end, { once: true });
  return response();
}
