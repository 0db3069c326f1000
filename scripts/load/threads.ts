/**
 * The load benchmark's threads: the emulator, the merchant and the Node shoppers each run in a
 * worker thread of their own, so one busy event loop does not delay another's clock, and the
 * shoppers' globals (EventSource, a minimal document) never touch the servers' thread.
 *
 * A worker module calls `serveCalls(handlers)`; the bench starts it with `startWorker(url, data)`
 * and calls its handlers by name. Workers load TypeScript through tsx, as the scripts do.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

type Handlers = Record<string, (...args: any[]) => unknown>;

interface CallMessage {
  id: number;
  name: string;
  args: unknown[];
}

/** In a worker: answers the bench's calls with these handlers, after `ready` resolved. */
export function serveCalls(handlers: Handlers, ready: unknown = {}): void {
  if (isMainThread || !parentPort) throw new Error('serveCalls runs in a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, name, args }: CallMessage) => {
    try {
      const handler = handlers[name];
      if (!handler) throw new Error(`No handler ${name}`);
      port.postMessage({ id, result: await handler(...args) });
    } catch (error) {
      port.postMessage({
        id,
        error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error),
      });
    }
  });
  port.postMessage({ id: 0, result: ready });
}

/** The data the bench gave this worker. */
export const workerInput = <T>() => workerData as T;

export interface WorkerHandle<R> {
  /** What the worker reported once started (e.g. its URL). */
  started: R;
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

export async function startWorker<R>(module: URL, data: unknown): Promise<WorkerHandle<R>> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`,
    {
      eval: true,
      workerData: data,
    },
  );
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const started = new Promise<R>((resolve, reject) => {
    pending.set(0, { resolve, reject });
    worker.once('error', reject);
  });
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error !== undefined) waiting?.reject(new Error(error));
    else waiting?.resolve(result);
  });
  worker.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  return {
    started: await started,
    call: (name, ...args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, name, args });
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
