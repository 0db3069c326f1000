/**
 * <sandbox-clock>: the emulator's time, moving on by the second, and the ways to move it forward:
 * by minutes or hours (POST /__sandbox/clock/advance) or to the next due event, an expiry or a
 * scheduled outcome (POST /__sandbox/clock/next). What is due next is read from the payments.
 */
import { LitElement, css, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ClockView, PaymentSummary } from '../model.js';
import { shared } from './dashboard.styles.js';
import { KIND_LABELS, durationOf, timeOf, zoneName } from './format.js';
import { ToolError, callTool } from './tools.js';

/** Renders its host once a second while connected: the clock's seconds. */
class SecondTicker implements ReactiveController {
  private timer?: ReturnType<typeof setInterval>;
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }
  hostConnected() {
    this.timer = setInterval(() => this.host.requestUpdate(), 1000);
  }
  hostDisconnected() {
    clearInterval(this.timer);
  }
}

const STEPS = [
  [60, '+1 min'],
  [600, '+10 min'],
  [3600, '+1 h'],
  [7200, '+2 h'],
  [86_400, '+1 day'],
] as const;

/** The next moment something is due among PROCESSING payments, after `now`. */
export function nextDue(payments: readonly PaymentSummary[], now: number) {
  let best: { at: number; text: string } | undefined;
  for (const payment of payments) {
    if (payment.status !== 'PROCESSING') continue;
    const name = `${KIND_LABELS[payment.kind]} ${payment.id}`;
    const expiry = payment.expireAt ? Date.parse(payment.expireAt) : undefined;
    if (expiry !== undefined && expiry > now && (!best || expiry < best.at))
      best = { at: expiry, text: `${name} expires` };
    const next = payment.next ? Date.parse(payment.next.at) : undefined;
    if (next !== undefined && (!best || next < best.at))
      best = { at: Math.max(next, now), text: `${name} becomes ${payment.next!.status}` };
  }
  return best;
}

@customElement('sandbox-clock')
export class SandboxClock extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        margin-top: 0.75rem;
      }
      .time,
      .next {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.25rem 0.75rem;
      }
      .now {
        font-size: 1.25rem;
        font-variant-numeric: tabular-nums;
        font-weight: 600;
      }
      fieldset {
        border: 0;
        padding: 0;
        margin: 0;
        min-width: 0;
      }
      legend {
        padding: 0;
        font-size: 0.875rem;
        color: var(--muted);
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0.5rem 1.5rem;
        align-items: end;
      }
      .controls + .controls {
        margin-top: 0.5rem;
      }
      input[type='number'] {
        width: 6rem;
      }
    `,
  ];

  @property({ attribute: false }) clock?: ClockView;
  /** The browser's time when `clock` arrived. */
  @property({ type: Number }) receivedAt = 0;
  @property({ attribute: false }) payments: readonly PaymentSummary[] = [];
  @state() private message = '';
  @state() private failed = false;
  @state() private busy = false;

  constructor() {
    super();
    new SecondTicker(this);
  }

  private now() {
    return this.clock ? Date.parse(this.clock.now) + (Date.now() - this.receivedAt) : Date.now();
  }

  private async act(path: string, body: unknown, done: (answer: ClockView & { advancedSeconds?: number }) => string) {
    this.busy = true;
    try {
      const answer = await callTool<ClockView & { advancedSeconds?: number }>('POST', path, body);
      this.failed = false;
      this.message = done(answer);
    } catch (error) {
      this.failed = true;
      this.message = error instanceof ToolError ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  private advance(seconds: number) {
    return this.act(
      '/__sandbox/clock/advance',
      { seconds },
      (answer) => `Moved ${durationOf(seconds)} forward: now ${timeOf(answer.now)}.`,
    );
  }

  private readonly toNext = () =>
    this.act(
      '/__sandbox/clock/next',
      {},
      (answer) => `Moved ${durationOf(answer.advancedSeconds ?? 0)} forward, to ${timeOf(answer.now)}.`,
    );

  private advanceBy(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const amount = Number(form.get('amount'));
    if (!Number.isFinite(amount) || amount <= 0) {
      this.failed = true;
      this.message = 'Give a number of minutes or hours greater than 0.';
      return;
    }
    return this.advance(Math.round(amount * Number(form.get('unit'))));
  }

  override render() {
    const now = this.now();
    const offset = this.clock?.offsetSeconds ?? 0;
    const due = nextDue(this.payments, now);
    return html`
      <div class="controls">
        <div class="time">
          <span class="muted">Emulator time (${zoneName(now)})</span>
          <time class="now" datetime=${new Date(now).toISOString()}>${timeOf(new Date(now).toISOString())}</time>
          <span class="muted">${offset ? `${durationOf(offset)} ahead of the wall clock` : 'in step with the wall clock'}</span>
        </div>
        <div class="next">
          <button
            type="button"
            class="primary"
            ?disabled=${this.busy || !due}
            aria-describedby="due"
            @click=${this.toNext}
          >
            To the next due event
          </button>
          <span id="due" class="muted">${due ? `${due.text} at ${timeOf(new Date(due.at).toISOString(), now)}` : 'Nothing is due.'}</span>
        </div>
      </div>
      <div class="controls">
        <fieldset>
          <legend>Advance the clock by</legend>
          <div class="row">
            ${STEPS.map(
              ([seconds, label]) =>
                html`<button type="button" ?disabled=${this.busy} @click=${() => this.advance(seconds)}>${label}</button>`,
            )}
          </div>
        </fieldset>
        <form class="row" @submit=${this.advanceBy} aria-label="Advance the clock by minutes or hours">
          <label>Amount <input name="amount" type="number" min="0" step="any" value="30" required /></label>
          <label
            >Unit
            <select name="unit">
              <option value="60">minutes</option>
              <option value="3600">hours</option>
            </select></label
          >
          <button type="submit" ?disabled=${this.busy}>Advance</button>
        </form>
      </div>
      <p class="message ${this.failed ? 'error' : ''}" role="status">${this.message}</p>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-clock': SandboxClock;
  }
}
