import { css } from 'lit';

/**
 * Public theme tokens are `--pay-*`; each is copied to a private `--_*` variable with its default,
 * so the rules below read one name. Each default is a light-dark() pair: the dark one applies when
 * the page prefers a dark scheme, or when the element has color-scheme="dark" (color-scheme="light"
 * forces light). The rules of a payin's views (amounts, details, QR codes) are in
 * views/payment-views.styles.ts, adopted with those views when their chunk arrives.
 *
 * A method's card shows its radio's focus ring: WebKit (Safari) draws no box-shadow on a native
 * radio, and the focus rule takes its outline, so the ring would not show there at all. (Said
 * here, not in a CSS comment: the CSS ships as it is written.)
 */
export const styles = css`
  :host {
    color-scheme: light dark;
    --_primary: var(--pay-color-primary, light-dark(#1a56db, #6ea8fe));
    --_on-primary: var(--pay-color-on-primary, light-dark(#fff, #0b1220));
    --_text: var(--pay-color-text, light-dark(#1f2328, #e6edf3));
    --_muted: var(--pay-color-muted, light-dark(#57606a, #9da7b3));
    --_background: var(--pay-color-background, light-dark(#fff, #0d1117));
    --_surface: var(--pay-color-surface, light-dark(#f6f8fa, #161b22));
    --_border: var(--pay-color-border, light-dark(#8c959f, #6e7681));
    --_error: var(--pay-color-error, light-dark(#b42318, #ff8182));
    --_success: var(--pay-color-success, light-dark(#1a7f37, #56d364));
    --_warning: var(--pay-color-warning, light-dark(#8a5a00, #e3b341));
    /* A ring of the primary colour outside a gap of the background: at least 3:1 against the background. */
    --_focus: var(--pay-focus-ring, 0 0 0 2px var(--_background), 0 0 0 4px var(--_primary));
    --_font: var(--pay-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif);
    --_font-size: var(--pay-font-size, 1rem);
    --_radius: var(--pay-radius, 0.5rem);
    --_space: var(--pay-spacing, 1rem);

    display: block;
    box-sizing: border-box;
    max-width: var(--pay-max-width, 28rem);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.5;
    /* Platform strings may be one long word (a reference, an address, a URL): they wrap rather
       than widen the page. Buttons keep their words whole (white-space: nowrap). */
    overflow-wrap: anywhere;
  }
  /* The scheme follows the page's preference unless the element is told otherwise. */
  :host([color-scheme='light']) {
    color-scheme: light;
  }
  :host([color-scheme='dark']) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  h2,
  h3,
  h4 {
    margin: 0 0 calc(var(--_space) / 2);
    line-height: 1.25;
  }
  h2 {
    font-size: 1.15em;
  }
  h3 {
    font-size: 1em;
  }
  h4 {
    font-size: 0.95em;
  }
  p {
    margin: 0 0 calc(var(--_space) / 2);
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: baseline;
    gap: calc(var(--_space) / 2);
    margin-bottom: var(--_space);
  }
  .merchant {
    font-weight: 600;
  }
  .muted,
  .hint {
    color: var(--_muted);
    font-size: 0.9em;
  }
  fieldset {
    margin: 0 0 var(--_space);
    padding: 0;
    border: 0;
    min-width: 0;
  }
  legend {
    padding: 0;
    margin-bottom: calc(var(--_space) / 2);
    font-weight: 600;
  }
  .methods {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .method {
    display: flex;
    align-items: center;
    gap: 0.6em;
    padding: 0.65em 0.8em;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  .method:has(input:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .method:has(input:disabled) {
    cursor: default;
  }
  .method-body {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    padding: calc(var(--_space) * 0.75) 0 0;
  }
  .field {
    display: grid;
    gap: 0.25em;
  }
  label {
    font-weight: 500;
  }
  input[type='text'],
  input[type='email'],
  input[type='tel'],
  select {
    width: 100%;
    min-height: 2.75em;
    padding: 0.5em 0.7em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_background);
    color: inherit;
    font: inherit;
  }
  input[readonly] {
    background: var(--_surface);
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: var(--_error);
  }
  input:focus-visible,
  select:focus-visible,
  button:focus-visible,
  a:focus-visible,
  [tabindex='-1']:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  input[type='radio'] {
    width: 1.1em;
    height: 1.1em;
    accent-color: var(--_primary);
  }
  input[type='radio']:focus-visible {
    box-shadow: none;
  }
  .method:has(:focus-visible) {
    box-shadow: var(--_focus);
  }
  .field-error,
  .error {
    color: var(--_error);
    font-size: 0.9em;
  }
  .button,
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 2.75em;
    padding: 0.5em 1em;
    border: 1px solid var(--_primary);
    border-radius: var(--_radius);
    background: transparent;
    color: var(--_primary);
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  .button.primary,
  button.primary {
    width: 100%;
    background: var(--_primary);
    color: var(--_on-primary);
  }
  button:disabled {
    opacity: 0.65;
    cursor: progress;
  }
  .actions {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: var(--_space) 0;
  }
  .status {
    display: grid;
    gap: 0.25em;
    margin-bottom: var(--_space);
    padding: calc(var(--_space) * 0.75);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .status > * {
    margin: 0;
  }
  :host([state='success']) .status {
    border-left: 4px solid var(--_success);
  }
  :host([state='failed']) .status,
  :host([state='refused']) .status,
  :host([state='error']) .status {
    border-left: 4px solid var(--_error);
  }
  .skeleton {
    height: 3em;
    margin-bottom: 0.5em;
    border-radius: var(--_radius);
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
    border-radius: var(--_radius);
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
`;
