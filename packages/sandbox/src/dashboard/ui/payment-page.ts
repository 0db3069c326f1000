/**
 * <sandbox-payment>: one payment's page. What it is and where it stands, the actions on it
 * (payment-actions.ts), its timeline, its callbacks with every delivery attempt, its request and
 * the platform's answers. The page (GET /__sandbox/payments/{id}) is read again whenever the live
 * feed says this payment or one of its callbacks changed.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Delivery, PaymentDetail, PaymentSummary } from '../model.js';
import { shared } from './dashboard.styles.js';
import { KIND_LABELS, json, moneyOf, timeOf } from './format.js';
import { ToolError, callTool, paymentPath, paymentQuery, type PaymentRef } from './tools.js';
import './delivery-list.js';
import './payment-actions.js';

@customElement('sandbox-payment')
export class SandboxPayment extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        gap: 1rem;
      }
      h2 {
        word-break: break-all;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.25rem 1rem;
        margin: 0;
      }
      dt {
        color: var(--muted);
      }
      dd {
        margin: 0;
        word-break: break-all;
      }
      ol {
        margin: 0;
        padding-inline-start: 1.25rem;
      }
      li + li {
        margin-top: 0.25rem;
      }
      .columns {
        display: grid;
        gap: 1rem;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr));
        align-items: start;
      }
      .columns.log {
        grid-template-columns: minmax(0, 1fr);
      }
      @media (min-width: 60rem) {
        .columns.log {
          grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
        }
      }
      /* A long line (a URL, a JSON string) scrolls in its own box instead of widening the page. */
      .columns > * {
        min-width: 0;
      }
    `,
  ];

  @property({ attribute: false }) ref?: PaymentRef;
  /** Its summary in the live feed (undefined until it is there, or once it is forgotten). */
  @property({ attribute: false }) summary?: PaymentSummary;
  /** Its callbacks in the live feed. */
  @property({ attribute: false }) deliveries: readonly Delivery[] = [];
  @property({ attribute: false }) failureReasonCodes: readonly string[] = [];
  @property({ type: Number }) now = Date.now();
  @state() private detail?: PaymentDetail;
  @state() private problem = '';
  private seen = '';
  private loading?: AbortController;

  protected override willUpdate(changed: PropertyValues<this>) {
    const seen = JSON.stringify([this.ref, this.summary, this.deliveries]);
    if (changed.has('ref') || seen !== this.seen) {
      this.seen = seen;
      void this.load();
    }
  }

  constructor() {
    super();
    // A page left while its read is under way drops the read.
    this.addController({ hostDisconnected: () => this.loading?.abort() });
  }

  private async load() {
    const ref = this.ref;
    if (!ref) return;
    this.loading?.abort();
    const loading = (this.loading = new AbortController());
    try {
      const detail = await callTool<PaymentDetail>('GET', `${paymentPath(ref)}${paymentQuery(ref)}`);
      if (loading.signal.aborted) return;
      this.detail = detail;
      this.problem = '';
    } catch (error) {
      if (loading.signal.aborted) return;
      this.detail = undefined;
      this.problem = error instanceof ToolError ? error.message : String(error);
    }
  }

  override render() {
    const ref = this.ref;
    if (!ref) return nothing;
    const title = `${KIND_LABELS[ref.kind]} ${ref.id}`;
    const detail = this.detail;
    const summary = detail?.summary ?? this.summary;
    return html`
      <p><a href="#/payments">All payments</a></p>
      <h2 tabindex="-1">${title}</h2>
      ${this.problem ? html`<p class="panel message error" role="alert">${this.problem}</p>` : nothing}
      ${summary ? this.renderFacts(ref, summary) : nothing}
      ${detail ? this.renderDetail(detail) : nothing}
    `;
  }

  private renderFacts(ref: PaymentRef, summary: PaymentSummary) {
    return html`<div class="columns">
      ${this.renderSummary(summary)}
      <sandbox-payment-actions
        .ref=${ref}
        .summary=${summary}
        .failureReasonCodes=${this.failureReasonCodes}
      ></sandbox-payment-actions>
    </div>`;
  }

  private renderSummary(p: PaymentSummary) {
    const row = (term: string, value: unknown) =>
      value === undefined || value === '' ? nothing : html`<dt>${term}</dt><dd>${value}</dd>`;
    return html`<section class="panel" aria-labelledby="facts">
      <h3 id="facts">Where it stands</h3>
      <dl>
        ${row('Status', html`<span class="badge ${p.status}">${p.status}</span> ${p.failureReasonCode ?? ''}`)}
        ${row(
          'Scheduled',
          p.next && `${p.next.status} at ${timeOf(p.next.at, this.now)}${p.next.cause ? ` (${p.next.cause})` : ''}`,
        )}
        ${row('Merchant', p.merchantCode)} ${row('Method', p.methodCode)}
        ${row('Operator', p.operator && (p.operator.name ?? p.operator.code))} ${row('Money', moneyOf(p.money))}
        ${row('Customer pays', p.moneyRequired && moneyOf(p.moneyRequired))}
        ${row('Credits', p.moneyCredited && moneyOf(p.moneyCredited))}
        ${row('Received', p.moneyReceived && moneyOf(p.moneyReceived))} ${row('Scenario', p.scenario)}
        ${row('Created', timeOf(p.createdAt, this.now))} ${row('Expires', timeOf(p.expireAt, this.now))}
        ${row('Final', timeOf(p.finalAt, this.now))} ${row('idPayment', p.idPayment)}
        ${row('Reference', p.reference)} ${row('Callback URL', p.callbackUrl ?? 'none')}
      </dl>
    </section>`;
  }

  private renderDetail(detail: PaymentDetail) {
    return html`
      <div class="columns log">
        <section class="panel" aria-labelledby="timeline">
          <h3 id="timeline">Timeline</h3>
          <ol>
            ${detail.timeline.map(
              (entry) =>
                html`<li>
                  <time datetime=${entry.at}>${timeOf(entry.at, this.now)}</time>
                  <span class="badge ${entry.status}">${entry.status}</span> ${entry.failureReasonCode ?? ''}
                  <span class="muted">${entry.cause}</span>
                </li>`,
            )}
          </ol>
        </section>
        <sandbox-deliveries class="panel" .deliveries=${detail.deliveries} .now=${this.now}></sandbox-deliveries>
      </div>
      <div class="columns">
        ${this.renderJson('request', 'Its request', detail.request)}
        ${this.renderJson('answer', 'The platform’s answer', detail.answer)}
        ${this.renderJson('current', 'What GET answers now', detail.current)}
      </div>
    `;
  }

  private renderJson(id: string, title: string, value: unknown) {
    return html`<section class="panel" aria-labelledby=${id}>
      <h3 id=${id}>${title}</h3>
      <pre tabindex="0" aria-labelledby=${id}>${json(value)}</pre>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-payment': SandboxPayment;
  }
}
