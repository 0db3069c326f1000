/**
 * The status bus: how "payin X changed" travels from the instance that received the platform's
 * callback to every instance that holds a shopper's stream for X. `memoryBus()` is one process;
 * `redisBus({ url })` is every instance that shares one Redis.
 *
 * A bus only ever carries the idPayin: never payin data (the shopper's element reads the payin
 * from the platform with its own token).
 */

/** What a subscriber hears about one payin. */
export interface PayinChangeListener {
  /** The payin changed (the callback may have reached any instance on the bus). */
  changed(): void;
  /**
   * The bus can no longer promise to deliver changes (its connection was lost or it closed). The
   * subscription is already over: end the stream, so the shopper's element falls back to polling.
   */
  lost(error: Error): void;
}

export interface StatusBus {
  /** Announces that the payin changed to every subscriber on every instance sharing the bus. */
  publish(idPayin: string): Promise<void>;
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
    deliver(idPayin: string, onError: (error: unknown) => void): void {
      for (const listener of [...(byPayin.get(idPayin) ?? [])]) {
        try {
          listener.changed();
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

/** Where a bus reports what it cannot throw (a listener that threw, a lost connection). */
export type BusLog = (message: string, error?: unknown) => void;

export const consoleBusLog: BusLog = (message, error) => console.warn(`[pay-checkout] ${message}`, ...(error === undefined ? [] : [error]));
