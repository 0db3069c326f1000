/**
 * The command's verbs against a running emulator (in this process, on a free port), as a script
 * or CI runs them: `pay-checkout-sandbox settle|expire|resend|clock|tail`, their output and exit
 * codes, and their errors: no emulator there, no such payment, a command line they cannot read.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureBuilt } from '../../scripts/ensure-build.mjs';
import { freePort } from '../server/redis-server.js';
import {
  SETTLE_MS,
  createPayin,
  payin,
  startReceiver,
  startSandbox,
  type TestSandbox,
} from '../support/sandbox-node.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The command as the package ships it (built by `npm run build`, rebuilt here when stale): each
 * run is a bare Node process, where through tsx each cost twice the CPU to start.
 */
const command = ['packages/sandbox/dist/cli.js'];

/** Runs the command to its end: its exit code and output. */
async function run(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...command, ...args], {
      cwd: root,
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

let t: TestSandbox;
let url: string;
before(ensureBuilt);
before(async () => {
  t = await startSandbox({ settleDelayMs: SETTLE_MS, callbackRetry: { attempts: 2, baseDelayMs: 50 } });
  url = t.sandbox.url;
});
after(() => t.sandbox.close());

describe('pay-checkout-sandbox’s verbs', () => {
  test('--help shows the usage and exits 0; a line it cannot read exits 2 with the usage', async () => {
    const help = await run('--help');
    assert.equal(help.code, 0);
    for (const verb of ['settle <id> SUCCESS|FAILED|REFUSED', 'resend <id>', 'clock [+2h', 'tail', '--url URL'])
      assert.ok(help.stdout.includes(verb), verb);
    const unknown = await run('pay', 'order-1');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^Unknown verb "pay"\n/);
    assert.match(unknown.stderr, /Usage:/);
    const status = await run('settle', 'order-1', 'DONE', '--url', url);
    assert.equal(status.code, 2);
    assert.match(status.stderr, /settle takes SUCCESS, FAILED or REFUSED, not "DONE"/);
    const step = await run('clock', 'soon', '--url', url);
    assert.equal(step.code, 2);
    assert.match(step.stderr, /clock takes a step such as \+2h/);
  });

  test('no emulator at --url: exit 1, and it says how to start one', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    for (const args of [['settle', 'order-1', 'SUCCESS'], ['clock', '+2h'], ['resend', 'order-1'], ['tail']]) {
      const result = await run(...args, '--url', nobody);
      assert.equal(result.code, 1, args.join(' '));
      assert.match(
        result.stderr,
        new RegExp(`^No emulator answers at ${nobody.replace(/\./g, '\\.')} \\(.*ECONNREFUSED.*\\): start one with`),
      );
    }
  });

  test('settle: a PROCESSING payin becomes SUCCESS, or FAILED with --reason; an unknown payment exits 1', async () => {
    await createPayin(t, payin(60), 'cli-settle-1');
    const settled = await run('settle', 'cli-settle-1', 'SUCCESS', '--url', url);
    assert.equal(settled.code, 0, settled.stderr);
    assert.equal(settled.stdout.trim(), 'payin cli-settle-1 (demo-merchant) is SUCCESS now; it has no callbackUrl.');
    assert.equal((await t.raw('GET', '/payins/cli-settle-1')).json.status, 'SUCCESS');

    await createPayin(t, payin(60), 'cli-settle-2');
    const failed = await run('settle', 'cli-settle-2', 'failed', '--reason', 'INCORRECT_CURRENCY', '--url', url);
    assert.equal(failed.code, 0, failed.stderr);
    assert.match(failed.stdout, /is FAILED \(INCORRECT_CURRENCY\) now/);
    assert.equal((await t.raw('GET', '/payins/cli-settle-2')).json.failureReasonCode, 'INCORRECT_CURRENCY');

    const again = await run('settle', 'cli-settle-2', 'SUCCESS', '--url', url);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already FAILED/);
    const missing = await run('settle', 'cli-nobody', 'SUCCESS', '--url', url);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim(), 'No payin, top-up or payout "cli-nobody" exists in this emulator');
    const badReason = await run('settle', 'cli-settle-1', 'FAILED', '--reason', 'BECAUSE', '--url', url);
    assert.equal(badReason.code, 1);
    assert.match(badReason.stderr, /failureReasonCode/);
  });

  test('expire: the payin fails now with the expiry reason', async () => {
    await createPayin(t, payin(1), 'cli-expire-1');
    const expired = await run('expire', 'cli-expire-1', '--url', url);
    assert.equal(expired.code, 0, expired.stderr);
    assert.match(
      expired.stdout,
      /^payin cli-expire-1 \(demo-merchant\) expired at \d\d:\d\d:\d\d: FAILED \(CUSTOMER_VERIFICATION_INACTIVITY\)\.$/m,
    );
  });

  test('resend: the merchant’s server gets the callback again, and the command says what it answered', async () => {
    const receiver = await startReceiver();
    try {
      await createPayin(t, payin(60, 'INR', undefined, { callbackUrl: receiver.url }), 'cli-resend-1');
      const early = await run('resend', 'cli-resend-1', '--url', url);
      assert.equal(early.code, 1);
      assert.match(early.stderr, /still PROCESSING/);
      await run('settle', 'cli-resend-1', 'SUCCESS', '--url', url);
      await receiver.waitFor(1);
      const resent = await run('resend', 'cli-resend-1', '--url', url);
      assert.equal(resent.code, 0, resent.stderr);
      assert.match(
        resent.stdout,
        new RegExp(
          `^Callback \\d+ of payin cli-resend-1 \\(demo-merchant\\) sent again to ${receiver.url}: answered 200 "ok"\\.$`,
          'm',
        ),
      );
      const [first, second] = await receiver.waitFor(2);
      assert.deepEqual(second!.body, first!.body);
    } finally {
      await receiver.close();
    }
  });

  test('clock +2h moves the emulator two hours on; clock next moves it to what is due', async () => {
    const before = t.sandbox.clock.now();
    const moved = await run('clock', '+2h', '--url', url);
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(moved.stdout, /^Moved 2 h forward: the emulator's time is \S+ \(/);
    const advanced = t.sandbox.clock.now() - before;
    assert.ok(advanced >= 7200_000 && advanced < 7260_000, `${advanced} ms`);

    await createPayin(t, payin(1), 'cli-clock-1');
    const read = await run('clock', '--url', url);
    assert.match(read.stdout, /next due: payin cli-clock-1 \(demo-merchant\) expires at/);
    const next = await run('clock', 'next', '--url', url);
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stdout, /^Moved \d+ min( \d+ s)? forward/);
    assert.equal((await t.raw('GET', '/payins/cli-clock-1')).json.status, 'PROCESSING');
    await run('clock', 'next', '--url', url);
    assert.equal((await t.raw('GET', '/payins/cli-clock-1')).json.status, 'FAILED');
  });

  test(
    'tail prints each platform request and each callback attempt as a line, until Ctrl-C',
    { timeout: 120_000 },
    async () => {
      const receiver = await startReceiver(1);
      const tail = spawn(process.execPath, [...command, 'tail', '--url', url], { cwd: root });
      const lines = createInterface({ input: tail.stdout });
      const seen: string[] = [];
      const waiters: (() => void)[] = [];
      lines.on('line', (line) => {
        seen.push(line);
        waiters.splice(0).forEach((wake) => wake());
      });
      const lineMatching = async (pattern: RegExp) => {
        for (;;) {
          const found = seen.find((line) => pattern.test(line));
          if (found) return found;
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      };
      try {
        // Said once it is connected: from then on, every request is a line.
        await lineMatching(/^Following /);
        await createPayin(t, payin(60, 'INR', undefined, { callbackUrl: receiver.url }), 'cli-tail-1');
        assert.match(
          await lineMatching(/POST \/payins\/cli-tail-1/),
          /^\d\d:\d\d:\d\d {2}POST \/payins\/cli-tail-1 {2}200 {2}\d+ ms {2}demo-merchant$/,
        );
        await t.raw('GET', '/payins/cli-tail-never');
        assert.match(await lineMatching(/cli-tail-never/), / {2}404 {2}/);
        await t.raw('POST', '/__sandbox/payments/cli-tail-1/settle', { body: { status: 'SUCCESS' } });
        assert.match(
          await lineMatching(/callback \d+ of payin cli-tail-1 .* attempt 1:/),
          new RegExp(`→ ${receiver.url} {2}attempt 1: answered 500 "try again"; next retry at \\d\\d:\\d\\d:\\d\\d$`),
        );
        assert.match(
          await lineMatching(/callback \d+ of payin cli-tail-1 .* attempt 2:/),
          /attempt 2: answered 200 "ok"$/,
        );
        const exited = new Promise<number | null>((resolve) => tail.once('exit', resolve));
        tail.kill('SIGINT');
        assert.equal(await exited, 0);
      } finally {
        tail.kill();
        await receiver.close();
      }
    },
  );
});
