/**
 * <sandbox-payments>: the emulator's payins, top-ups and payouts as they are created and change,
 * newest first, filterable by kind, status and identifier. Each links to its page.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { PaymentKind, PaymentStatus, PaymentSummary } from '../model.js';
import { shared } from './dashboard.styles.js';
import { KIND_LABELS, moneyOf, timeOf } from './format.js';

const STATUSES: readonly PaymentStatus[] = ['PROCESSING', 'SUCCESS', 'FAILED', 'REFUSED'];

export const paymentHref = (p: { kind: PaymentKind; merchantCode: string; id: string }) =>
  `#/payments/${[p.kind, p.merchantCode, p.id].map(encodeURIComponent).join('/')}`;

@customElement('sandbox-payments')
export class SandboxPayments extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      .filters {
        margin-bottom: 1rem;
      }
      td.id a {
        font-weight: 600;
        word-break: break-all;
      }
      .sub {
        display: block;
        font-size: 0.8125rem;
        color: var(--muted);
      }
      td.time {
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  @property({ attribute: false }) payments: readonly PaymentSummary[] = [];
  /** Sandbox time now (ms), to write times of another day with their date. */
  @property({ type: Number }) now = Date.now();
  @state() private kind = '';
  @state() private status = '';
  @state() private search = '';

  private shown() {
    const search = this.search.trim().toLowerCase();
    return this.payments.filter(
      (p) =>
        (!this.kind || p.kind === this.kind) &&
        (!this.status || p.status === this.status) &&
        (!search || p.id.toLowerCase().includes(search) || p.idPayment.toLowerCase().includes(search)),
    );
  }

  override render() {
    const shown = this.shown();
    return html`
      <h2 tabindex="-1">Payments</h2>
      <div class="row filters">
        <label
          >Kind
          <select @change=${(e: Event) => (this.kind = (e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            ${Object.entries(KIND_LABELS).map(([value, label]) => html`<option value=${value}>${label}s</option>`)}
          </select></label
        >
        <label
          >Status
          <select @change=${(e: Event) => (this.status = (e.target as HTMLSelectElement).value)}>
            <option value="">All</option>
            ${STATUSES.map((status) => html`<option>${status}</option>`)}
          </select></label
        >
        <label
          >Identifier contains
          <input type="search" @input=${(e: Event) => (this.search = (e.target as HTMLInputElement).value)}
        /></label>
      </div>
      ${
        this.payments.length
          ? html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="caption">
            <table>
              <caption id="caption">
                ${
                  shown.length === this.payments.length
                    ? `${shown.length} payment${shown.length === 1 ? '' : 's'}, newest first`
                    : `${shown.length} of ${this.payments.length} payments, newest first`
                }
              </caption>
              <thead>
                <tr>
                  <th scope="col">Payment</th>
                  <th scope="col">Method</th>
                  <th scope="col">Money</th>
                  <th scope="col">Status</th>
                  <th scope="col">Scenario</th>
                  <th scope="col">Created</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Final</th>
                </tr>
              </thead>
              <tbody>
                ${shown.map((p) => this.renderRow(p))}
              </tbody>
            </table>
          </div>`
          : html`<p class="panel">
            No payment yet. Create one through the platform's API (POST /payins/{idPayin}, /topups/{idTopUp},
            /payouts/{idPayout}) and it appears here at once.
          </p>`
      }
    `;
  }

  private renderRow(p: PaymentSummary) {
    return html`<tr data-payment=${p.id}>
      <td class="id">
        <a href=${paymentHref(p)}>${p.id}</a>
        <span class="sub">${KIND_LABELS[p.kind]} · ${p.merchantCode}</span>
      </td>
      <td>${p.methodCode ?? ''}<span class="sub">${p.operator?.name ?? p.operator?.code ?? ''}</span></td>
      <td>
        ${moneyOf(p.money)}
        ${p.moneyRequired ? html`<span class="sub">pays ${moneyOf(p.moneyRequired)}</span>` : nothing}
        ${p.moneyCredited ? html`<span class="sub">credits ${moneyOf(p.moneyCredited)}</span>` : nothing}
        ${p.moneyReceived ? html`<span class="sub">received ${moneyOf(p.moneyReceived)}</span>` : nothing}
      </td>
      <td>
        <span class="badge ${p.status}">${p.status}</span>
        ${p.failureReasonCode ? html`<span class="sub">${p.failureReasonCode}</span>` : nothing}
      </td>
      <td>${p.scenario ?? ''}</td>
      <td class="time">${timeOf(p.createdAt, this.now)}</td>
      <td class="time">${timeOf(p.expireAt, this.now)}</td>
      <td class="time">${timeOf(p.finalAt, this.now)}</td>
    </tr>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-payments': SandboxPayments;
  }
}
