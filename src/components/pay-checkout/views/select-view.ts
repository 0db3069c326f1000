import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { isRequired, rulesIn, type MethodField } from '../../../api/field-rules.js';
import { FIELD_INPUTS } from '../../../methods/fields.js';
import type { ExternalProvider, PaymentOption } from '../../../api/schemas/options.js';
import type { FormNotice } from '../../../checkout/form.js';
import { formBook, loadOtherRules, otherRulesFailed, rulesHere } from '../../../checkout/form-rules.js';
import { errorText, fieldErrorText, fieldLabel, methodName } from '../../../i18n/texts.js';
import type { Localizer } from '../../../i18n/localize.js';
import { wordsHere } from '../../../i18n/words.js';
import { renderHeader } from './status-views.js';
import type { ViewHost } from './view-host.js';

/** The fields a method's form shows: mandatory ones, those the shop prefilled, those the rules offer. */
export function formFields({ session }: ViewHost, code: string): { field: MethodField; required: boolean }[] {
  const currencyCode = session.config!.money.currencyCode;
  const supplied = session.customerData;
  return rulesIn(formBook(), code, currencyCode)
    .filter((rule) => rule.field !== 'paymentOperatorCode' && rule.field !== 'externalReference.reference')
    .filter((rule) => isRequired(rule, currencyCode) || supplied[rule.field] !== undefined || rule.offered)
    .map((rule) => ({ field: rule.field, required: isRequired(rule, currencyCode) }));
}

/**
 * Whether the words of the chosen method's fields are here. A QR family's fields are in a locale's
 * first part; another method's in its second (word-parts.ts), fetched when the method is chosen:
 * until it has settled, the method's form waits for it.
 */
export function formWordsHere(host: ViewHost): boolean {
  const { words, session } = host;
  const code = session.form.selectedCode;
  return (
    !code ||
    formFields(host, code).every(({ field }) => words.lookup('fields', field) !== undefined) ||
    wordsHere(words.locale, 'more')
  );
}

/** A field of the form: its control's id, what it sets, its label, and what is wrong with it. */
interface FieldBox {
  id: string;
  field: string;
  label: string;
  required: boolean;
  readonly?: boolean;
  error?: string;
}

/** A field's control, given what ties it to its hint and error (aria-describedby). */
type Control = (describedBy: string | undefined) => unknown;

/** A field: its label, its hint (the chosen method's own, else the field's), its control and its error. */
function renderBox({ words, session }: ViewHost, box: FieldBox, control: Control) {
  const { id, field, error } = box;
  const code = session.form.selectedCode;
  const hint = (code && words.lookup('fieldHints', `${field}.${code}`)) || words.lookup('fieldHints', field);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return html`<div class="field" part="field">
    <label for=${id}>${box.label}${box.required ? nothing : html` <span class="muted">(${words.term('optional')})</span>`}${box.readonly ? html` <span class="muted">— ${words.term('readOnlyData')}</span>` : nothing}</label>
    ${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : nothing}
    ${control(describedBy)}
    ${error ? html`<span class="field-error" id="${id}-error" part="error">${error}</span>` : nothing}
  </div>`;
}

/** A field whose control is a choice ("Choose…" first): an account type, an operator, a bank or wallet. */
function renderChoice(
  host: ViewHost,
  box: FieldBox & { disabled?: boolean },
  choices: { code: string; name?: string }[],
  selected: string | undefined,
  onChange: (code: string | undefined) => void,
) {
  const control: Control = (describedBy) =>
    html`<select id=${box.id} data-field=${box.field} ?required=${box.required} ?disabled=${box.disabled}
      aria-invalid=${!!box.error} aria-describedby=${ifDefined(describedBy)}
      @change=${(event: Event) => onChange((event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!selected}>${host.words.term('chooseOperator')}</option>
      ${choices.map((choice) => html`<option value=${choice.code} ?selected=${selected === choice.code}>${choice.name ?? choice.code}</option>`)}
    </select>`;
  return renderBox(host, box, control);
}

function renderField(host: ViewHost, field: MethodField, required: boolean) {
  const { words, session } = host;
  const { form } = session;
  const code = form.selectedCode;
  const input = FIELD_INPUTS[field];
  const problem = form.fieldErrors[field];
  const readonly = session.customerData[field] !== undefined && !host.allowCustomerDataChange;
  const box: FieldBox = {
    id: `f-${field.replace(/\./g, '-')}`,
    field,
    label: fieldLabel(words, field, code),
    required,
    readonly,
    error: problem && fieldErrorText(words, field, problem, code),
  };
  const value = form.values[field] ?? '';
  if (input.type === 'select') {
    const choices = (input.choices ?? []).map((choice) => ({
      code: choice,
      name: words.lookup('accountTypes', choice),
    }));
    const choose = (choice: string | undefined) => session.setValue(field, choice ?? '');
    return renderChoice(host, { ...box, disabled: readonly }, choices, value, choose);
  }
  const control: Control = (describedBy) =>
    html`<input id=${box.id} data-field=${field} type=${input.type} .value=${value} ?required=${required} ?readonly=${readonly}
      autocomplete=${ifDefined(input.autocomplete)} inputmode=${ifDefined(input.inputmode)}
      aria-invalid=${!!box.error} aria-describedby=${ifDefined(describedBy)}
      @input=${(event: Event) => session.setValue(field, (event.target as HTMLInputElement).value)} />`;
  return renderBox(host, box, control);
}

function renderOperators(host: ViewHost, option: PaymentOption) {
  const operators = option.paymentOperators ?? [];
  if (!operators.length) return nothing;
  const { words, session } = host;
  const { form } = session;
  const currencyCode = session.config!.money.currencyCode;
  const rule = rulesIn(formBook(), option.paymentMethodCode, currencyCode).find(
    (r) => r.field === 'paymentOperatorCode',
  );
  const problem = form.fieldErrors.paymentOperatorCode;
  const box = {
    id: 'f-operator',
    field: 'paymentOperatorCode',
    label: words.term('operator'),
    required: !!rule && isRequired(rule, currencyCode),
    disabled: session.operatorLocked,
    error: problem && fieldErrorText(words, 'paymentOperatorCode', problem, form.selectedCode),
  };
  const choose = (code: string | undefined) => session.choose(option.paymentMethodCode, code);
  return renderChoice(host, box, operators, form.selectedOperator, choose);
}

/** The bank or wallet, whose hint says what choosing one changes (the payment is routed through it). */
function renderProviders(host: ViewHost, providers: ExternalProvider[]) {
  if (!providers.length) return nothing;
  const { words, session } = host;
  const box = {
    id: 'f-provider',
    field: 'externalProviderCode',
    label: words.term('externalProvider'),
    required: false,
  };
  return renderChoice(host, box, providers, session.form.selectedProvider, (code) => session.chooseProvider(code));
}

/**
 * In place of a method's fields while its rules are on their way (form-rules.ts): loading, or,
 * when they did not come, that they could not be loaded and "Try again".
 */
function renderRulesWait({ words, session }: ViewHost) {
  if (!otherRulesFailed()) return html`<p class="status working">${words.term('loading')}</p>`;
  const again = () => void loadOtherRules().then(update, update);
  const update = () => session.requestUpdate();
  return html`<p class="error" part="error" role="alert">${words.term('viewsFailed')}</p>
    <button type="button" @click=${again}>${words.term('tryAgain')}</button>`;
}

function renderMethod(host: ViewHost, option: PaymentOption, providers: ExternalProvider[]) {
  const { session } = host;
  const code = option.paymentMethodCode;
  const selected = session.form.selectedCode === code;
  return html`<div class="method-item">
    <label class="method" part="method">
      <input type="radio" name="method" .value=${code} .checked=${selected} ?disabled=${session.methodLocked && !selected}
        @change=${() => session.choose(code)} />
      <span>${methodName(host.words, code)}</span>
    </label>
    ${
      selected
        ? html`<div class="method-body">
          ${
            // The operator's select says whether it is required: it too waits for the rules.
            !rulesHere(code)
              ? renderRulesWait(host)
              : html`${renderOperators(host, option)} ${renderProviders(host, providers)}
                ${
                  formWordsHere(host)
                    ? formFields(host, code).map(({ field, required }) => renderField(host, field, required))
                    : html`<p class="status working">${host.words.term('loading')}</p>`
                }`
          }
        </div>`
        : nothing
    }
  </div>`;
}

function noticeText(words: Localizer, notice: FormNotice): string {
  return notice.kind === 'chooseMethod'
    ? words.term('chooseMethod')
    : notice.kind === 'fields'
      ? words.term('formHasErrors', notice.count)
      : errorText(words, notice.code);
}

export function renderSelect(host: ViewHost) {
  const { words, session } = host;
  const { phase, form } = session;
  if (phase.name !== 'select' && phase.name !== 'submitting') return nothing;
  const money = session.config!.money;
  const submitting = phase.name === 'submitting';
  const options = session.methodLocked
    ? phase.options.filter((option) => option.paymentMethodCode === form.selectedCode)
    : phase.options;
  const working = words.term(session.busy ? 'busy' : 'submitting');
  // With the page's own pay button, only the page submits: Enter in a field does not pay.
  const own = host.submitButton === 'none';
  return html`${renderHeader(host)}
    <form part="form" novalidate @submit=${(event: Event) => (event.preventDefault(), own || void session.submit())}>
      ${host.topUp?.renderTopUp(host)}
      <fieldset ?disabled=${submitting}>
        <legend>${session.methodLocked ? words.term('methodLocked') : words.term('chooseMethod')}</legend>
        ${
          options.length
            ? html`<div class="methods" part="method-list" role="radiogroup" aria-label=${words.term('chooseMethod')}>
              ${options.map((option) => renderMethod(host, option, phase.providers))}
            </div>`
            : html`<p class="error" part="error" role="alert">${words.term('noMethods')}</p>`
        }
      </fieldset>
      ${form.notice ? html`<p class="error form-error" part="error" role="alert" tabindex="-1">${noticeText(words, form.notice)}</p>` : nothing}
      ${
        own
          ? submitting
            ? html`<p class="status working">${working}</p>`
            : nothing
          : html`<button type="submit" class="primary" part="submit" ?disabled=${submitting || !options.length} aria-disabled=${submitting}>
            ${submitting ? working : (host.topUp?.payLabel(host) ?? words.term('pay', words.money(money.amount, money.currencyCode)))}
          </button>`
      }
    </form>`;
}
