/**
 * <sandbox-requests>: the platform requests the emulator answered, live, newest first, filterable
 * by path and status. Refusals are marked in words as well as colour: 4xx, and 429 (rate limited)
 * on its own.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { LoggedRequest } from '../model.js';
import { shared } from './dashboard.styles.js';
import { timeOf } from './format.js';

const STATUS_FILTERS = [
  ['', 'All'],
  ['2xx', '2xx'],
  ['4xx', '4xx (refused)'],
  ['429', '429 (rate limited)'],
  ['5xx', '5xx'],
  ['dropped', 'Dropped'],
] as const;

/** Whether a status passes the filter: a class (`4xx`), one status (`429`), or `dropped`. */
export function statusPasses(status: number | 'dropped', filter: string): boolean {
  if (!filter) return true;
  if (/^\dxx$/.test(filter)) return typeof status === 'number' && Math.floor(status / 100) === Number(filter[0]);
  return String(status) === filter;
}

function mark(status: number | 'dropped') {
  if (status === 429) return html`<span class="badge warn">429 rate limited</span>`;
  if (status === 'dropped') return html`<span class="badge bad">dropped</span>`;
  if (status >= 400 && status < 500) return html`<span class="badge bad">${status} refused</span>`;
  if (status >= 500) return html`<span class="badge bad">${status} error</span>`;
  return html`<span class="badge ok">${status}</span>`;
}

@customElement('sandbox-requests')
export class SandboxRequests extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      .filters {
        margin-bottom: 1rem;
      }
      td.path {
        word-break: break-all;
      }
      td.time {
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  /** Newest first. */
  @property({ attribute: false }) requests: readonly LoggedRequest[] = [];
  @property({ type: Number }) now = Date.now();
  @state() private path = '';
  @state() private status = '';

  override render() {
    const path = this.path.trim();
    const shown = this.requests.filter((r) => (!path || r.path.includes(path)) && statusPasses(r.status, this.status));
    return html`
      <h2 tabindex="-1">Request log</h2>
      <div class="row filters">
        <label
          >Path contains
          <input type="search" @input=${(e: Event) => (this.path = (e.target as HTMLInputElement).value)}
        /></label>
        <label
          >Status
          <select @change=${(e: Event) => (this.status = (e.target as HTMLSelectElement).value)}>
            ${STATUS_FILTERS.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
          </select></label
        >
      </div>
      <div class="table-wrap" tabindex="0" role="region" aria-labelledby="caption">
        <table>
          <caption id="caption">
            ${
              shown.length === this.requests.length
                ? `${shown.length} platform request${shown.length === 1 ? '' : 's'}, newest first`
                : `${shown.length} of the last ${this.requests.length} platform requests, newest first`
            }
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">Took</th>
              <th scope="col">Merchant</th>
            </tr>
          </thead>
          <tbody>
            ${shown.map(
              (r) =>
                html`<tr data-status=${r.status}>
                  <td class="time"><time datetime=${r.sandboxAt}>${timeOf(r.sandboxAt, this.now)}</time></td>
                  <td class="path"><code>${r.method} ${r.path}</code></td>
                  <td>${mark(r.status)}</td>
                  <td>${r.durationMs} ms</td>
                  <td>${r.merchantCode ?? ''}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-requests': SandboxRequests;
  }
}
