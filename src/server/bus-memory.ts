/**
 * The in-process status bus: enough when one server instance receives the platform's callbacks and
 * holds every shopper's stream. Several instances need `redisBus`.
 */
import { consoleBusLog, createSubscriberRegistry, StatusBusUnavailableError, type BusLog, type StatusBus } from './bus.js';

export interface MemoryBusOptions {
  /** Where a listener that throws is reported. Default: console.warn. */
  log?: BusLog;
}

export function memoryBus(options: MemoryBusOptions = {}): StatusBus {
  const log = options.log ?? consoleBusLog;
  const registry = createSubscriberRegistry();
  const listenerFailed = (error: unknown) => log('A status listener failed', error);
  let closed = false;

  return {
    get subscriptions() {
      return registry.size;
    },
    async publish(idPayin) {
      if (closed) throw new StatusBusUnavailableError('The status bus is closed');
      registry.deliver(idPayin, listenerFailed);
    },
    async subscribe(idPayin, listener) {
      if (closed) throw new StatusBusUnavailableError('The status bus is closed');
      return registry.add(idPayin, listener);
    },
    async close() {
      closed = true;
      registry.loseAll(new StatusBusUnavailableError('The status bus closed'), listenerFailed);
    },
  };
}
