/**
 * The emulator in a worker thread of its own, for tests that measure whether one request holds
 * the emulator's event loop: the test's thread stays free to time other requests meanwhile.
 * Imported in the test's thread, it exports the starter; run as the worker, it starts the emulator.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createSandbox, type SandboxOptions } from 'pay-checkout-sandbox';

if (!isMainThread && parentPort && (workerData as { sandboxInWorker?: boolean })?.sandboxInWorker) {
  const { options } = workerData as { options: SandboxOptions };
  const sandbox = await createSandbox({ port: 0, log: false, rateLimit: false, ...options });
  parentPort.postMessage({ url: sandbox.url });
}

/** Starts the emulator in a worker; `close()` ends the worker and with it the server. */
export async function startSandboxInWorker(options: SandboxOptions = {}) {
  // The worker loads TypeScript through tsx, as the test runner does.
  const tsx = import.meta.resolve('tsx/esm/api');
  const self = import.meta.url;
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(self)}); })`,
    {
      eval: true,
      workerData: { sandboxInWorker: true, options },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  return { url, close: () => worker.terminate() };
}
