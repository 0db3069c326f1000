import { css } from 'lit';

/**
 * The rules of a payin's views (pending and final, every method's), in the payin views chunk and
 * adopted by the element's shadow root beside its own when that chunk arrives. The `--_*` tokens
 * are the element's (pay-checkout.styles.ts).
 */
export const styles = css`
  .amount .label,
  .note {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .amount {
    display: flex;
    flex-direction: column;
    margin-bottom: calc(var(--_space) / 2);
  }
  .amount .value {
    font-size: 1.5em;
    font-variant-numeric: tabular-nums;
  }
  .amount.required {
    padding: calc(var(--_space) / 2);
    border: 2px solid var(--_warning);
    border-radius: var(--_radius);
  }
  button.copy {
    min-height: 2em;
    padding: 0.2em 0.6em;
    font-size: 0.85em;
  }
  .countdown {
    font-variant-numeric: tabular-nums;
  }
  dl.details {
    display: grid;
    gap: 0.5em;
    margin: 0 0 var(--_space);
  }
  .row {
    display: grid;
    gap: 0.1em;
  }
  .row dt {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .row dd {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.5em;
    margin: 0;
    overflow-wrap: anywhere;
  }
  .row.highlight dd {
    font-weight: 700;
  }
  .copy-value {
    font-variant-numeric: tabular-nums;
  }
  .qr-box {
    display: flex;
    justify-content: center;
    margin: calc(var(--_space) / 2) 0 var(--_space);
  }
  .qr {
    width: min(16rem, 100%);
    height: auto;
    aspect-ratio: 1;
    background: #fff;
  }
  .qr-placeholder {
    width: min(16rem, 100%);
    aspect-ratio: 1;
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .instructions ol {
    margin: 0 0 calc(var(--_space) / 2);
    padding-inline-start: 1.25em;
  }
  .redirect,
  .actions {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: var(--_space) 0;
  }
`;
