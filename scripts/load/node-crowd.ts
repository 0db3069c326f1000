/**
 * Worker: N shoppers as Node clients that speak exactly the element's protocol, through the same
 * code the element runs: each is a CheckoutSession (src/checkout/session.ts) with the real
 * platform client (fetch), and what follows a pending payment as <pay-checkout> has it (the
 * PaymentWatch: PushedStatus over `status-url` when the relay is on, else the StatusPoller, whose
 * polls ask the kit's status route; the Countdown). Only the browser
 * around them is stood in for: EventSource is the `eventsource` package (WHATWG-compliant, over
 * fetch), `document` is a visible page and `window` an online one (the poller and the countdown
 * listen to them), and each shopper has a sessionStorage of its own (its own tab).
 *
 * What a page does around the element is done here as the browser shoppers' page does it
 * (shop-page.ts): ask the shop for a checkout, give the element its options, press Pay at pay-ready.
 */
import { setMaxListeners } from 'node:events';
import { EventSource } from 'eventsource';
import type { CheckoutResponse, FetchCheckout } from 'pay-checkout';
import type { SessionReport } from '../../src/checkout/session.js';
import { progressOf, type ShopperRecord, type ShopperSettings } from './shopper.js';
import { serveCalls, workerInput } from './threads.js';

// What follows a pending payment and the status stream, loaded before the stand-ins below exist
// (lit-html reads `document` when it loads, and must find none in Node).
await import('../../src/checkout/payment-watch.js');
await import('../../src/checkout/pushed-status.js');
await import('../../src/checkout/kit-status.js');
const { CheckoutSession } = await import('../../src/checkout/session.js');
const { Localizer } = await import('../../src/i18n/localize.js');
const { loadWords } = await import('../../src/i18n/words.js');
// The element fetches a payment's English beside its views for an English shopper.
await loadWords('en', 'payment');

const page = Object.assign(new EventTarget(), { visibilityState: 'visible', hidden: false });
const browserWindow = new EventTarget();
// One page and window for every shopper: each shopper's poller and countdown listen to them.
setMaxListeners(0, page, browserWindow);
Object.assign(globalThis, { document: page, window: browserWindow, EventSource });

const { merchantOrigin } = workerInput<{ merchantOrigin: string }>();
const words = new Localizer('en');

interface Shopper {
  record: ShopperRecord;
  session?: InstanceType<typeof CheckoutSession>;
}
const shoppers: Shopper[] = [];

/** A tab's own sessionStorage (the started-here markers). */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/**
 * One shopper: the element's own flow, given the shop's checkout the element's way (`fetchCheckout`,
 * as `checkout-url` asks it): a 429 or 503 from the shop (the kit's queue is full) is waited out as
 * its Retry-After says, as the element does, and never shown. With the relay the checkout's status
 * stream is used; without it, the stream is left out and the element polls the kit's status route.
 */
function openShopper(shopper: Shopper, settings: ShopperSettings): void {
  const { record } = shopper;
  record.openedAt = Date.now();
  const checkoutUrl = `${merchantOrigin}/api/checkouts`;
  const fetchCheckout: FetchCheckout = async (request) => {
    // The shop prices its one product itself: the page names nothing.
    const answer = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (!answer.ok) return answer;
    const checkout = (await answer.json()) as CheckoutResponse;
    record.tokenAt ??= Date.now();
    record.idPayin = checkout.idPayin;
    record.withOptions = !!checkout.options;
    // Resolved as the element resolves them against checkout-url (a Node client has no page to resolve against).
    const absolute = (url: string | undefined) => (url ? new URL(url, checkoutUrl).href : undefined);
    return {
      ...checkout,
      statusUrl: settings.relay ? absolute(checkout.statusUrl) : undefined,
      statusPollUrl: absolute(checkout.statusPollUrl),
    };
  };
  const input = { fetchCheckout, paymentMethodCode: 'UPIQR', optionsAvailable: true };
  const session: InstanceType<typeof CheckoutSession> = new CheckoutSession({
    input: () => input,
    words: () => words,
    loadTroubleWords: () => loadWords('en', 'more'),
    storage: tabStorage(),
    report: (report: SessionReport) => {
      if (report.type === 'update') {
        record.state = session.state;
        if (session.state === 'pending') record.pendingAt ??= Date.now();
        return;
      }
      if (report.type !== 'event') return;
      const detail = report.detail as {
        status?: string;
        code?: string;
        retryable?: boolean;
        message?: string;
      };
      record.events.push({
        type: report.name,
        at: Date.now(),
        status: detail.status,
        code: detail.code,
        retryable: detail.retryable,
        message: detail.message?.slice(0, 160),
      });
      // The shopper presses Pay as soon as the form shows (UPI QR is preselected).
      if (report.name === 'pay-ready') {
        record.readyAt = Date.now();
        setTimeout(() => void session.submit());
      }
    },
  });
  shopper.session = session;
  // A shopper with no checkout after their patience gives up: counted as shown an error.
  setTimeout(() => {
    if (record.tokenAt !== undefined) return;
    record.checkoutFailure = `no checkout within ${settings.checkoutPatienceMs / 1000} s`;
    session.dispose();
  }, settings.checkoutPatienceMs).unref();
  session.hostConnected();
  session.start();
}

const currentRecords = (): ShopperRecord[] =>
  shoppers.map(({ record, session }) => ({
    ...record,
    state: session?.state ?? record.state,
    events: [...record.events],
  }));

serveCalls({
  prepare(count: number) {
    for (let i = 0; i < count; i++) shoppers.push({ record: { openedAt: 0, events: [] } });
  },
  /** Every shopper opens the checkout at once. */
  go(settings: ShopperSettings) {
    for (const shopper of shoppers) void openShopper(shopper, settings);
  },
  progress: () => progressOf(currentRecords()),
  records: () => currentRecords(),
  close() {
    for (const { session } of shoppers) {
      session?.hostDisconnected();
      session?.dispose();
    }
    shoppers.length = 0;
  },
});
