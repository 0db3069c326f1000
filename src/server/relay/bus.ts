/**
 * The status bus: how "payin X changed" travels from the instance that received the platform's
 * callback to every instance that holds a shopper's stream for X. `memoryBus()` is one process;
 * `redisBus({ url })` is every instance that shares one Redis.
 *
 * A change is the idPayin, and optionally data: a JSON object for the streams allowed to see it
 * (`createCheckoutBackend` sends the payin it read after the callback to the streams of the
 * browser holding the checkout's handle). A change without data is all `createStatusRelay`'s
 * unauthorized streams ever hear, so they never carry payin data.
 */

/** Data a change may carry: a JSON object (it crosses instances as JSON). */
export type ChangeData = { readonly [key: string]: unknown };

/** What a subscriber hears about one payin. */
export interface PayinChangeListener {
  /**
   * The payin changed (the callback may have reached any instance on the bus); `data` when the
   * publisher sent some.
   */
  changed(data?: ChangeData): void;
  /**
   * The bus can no longer promise to deliver changes (its connection was lost or it closed). The
   * subscription is already over: end the stream, so the shopper's element falls back to polling.
   */
  lost(error: Error): void;
}

export interface StatusBus {
  /**
   * Announces that the payin changed to every subscriber on every instance sharing the bus, with
   * `data` when given (a JSON object; anything JSON cannot carry rejects the publish).
   */
  publish(idPayin: string, data?: ChangeData): Promise<void>;
  /**
   * Resolves, with a function that ends the subscription, once changes of the payin will be
   * delivered; rejects with a `StatusBusUnavailableError` when they cannot be.
   */
  subscribe(idPayin: string, listener: PayinChangeListener): Promise<() => void>;
  /** Subscriptions held now, on this instance. */
  readonly subscriptions: number;
  /** Ends every subscription (each listener hears `lost`) and releases connections. */
  close(): Promise<void>;
}

/** The bus cannot deliver changes now (Redis is down, or the bus is closed). */
export class StatusBusUnavailableError extends Error {
  override readonly name = 'StatusBusUnavailableError';
}

/**
 * The listeners of one instance, by payin. Both buses keep their subscribers here: a bus only has
 * to say when a payin changed, or when every subscription is lost.
 */
export function createSubscriberRegistry() {
  const byPayin = new Map<string, Set<PayinChangeListener>>();
  let count = 0;

  const remove = (idPayin: string, listener: PayinChangeListener) => {
    const listeners = byPayin.get(idPayin);
    if (!listeners?.delete(listener)) return;
    count--;
    if (listeners.size === 0) byPayin.delete(idPayin);
  };

  return {
    get size() {
      return count;
    },
    /** Adds a listener; the returned function removes it (once; later calls do nothing). */
    add(idPayin: string, listener: PayinChangeListener): () => void {
      let listeners = byPayin.get(idPayin);
      if (!listeners) byPayin.set(idPayin, (listeners = new Set()));
      // The same listener twice would be one entry but two counts.
      if (listeners.has(listener)) throw new TypeError('This listener is already subscribed to that payin');
      listeners.add(listener);
      count++;
      return () => remove(idPayin, listener);
    },
    /** Tells every listener of the payin; one listener that throws does not stop the others. */
    deliver(idPayin: string, onError: (error: unknown) => void, data?: ChangeData): void {
      for (const listener of [...(byPayin.get(idPayin) ?? [])]) {
        try {
          if (data === undefined) listener.changed();
          else listener.changed(data);
        } catch (error) {
          onError(error);
        }
      }
    },
    /** Ends every subscription: each listener hears `lost` once, after it has been removed. */
    loseAll(error: Error, onError: (error: unknown) => void): void {
      const everyone = [...byPayin.values()].flatMap((listeners) => [...listeners]);
      byPayin.clear();
      count = 0;
      for (const listener of everyone) {
        try {
          listener.lost(error);
        } catch (thrown) {
          onError(thrown);
        }
      }
    },
  };
}

/**
 * A change as one bus message: the idPayin alone (as every version of the bus has sent it), or
 * the idPayin, a newline and the data's JSON. An idPayin holds no whitespace (the identifier
 * rule), so the newline cannot be part of one; an instance of an earlier version that receives
 * a change with data finds no stream for it and drops it.
 */
export function encodeChange(idPayin: string, data?: ChangeData): string {
  if (idPayin.includes('\n')) throw new TypeError(`${JSON.stringify(idPayin)} is not an idPayin: it holds a newline`);
  if (data === undefined) return idPayin;
  const json = JSON.stringify(data);
  if (json === undefined || !json.startsWith('{')) throw new TypeError('The data of a change must be a JSON object');
  return `${idPayin}\n${json}`;
}

/** A bus message back into the idPayin and its data; undefined when it is not one (then dropped). */
export function decodeChange(message: string): { idPayin: string; data?: ChangeData } | undefined {
  const newline = message.indexOf('\n');
  if (newline < 0) return { idPayin: message };
  try {
    const data: unknown = JSON.parse(message.slice(newline + 1));
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
    return { idPayin: message.slice(0, newline), data: data as ChangeData };
  } catch {
    return undefined;
  }
}
