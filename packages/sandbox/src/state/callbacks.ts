/**
 * Status-change callbacks. A notification carries no changed data (the receiver reads the payment
 * with GET): `{"type":"PAYIN_STATUS_CHANGED","idPayin":"…","idPayment":"…"}` and the top-up and
 * payout equivalents. Delivery is retried with exponential backoff while the receiver answers
 * non-2xx or cannot be reached, up to `attempts` tries. Backoff runs on the wall clock; what each
 * attempt records (when it was made, when the next one is due) is in sandbox time, as everything
 * the dashboard shows.
 */
import type { PaymentKind } from './payments.js';

export interface CallbackRetryOptions {
  /** Tries in all, the first included. Default 6. */
  attempts?: number;
  /** Wait before the second try; doubled for each further one. Default 1000 ms. */
  baseDelayMs?: number;
  /** A receiver that has not answered in this time counts as failed. Default 5000 ms. */
  timeoutMs?: number;
}

export interface DeliveryAttempt {
  /** Sandbox time of the attempt, ISO 8601. */
  at: string;
  /** The receiver's answer, when there was one. */
  status?: number;
  /** The first bytes of the answer's body, as text (at most BODY_PREVIEW_BYTES). */
  body?: string;
  /** Why there was no answer: the connection failed, or none came in time. */
  error?: string;
  durationMs?: number;
}

/** The payment a callback is about. */
export interface DeliverySubject {
  kind: PaymentKind;
  merchantCode: string;
  id: string;
}

export interface Delivery {
  id: number;
  url: string;
  body: Record<string, string>;
  payment?: DeliverySubject;
  /** Sent again on request (the resend tool), not by a status change. */
  resent?: boolean;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** Sandbox time of the next try while one is scheduled, ISO 8601. */
  nextAttemptAt?: string;
}

const KEPT_DELIVERIES = 500;
/** How much of a receiver's answer is kept to show: enough to read an error message. */
export const BODY_PREVIEW_BYTES = 200;

/** The first `limit` bytes of a body, decoded as UTF-8 (a cut character is dropped), without reading the rest. */
async function bodyPreview(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes.subarray(0, limit)).replace(/\uFFFD$/, '');
}

export interface CallbackDispatcherOptions extends CallbackRetryOptions {
  /** Sandbox time, for what the attempts record. Default the wall clock. */
  now?: () => number;
  /** Told after every change of a delivery (sent, an attempt, its end). */
  onChange?: (delivery: Delivery) => void;
}

export function createCallbackDispatcher(options: CallbackDispatcherOptions = {}) {
  const attempts = Math.max(1, options.attempts ?? 6);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const now = options.now ?? Date.now;
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let nextId = 1;
  let closed = false;
  const changed = (delivery: Delivery) => options.onChange?.(copyOf(delivery));

  async function attempt(delivery: Delivery) {
    if (closed) return;
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const record: DeliveryAttempt = { at: new Date(now()).toISOString() };
    const started = performance.now();
    delivery.attempts.push(record);
    delivery.nextAttemptAt = undefined;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'pay-checkout-sandbox',
          'X-Sandbox-Delivery-Id': String(delivery.id),
          'X-Sandbox-Delivery-Attempt': String(delivery.attempts.length),
        },
        body: JSON.stringify(delivery.body),
        signal: controller.signal,
      });
      record.status = response.status;
      record.body = await bodyPreview(response, BODY_PREVIEW_BYTES).catch(() => '');
    } catch (error) {
      record.error =
        (error as Error).name === 'AbortError'
          ? `no answer within ${timeoutMs} ms`
          : String(((error as Error).cause as Error | undefined)?.message ?? (error as Error).message ?? error);
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
      record.durationMs = Math.round(performance.now() - started);
    }
    if (record.status !== undefined && record.status >= 200 && record.status < 300) {
      delivery.state = 'delivered';
    } else if (delivery.attempts.length >= attempts || closed) {
      delivery.state = 'failed';
    } else {
      const delay = baseDelayMs * 2 ** (delivery.attempts.length - 1);
      delivery.nextAttemptAt = new Date(now() + delay).toISOString();
      const retry = setTimeout(() => {
        timers.delete(retry);
        void attempt(delivery);
      }, delay);
      retry.unref();
      timers.add(retry);
    }
    changed(delivery);
  }

  return {
    /** Sends a notification now, and retries it as it needs; resolves with the delivery after its first attempt. */
    async send(
      url: string,
      body: Record<string, string>,
      about?: { payment?: DeliverySubject; resent?: boolean },
    ): Promise<Delivery | undefined> {
      if (closed) return undefined;
      const delivery: Delivery = {
        id: nextId++,
        url,
        body,
        ...(about?.payment ? { payment: about.payment } : {}),
        ...(about?.resent ? { resent: true } : {}),
        state: 'pending',
        attempts: [],
      };
      deliveries.push(delivery);
      if (deliveries.length > KEPT_DELIVERIES) deliveries.splice(0, deliveries.length - KEPT_DELIVERIES);
      changed(delivery);
      await attempt(delivery);
      return copyOf(delivery);
    },
    deliveries: () => deliveries.map(copyOf),
    clear: () => void deliveries.splice(0),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort();
    },
  };
}
export type CallbackDispatcher = ReturnType<typeof createCallbackDispatcher>;

/** A delivery as it stands, safe to hand out (the dispatcher keeps changing its own). */
const copyOf = (delivery: Delivery): Delivery => ({
  ...delivery,
  attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
});
