/**
 * The `pay-checkout-sandbox` command: with no verb it starts the emulator (serve.ts); with one it
 * drives a running emulator through its tools (verbs.ts). Exit codes: 0 done, 1 the emulator or
 * the payment is not there or a tool refused (the message says why), 2 a command line it cannot
 * read (with the usage).
 */
import { USAGE, UsageError, parseCommand } from './args.js';
import { CliError } from './client.js';
import { serve } from './serve.js';
import { clock, expire, resend, settle, tail } from './verbs.js';

const print = (line: string) => console.log(line);

async function run(argv: readonly string[]) {
  const command = parseCommand(argv, process.env);
  switch (command.verb) {
    case 'help':
      return print(USAGE);
    case 'serve':
      return serve();
    case 'settle':
      return settle(command, print);
    case 'expire':
      return expire(command, print);
    case 'resend':
      return resend(command, print);
    case 'clock':
      return clock(command, print);
    case 'tail': {
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      return tail(command, print, stop.signal);
    }
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof CliError) {
    console.error(error.message);
    process.exit(1);
  }
  const starting = !process.argv.slice(2).some((arg) => !arg.startsWith('-'));
  console.error(
    `${starting ? 'The sandbox could not start' : 'pay-checkout-sandbox failed'}: ${(error as Error).message ?? error}`,
  );
  process.exit(1);
});
