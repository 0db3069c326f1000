/**
 * Every theme token (`--pay-*`) with the rendered thing it must change: the view it shows in, the
 * node (`:host` is the element itself), the computed property, and a value to set. The browser
 * test (test/components/theme.test.ts) sets each and reads the computed style; the manifest test
 * checks this table names exactly the properties custom-elements.json documents.
 */
export type TokenView = 'form' | 'pending' | 'final';

export interface TokenProbe {
  view: TokenView;
  selector: string;
  property: string;
  value: string;
  /** The computed value expected once set (when an engine says it one way); otherwise "changed". */
  expected?: string;
  /** Read while the node has the focus. */
  focus?: boolean;
}

const HOST = ':host';
const SUBMIT = 'button[part="submit"]';
const INPUT = 'input[data-field="phoneNumber"]';
const LABEL = '.field > label';
const TILE = '.method:not(:has(input:checked))';
const CHOSEN = '.method:has(input:checked)';
const QR = 'svg.qr';
const colour = (view: TokenView, selector: string, property: string, n: number): TokenProbe => ({
  view,
  selector,
  property,
  value: `rgb(${n}, 2, 3)`,
  expected: `rgb(${n}, 2, 3)`,
});
const length = (view: TokenView, selector: string, property: string, px: number): TokenProbe => ({
  view,
  selector,
  property,
  value: `${px}px`,
  expected: `${px}px`,
});
const set = (view: TokenView, selector: string, property: string, value: string, extra: Partial<TokenProbe> = {}) => ({
  view,
  selector,
  property,
  value,
  ...extra,
});

export const TOKEN_PROBES: Record<string, TokenProbe> = {
  '--pay-color-primary': colour('form', SUBMIT, 'background-color', 11),
  '--pay-color-on-primary': colour('form', SUBMIT, 'color', 12),
  '--pay-color-text': colour('form', HOST, 'color', 13),
  '--pay-color-muted': colour('form', '.muted', 'color', 14),
  '--pay-color-background': colour('form', HOST, 'background-color', 15),
  '--pay-color-surface': colour('form', 'input[readonly]', 'background-color', 16),
  '--pay-color-border': colour('form', HOST, 'border-top-color', 17),
  '--pay-color-error': colour('form', '.field-error', 'color', 18),
  '--pay-color-success': colour('final', '[part="status"]', 'border-left-color', 19),
  '--pay-color-warning': colour('pending', '.amount.required', 'border-top-color', 20),
  '--pay-font-family': set('form', HOST, 'font-family', 'fantasy', { expected: 'fantasy' }),
  '--pay-font-size': length('form', HOST, 'font-size', 21),
  '--pay-font-line-height': set('form', HOST, 'line-height', '3'),
  '--pay-font-mono': set('pending', '.raw', 'font-family', 'cursive', { expected: 'cursive' }),
  '--pay-text-small-size': length('form', '.muted', 'font-size', 9),
  '--pay-text-heading-size': length('pending', 'h2', 'font-size', 31),
  '--pay-text-heading-weight': set('pending', 'h2', 'font-weight', '300', { expected: '300' }),
  '--pay-text-strong-weight': set('form', 'legend', 'font-weight', '800', { expected: '800' }),
  '--pay-text-amount-size': length('pending', '.amount .value', 'font-size', 41),
  '--pay-text-amount-weight': set('pending', '.amount .value', 'font-weight', '400', { expected: '400' }),
  '--pay-radius': length('form', HOST, 'border-top-left-radius', 13),
  '--pay-radius-container': length('form', HOST, 'border-top-left-radius', 14),
  '--pay-radius-input': length('form', INPUT, 'border-top-left-radius', 15),
  '--pay-radius-button': length('form', SUBMIT, 'border-top-left-radius', 16),
  '--pay-radius-method': length('form', TILE, 'border-top-left-radius', 17),
  '--pay-radius-panel': length('pending', '[part="status"]', 'border-top-left-radius', 18),
  '--pay-spacing': length('form', HOST, 'padding-top', 31),
  '--pay-space-xs': length('form', '.field', 'row-gap', 7),
  '--pay-space-sm': length('form', 'legend', 'margin-bottom', 19),
  '--pay-space-md': length('form', '.method-body', 'row-gap', 23),
  '--pay-space-lg': length('form', HOST, 'padding-top', 33),
  '--pay-input-background': colour('form', INPUT, 'background-color', 31),
  '--pay-input-color': colour('form', INPUT, 'color', 32),
  '--pay-input-border-color': colour('form', 'input[readonly]', 'border-top-color', 33),
  '--pay-input-border-width': length('form', INPUT, 'border-top-width', 5),
  '--pay-input-height': length('form', INPUT, 'min-height', 77),
  '--pay-input-padding': length('form', INPUT, 'padding-left', 19),
  '--pay-input-readonly-background': colour('form', 'input[readonly]', 'background-color', 34),
  '--pay-input-shadow': set('form', INPUT, 'box-shadow', 'rgb(35, 2, 3) 0px 0px 0px 3px'),
  '--pay-label-color': colour('form', LABEL, 'color', 41),
  '--pay-label-size': length('form', LABEL, 'font-size', 11),
  '--pay-label-weight': set('form', LABEL, 'font-weight', '700', { expected: '700' }),
  '--pay-label-transform': set('form', LABEL, 'text-transform', 'uppercase', { expected: 'uppercase' }),
  '--pay-label-letter-spacing': length('form', LABEL, 'letter-spacing', 3),
  '--pay-button-background': colour('form', SUBMIT, 'background-color', 51),
  '--pay-button-color': colour('form', SUBMIT, 'color', 52),
  '--pay-button-height': length('form', SUBMIT, 'min-height', 61),
  '--pay-button-padding': length('form', SUBMIT, 'padding-left', 29),
  '--pay-button-size': length('form', SUBMIT, 'font-size', 27),
  '--pay-button-weight': set('form', SUBMIT, 'font-weight', '900', { expected: '900' }),
  '--pay-button-transform': set('form', SUBMIT, 'text-transform', 'uppercase', { expected: 'uppercase' }),
  '--pay-button-letter-spacing': length('form', SUBMIT, 'letter-spacing', 2),
  '--pay-button-border-width': length('form', SUBMIT, 'border-top-width', 4),
  '--pay-button-shadow': set('form', SUBMIT, 'box-shadow', 'rgb(53, 2, 3) 0px 2px 4px 0px'),
  '--pay-method-background': colour('form', TILE, 'background-color', 61),
  '--pay-method-border-color': colour('form', TILE, 'border-top-color', 62),
  '--pay-method-border-width': length('form', TILE, 'border-top-width', 3),
  '--pay-method-padding': length('form', TILE, 'padding-left', 25),
  '--pay-method-gap': length('form', '.methods', 'row-gap', 17),
  '--pay-method-selected-background': colour('form', CHOSEN, 'background-color', 63),
  '--pay-method-selected-border-color': colour('form', CHOSEN, 'border-top-color', 64),
  '--pay-method-shadow': set('form', TILE, 'box-shadow', 'rgb(65, 2, 3) 0px 1px 2px 0px'),
  '--pay-qr-size': length('pending', QR, 'width', 111),
  '--pay-qr-background': colour('pending', QR, 'background-color', 71),
  '--pay-qr-padding': length('pending', QR, 'padding-top', 9),
  '--pay-qr-border': set('pending', QR, 'border-top-width', '3px solid rgb(72, 2, 3)', { expected: '3px' }),
  '--pay-qr-radius': length('pending', QR, 'border-top-left-radius', 12),
  '--pay-qr-shadow': set('pending', QR, 'box-shadow', 'rgb(73, 2, 3) 0px 4px 8px 0px'),
  '--pay-shadow-container': set('form', HOST, 'box-shadow', 'rgb(81, 2, 3) 0px 8px 16px 0px'),
  '--pay-shadow-control': set('form', INPUT, 'box-shadow', 'rgb(82, 2, 3) 0px 1px 2px 0px'),
  '--pay-focus-color': set('form', INPUT, 'box-shadow', 'rgb(91, 2, 3)', { focus: true }),
  '--pay-focus-width': set('form', INPUT, 'box-shadow', '6px', { focus: true }),
  '--pay-focus-offset': set('form', INPUT, 'box-shadow', '5px', { focus: true }),
  '--pay-focus-ring': set('form', INPUT, 'box-shadow', '0 0 0 3px rgb(92, 2, 3)', { focus: true }),
  '--pay-max-width': length('form', HOST, 'max-width', 333),
};
