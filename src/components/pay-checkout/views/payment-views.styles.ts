import { css } from 'lit';

/**
 * The rules of a payin's views (pending and final, every method's), in the payin views chunk and
 * adopted by the element's shadow root beside its own when that chunk arrives. The `--_*` tokens
 * are the element's (pay-checkout.styles.ts).
 * On a pending view the amount and the one action carry the emphasis; details sit in a quiet
 * panel, support data in a closed disclosure. What only the other methods' views show has its
 * rules in their chunk (methods/other-views.styles.ts), and so has trouble (trouble-views.styles.ts).
 */
export const styles = css`
  .icon {
    width: 1.25em;
    height: 1.25em;
    flex: none;
  }
  .method-title {
    display: flex;
    align-items: center;
    gap: 0.5em;
    color: var(--_muted);
    font-weight: 600;
  }
  .method-title .icon {
    width: 1.5em;
    height: 1.5em;
    color: var(--_primary);
  }
  .amount .label,
  .note {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .amount {
    display: flex;
    flex-direction: column;
    margin-bottom: var(--_space);
  }
  .amount-line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.75em;
  }
  .amount .value {
    font-size: 1.75em;
    font-weight: 700;
    line-height: 1.2;
    font-variant-numeric: tabular-nums;
  }
  .amount.required {
    padding: calc(var(--_space) / 2) calc(var(--_space) * 0.75);
    border: 2px solid var(--_warning);
    border-radius: var(--_radius);
  }
  .amount .note {
    margin: 0.25em 0 0;
  }
  button.copy {
    flex: none;
    gap: 0.3em;
    min-height: 2.25em;
    min-width: 4.5em;
    padding: 0.2em 0.7em;
    font-size: 0.85em;
    white-space: nowrap;
  }
  button.done {
    border-color: var(--_success);
    color: var(--_success);
  }
  .copy-note {
    flex-basis: 100%;
    color: var(--_warning);
    font-size: 0.85em;
  }
  .deadline {
    margin: 0;
    font-weight: 600;
  }
  .countdown {
    margin: 0;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .details-box {
    margin: 0 0 var(--_space);
    padding: calc(var(--_space) * 0.75);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  dl.details {
    display: grid;
    gap: 0.6em;
    margin: 0;
  }
  .row {
    display: grid;
    gap: 0.1em;
    min-width: 0;
  }
  .row dt {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .row dd {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 0.25em 0.75em;
    margin: 0;
  }
  .row .value,
  .row .copy-value {
    flex: 1 1 10ch;
    min-width: 0;
    overflow-wrap: anywhere;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  /* A group of four never breaks; the groups wrap as wholes. */
  .group {
    display: inline-block;
    white-space: nowrap;
  }
  .group + .group {
    margin-inline-start: 0.35em;
  }
  .qr-step {
    margin-bottom: var(--_space);
  }
  .qr-step .actions {
    margin: 0 0 var(--_space);
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
  /* A QR on a dark theme keeps a white margin around it, so phone cameras find its edge. */
  svg.qr,
  img.qr {
    border-radius: calc(var(--_radius) / 2);
  }
  .qr-placeholder {
    width: min(16rem, 100%);
    aspect-ratio: 1;
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .paste-code {
    display: grid;
    gap: 0.5em;
  }
  .paste-code .note {
    margin: 0;
  }
  .raw {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 0.8em;
    overflow-wrap: anywhere;
  }
  .clamp {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    color: var(--_muted);
  }
  details.support {
    margin: 0 0 var(--_space);
    color: var(--_muted);
    font-size: 0.9em;
  }
  details.support summary {
    display: flex;
    align-items: center;
    gap: 0.4em;
    width: fit-content;
    min-height: 2.75em;
    cursor: pointer;
  }
  details.support summary::before {
    content: '';
    border-block: 0.3em solid transparent;
    border-inline-start: 0.45em solid currentColor;
    transition: rotate 0.15s;
  }
  details.support[open] summary::before {
    rotate: 90deg;
  }
  details.support dl {
    display: grid;
    gap: 0.5em;
    margin: 0;
  }
  details.support dd {
    margin: 0;
  }
  .qr-fallback {
    display: grid;
    gap: 0.5em;
    justify-items: start;
  }
  .qr-fallback code {
    font-size: 0.85em;
    max-height: 8em;
    overflow-y: auto;
  }
`;
