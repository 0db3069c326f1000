/**
 * status-url in real Chromium: the element against the sandbox emulator and a real status relay
 * (createStatusRelay of pay-checkout/server, started by test/support/sandbox-plugin.mjs). The
 * emulator sends its status callback to the relay, the relay tells the element's stream "changed",
 * the element reads the payin once. While the stream is healthy the element does not poll; when
 * it fails, the element polls, and the payment still completes.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mount, untilState, submit, fastPolling, normalPolling } from '../support/element.js';
import { mintToken, recordFetch, recordStreams, sandboxUrl, uniqueId } from '../support/browser-sandbox.js';
import { PushedStatus } from '../../src/checkout/pushed-status.js';
import { pageClock, type PageClock } from '../support/page-clock.js';

/**
 * Longer than any wait of the poller at the tests' cadence (fastPolling: 20 ms, slow 40 ms,
 * errors 80 ms at most): a poller still running reads within it. Shorter than the stream's
 * silence bound (2.5 heartbeats of the test relay's 1 s), so passing it does not end the stream.
 */
const POLL_SPAN_MS = 200;

let relayUrl: Promise<string> | undefined;
const relay = () =>
  (relayUrl ??= fetch('/__test/relay')
    .then((r) => r.json())
    .then((body: { url: string }) => body.url));
const outage = (on: boolean) => fetch(`/__test/relay/outage?on=${on ? 1 : 0}`);

describe('<pay-checkout> with status-url (the merchant’s status relay)', () => {
  let recorder: ReturnType<typeof recordFetch>;
  let streams: ReturnType<typeof recordStreams>;
  let clock: PageClock;
  const readsOf = (idPayin: string) =>
    recorder.requests.filter((request) => request.method === 'GET' && request.path === `/payins/${idPayin}`);
  const reads = (idPayin: string) => readsOf(idPayin).length;
  let following = '';
  beforeEach(() => {
    fastPolling();
    // The create waits for the stream as long as the relay takes to answer on a loaded machine.
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 100, reconnectMaxMs: 400, prepareMs: 15_000 });
    clock = pageClock();
    recorder = recordFetch();
    streams = recordStreams(() => reads(following));
  });
  afterEach(async () => {
    streams.restore();
    recorder.restore();
    clock.uninstall();
    normalPolling();
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 1000, reconnectMaxMs: 30_000, prepareMs: 1000 });
    await outage(false);
  });

  /** A UPI QR payin created through the element, the status stream and callbacks at the relay. */
  async function pending(amount: number) {
    const idPayin = (following = uniqueId('push'));
    const base = await relay();
    const token = await mintToken(idPayin, { money: { amount, currencyCode: 'INR' } });
    const mounted = await mount({
      token,
      'base-url': await sandboxUrl(),
      'payin-id': idPayin,
      'payment-method-code': 'UPIQR',
      'status-url': `${base}/payins/${idPayin}/events`,
      'callback-url': `${base}/callbacks`,
    });
    await untilState(mounted.element, 'select');
    await submit(mounted.element);
    await untilState(mounted.element, 'pending');
    return { ...mounted, idPayin, reads: () => reads(idPayin) };
  }

  /**
   * Until the `count`-th stream of the test says ready while the payin is followed: then polling
   * stops, and ready brings one read. Its answer, then the poller's time passes: no other read.
   */
  async function readyAgain(count: number) {
    await waitUntil(() => streams.readyAt.length >= count, `stream ${count} ready`, { timeout: 5000 });
    const before = streams.readyAt[count - 1]!;
    await waitUntil(() => reads(following) === before + 1, 'the one read ready brings');
    await waitUntil(() => readsOf(following)[before]!.status !== undefined, 'its answer', { timeout: 5000 });
    await clock.pass(POLL_SPAN_MS);
    expect(reads(following)).to.equal(before + 1);
    return before + 1;
  }

  const settle = async (idPayin: string) =>
    fetch(`${await sandboxUrl()}/__sandbox/payins/${idPayin}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'SUCCESS' }),
    });

  it('a healthy stream: opened before the create, no read and no polling while pending, one read per change, pay-success from the callback', async () => {
    // Amount 1: PROCESSING until expiry, so only the stream can bring the change.
    const { element, events, idPayin, reads } = await pending(1);
    // The stream was ready before the create went out: it has seen every change since, so the
    // create's answer is the status and nothing is read, while the poller's time passes.
    expect(streams.readyAt).to.deep.equal([0]);
    await clock.pass(POLL_SPAN_MS);
    expect(reads()).to.equal(0);
    await settle(idPayin);
    await untilState(element, 'success', 5000);
    expect(reads()).to.be.at.most(2);
    expect(events.filter((e) => e.name === 'pay-success')).to.have.length(1);
  });

  it('a stream not ready before the create: the create does not wait past prepareMs, and ready brings one read', async () => {
    Object.assign(PushedStatus.defaults, { prepareMs: 50 });
    // The relay answers 503 at first: the stream cannot be ready when the create goes out.
    await outage(true);
    try {
      const { element, idPayin } = await pending(1);
      await outage(false);
      // Polled meanwhile; once the reopened stream is ready, one read and no more polling.
      expect(await readyAgain(1)).to.be.greaterThan(1);
      await settle(idPayin);
      await untilState(element, 'success', 5000);
    } finally {
      Object.assign(PushedStatus.defaults, { prepareMs: 15_000 });
    }
  });

  it('a stream that fails: the element polls, the payment still completes, and the stream comes back', async () => {
    const { element, idPayin, reads } = await pending(1);
    expect(streams.readyAt).to.have.length(1);
    await outage(true);
    const before = reads();
    await waitUntil(() => reads() > before + 5, 'polling while the relay is down', { timeout: 3000 });
    await outage(false);
    // Reconnected: one read, and polling stops again.
    await readyAgain(2);
    await outage(true);
    await settle(idPayin);
    await untilState(element, 'success', 5000);
  });

  it('a status-url that is not a stream (404) costs nothing but the polling there would have been', async () => {
    const idPayin = uniqueId('push');
    const token = await mintToken(idPayin, { money: { amount: 100, currencyCode: 'INR' } });
    const { element } = await mount({
      token,
      'base-url': await sandboxUrl(),
      'payin-id': idPayin,
      'payment-method-code': 'UPIQR',
      'status-url': `${await relay()}/nothing-here`,
    });
    await untilState(element, 'select');
    await submit(element);
    await untilState(element, 'success', 8000);
  });
});
