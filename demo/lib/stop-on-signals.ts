/**
 * Ctrl-C and SIGTERM for the demo's long-running commands: close once, exit 0 when closed, 1 when
 * closing fails or takes longer than five seconds.
 */
export function stopOnSignals(what: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the ${what}…`);
    setTimeout(() => process.exit(1), 5000).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
