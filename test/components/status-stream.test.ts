/**
 * status-url in real Chromium: the element against the sandbox emulator and a real status relay
 * (createStatusRelay of pay-checkout/server, started by test/support/sandbox-plugin.mjs). The
 * emulator sends its status callback to the relay, the relay tells the element's stream "changed",
 * the element reads the payin once. While the stream is healthy the element does not poll; when
 * it fails, the element polls, and the payment still completes.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mount, untilState, submit, fastPolling, normalPolling } from '../support/element.js';
import { mintToken, recordFetch, sandboxUrl, uniqueId } from '../support/browser-sandbox.js';
import { PushedStatus } from '../../src/checkout/pushed-status.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let relayUrl: Promise<string> | undefined;
const relay = () =>
  (relayUrl ??= fetch('/__test/relay')
    .then((r) => r.json())
    .then((body: { url: string }) => body.url));
const outage = (on: boolean) => fetch(`/__test/relay/outage?on=${on ? 1 : 0}`);

describe('<pay-checkout> with status-url (the merchant’s status relay)', () => {
  let recorder: ReturnType<typeof recordFetch>;
  beforeEach(() => {
    fastPolling();
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 100, reconnectMaxMs: 400 });
    recorder = recordFetch();
  });
  afterEach(async () => {
    recorder.restore();
    normalPolling();
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 1000, reconnectMaxMs: 30_000 });
    await outage(false);
  });

  /** A UPI QR payin created through the element, the status stream and callbacks at the relay. */
  async function pending(amount: number) {
    const idPayin = uniqueId('push');
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
    const reads = () =>
      recorder.requests.filter((request) => request.method === 'GET' && request.path === `/payins/${idPayin}`).length;
    return { ...mounted, idPayin, reads };
  }

  /** Until the stream is ready and polling has stopped: no read for 300 ms (polling reads every 20 ms). */
  async function quiet(reads: () => number) {
    const until = Date.now() + 5000;
    for (let seen = reads(); Date.now() < until; seen = reads()) {
      await sleep(300);
      if (reads() === seen) return reads();
    }
    throw new Error(`still reading after 5 s (${reads()} reads)`);
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
    // create's answer is the status and nothing is read.
    const calm = await quiet(reads);
    expect(calm).to.equal(0);
    await sleep(1500);
    // Polling at the tests' 20 ms cadence would be ~75 reads in 1.5 s.
    expect(reads() - calm).to.equal(0);
    await settle(idPayin);
    await untilState(element, 'success', 5000);
    expect(reads() - calm).to.be.at.most(2);
    expect(events.filter((e) => e.name === 'pay-success')).to.have.length(1);
  });

  it('a stream not ready before the create: the create does not wait past prepareMs, and ready brings one read', async () => {
    Object.assign(PushedStatus.defaults, { prepareMs: 50 });
    // The relay answers 503 at first: the stream cannot be ready when the create goes out.
    await outage(true);
    try {
      const { element, idPayin, reads } = await pending(1);
      await outage(false);
      // Polled meanwhile; once the reopened stream is ready, one read and no more polling.
      const calm = await quiet(reads);
      expect(calm).to.be.greaterThan(0);
      await sleep(800);
      expect(reads() - calm).to.equal(0);
      await settle(idPayin);
      await untilState(element, 'success', 5000);
    } finally {
      Object.assign(PushedStatus.defaults, { prepareMs: 1000 });
    }
  });

  it('a stream that fails: the element polls, the payment still completes, and the stream comes back', async () => {
    const { element, idPayin, reads } = await pending(1);
    await quiet(reads);
    await outage(true);
    const before = reads();
    await waitUntil(() => reads() > before + 5, 'polling while the relay is down', { timeout: 3000 });
    await outage(false);
    // Reconnected: polling stops again.
    const calm = await quiet(reads);
    await sleep(800);
    expect(reads() - calm).to.equal(0);
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
