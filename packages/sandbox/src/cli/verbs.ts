/**
 * The verbs beside the server, for scripts and CI: each calls one of a running emulator's tools
 * (tools/endpoints.ts) and says in one line what happened. Times are the emulator's clock, UTC.
 */
import type { ClockView, Delivery, DeliveryAttempt, LoggedRequest, PaymentSummary } from '../dashboard/model.js';
import type { Command } from './args.js';
import { callTool, readEvents } from './client.js';

const KIND_NAMES = { payin: 'payin', topup: 'top-up', payout: 'payout' } as const;

/** "12:04:05" of an ISO time, in UTC. */
const clockTime = (iso: string) => iso.slice(11, 19);

/** "2 h 5 min", "45 s". */
function duration(seconds: number): string {
  const whole = Math.round(seconds);
  const parts = [
    Math.floor(whole / 86_400) && `${Math.floor(whole / 86_400)} d`,
    Math.floor((whole % 86_400) / 3600) && `${Math.floor((whole % 86_400) / 3600)} h`,
    Math.floor((whole % 3600) / 60) && `${Math.floor((whole % 3600) / 60)} min`,
    whole % 60 && `${whole % 60} s`,
  ].filter(Boolean);
  return parts.join(' ') || '0 s';
}

const paymentPath = (command: Command, action: string) =>
  `/__sandbox/payments/${encodeURIComponent(command.id!)}/${action}`;
const which = (command: Command) => ({
  ...(command.kind ? { kind: command.kind } : {}),
  ...(command.merchantCode ? { merchantCode: command.merchantCode } : {}),
});
const nameOf = (p: { kind: keyof typeof KIND_NAMES; id: string; merchantCode: string }) =>
  `${KIND_NAMES[p.kind]} ${p.id} (${p.merchantCode})`;

export async function settle(command: Command, print: (line: string) => void) {
  const body = { status: command.status, ...(command.reason ? { failureReasonCode: command.reason } : {}) };
  const settled = await callTool<PaymentSummary>(command.url, 'POST', paymentPath(command, 'settle'), {
    ...body,
    ...which(command),
  });
  const reason = settled.failureReasonCode ? ` (${settled.failureReasonCode})` : '';
  const callback = settled.callbackUrl ? `its callback goes to ${settled.callbackUrl}` : 'it has no callbackUrl';
  print(`${nameOf(settled)} is ${settled.status}${reason} now; ${callback}.`);
}

export async function expire(command: Command, print: (line: string) => void) {
  const expired = await callTool<PaymentSummary>(command.url, 'POST', paymentPath(command, 'expire'), which(command));
  print(
    `${nameOf(expired)} expired at ${clockTime(expired.expireAt!)}: ${expired.status} (${expired.failureReasonCode}).`,
  );
}

/** An attempt in words: `answered 500 "Internal error"`, `no answer (connect ECONNREFUSED …)`. */
const attemptInWords = (attempt: DeliveryAttempt | undefined) =>
  !attempt
    ? 'not attempted'
    : attempt.status !== undefined
      ? `answered ${attempt.status}${attempt.body ? ` ${JSON.stringify(attempt.body.slice(0, 80))}` : ''}`
      : `no answer (${attempt.error})`;

export async function resend(command: Command, print: (line: string) => void) {
  const delivery = await callTool<Delivery>(command.url, 'POST', paymentPath(command, 'resend'), which(command));
  const retry = delivery.nextAttemptAt ? `; next retry at ${clockTime(delivery.nextAttemptAt)}` : '';
  print(
    `Callback ${delivery.id} of ${nameOf(delivery.payment!)} sent again to ${delivery.url}: ${attemptInWords(delivery.attempts[0])}${retry}.`,
  );
}

export async function clock(command: Command, print: (line: string) => void) {
  const before =
    command.advance === undefined ? undefined : await callTool<ClockView>(command.url, 'GET', '/__sandbox/clock');
  const after =
    command.advance === undefined
      ? await callTool<ClockView>(command.url, 'GET', '/__sandbox/clock')
      : command.advance === 'next'
        ? await callTool<ClockView>(command.url, 'POST', '/__sandbox/clock/next')
        : await callTool<ClockView>(command.url, 'POST', '/__sandbox/clock/advance', { seconds: command.advance });
  const moved = before ? `Moved ${duration(after.offsetSeconds - before.offsetSeconds)} forward: ` : '';
  const ahead = after.offsetSeconds
    ? `${duration(after.offsetSeconds)} ahead of the wall clock`
    : 'in step with the wall clock';
  const next = after.next
    ? `; next due: ${nameOf(after.next.payment)} ${after.next.what === 'expiry' ? 'expires' : `becomes ${after.next.what}`} at ${after.next.at}`
    : '; nothing is due';
  print(`${moved}the emulator's time is ${after.now} (${ahead})${next}.`);
}

/** `12:04:05  POST /payins/o-1  200  12 ms  demo-merchant` */
const requestLine = (r: LoggedRequest) =>
  [clockTime(r.sandboxAt), `${r.method} ${r.path}`, String(r.status), `${r.durationMs} ms`, r.merchantCode ?? '']
    .join('  ')
    .trimEnd();

function passes(r: LoggedRequest, command: Command) {
  if (command.path && !r.path.includes(command.path)) return false;
  const filter = command.statusFilter?.toLowerCase();
  if (!filter) return true;
  if (/^\dxx$/.test(filter)) return typeof r.status === 'number' && Math.floor(r.status / 100) === Number(filter[0]);
  return String(r.status) === filter;
}

/** Prints new requests and callback attempts until `signal` aborts (Ctrl-C). */
export async function tail(command: Command, print: (line: string) => void, signal: AbortSignal) {
  const seen = new Map<number, number>();
  let started = false;
  await readEvents(
    command.url,
    (event, data) => {
      if (event === 'snapshot') {
        for (const delivery of (data as { deliveries: Delivery[] }).deliveries)
          seen.set(delivery.id, delivery.attempts.length);
        // Said once connected, so that what follows is exactly what happens from now on.
        if (!started) print(`Following ${command.url} (times are the emulator's clock, UTC); Ctrl-C to stop.`);
        started = true;
      } else if (started && event === 'request' && passes(data as LoggedRequest, command)) {
        print(requestLine(data as LoggedRequest));
      } else if (started && event === 'delivery') {
        const delivery = data as Delivery;
        const known = seen.get(delivery.id) ?? 0;
        for (const [index, attempt] of delivery.attempts.entries()) {
          if (index < known || (attempt.status === undefined && attempt.error === undefined)) continue;
          const about = delivery.payment ? ` of ${nameOf(delivery.payment)}` : '';
          const retry =
            index === delivery.attempts.length - 1 && delivery.nextAttemptAt
              ? `; next retry at ${clockTime(delivery.nextAttemptAt)}`
              : '';
          print(
            `${clockTime(attempt.at)}  callback ${delivery.id}${about} → ${delivery.url}  attempt ${index + 1}: ${attemptInWords(attempt)}${retry}`,
          );
          seen.set(delivery.id, index + 1);
        }
      }
    },
    signal,
  );
}
