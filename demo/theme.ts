/**
 * Themes (theme.html): a preset (`theme`), the main `--pay-*` tokens as colour pickers and
 * sliders, and a real checkout beside them that follows each change. The tokens are set on the
 * element as a page's stylesheet would set them (through the CSSOM: the page's CSP allows no inline
 * style); the CSS to paste lists the ones changed. "Shop look" sets the tokens that match this
 * demo shop (demo.css), light and dark.
 */
import 'pay-checkout';
import type { PayCheckout } from 'pay-checkout';
import { byId } from './lib/dom.js';
import { startCheckout } from './lib/merchant-api.js';
import { PRESETS } from './lib/shop-data.js';

interface Colour {
  token: string;
  label: string;
  initial: string;
}
interface Slider {
  token: string;
  label: string;
  min: number;
  max: number;
  step: number;
  initial: number;
  unit: string;
}

const COLOURS: Colour[] = [
  { token: '--pay-color-primary', label: 'Primary', initial: '#1a56db' },
  { token: '--pay-color-on-primary', label: 'Text on primary', initial: '#ffffff' },
  { token: '--pay-color-background', label: 'Background', initial: '#ffffff' },
  { token: '--pay-color-text', label: 'Text', initial: '#1f2328' },
  { token: '--pay-color-surface', label: 'Panels', initial: '#f6f8fa' },
  { token: '--pay-color-border', label: 'Borders', initial: '#8c959f' },
];
const SLIDERS: Slider[] = [
  { token: '--pay-radius', label: 'Corner radius', min: 0, max: 24, step: 1, initial: 8, unit: 'px' },
  { token: '--pay-spacing', label: 'Spacing', min: 8, max: 32, step: 1, initial: 16, unit: 'px' },
  { token: '--pay-font-size', label: 'Font size', min: 13, max: 20, step: 1, initial: 16, unit: 'px' },
  { token: '--pay-input-height', label: 'Field height', min: 36, max: 60, step: 2, initial: 44, unit: 'px' },
  { token: '--pay-label-weight', label: 'Label weight', min: 400, max: 800, step: 100, initial: 500, unit: '' },
  { token: '--pay-button-weight', label: 'Button weight', min: 400, max: 800, step: 100, initial: 600, unit: '' },
];

/** The demo shop's own look (demo.css): its accent, panel, text and corners, in light and dark. */
const SHOP_LOOK: Record<string, string> = {
  '--pay-color-primary': 'light-dark(#1f5fbf, #7aa7ff)',
  '--pay-color-on-primary': 'light-dark(#ffffff, #0b1a33)',
  '--pay-color-background': 'light-dark(#ffffff, #1b2129)',
  '--pay-color-surface': 'light-dark(#f6f7f9, #12161c)',
  '--pay-color-text': 'light-dark(#1c2430, #e6e9ee)',
  '--pay-color-muted': 'light-dark(#5b6675, #a3adba)',
  '--pay-color-border': 'light-dark(#7d8794, #6b7685)',
  '--pay-color-error': 'light-dark(#b3261e, #ffb4ab)',
  '--pay-color-success': 'light-dark(#1e7a3c, #7fd99a)',
  '--pay-radius': '10px',
  '--pay-radius-input': '6px',
  '--pay-radius-button': '6px',
  '--pay-font-family': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--pay-font-line-height': '1.45',
  '--pay-label-weight': '500',
};

const form = byId<HTMLFormElement>('theme-form');
const preset = byId<HTMLSelectElement>('preset');
const scheme = byId<HTMLSelectElement>('scheme');
const uppercase = byId<HTMLInputElement>('uppercase');
const css = byId('css');
const contrastNote = byId('contrast');
const host = byId('checkout-host');
const problem = byId('problem');

/** The tokens the page sets, in the order they were first set. */
const tokens = new Map<string, string>();
let checkout: PayCheckout | undefined;

function control(id: string, label: string, input: HTMLInputElement): HTMLElement {
  const field = document.createElement('div');
  field.className = 'field';
  const caption = document.createElement('label');
  caption.htmlFor = input.id = id;
  caption.textContent = label;
  field.append(caption, input);
  return field;
}

const colourInputs = COLOURS.map(({ token, label, initial }) => {
  const input = Object.assign(document.createElement('input'), { type: 'color', value: initial });
  input.dataset.token = token;
  input.addEventListener('input', () => set(token, input.value));
  byId('colours').append(control(`c${token}`, label, input));
  return input;
});
const sliderInputs = SLIDERS.map(({ token, label, min, max, step, initial, unit }) => {
  const input = Object.assign(document.createElement('input'), {
    type: 'range',
    min: String(min),
    max: String(max),
    step: String(step),
    value: String(initial),
  });
  input.dataset.token = token;
  const field = control(`s${token}`, label, input);
  const shown = document.createElement('output');
  shown.htmlFor.add(input.id);
  field.querySelector('label')!.append(' ', shown);
  const say = () => {
    input.setAttribute('aria-valuetext', `${input.value}${unit}`);
    shown.textContent = `${input.value}${unit}`;
  };
  say();
  input.addEventListener('input', () => (say(), set(token, `${input.value}${unit}`)));
  input.addEventListener('change', say);
  byId('sliders').append(field);
  return input;
});

function set(token: string, value: string | undefined): void {
  if (value === undefined) tokens.delete(token);
  else tokens.set(token, value);
  apply();
}

/** The tokens and the preset on the element, the CSS that says the same, and the contrast of the chosen colours. */
function apply(): void {
  if (checkout) {
    checkout.theme = preset.value as PayCheckout['theme'];
    if (scheme.value) checkout.setAttribute('color-scheme', scheme.value);
    else checkout.removeAttribute('color-scheme');
    for (const name of [...checkout.style].filter((name) => name.startsWith('--pay-')))
      checkout.style.removeProperty(name);
    for (const [name, value] of tokens) checkout.style.setProperty(name, value);
  }
  const lines = [...tokens].map(([name, value]) => `  ${name}: ${value};`);
  css.textContent = [
    `<pay-checkout theme="${preset.value}"${scheme.value ? ` color-scheme="${scheme.value}"` : ''} …></pay-checkout>`,
    '',
    lines.length ? `pay-checkout {\n${lines.join('\n')}\n}` : '/* No token changed: the preset as it is. */',
  ].join('\n');
  contrastNote.textContent = contrastText();
}

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** What the chosen colours give: text on background and on primary need 4.5:1, the primary as a focus ring 3:1. */
function contrastText(): string {
  const picked = (token: string) => {
    const value = tokens.get(token);
    return value && /^#[0-9a-f]{6}$/i.test(value) ? value : undefined;
  };
  const pairs: [string, string, string, number][] = [
    ['Text on background', '--pay-color-text', '--pay-color-background', 4.5],
    ['Text on primary', '--pay-color-on-primary', '--pay-color-primary', 4.5],
    ['Primary (focus ring, links) on background', '--pay-color-primary', '--pay-color-background', 4.5],
  ];
  const said = pairs.flatMap(([label, fore, back, least]) => {
    const [a, b] = [picked(fore), picked(back)];
    if (!a || !b) return [];
    const ratio = contrast(a, b);
    return [`${label}: ${ratio.toFixed(1)}:1${ratio < least ? ` — below ${least}:1, hard to read` : ''}`];
  });
  return said.length ? `Contrast of your colours. ${said.join('. ')}.` : '';
}

function reset(): void {
  tokens.clear();
  COLOURS.forEach(({ initial }, i) => (colourInputs[i]!.value = initial));
  SLIDERS.forEach(({ initial }, i) => {
    sliderInputs[i]!.value = String(initial);
    sliderInputs[i]!.dispatchEvent(new Event('change'));
  });
  uppercase.checked = false;
}

async function start(): Promise<void> {
  try {
    const success = PRESETS.find((p) => !p.method) ?? PRESETS[0]!;
    const session = await startCheckout({ preset: success.name, currencyCode: 'INR' });
    const element = document.createElement('pay-checkout');
    const attributes = {
      token: session.token,
      'base-url': session.baseUrl,
      'payin-id': session.idPayin,
      amount: String(session.money.amount),
      'currency-code': session.money.currencyCode,
      'callback-url': session.callbackUrl,
      'status-url': session.statusUrl,
      'return-url': `${location.origin}/theme.html`,
    };
    for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
    host.replaceChildren(element);
    checkout = element;
    apply();
  } catch (error) {
    problem.hidden = false;
    problem.textContent = `The merchant backend could not start the checkout: ${(error as Error).message}`;
  }
}

preset.addEventListener('change', apply);
scheme.addEventListener('change', apply);
uppercase.addEventListener('change', () => set('--pay-button-transform', uppercase.checked ? 'uppercase' : undefined));
byId('shop-look').addEventListener('click', () => {
  reset();
  preset.value = 'default';
  for (const [name, value] of Object.entries(SHOP_LOOK)) tokens.set(name, value);
  apply();
});
byId('reset').addEventListener('click', () => (reset(), apply()));
byId('copy-css').addEventListener('click', () => {
  void navigator.clipboard.writeText(css.textContent ?? '').then(
    () => (byId('copied').textContent = 'Copied.'),
    () => (byId('copied').textContent = 'Select the CSS and copy it: this browser refused.'),
  );
});
form.addEventListener('submit', (event) => event.preventDefault());
apply();
void start();
