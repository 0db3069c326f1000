/**
 * The dashboard's live state: one EventSource on GET /__sandbox/events, opened while the host is
 * connected and closed when it is not (a reactive controller). The first event is a snapshot;
 * every later one replaces what it names. EventSource reconnects by itself after a drop, and the
 * snapshot that opens each connection puts the state right again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClockView, Delivery, Faults, LoggedRequest, PaymentSummary, Snapshot, StreamEvents } from '../model.js';

/** Requests and deliveries kept in the page: the newest, as many as are worth scrolling. */
const KEPT = 500;

export type FeedStatus = 'connecting' | 'live' | 'reconnecting';

export const paymentKey = (p: { kind: string; merchantCode: string; id: string }) =>
  `${p.kind}\u0000${p.merchantCode}\u0000${p.id}`;

export class DashboardFeed implements ReactiveController {
  status: FeedStatus = 'connecting';
  /** Newest first. */
  payments: PaymentSummary[] = [];
  /** Newest first. */
  requests: LoggedRequest[] = [];
  deliveries = new Map<number, Delivery>();
  clock?: ClockView;
  /** The browser's time when `clock` arrived, to move it on between events. */
  clockReceivedAt = 0;
  faults: Faults = {};
  failureReasonCodes: readonly string[] = [];
  /** Bumped on every change: views that fetch more (a payment's page) watch it. */
  revision = 0;
  private source?: EventSource;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly url: string,
  ) {
    host.addController(this);
  }

  hostConnected() {
    const source = new EventSource(this.url);
    this.source = source;
    source.addEventListener('open', () => this.update(() => (this.status = 'live')));
    source.addEventListener('error', () => this.update(() => (this.status = 'reconnecting')));
    this.on(source, 'snapshot', (snapshot) => this.apply(snapshot));
    this.on(source, 'payment', (payment) => this.upsertPayment(payment));
    this.on(source, 'request', (request) => (this.requests = [request, ...this.requests].slice(0, KEPT)));
    this.on(source, 'delivery', (delivery) => this.keepDelivery(delivery));
    this.on(source, 'clock', (clock) => this.setClock(clock));
    this.on(source, 'faults', (faults) => (this.faults = faults));
  }

  hostDisconnected() {
    this.source?.close();
    this.source = undefined;
  }

  /** Sandbox time now, in ms, moved on from the last clock event by the browser's own clock. */
  now(): number {
    return this.clock ? Date.parse(this.clock.now) + (Date.now() - this.clockReceivedAt) : Date.now();
  }

  private on<E extends keyof StreamEvents>(source: EventSource, event: E, apply: (data: StreamEvents[E]) => void) {
    source.addEventListener(event, (message) =>
      this.update(() => apply(JSON.parse((message as MessageEvent<string>).data) as StreamEvents[E])),
    );
  }

  private update(change: () => void) {
    change();
    this.revision++;
    this.host.requestUpdate();
  }

  private apply(snapshot: Snapshot) {
    this.status = 'live';
    this.payments = snapshot.payments;
    this.requests = [...snapshot.requests].reverse();
    this.deliveries = new Map();
    for (const delivery of snapshot.deliveries) this.keepDelivery(delivery);
    this.setClock(snapshot.clock);
    this.faults = snapshot.faults;
    this.failureReasonCodes = snapshot.failureReasonCodes;
  }

  private upsertPayment(payment: PaymentSummary) {
    const key = paymentKey(payment);
    const index = this.payments.findIndex((known) => paymentKey(known) === key);
    this.payments =
      index < 0 ? [payment, ...this.payments] : this.payments.map((known, i) => (i === index ? payment : known));
  }

  private keepDelivery(delivery: Delivery) {
    this.deliveries.set(delivery.id, delivery);
    if (this.deliveries.size > KEPT) this.deliveries.delete(this.deliveries.keys().next().value!);
  }

  private setClock(clock: ClockView) {
    this.clock = clock;
    this.clockReceivedAt = Date.now();
  }
}
