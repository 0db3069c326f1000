/**
 * <sandbox-dashboard>: the emulator's dashboard. It keeps the live feed (feed.ts) and shows one
 * view at a time, chosen by the address's fragment so that each can be linked and the browser's
 * Back works: the payments (#/payments), a payment's page (#/payments/{kind}/{merchant}/{id}), the
 * request log (#/requests) and the faults (#/faults). The clock stays in the header.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { PaymentKind } from '../model.js';
import { shared } from './dashboard.styles.js';
import { DashboardFeed, paymentKey } from './feed.js';
import type { PaymentRef } from './tools.js';
import './clock-panel.js';
import './faults-panel.js';
import './payment-page.js';
import './payments-table.js';
import './request-log.js';

type Route = { view: 'payments' } | { view: 'payment'; ref: PaymentRef } | { view: 'requests' } | { view: 'faults' };

const KINDS = new Set<string>(['payin', 'topup', 'payout']);

export function routeOf(hash: string): Route {
  const [view, ...rest] = hash.replace(/^#\/?/, '').split('/');
  if (view === 'requests' || view === 'faults') return { view };
  if (view === 'payments' && rest.length === 3 && KINDS.has(rest[0]!)) {
    const [kind, merchantCode, id] = rest.map(decodeURIComponent);
    return { view: 'payment', ref: { kind: kind as PaymentKind, merchantCode: merchantCode!, id: id! } };
  }
  return { view: 'payments' };
}

const NAV = [
  ['payments', 'Payments'],
  ['requests', 'Request log'],
  ['faults', 'Faults'],
] as const;

const STATUS_WORDS = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' } as const;

@customElement('sandbox-dashboard')
export class SandboxDashboard extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        min-height: 100vh;
        background: var(--bg);
      }
      header {
        background: var(--surface);
        border-bottom: 1px solid var(--rule);
        padding: 0.75rem 1.5rem;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        justify-content: space-between;
        gap: 0.5rem 1.5rem;
      }
      h1 {
        font-size: 1.375rem;
        margin: 0;
      }
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        list-style: none;
        margin: 0.75rem 0 0;
        padding: 0;
      }
      nav a {
        display: inline-block;
        padding: 0.375rem 0.875rem;
        border-radius: 0.375rem;
        text-decoration: none;
        font-weight: 600;
      }
      nav a[aria-current='page'] {
        background: var(--accent);
        color: var(--on-accent);
      }
      main {
        padding: 1.25rem 1.5rem 3rem;
        max-width: 90rem;
      }
      .live {
        font-size: 0.875rem;
      }
    `,
  ];

  private readonly feed = new DashboardFeed(this, '/__sandbox/events');
  @state() private route: Route = routeOf(location.hash);

  constructor() {
    super();
    // Follows the address's fragment while connected: a new view starts the reader at its heading.
    this.addController({
      hostConnected: () => addEventListener('hashchange', this.onHashChange),
      hostDisconnected: () => removeEventListener('hashchange', this.onHashChange),
    });
  }

  private readonly onHashChange = () => {
    this.route = routeOf(location.hash);
    void this.updateComplete.then(() => this.viewHeading()?.focus());
  };

  private viewHeading(): HTMLElement | null | undefined {
    const view = this.renderRoot.querySelector('main > *');
    return view?.shadowRoot?.querySelector<HTMLElement>('h2');
  }

  override render() {
    const feed = this.feed;
    const current = this.route.view === 'payment' ? 'payments' : this.route.view;
    return html`
      <header>
        <div class="top">
          <h1>Sandbox dashboard</h1>
          <p class="live muted" role="status">
            <span class="badge ${feed.status === 'live' ? 'ok' : 'warn'}">${STATUS_WORDS[feed.status]}</span>
            ${location.host}
          </p>
        </div>
        <sandbox-clock
          .clock=${feed.clock}
          .receivedAt=${feed.clockReceivedAt}
          .payments=${feed.payments}
        ></sandbox-clock>
        <nav aria-label="Dashboard">
          <ul>
            ${NAV.map(
              ([view, label]) =>
                html`<li><a href="#/${view}" aria-current=${current === view ? 'page' : nothing}>${label}</a></li>`,
            )}
          </ul>
        </nav>
      </header>
      <main>${this.renderView()}</main>
    `;
  }

  /** Each view gets the part of the feed it shows, as new values when they change. */
  private renderView() {
    const { route, feed } = this;
    const now = feed.now();
    switch (route.view) {
      case 'payment': {
        const key = paymentKey(route.ref);
        return html`<sandbox-payment
          .ref=${route.ref}
          .summary=${feed.payments.find((payment) => paymentKey(payment) === key)}
          .deliveries=${[...feed.deliveries.values()].filter((d) => d.payment && paymentKey(d.payment) === key)}
          .failureReasonCodes=${feed.failureReasonCodes}
          .now=${now}
        ></sandbox-payment>`;
      }
      case 'requests':
        return html`<sandbox-requests .requests=${feed.requests} .now=${now}></sandbox-requests>`;
      case 'faults':
        return html`<sandbox-faults .faults=${feed.faults}></sandbox-faults>`;
      default:
        return html`<sandbox-payments .payments=${feed.payments} .now=${now}></sandbox-payments>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-dashboard': SandboxDashboard;
  }
}
