/**
 * <sandbox-deliveries>: a payment's callbacks, oldest first, each with every delivery attempt:
 * when, to which URL, the receiver's answer (its status and the first bytes of its body, or why
 * there was none), how long it took, and when the next retry is due.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Delivery, DeliveryAttempt } from '../model.js';
import { shared } from './dashboard.styles.js';
import { timeOf } from './format.js';

const STATE_BADGE = { delivered: 'ok', failed: 'bad', pending: 'warn' } as const;

const answerOf = (attempt: DeliveryAttempt) =>
  attempt.status !== undefined
    ? html`<span class="badge ${attempt.status >= 200 && attempt.status < 300 ? 'ok' : 'bad'}">${attempt.status}</span>`
    : html`<span class="badge bad">no answer</span> ${attempt.error ?? ''}`;

@customElement('sandbox-deliveries')
export class SandboxDeliveries extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      article + article {
        margin-top: 1rem;
      }
      .url {
        word-break: break-all;
      }
      td.took {
        white-space: nowrap;
      }
      td.body code {
        white-space: pre-wrap;
        word-break: break-all;
      }
    `,
  ];

  @property({ attribute: false }) deliveries: readonly Delivery[] = [];
  @property({ type: Number }) now = Date.now();

  override render() {
    return html`<h3 id="callbacks">Callbacks</h3>
      ${
        this.deliveries.length
          ? this.deliveries.map((delivery, index) => this.renderDelivery(delivery, index + 1))
          : html`<p class="muted">None sent yet: a callback goes out when the status becomes final.</p>`
      }`;
  }

  private renderDelivery(delivery: Delivery, number: number) {
    const heading = `callback-${delivery.id}`;
    return html`<article aria-labelledby=${heading} data-delivery=${delivery.id}>
      <h4 id=${heading}>
        Callback ${number}${delivery.resent ? ' (sent again)' : ''}
        <span class="badge ${STATE_BADGE[delivery.state]}">${delivery.state}</span>
      </h4>
      <p class="url">POST <code>${delivery.url}</code></p>
      <div class="table-wrap" tabindex="0" role="region" aria-labelledby=${heading}>
        <table>
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">When</th>
              <th scope="col">Answer</th>
              <th scope="col">Body (first bytes)</th>
              <th scope="col">Took</th>
            </tr>
          </thead>
          <tbody>
            ${delivery.attempts.map(
              (attempt, i) =>
                html`<tr>
                  <td>${i + 1}</td>
                  <td><time datetime=${attempt.at}>${timeOf(attempt.at, this.now)}</time></td>
                  <td>${answerOf(attempt)}</td>
                  <td class="body">${attempt.body ? html`<code>${attempt.body}</code>` : nothing}</td>
                  <td class="took">${attempt.durationMs === undefined ? '' : `${attempt.durationMs} ms`}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${
        delivery.nextAttemptAt
          ? html`<p class="muted">Next retry at ${timeOf(delivery.nextAttemptAt, this.now)}.</p>`
          : nothing
      }
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-deliveries': SandboxDeliveries;
  }
}
