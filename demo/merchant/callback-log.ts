/**
 * The callbacks the demo merchant received, and what it read after each one. The page follows
 * them live (Server-Sent Events) or lists them; tests read them directly.
 */

/**
 * What the merchant learnt by reading the payin after a callback (GET /payins/{idPayin}, by the
 * merchant kit: callbacks that arrive while a read is under way share the next one). `changed`:
 * the read differed from the payin the shop had (false for a callback delivered again).
 */
export type CallbackRead =
  | { state: 'reading' }
  | {
      state: 'read';
      status: string;
      changed: boolean;
      failureReasonCode?: string;
      moneyReceived?: unknown;
      paymentMethodCode?: string;
      money?: unknown;
    }
  | { state: 'error'; errorCode: string; message: string }
  /** A notification the demo does not read: a top-up or payout callback, or a payin it did not create. */
  | { state: 'skipped'; reason?: string };

export interface CallbackRecord {
  id: number;
  receivedAt: string;
  type: string;
  idPayin?: string;
  idPayment?: string;
  /** The emulator's delivery headers, when present. */
  deliveryId?: string;
  attempt?: number;
  read: CallbackRead;
}

export type CallbackListener = (record: CallbackRecord) => void;

const KEPT = 200;

export function createCallbackLog() {
  const records: CallbackRecord[] = [];
  const listeners = new Set<CallbackListener>();
  let nextId = 1;

  const notify = (record: CallbackRecord) => {
    for (const listener of listeners) listener(structuredClone(record));
  };

  return {
    add(
      entry: Omit<CallbackRecord, 'id' | 'receivedAt' | 'read'>,
      read: CallbackRead = { state: 'reading' },
    ): CallbackRecord {
      const record: CallbackRecord = { id: nextId++, receivedAt: new Date().toISOString(), ...entry, read };
      records.push(record);
      if (records.length > KEPT) records.splice(0, records.length - KEPT);
      notify(record);
      return record;
    },
    /** What a read of the payin said, for each of its callbacks still waiting for one; listeners get each record again. */
    settleReading(idPayin: string, read: CallbackRead): void {
      for (const record of records) {
        if (record.idPayin !== idPayin || record.read.state !== 'reading') continue;
        record.read = read;
        notify(record);
      }
    },
    list(filter: { idPayin?: string } = {}): CallbackRecord[] {
      return records
        .filter((record) => !filter.idPayin || record.idPayin === filter.idPayin)
        .map((record) => structuredClone(record));
    },
    clear(): void {
      records.length = 0;
    },
    /** Calls the listener for every new or updated record until the returned function is called. */
    subscribe(listener: CallbackListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CallbackLog = ReturnType<typeof createCallbackLog>;
