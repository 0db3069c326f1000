import { css } from 'lit';

/**
 * The `theme` presets: only values. Each sets the element's private variables (tokens.styles.ts)
 * again, reading the page's public `--pay-*` property first, so a page's own value still wins over
 * the preset's. A chunk of its own: a shop that keeps the default look never downloads it. Night's
 * dark color-scheme is in tokens.styles.ts, so that it is dark before this chunk arrives.
 */
export const presets = css`
  /* Flat: filled fields underlined, small corners, tiles without borders, bolder labels. */
  :host([theme='flat']) {
    --_radius: var(--pay-radius, 0.25rem);
    --_surface: var(--pay-color-surface, light-dark(#eff2f5, #1c2129));
    --_border: var(--pay-color-border, light-dark(#6e7781, #7d8590));
    --_input-background: var(--pay-input-background, var(--_surface));
    --_input-border: var(--pay-input-border-width, 0 0 2px);
    --_label-size: var(--pay-label-size, 0.875em);
    --_label-weight: var(--pay-label-weight, 600);
    --_tile: var(--pay-method-background, var(--_surface));
    --_tile-border: var(--pay-method-border-width, 0);
    --_tile-chosen: var(--pay-method-selected-background, color-mix(in srgb, var(--_primary) 12%, var(--_background)));
  }
  /* Night: dark whatever the page's scheme, indigo, softer corners, pill buttons, a raised frame. */
  :host([theme='night']) {
    --_primary: var(--pay-color-primary, #8fa2ff);
    --_on-primary: var(--pay-color-on-primary, #10132a);
    --_text: var(--pay-color-text, #eceff7);
    --_muted: var(--pay-color-muted, #a9b1c7);
    --_background: var(--pay-color-background, #161a2b);
    --_surface: var(--pay-color-surface, #20263a);
    --_border: var(--pay-color-border, #6b7590);
    --_error: var(--pay-color-error, #ff8c8c);
    --_success: var(--pay-color-success, #5fdc96);
    --_warning: var(--pay-color-warning, #f2c45a);
    --_radius: var(--pay-radius, 0.75rem);
    --_button-radius: var(--pay-radius-button, var(--pay-radius, 999px));
    --_input-background: var(--pay-input-background, #10131f);
    --_tile-chosen: var(--pay-method-selected-background, color-mix(in srgb, var(--_primary) 16%, var(--_background)));
    --_frame-shadow: var(--pay-shadow-container, 0 0.5rem 1.5rem #0006);
  }
`;
