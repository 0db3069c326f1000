/** The command line: which verb, its arguments and options, checked; the usage text. */
import { parseArgs } from 'node:util';

export const USAGE = `pay-checkout-sandbox: the payment platform's local emulator, and verbs that drive a running one.

Usage:
  pay-checkout-sandbox                                     start the emulator (PORT, HOST and the SANDBOX_* variables)
  pay-checkout-sandbox settle <id> SUCCESS|FAILED|REFUSED  settle a PROCESSING payment now (with its callback)
  pay-checkout-sandbox expire <id>                         its payment request runs out now: FAILED
  pay-checkout-sandbox resend <id>                         send its status callback again, and say how it was answered
  pay-checkout-sandbox clock [+2h|+30m|+90s|+1d|+1h30m|next]  move the emulator's clock forward (none: read it)
  pay-checkout-sandbox tail [--path TEXT] [--status 4xx|429|…]  the request log and the callbacks, as lines, until Ctrl-C

Options:
  --url URL          the running emulator (default http://127.0.0.1:8787, or PORT's port)
  --reason CODE      settle FAILED with this failureReasonCode (default CUSTOMER_VERIFICATION_FAILED)
  --kind KIND        payin, topup or payout, when <id> names several payments
  --merchant CODE    the merchant, when <id> names several payments
  --path TEXT        tail: only requests whose path contains TEXT
  --status FILTER    tail: only requests of this status (404), class (4xx) or 'dropped'
  -h, --help         this text

Its dashboard is at the emulator's address in a browser (http://127.0.0.1:8787/).`;

/** A mistake in the command line: the message, then the usage, exit code 2. */
export class UsageError extends Error {}

export type Verb = 'serve' | 'settle' | 'expire' | 'resend' | 'clock' | 'tail' | 'help';
const VERBS = new Set<Verb>(['settle', 'expire', 'resend', 'clock', 'tail']);
const STATUSES = ['SUCCESS', 'FAILED', 'REFUSED'] as const;
const KINDS = ['payin', 'topup', 'payout'] as const;

export interface Command {
  verb: Verb;
  url: string;
  id?: string;
  status?: (typeof STATUSES)[number];
  reason?: string;
  kind?: (typeof KINDS)[number];
  merchantCode?: string;
  /** clock: seconds forward, 'next', or undefined to read it. */
  advance?: number | 'next';
  path?: string;
  statusFilter?: string;
}

const UNITS: Readonly<Record<string, number>> = { d: 86_400, h: 3600, m: 60, min: 60, s: 1 };

/** `+2h`, `30m`, `+1h30m`, `+90s`, `+1d` in seconds; undefined when it is none of these. */
export function durationSeconds(text: string): number | undefined {
  const body = text.trim().replace(/^\+/, '');
  if (!/^(\d+(\.\d+)?(d|h|min|m|s))+$/.test(body)) return undefined;
  let seconds = 0;
  for (const [, amount, unit] of body.matchAll(/(\d+(?:\.\d+)?)(d|h|min|m|s)/g))
    seconds += Number(amount) * UNITS[unit!]!;
  return seconds;
}

/** The command a command line asks for; UsageError for one that asks nothing clear. */
export function parseCommand(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        reason: { type: 'string' },
        kind: { type: 'string' },
        merchant: { type: 'string' },
        path: { type: 'string' },
        status: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const url = (values.url ?? `http://127.0.0.1:${env.PORT || 8787}`).replace(/\/+$/, '');
  if (values.help) return { verb: 'help', url };
  const [first, ...rest] = positionals;
  if (first === undefined) return { verb: 'serve', url };
  if (!VERBS.has(first as Verb)) throw new UsageError(`Unknown verb "${first}"`);
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) throw new Error();
  } catch {
    throw new UsageError(`--url takes the emulator's http(s) address, such as http://127.0.0.1:8787, not "${url}"`);
  }
  if (values.kind !== undefined && !(KINDS as readonly string[]).includes(values.kind))
    throw new UsageError(`--kind takes ${KINDS.join(', ')}, not "${values.kind}"`);
  const which = { kind: values.kind as Command['kind'], merchantCode: values.merchant };
  const verb = first as Verb;
  const expect = (count: number, shape: string) => {
    if (rest.length !== count) throw new UsageError(`${verb} takes ${shape}`);
  };
  switch (verb) {
    case 'settle': {
      expect(2, '<id> SUCCESS|FAILED|REFUSED');
      const status = rest[1]!.toUpperCase();
      if (!(STATUSES as readonly string[]).includes(status))
        throw new UsageError(`settle takes SUCCESS, FAILED or REFUSED, not "${rest[1]}"`);
      if (values.reason && status !== 'FAILED') throw new UsageError('--reason goes with FAILED only');
      return { verb, url, id: rest[0], status: status as Command['status'], reason: values.reason, ...which };
    }
    case 'expire':
    case 'resend':
      expect(1, '<id>');
      return { verb, url, id: rest[0], ...which };
    case 'clock': {
      if (rest.length > 1) throw new UsageError('clock takes one step, such as +2h, or next');
      if (!rest.length) return { verb, url };
      if (rest[0] === 'next') return { verb, url, advance: 'next' };
      const seconds = durationSeconds(rest[0]!);
      if (seconds === undefined)
        throw new UsageError(`clock takes a step such as +2h, +30m, +90s, +1d or +1h30m, or next; not "${rest[0]}"`);
      return { verb, url, advance: seconds };
    }
    default:
      expect(0, 'no arguments');
      return { verb, url, path: values.path, statusFilter: values.status };
  }
}
