/**
 * An element with a checkout polls the merchant kit's status route (the answer's statusPollUrl),
 * never the platform, whenever its status stream is not in use: left out, failing, or cut by a
 * proxy; and it goes back to the stream when the stream works again. The merchant's server is the
 * real kit (createCheckoutBackend, test/support/kit-server.mjs) on the test runner's server, the
 * platform the emulator, whose request log counts what the page asked of the platform.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { fastPolling, mount, normalPolling, submit, untilState } from '../support/element.js';
import { recordFetch, recordStreams, sandboxUrl, uniqueId } from '../support/browser-sandbox.js';
import { PushedStatus } from '../../src/checkout/pushed-status.js';
import { pageClock, type PageClock } from '../support/page-clock.js';

/** The kit's checkout URL for order `key` (payin `kit-{key}`, 1 INR: PROCESSING until it expires) and its scenario. */
const checkoutUrl = (key: string, scenario: Record<string, string> = {}) =>
  `/__test/kit/checkouts?${new URLSearchParams({ key, amount: '1', currencyCode: 'INR', ...scenario })}`;
/** The stream of order `key` fails (its open streams cut, new ones refused) or works again. */
const outage = (key: string, on: boolean) =>
  fetch(`/__test/kit/outage?key=${key}&on=${on ? 1 : 0}`, { method: 'POST' });

/** Longer than any wait of the poller under fastPolling() (errors 80 ms at most), shorter than the stream's silence bound (2.5 s). */
const POLL_SPAN_MS = 200;
const NEXT_STEP_MS = 10_000;

interface LoggedRequest {
  method: string;
  path: string;
  headers: { origin?: string };
}

describe('<pay-checkout> with a checkout: status from the kit, never the platform', () => {
  let recorder: ReturnType<typeof recordFetch>;
  let platform: string;
  before(async () => {
    platform = await sandboxUrl();
  });
  beforeEach(() => {
    fastPolling();
    // The create waits for the stream as long as the kit takes to answer on a loaded machine.
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 100, reconnectMaxMs: 400, prepareMs: 15_000 });
    recorder = recordFetch();
  });
  afterEach(() => {
    recorder.restore();
    normalPolling();
    Object.assign(PushedStatus.defaults, { reconnectBaseMs: 1000, reconnectMaxMs: 30_000, prepareMs: 1000 });
  });

  const idOf = (key: string) => `kit-${key}`;
  /** The page's polls of the kit's status route for this payin. */
  const kitPolls = (key: string) =>
    recorder.requests.filter((request) => request.path === `/__test/kit/payins/${idOf(key)}/status`);
  /** What the page asked of the platform (the test's own calls to the emulator's tools aside). */
  const toPlatform = () =>
    recorder.requests
      .filter((request) => request.url.startsWith(platform) && !request.path.startsWith('/__sandbox/'))
      .map((request) => `${request.method} ${request.path}`);
  /** The emulator's own count of a browser's reads of the payin (the kit's reads, from Node, carry no Origin). */
  const pageReadsLogged = async (key: string) => {
    const query = new URLSearchParams({ method: 'GET', path: `/payins/${idOf(key)}` });
    const log = (await (await fetch(`${platform}/__sandbox/requests?${query}`)).json()) as { data: LoggedRequest[] };
    return log.data.filter((request) => request.headers.origin).length;
  };
  const settle = (key: string) =>
    fetch(`${platform}/__sandbox/payins/${idOf(key)}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'SUCCESS' }),
    });

  /** Every poll sends the ETag of the last answer with a body, and no token, past any cache. */
  function expectConditionalPolls(key: string) {
    let etag: string | undefined;
    for (const poll of kitPolls(key)) {
      expect(poll.headers).to.not.have.property('authorization');
      expect(poll.cache).to.equal('no-store');
      expect(poll.headers['if-none-match']).to.equal(etag);
      if (poll.status === 200) etag = poll.etag;
      // A poll under way when the polls stopped was dropped (no status).
      if (poll.status !== undefined) expect([200, 304]).to.include(poll.status);
    }
  }

  async function pending(attributes: Record<string, string>) {
    const mounted = await mount({ 'payment-method-code': 'UPIQR', ...attributes });
    await untilState(mounted.element, 'select', NEXT_STEP_MS);
    await submit(mounted.element);
    await untilState(mounted.element, 'pending', NEXT_STEP_MS);
    return mounted;
  }

  it('the stream fails: polls go to the kit, with If-None-Match and no token; the stream comes back; no platform read, no pay-error', async () => {
    const clock: PageClock = pageClock();
    const streams = recordStreams(() => 0);
    const key = uniqueId('kp');
    try {
      const { element, events } = await pending({ 'checkout-url': checkoutUrl(key) });
      await waitUntil(() => streams.readyAt.length === 1, 'the stream ready', { timeout: NEXT_STEP_MS });
      expect(kitPolls(key)).to.have.length(0);

      await outage(key, true);
      await waitUntil(
        () => kitPolls(key).filter((poll) => poll.status === 304).length >= 3,
        'the kit polled, and answering 304 while nothing changed',
        { timeout: NEXT_STEP_MS },
      );
      expect(element.state).to.equal('pending');

      await outage(key, false);
      await waitUntil(() => streams.readyAt.length === 2, 'the stream ready again', { timeout: NEXT_STEP_MS });
      // Ready again: a catch-up read asks the kit, and its polls stop at the stream's first heartbeat.
      await waitUntil(() => streams.heard.lastIndexOf('ping') > streams.heard.lastIndexOf('ready'), 'a heartbeat', {
        timeout: NEXT_STEP_MS,
      });
      const polled = kitPolls(key).length;
      await clock.pass(POLL_SPAN_MS);
      expect(kitPolls(key)).to.have.length(polled);

      await settle(key);
      await untilState(element, 'success', NEXT_STEP_MS);
      expect(events.find((e) => e.name === 'pay-success')!.detail.payin.status).to.equal('SUCCESS');
      expectConditionalPolls(key);
      // The page asked the platform for the create alone: the status came from the kit.
      expect(toPlatform()).to.deep.equal([`POST /payins/${idOf(key)}`]);
      expect(await pageReadsLogged(key)).to.equal(0);
      expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
    } finally {
      streams.restore();
      clock.uninstall();
      await outage(key, false);
    }
  });

  it('no stream: the kit answers 304 while nothing changed, and the change arrives by a poll', async () => {
    const key = uniqueId('kp');
    const { element, events } = await pending({ 'checkout-url': checkoutUrl(key, { stream: '0' }) });
    await waitUntil(() => kitPolls(key).filter((poll) => poll.status === 304).length >= 2, 'polls answered 304', {
      timeout: NEXT_STEP_MS,
    });
    await settle(key);
    await untilState(element, 'success', NEXT_STEP_MS);
    expect(kitPolls(key).at(-1)!.status).to.equal(200);
    expect(events.find((e) => e.name === 'pay-success')!.detail.payin.status).to.equal('SUCCESS');
    expectConditionalPolls(key);
    expect(toPlatform()).to.deep.equal([`POST /payins/${idOf(key)}`]);
    expect(await pageReadsLogged(key)).to.equal(0);
    expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
  });

  it('a status route that refuses the element (403): one console warning, and it polls the platform', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const key = uniqueId('kp');
      const { element, events } = await pending({ 'checkout-url': checkoutUrl(key, { stream: '0', badPoll: '1' }) });
      await waitUntil(() => toPlatform().filter((line) => line.startsWith('GET')).length >= 3, 'platform polls', {
        timeout: NEXT_STEP_MS,
      });
      await settle(key);
      await untilState(element, 'success', NEXT_STEP_MS);
      expect(kitPolls(key).map((poll) => poll.status)).to.deep.equal([403]);
      expect(warnings.filter((line) => line.includes('status route answered 403'))).to.have.length(1);
      expect(await pageReadsLogged(key)).to.be.greaterThan(0);
      expect(events.filter((e) => e.name === 'pay-error')).to.have.length(0);
    } finally {
      console.warn = warn;
    }
  });
});
