/**
 * The shop's order form (index.html): the scenario presets in plain words, the order, the
 * redirect parameters and the platform, read as one configuration and written back from one (a
 * reload, a return from the hosted page).
 */
import { byId, checkedValue, fillSelect } from './dom.js';
import type { Cart, TokenScope } from './cart.js';
import type { Preset } from './presets.js';
import { CURRENCIES, methodsFor, PRESETS, presetForAmount, presetNamed, simplestCurrencyFor } from './shop-data.js';

export type Attributes = Record<string, string>;

/** Everything the form sets, as the shop keeps it across a reload. */
export interface ShopConfig {
  /** The product: a preset's name. The shop's server prices it; `amount` only shows that price. */
  preset: string;
  amount: string;
  currencyCode: string;
  method: string;
  optionsAvailable: boolean;
  allowChange: boolean;
  showDeepLink: boolean;
  prefill: boolean;
  prefillValues: Record<string, string>;
  locale: string;
  platform: 'emulator' | 'other';
  tokenScope: TokenScope;
  other: { baseUrl: string; token: string; idPayin: string };
}

const PREFILL_FIELDS = ['account-name', 'account-number', 'email-address', 'phone-number', 'upi-id'] as const;
const DEFAULT_PRESET = 'success';
const DEFAULT_CURRENCY = 'INR';
/** Wide enough for the three columns: the settings start open there, folded on a phone. */
const WIDE_SCREEN = '(min-width: 75rem)';

const form = () => byId<HTMLFormElement>('order-form');
const input = (id: string) => byId<HTMLInputElement>(id);
const select = (id: string) => byId<HTMLSelectElement>(id);

function presetRadio(preset: Preset): HTMLElement {
  const id = `preset-${preset.name}`;
  const wrapper = document.createElement('div');
  wrapper.className = 'preset';
  const radio = document.createElement('input');
  Object.assign(radio, { type: 'radio', name: 'preset', value: preset.name, id });
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = preset.plain;
  wrapper.append(radio, label);
  radio.addEventListener('change', () => choosePreset(preset));
  return wrapper;
}

/** Each scenario in the platform's terms: its amount and what the emulator does. */
function scenarioTable(): HTMLElement[] {
  return PRESETS.map((preset) => {
    const row = document.createElement('div');
    const term = document.createElement('dt');
    term.textContent = `${preset.plain}: ${preset.amount}`;
    const description = document.createElement('dd');
    description.textContent = `${preset.label}. ${preset.result}`;
    row.append(term, description);
    return row;
  });
}

function fillMethods(): void {
  const methodSelect = select('method');
  const chosen = methodSelect.value;
  fillSelect(methodSelect, [
    { value: '', label: 'Let the customer choose' },
    ...methodsFor(select('currency').value).map((m) => ({ value: m.code, label: m.name })),
  ]);
  if ([...methodSelect.options].some((option) => option.value === chosen)) methodSelect.value = chosen;
}

const chosenPreset = () => presetNamed(checkedValue(form(), 'preset') ?? '');

/** Marks the chosen preset, shows its price and says what will happen. */
function showScenario(preset: Preset | undefined = chosenPreset()): void {
  input('amount').value = preset ? String(preset.amount) : '';
  byId('scenario-plain').textContent = preset ? `${preset.plain}.` : 'Choose what happens.';
  byId('scenario-result').textContent = preset ? `Amount ${preset.amount}: ${preset.result}` : 'Choose what happens.';
  for (const radio of form().querySelectorAll<HTMLInputElement>('input[name="preset"]'))
    radio.checked = radio.value === preset?.name;
  if (preset?.rejection) byId('rejection-presets').closest('details')!.open = true;
}

function choosePreset(preset: Preset): void {
  if (preset.method) {
    if (!methodsFor(select('currency').value).some((m) => m.code === preset.method)) {
      select('currency').value = simplestCurrencyFor(preset.method) ?? select('currency').value;
      fillMethods();
    }
    select('method').value = preset.method;
  }
  showScenario(preset);
}

function showPlatformFields(): void {
  const other = checkedValue(form(), 'platform') === 'other';
  byId('other-fields').hidden = !other;
  byId('scope-field').hidden = other;
}

/** Builds the form with the default scenario. */
export function setUpForm(): void {
  byId('presets').append(...PRESETS.filter((p) => !p.rejection).map(presetRadio));
  byId('rejection-presets').append(...PRESETS.filter((p) => p.rejection).map(presetRadio));
  byId('scenario-table').append(...scenarioTable());
  fillSelect(
    select('currency'),
    CURRENCIES.map((code) => ({ value: code, label: code })),
  );
  select('currency').value = DEFAULT_CURRENCY;
  fillMethods();
  choosePreset(presetNamed(DEFAULT_PRESET) ?? PRESETS[0]!);
  byId<HTMLDetailsElement>('settings').open = matchMedia(WIDE_SCREEN).matches;
  select('currency').addEventListener('change', fillMethods);
  input('prefill').addEventListener('change', () => (byId('prefill-fields').hidden = !input('prefill').checked));
  for (const radio of form().querySelectorAll<HTMLInputElement>('input[name="platform"]'))
    radio.addEventListener('change', showPlatformFields);
}

export function readConfig(): ShopConfig {
  return {
    preset: chosenPreset()?.name ?? '',
    amount: input('amount').value.trim(),
    currencyCode: select('currency').value,
    method: select('method').value,
    optionsAvailable: input('options-available').checked,
    allowChange: input('allow-change').checked,
    showDeepLink: input('show-deep-link').checked,
    prefill: input('prefill').checked,
    prefillValues: Object.fromEntries(PREFILL_FIELDS.map((name) => [name, input(name).value.trim()])),
    locale: select('locale').value,
    platform: checkedValue(form(), 'platform') === 'other' ? 'other' : 'emulator',
    tokenScope: select('token-scope').value === 'by-action' ? 'by-action' : 'checkout',
    other: {
      baseUrl: input('other-base-url').value.trim(),
      token: byId<HTMLTextAreaElement>('other-token').value.trim(),
      idPayin: input('other-payin').value.trim(),
    },
  };
}

/** Puts a configuration kept earlier back into the form. */
export function writeConfig(config: ShopConfig): void {
  if (CURRENCIES.includes(config.currencyCode)) select('currency').value = config.currencyCode;
  fillMethods();
  select('method').value = config.method;
  input('options-available').checked = config.optionsAvailable;
  input('allow-change').checked = config.allowChange;
  input('show-deep-link').checked = config.showDeepLink;
  input('prefill').checked = config.prefill;
  byId('prefill-fields').hidden = !config.prefill;
  for (const name of PREFILL_FIELDS) input(name).value = config.prefillValues[name] ?? '';
  select('locale').value = config.locale;
  for (const radio of form().querySelectorAll<HTMLInputElement>('input[name="platform"]'))
    radio.checked = radio.value === config.platform;
  select('token-scope').value = config.tokenScope;
  input('other-base-url').value = config.other.baseUrl;
  byId<HTMLTextAreaElement>('other-token').value = config.other.token;
  input('other-payin').value = config.other.idPayin;
  showPlatformFields();
  // A configuration kept before presets were products names none: the preset its amount triggers.
  showScenario(presetNamed(config.preset ?? '') ?? presetForAmount(Number(config.amount)));
}

/** The redirect parameters the form sets, as element attributes. */
export function redirectAttributes(config: ShopConfig): Attributes {
  const attributes: Attributes = {};
  if (config.method) attributes['payment-method-code'] = config.method;
  if (!config.optionsAvailable) attributes['options-available'] = 'false';
  if (!config.allowChange) attributes['allow-customer-data-change'] = 'false';
  if (config.showDeepLink) attributes['show-deep-link'] = 'true';
  if (config.prefill) {
    for (const name of PREFILL_FIELDS) if (config.prefillValues[name]) attributes[name] = config.prefillValues[name];
  }
  if (config.locale) attributes.locale = config.locale;
  return attributes;
}

/**
 * What a checkout's token and payin depend on: a change here needs a new order, while a change of
 * the redirect parameters alone can mount the same order again (as long as no payin exists yet).
 */
export function orderKey(config: ShopConfig): string {
  return config.platform === 'other'
    ? JSON.stringify(['other', config.other, config.amount, config.currencyCode])
    : JSON.stringify(['emulator', config.preset, config.currencyCode, config.tokenScope]);
}

/** The cart of the configuration: what the page names to the shop's server, which prices it. */
export const cartOf = (config: ShopConfig): Cart => ({
  preset: config.preset,
  currencyCode: config.currencyCode,
  tokenScope: config.tokenScope,
});
