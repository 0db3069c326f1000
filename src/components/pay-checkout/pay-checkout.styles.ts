import { css } from 'lit';
import { tokens } from './tokens.styles.js';

/**
 * The element's rules, after its theme tokens (tokens.styles.ts), which they read as private
 * `--_*` variables or as `--pay-*` properties at their one use. The rules of a payin's views
 * (amounts, details, QR codes) are in views/payment-views.styles.ts, adopted with those views
 * when their chunk arrives.
 *
 * A method's card shows its radio's focus ring: WebKit (Safari) draws no box-shadow on a native
 * radio, and the focus rule takes its outline, so the ring would not show there at all. (Said
 * here, not in a CSS comment: the CSS ships as it is written.)
 */
export const styles = [
  tokens,
  css`
    :host {
      display: block;
      box-sizing: border-box;
      max-width: var(--pay-max-width, 28rem);
      padding: var(--_space);
      border: 1px solid var(--_border);
      border-radius: var(--pay-radius-container, var(--_radius));
      background: var(--_background);
      box-shadow: var(--_frame-shadow);
      color: var(--_text);
      font-family: var(--pay-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif);
      font-size: var(--pay-font-size, 1rem);
      line-height: var(--pay-font-line-height, 1.5);
      /* Platform strings may be one long word (a reference, an address, a URL): they wrap rather
         than widen the page. Buttons keep their words whole (white-space: nowrap). */
      overflow-wrap: anywhere;
    }
    :host([hidden]) {
      display: none;
    }
    *,
    *::before,
    *::after {
      box-sizing: inherit;
    }
    p {
      margin: 0 0 var(--_space-sm);
    }
    .header {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      align-items: baseline;
      gap: var(--_space-sm);
      margin-bottom: var(--_space);
    }
    .merchant,
    legend {
      font-weight: var(--_strong);
    }
    .muted,
    .hint {
      color: var(--_muted);
      font-size: var(--_small);
    }
    fieldset {
      margin: 0 0 var(--_space);
      padding: 0;
      border: 0;
      min-width: 0;
    }
    legend {
      padding: 0;
      margin-bottom: var(--_space-sm);
    }
    .methods {
      display: grid;
      gap: var(--pay-method-gap, var(--_space-sm));
    }
    .method {
      --_chosen: var(--pay-method-selected-border-color, var(--_primary));
      display: flex;
      align-items: center;
      gap: 0.6em;
      padding: var(--pay-method-padding, 0.65em 0.8em);
      border: var(--_tile-border) solid var(--pay-method-border-color, var(--_border));
      border-radius: var(--pay-radius-method, var(--_radius));
      background: var(--_tile);
      box-shadow: var(--pay-method-shadow, var(--_shadow));
      cursor: pointer;
    }
    .method:has(input:checked) {
      border-color: var(--_chosen);
      background: var(--_tile-chosen);
      box-shadow: inset 0 0 0 1px var(--_chosen);
    }
    .method:has(input:disabled) {
      cursor: default;
    }
    .method-body {
      display: grid;
      gap: var(--_space-md);
      padding: var(--_space-md) 0 0;
    }
    .field,
    .status {
      display: grid;
      gap: var(--pay-space-xs, calc(var(--_space) / 4));
    }
    .field > label {
      color: var(--pay-label-color, var(--_text));
      font-size: var(--_label-size);
      font-weight: var(--_label-weight);
      letter-spacing: var(--pay-label-letter-spacing, normal);
      text-transform: var(--pay-label-transform, none);
    }
    input:not([type='radio']),
    select {
      width: 100%;
      min-height: var(--pay-input-height, 2.75em);
      padding: var(--pay-input-padding, 0.5em 0.7em);
      border: solid var(--pay-input-border-color, var(--_border));
      border-width: var(--_input-border);
      border-radius: var(--pay-radius-input, calc(var(--_radius) * 0.75));
      background: var(--_input-background);
      box-shadow: var(--pay-input-shadow, var(--_shadow));
      font: inherit;
      color: var(--pay-input-color, var(--_text));
    }
    input[readonly] {
      background: var(--pay-input-readonly-background, var(--_surface));
    }
    input[aria-invalid='true'],
    select[aria-invalid='true'] {
      border-color: var(--_error);
    }
    input[type='radio'] {
      width: 1.1em;
      height: 1.1em;
      accent-color: var(--_primary);
    }
    .field-error,
    .error {
      color: var(--_error);
      font-size: var(--_small);
    }
    .button,
    button {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      min-height: var(--pay-button-height, 2.75em);
      padding: var(--pay-button-padding, 0.5em 1em);
      border: var(--pay-button-border-width, 1px) solid var(--_primary);
      border-radius: var(--_button-radius);
      background: transparent;
      color: var(--_primary);
      font: inherit;
      font-size: var(--pay-button-size, 1em);
      font-weight: var(--pay-button-weight, 600);
      letter-spacing: var(--pay-button-letter-spacing, normal);
      text-decoration: none;
      text-transform: var(--pay-button-transform, none);
      cursor: pointer;
    }
    .button.primary,
    button.primary {
      width: 100%;
      border-color: transparent;
      background: var(--pay-button-background, var(--_primary));
      box-shadow: var(--pay-button-shadow, var(--_shadow));
      color: var(--pay-button-color, var(--_on-primary));
    }
    button:disabled {
      opacity: 0.65;
      cursor: progress;
    }
    /* After every rule that draws a shadow, so the focus ring replaces it. */
    input:focus-visible,
    select:focus-visible,
    button:focus-visible,
    a:focus-visible,
    [tabindex='-1']:focus-visible {
      outline: none;
      box-shadow: var(--_focus);
    }
    input[type='radio']:focus-visible {
      box-shadow: none;
    }
    .method:has(input:focus-visible) {
      box-shadow: var(--_focus);
    }
    .actions {
      display: grid;
      gap: var(--_space-sm);
      margin: var(--_space) 0;
    }
    .status {
      margin-bottom: var(--_space);
      padding: var(--_space-md);
      border-radius: var(--_radius-panel);
      background: var(--_surface);
    }
    .status > * {
      margin: 0;
    }
    :host([state='error']) .status {
      border-left: 4px solid var(--_error);
    }
    .skeleton {
      height: 3em;
      margin-bottom: 0.5em;
      border-radius: var(--_radius-panel);
      background: var(--_surface);
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    .working::after {
      content: '';
      height: 0.25em;
      border-radius: var(--_radius-panel);
      background: var(--_primary);
    }
    @media (prefers-reduced-motion: no-preference) {
      .skeleton,
      .working::after {
        animation: pulse 1.2s ease-in-out infinite alternate;
      }
      @keyframes pulse {
        to {
          opacity: 0.5;
        }
      }
    }
  `,
];
