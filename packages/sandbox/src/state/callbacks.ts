/**
 * Status-change callbacks. A notification carries no changed data (the receiver reads the payment
 * with GET): `{"type":"PAYIN_STATUS_CHANGED","idPayin":"…","idPayment":"…"}` and the top-up and
 * payout equivalents. Delivery is retried with exponential backoff while the receiver answers
 * non-2xx or cannot be reached, up to `attempts` tries. Backoff runs on the wall clock.
 */
export interface CallbackRetryOptions {
  /** Tries in all, the first included. Default 6. */
  attempts?: number;
  /** Wait before the second try; doubled for each further one. Default 1000 ms. */
  baseDelayMs?: number;
  /** A receiver that has not answered in this time counts as failed. Default 5000 ms. */
  timeoutMs?: number;
}

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
}

export interface Delivery {
  id: number;
  url: string;
  body: Record<string, string>;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
}

const KEPT_DELIVERIES = 500;

export function createCallbackDispatcher(options: CallbackRetryOptions = {}) {
  const attempts = Math.max(1, options.attempts ?? 6);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let nextId = 1;
  let closed = false;

  async function attempt(delivery: Delivery) {
    if (closed) return;
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const record: DeliveryAttempt = { at: new Date().toISOString() };
    delivery.attempts.push(record);
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
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error =
        (error as Error).name === 'AbortError'
          ? `no answer within ${timeoutMs} ms`
          : String((error as Error).message ?? error);
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
    if (record.status !== undefined && record.status >= 200 && record.status < 300) {
      delivery.state = 'delivered';
    } else if (delivery.attempts.length >= attempts || closed) {
      delivery.state = 'failed';
    } else {
      const retry = setTimeout(
        () => {
          timers.delete(retry);
          void attempt(delivery);
        },
        baseDelayMs * 2 ** (delivery.attempts.length - 1),
      );
      retry.unref();
      timers.add(retry);
    }
  }

  return {
    send(url: string, body: Record<string, string>) {
      if (closed) return;
      const delivery: Delivery = { id: nextId++, url, body, state: 'pending', attempts: [] };
      deliveries.push(delivery);
      if (deliveries.length > KEPT_DELIVERIES) deliveries.splice(0, deliveries.length - KEPT_DELIVERIES);
      void attempt(delivery);
    },
    deliveries: () => deliveries.map((d) => ({ ...d, attempts: [...d.attempts] })),
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
