import { css } from 'lit';

/**
 * The element's theme tokens. A page sets the public `--pay-*` properties; the rules read them
 * through private `--_*` variables (those used in several places) or at their one use. Each falls
 * back to the `theme` preset's private `--_preset-*` value, then to the default, so a page's own
 * value always wins over a preset: a preset is only values, never a rule of its own. Colours are
 * light-dark() pairs: the dark one applies when the page prefers a dark scheme or the element has
 * color-scheme="dark"; `night` is always dark. What only a payin's views read (the success and
 * warning colours, the QR's frame, the amount) is in their own lazy sheet,
 * views/payment-views.styles.ts. docs/theming.md shows the tokens at work.
 *
 * The manifest (custom-elements-manifest.config.mjs) lists the element's CSS properties from the
 * `@cssproperty` lines below, each with its default.
 *
 * @cssproperty [--pay-color-primary=light-dark(#1a56db, #6ea8fe)] - Buttons, links, selection and the focus ring.
 * @cssproperty [--pay-color-on-primary=light-dark(#fff, #0b1220)] - Text on the primary colour.
 * @cssproperty [--pay-color-text=light-dark(#1f2328, #e6edf3)] - Text.
 * @cssproperty [--pay-color-muted=light-dark(#57606a, #9da7b3)] - Secondary text: hints, notes, labels of details.
 * @cssproperty [--pay-color-background=light-dark(#fff, #0d1117)] - The element's background.
 * @cssproperty [--pay-color-surface=light-dark(#f6f8fa, #161b22)] - Panels, placeholders and read-only fields.
 * @cssproperty [--pay-color-border=light-dark(#8c959f, #6e7681)] - Borders of the element, fields and methods.
 * @cssproperty [--pay-color-error=light-dark(#b42318, #ff8182)] - Errors.
 * @cssproperty [--pay-color-success=light-dark(#1a7f37, #56d364)] - Success.
 * @cssproperty [--pay-color-warning=light-dark(#8a5a00, #e3b341)] - The exact-amount notice and an expired request.
 * @cssproperty [--pay-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif] - Font.
 * @cssproperty [--pay-font-size=1rem] - Base font size; the other sizes are relative to it.
 * @cssproperty [--pay-font-line-height=1.5] - Line height of text.
 * @cssproperty [--pay-font-mono=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of raw codes (a QR's payload, references).
 * @cssproperty [--pay-text-small-size=0.9em] - Size of hints, notes and messages.
 * @cssproperty [--pay-text-heading-size=1.15em] - Size of the headings of a view.
 * @cssproperty [--pay-text-heading-weight=700] - Weight of headings.
 * @cssproperty [--pay-text-strong-weight=600] - Weight of emphasis: the shop's name, the method legend, details.
 * @cssproperty [--pay-text-amount-size=1.75em] - Size of the amount to pay.
 * @cssproperty [--pay-text-amount-weight=700] - Weight of the amount to pay.
 * @cssproperty [--pay-radius=0.5rem] - Base corner radius: the radii below follow it.
 * @cssproperty [--pay-radius-container=var(--pay-radius)] - Corners of the element's frame.
 * @cssproperty [--pay-radius-input=calc(var(--pay-radius) * 0.75)] - Corners of text fields and selects.
 * @cssproperty [--pay-radius-button=var(--pay-radius)] - Corners of buttons.
 * @cssproperty [--pay-radius-method=var(--pay-radius)] - Corners of the method tiles.
 * @cssproperty [--pay-radius-panel=var(--pay-radius)] - Corners of panels: status, details, notices.
 * @cssproperty [--pay-spacing=1rem] - Base spacing: the scale below follows it.
 * @cssproperty [--pay-space-xs=calc(var(--pay-spacing) / 4)] - Between a label and its field, inside a status.
 * @cssproperty [--pay-space-sm=calc(var(--pay-spacing) / 2)] - Between the lines of a group: methods, actions, paragraphs.
 * @cssproperty [--pay-space-md=calc(var(--pay-spacing) * 0.75)] - Between fields; inside panels.
 * @cssproperty [--pay-space-lg=var(--pay-spacing)] - The element's padding, between sections.
 * @cssproperty [--pay-input-background=var(--pay-color-background)] - Background of text fields and selects.
 * @cssproperty [--pay-input-color=var(--pay-color-text)] - Text of fields.
 * @cssproperty [--pay-input-border-color=var(--pay-color-border)] - Border colour of fields.
 * @cssproperty [--pay-input-border-width=1px] - Border width of fields (up to four values: `0 0 2px` underlines).
 * @cssproperty [--pay-input-height=2.75em] - Least height of fields.
 * @cssproperty [--pay-input-padding=0.5em 0.7em] - Padding of fields.
 * @cssproperty [--pay-input-readonly-background=var(--pay-color-surface)] - Background of data the customer may not change.
 * @cssproperty [--pay-input-shadow=var(--pay-shadow-control)] - Shadow of fields.
 * @cssproperty [--pay-label-color=var(--pay-color-text)] - Colour of field labels.
 * @cssproperty [--pay-label-size=1em] - Size of field labels.
 * @cssproperty [--pay-label-weight=500] - Weight of field labels.
 * @cssproperty [--pay-label-transform=none] - Text case of field labels (`uppercase`…).
 * @cssproperty [--pay-label-letter-spacing=normal] - Letter spacing of field labels.
 * @cssproperty [--pay-button-background=var(--pay-color-primary)] - Background of the pay button and other main actions.
 * @cssproperty [--pay-button-color=var(--pay-color-on-primary)] - Text of the main actions.
 * @cssproperty [--pay-button-height=2.75em] - Least height of buttons.
 * @cssproperty [--pay-button-padding=0.5em 1em] - Padding of buttons.
 * @cssproperty [--pay-button-size=1em] - Text size of buttons.
 * @cssproperty [--pay-button-weight=600] - Text weight of buttons.
 * @cssproperty [--pay-button-transform=none] - Text case of buttons (`uppercase`…).
 * @cssproperty [--pay-button-letter-spacing=normal] - Letter spacing of buttons.
 * @cssproperty [--pay-button-border-width=1px] - Border width of buttons (a secondary button is its border).
 * @cssproperty [--pay-button-shadow=var(--pay-shadow-control)] - Shadow of the main actions.
 * @cssproperty [--pay-method-background=transparent] - Background of a method tile.
 * @cssproperty [--pay-method-border-color=var(--pay-color-border)] - Border colour of a method tile.
 * @cssproperty [--pay-method-border-width=1px] - Border width of a method tile.
 * @cssproperty [--pay-method-padding=0.65em 0.8em] - Padding of a method tile.
 * @cssproperty [--pay-method-gap=var(--pay-space-sm)] - Space between method tiles.
 * @cssproperty [--pay-method-selected-background=var(--pay-method-background)] - Background of the chosen method.
 * @cssproperty [--pay-method-selected-border-color=var(--pay-color-primary)] - Border colour of the chosen method.
 * @cssproperty [--pay-method-shadow=var(--pay-shadow-control)] - Shadow of a method tile.
 * @cssproperty [--pay-qr-size=16rem] - Width of the QR code (never wider than the element).
 * @cssproperty [--pay-qr-background=#fff] - The QR's frame: keep it light, phone cameras look for a light margin.
 * @cssproperty [--pay-qr-padding=0] - Padding of the QR's frame, around its own quiet zone.
 * @cssproperty [--pay-qr-border=none] - Border of the QR's frame (a border shorthand).
 * @cssproperty [--pay-qr-radius=calc(var(--pay-radius) / 2)] - Corners of the QR's frame.
 * @cssproperty [--pay-qr-shadow=none] - Shadow of the QR's frame.
 * @cssproperty [--pay-shadow-container=none] - Shadow of the element's frame.
 * @cssproperty [--pay-shadow-control=none] - Shadow of fields, method tiles and main actions.
 * @cssproperty [--pay-focus-color=var(--pay-color-primary)] - Colour of the focus ring.
 * @cssproperty [--pay-focus-width=2px] - Width of the focus ring.
 * @cssproperty [--pay-focus-offset=2px] - Gap of the background between a control and its focus ring.
 * @cssproperty [--pay-focus-ring=0 0 0 var(--pay-focus-offset) var(--pay-color-background), 0 0 0 calc(var(--pay-focus-offset) + var(--pay-focus-width)) var(--pay-focus-color)] - The whole focus ring, as a box-shadow (keep it at 3:1 against the background).
 * @cssproperty [--pay-max-width=28rem] - Maximum width of the element.
 */
export const tokens = css`
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
    --_small: var(--pay-text-small-size, 0.9em);
    --_strong: var(--pay-text-strong-weight, 600);
    --_radius: var(--pay-radius, 0.5rem);
    --_radius-panel: var(--pay-radius-panel, var(--_radius));
    --_button-radius: var(--pay-radius-button, var(--_radius));
    --_space: var(--pay-space-lg, var(--pay-spacing, 1rem));
    --_space-sm: var(--pay-space-sm, calc(var(--_space) / 2));
    --_space-md: var(--pay-space-md, calc(var(--_space) * 0.75));
    --_input-background: var(--pay-input-background, var(--_background));
    --_input-border: var(--pay-input-border-width, 1px);
    --_label-size: var(--pay-label-size, 1em);
    --_label-weight: var(--pay-label-weight, 500);
    --_tile: var(--pay-method-background, transparent);
    --_tile-border: var(--pay-method-border-width, 1px);
    --_tile-chosen: var(--pay-method-selected-background, var(--_tile));
    --_shadow: var(--pay-shadow-control, none);
    --_frame-shadow: var(--pay-shadow-container, none);
    /* A ring of the focus colour outside a gap of the background: at least 3:1 against the background. */
    --_offset: var(--pay-focus-offset, 2px);
    --_focus: var(
      --pay-focus-ring,
      0 0 0 var(--_offset) var(--_background),
      0 0 0 calc(var(--_offset) + var(--pay-focus-width, 2px)) var(--pay-focus-color, var(--_primary))
    );
  }
  /* The scheme follows the page's preference unless the element is told otherwise; night is dark
     from the start, before its values (presets.styles.ts) arrive. */
  :host([color-scheme='light']) {
    color-scheme: light;
  }
  :host([color-scheme='dark']),
  :host([theme='night']) {
    color-scheme: dark;
  }
`;
