/**
 * <sandbox-faults>: the faults injected into the platform's answers (never into the emulator's
 * own tools): see them, set them (PUT /__sandbox/faults replaces them all) and clear them
 * (DELETE). An empty field is a fault left off.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Faults } from '../model.js';
import { shared } from './dashboard.styles.js';
import { ToolError, callTool } from './tools.js';

interface FaultField {
  key: keyof Faults;
  label: string;
  hint: string;
  min: number;
  max?: number;
  step: string;
  /** How the active fault reads: "latency 200 ms". */
  says: (value: number) => string;
}

const FIELDS: readonly FaultField[] = [
  {
    key: 'latencyMs',
    label: 'Latency (ms)',
    hint: 'added before every answer, 0 to 60000',
    min: 0,
    max: 60_000,
    step: '1',
    says: (v) => `latency ${v} ms`,
  },
  {
    key: 'errorRate',
    label: 'Error share',
    hint: 'of requests answered with the error status, unprocessed, 0 to 1',
    min: 0,
    max: 1,
    step: 'any',
    says: (v) => `${v * 100} % errors`,
  },
  {
    key: 'errorStatus',
    label: 'Error status',
    hint: 'of those answers, 500 to 599 (503 when empty)',
    min: 500,
    max: 599,
    step: '1',
    says: (v) => `errors are ${v}`,
  },
  {
    key: 'rateLimitBurst',
    label: '429 burst',
    hint: 'the next N requests get 429, unprocessed',
    min: 0,
    step: '1',
    says: (v) => `the next ${v} requests get 429`,
  },
  {
    key: 'dropRate',
    label: 'Drop share',
    hint: 'of connections closed without an answer, 0 to 1',
    min: 0,
    max: 1,
    step: 'any',
    says: (v) => `${v * 100} % dropped`,
  },
  {
    key: 'malformedRate',
    label: 'Malformed share',
    hint: 'of answers cut in half (the request is processed), 0 to 1',
    min: 0,
    max: 1,
    step: 'any',
    says: (v) => `${v * 100} % malformed`,
  },
];

/** The faults in words, or that there are none. */
export function faultsInWords(faults: Faults): string {
  const active = FIELDS.filter(({ key }) => faults[key]).map(({ key, says }) => says(faults[key]!));
  return active.length ? `Active: ${active.join(', ')}.` : 'None: the platform answers normally.';
}

@customElement('sandbox-faults')
export class SandboxFaults extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      .fields {
        display: grid;
        gap: 1rem;
        grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
        margin: 1rem 0;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 0.125rem;
      }
      .field label {
        display: block;
        color: var(--text);
        font-weight: 600;
      }
      .hint {
        font-size: 0.8125rem;
      }
    `,
  ];

  @property({ attribute: false }) faults: Faults = {};
  @state() private message = '';
  @state() private failed = false;
  @state() private busy = false;

  private async act(method: 'PUT' | 'DELETE', body?: Faults) {
    this.busy = true;
    try {
      this.faults = await callTool<Faults>(method, '/__sandbox/faults', body);
      this.failed = false;
      this.message =
        method === 'DELETE' ? 'Cleared: the platform answers normally.' : `Set. ${faultsInWords(this.faults)}`;
      await this.updateComplete;
      this.renderRoot.querySelector('form')?.reset();
    } catch (error) {
      this.failed = true;
      this.message = error instanceof ToolError ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  private submit(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const faults: Faults = {};
    for (const { key } of FIELDS) {
      const value = String(form.get(key) ?? '').trim();
      if (value !== '') faults[key] = Number(value);
    }
    return this.act('PUT', faults);
  }

  override render() {
    return html`
      <h2 tabindex="-1">Faults</h2>
      <p class="panel" id="now">${faultsInWords(this.faults)}</p>
      <form class="panel" @submit=${this.submit} aria-describedby="about">
        <p id="about" class="muted">
          Faults touch the platform's endpoints only, never the emulator's tools. Setting replaces them all; leave a
          field empty to turn that fault off.
        </p>
        <div class="fields">
          ${FIELDS.map(
            (field) =>
              html`<div class="field">
                <label for=${field.key}>${field.label}</label>
                <input
                  id=${field.key}
                  name=${field.key}
                  type="number"
                  min=${field.min}
                  max=${ifDefined(field.max)}
                  step=${field.step}
                  value=${this.faults[field.key] ?? ''}
                  aria-describedby=${`${field.key}-hint`}
                />
                <span class="hint muted" id=${`${field.key}-hint`}>${field.hint}</span>
              </div>`,
          )}
        </div>
        <div class="row">
          <button type="submit" class="primary" ?disabled=${this.busy}>Set faults</button>
          <button type="button" ?disabled=${this.busy} @click=${() => this.act('DELETE')}>Clear all</button>
        </div>
        <p class="message ${this.failed ? 'error' : ''}" role="status">${this.message}</p>
      </form>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sandbox-faults': SandboxFaults;
  }
}
