/**
 * Starts things side by side (a server, a browser, …) for a test file's `before`: all of them, or
 * none. Promise.all would leave the others running when one fails to start, and a server left
 * listening keeps the test process alive: the file never ends and the run waits for it forever
 * (a Firefox that did not start in time, 2026-11-27). Here the ones that started are closed and
 * the first failure is thrown.
 */
interface Closable {
  close(): unknown;
}

export async function allStarted<const T extends readonly Promise<Closable>[]>(
  starting: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starting);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(
      settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])),
    );
    throw failed.reason;
  }
  return settled.map((result) => (result as PromiseFulfilledResult<Closable>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
