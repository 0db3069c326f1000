/**
 * <sandbox-payment-actions>: what can be done to one payment, each through its tool under
 * /__sandbox/payments/{id}/: settle it as SUCCESS, FAILED (with one of the platform's failure
 * reasons) or REFUSED, let it expire now, send its callback again. Only what applies is offered,
 * and the tool's own answer is said in a status line.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Delivery, PaymentSummary } from '../model.js';
import { shared } from './dashboard.styles.js';
import { ToolError, callTool, paymentPath, which, type PaymentRef } from './tools.js';

/** How a resent callback's first attempt went, in words. */
const firstAnswer = (delivery: Delivery) => {
  const attempt = delivery.attempts[0];
  if (!attempt) return 'not attempted';
  return attempt.status !== undefined ? `it answered ${attempt.status}` : `no answer (${attempt.error ?? 'unknown'})`;
};

@customElement('sandbox-payment-actions')
export class SandboxPaymentActions extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      fieldset {
        border: 1px solid var(--rule);
        border-radius: 0.375rem;
        margin: 0 0 0.75rem;
        padding: 0.75rem;
      }
      legend {
        font-weight: 600;
        padding: 0 0.25rem;
      }
    `,
  ];

  @property({ attribute: false }) ref?: PaymentRef;
  @property({ attribute: false }) summary?: PaymentSummary;
  @property({ attribute: false }) failureReasonCodes: readonly string[] = [];
  @state() private busy = false;
  @state() private message = '';
  @state() private failed = false;
  @state() private reason = '';

  private async act(action: string, body: Record<string, unknown>, said: (answer: unknown) => string) {
    const ref = this.ref!;
    this.busy = true;
    try {
      const answer = await callTool('POST', paymentPath(ref, action), { ...which(ref), ...body });
      this.failed = false;
      this.message = said(answer);
      // The button pressed may be gone with the status it acted on: keep the reader here.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('h3')?.focus();
    } catch (error) {
      this.failed = true;
      this.message = error instanceof ToolError ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  private settle(status: 'SUCCESS' | 'FAILED' | 'REFUSED') {
    const reason = status === 'FAILED' ? this.reason || undefined : undefined;
    return this.act('settle', { status, ...(reason ? { failureReasonCode: reason } : {}) }, (answer) => {
      const settled = answer as PaymentSummary;
      return `Settled: ${settled.status}${settled.failureReasonCode ? ` (${settled.failureReasonCode})` : ''}. Its callback is on its way.`;
    });
  }

  override render() {
    const p = this.summary;
    if (!p) return nothing;
    const processing = p.status === 'PROCESSING';
    return html`<section class="panel" aria-labelledby="actions">
      <h3 id="actions" tabindex="-1">Actions</h3>
      ${
        processing
          ? html`<fieldset>
              <legend>Settle it now</legend>
              <div class="row">
                <button type="button" ?disabled=${this.busy} @click=${() => this.settle('SUCCESS')}>
                  Settle as SUCCESS
                </button>
                <label
                  >Failure reason
                  <select @change=${(e: Event) => (this.reason = (e.target as HTMLSelectElement).value)}>
                    <option value="">CUSTOMER_VERIFICATION_FAILED (default)</option>
                    ${this.failureReasonCodes
                      .filter((code) => code !== 'CUSTOMER_VERIFICATION_FAILED')
                      .map((code) => html`<option value=${code} ?selected=${code === this.reason}>${code}</option>`)}
                  </select></label
                >
                <button type="button" ?disabled=${this.busy} @click=${() => this.settle('FAILED')}>
                  Settle as FAILED
                </button>
                <button type="button" ?disabled=${this.busy} @click=${() => this.settle('REFUSED')}>
                  Settle as REFUSED
                </button>
              </div>
            </fieldset>
            ${
              p.kind === 'payout'
                ? nothing
                : html`<button
                  type="button"
                  ?disabled=${this.busy}
                  @click=${() => this.act('expire', {}, () => 'Expired: its request ran out now, and it failed.')}
                >
                  Expire now
                </button>`
            }`
          : html`<p class="muted">It is ${p.status}: there is nothing left to decide.</p>`
      }
      ${
        !processing && p.callbackUrl
          ? html`<button
            type="button"
            ?disabled=${this.busy}
            @click=${() =>
              this.act(
                'resend',
                {},
                (answer) => `Callback sent again to ${p.callbackUrl}: ${firstAnswer(answer as Delivery)}.`,
              )}
          >
            Resend callback
          </button>`
          : nothing
      }
      ${!p.callbackUrl ? html`<p class="muted">It has no callback URL: no callback is sent.</p>` : nothing}
      <p class="message ${this.failed ? 'error' : ''}" role="status">${this.message}</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-payment-actions': SandboxPaymentActions;
  }
}
