/**
 * The in-process status bus: enough when one server instance receives the platform's callbacks and
 * holds every shopper's stream. Several instances need `redisBus`.
 */
import {
  createSubscriberRegistry,
  decodeChange,
  encodeChange,
  StatusBusUnavailableError,
  type StatusBus,
} from './bus.js';
import { consoleBusLog, type BusLog } from '../shared/log.js';

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
    async publish(idPayin, data) {
      if (closed) throw new StatusBusUnavailableError('The status bus is closed');
      if (data === undefined) return registry.deliver(idPayin, listenerFailed);
      // Through the message Redis would carry, so that what one bus cannot carry the other
      // refuses too, and no listener shares the publisher's object.
      registry.deliver(idPayin, listenerFailed, decodeChange(encodeChange(idPayin, data))!.data);
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
