import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fieldRulesFor, isRequired, type MethodField } from '../../../api/method-rules.js';
import { FIELD_INPUTS } from '../../../methods/fields.js';
import type { ExternalProvider, PaymentOption } from '../../../api/schemas/options.js';
import type { FormNotice } from '../../../checkout/form.js';
import { errorText, fieldErrorText, fieldLabel, methodName } from '../../../i18n/texts.js';
import type { Localizer } from '../../../i18n/localize.js';
import { wordsHere } from '../../../i18n/words.js';
import { renderHeader } from './status-views.js';
import type { ViewHost } from './view-host.js';

/** The fields a method's form shows: mandatory ones, those the shop prefilled, those the rules offer. */
export function formFields({ session }: ViewHost, code: string): { field: MethodField; required: boolean }[] {
  const currencyCode = session.config!.money.currencyCode;
  const supplied = session.customerData;
  return fieldRulesFor(code, currencyCode)
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

function renderField(host: ViewHost, field: MethodField, required: boolean) {
  const { words, session } = host;
  const { form } = session;
  const code = form.selectedCode;
  const input = FIELD_INPUTS[field];
  const id = `f-${field.replace(/\./g, '-')}`;
  const problem = form.fieldErrors[field];
  const error = problem && fieldErrorText(words, field, problem, code);
  const supplied = session.customerData[field] !== undefined;
  const readonly = supplied && !host.allowCustomerDataChange;
  const hint = (code && words.lookup('fieldHints', `${field}.${code}`)) || words.lookup('fieldHints', field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const value = form.values[field] ?? '';
  const onInput = (event: Event) => session.setValue(field, (event.target as HTMLInputElement).value);
  const label = fieldLabel(words, field, code);
  const control =
    input.type === 'select'
      ? html`<select id=${id} data-field=${field} ?required=${required} ?disabled=${readonly} aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)} @change=${onInput}>
          <option value="" ?selected=${!value}>${words.term('chooseOperator')}</option>
          ${(input.choices ?? []).map((choice) => html`<option value=${choice} ?selected=${value === choice}>${words.lookup('accountTypes', choice) ?? choice}</option>`)}
        </select>`
      : html`<input id=${id} data-field=${field} type=${input.type} .value=${value} ?required=${required} ?readonly=${readonly}
          autocomplete=${ifDefined(input.autocomplete)} inputmode=${ifDefined(input.inputmode)}
          aria-invalid=${error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy)} @input=${onInput} />`;
  return html`<div class="field" part="field">
    <label for=${id}>${label}${required ? nothing : html` <span class="muted">(${words.term('optional')})</span>`}${readonly ? html` <span class="muted">— ${words.term('readOnlyData')}</span>` : nothing}</label>
    ${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : nothing}
    ${control}
    ${error ? html`<span class="field-error" id="${id}-error" part="error">${error}</span>` : nothing}
  </div>`;
}

function renderOperators({ words, session }: ViewHost, option: PaymentOption) {
  const operators = option.paymentOperators ?? [];
  if (!operators.length) return nothing;
  const { form } = session;
  const currencyCode = session.config!.money.currencyCode;
  const rule = fieldRulesFor(option.paymentMethodCode, currencyCode).find((r) => r.field === 'paymentOperatorCode');
  const required = !!rule && isRequired(rule, currencyCode);
  const problem = form.fieldErrors.paymentOperatorCode;
  const error = problem && fieldErrorText(words, 'paymentOperatorCode', problem, form.selectedCode);
  return html`<div class="field" part="field">
    <label for="f-operator">${words.term('operator')}${required ? nothing : html` <span class="muted">(${words.term('optional')})</span>`}</label>
    <select id="f-operator" data-field="paymentOperatorCode" ?required=${required} ?disabled=${session.operatorLocked}
      aria-invalid=${error ? 'true' : 'false'} aria-describedby=${ifDefined(error ? 'f-operator-error' : undefined)}
      @change=${(event: Event) => session.choose(option.paymentMethodCode, (event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!form.selectedOperator}>${words.term('chooseOperator')}</option>
      ${operators.map((operator) => html`<option value=${operator.code} ?selected=${form.selectedOperator === operator.code}>${operator.name ?? operator.code}</option>`)}
    </select>
    ${error ? html`<span class="field-error" id="f-operator-error" part="error">${error}</span>` : nothing}
  </div>`;
}

function renderProviders({ words, session }: ViewHost, providers: ExternalProvider[]) {
  if (!providers.length) return nothing;
  const selected = session.form.selectedProvider;
  return html`<div class="field" part="field">
    <label for="f-provider">${words.term('externalProvider')} <span class="muted">(${words.term('optional')})</span></label>
    <select id="f-provider" @change=${(event: Event) => session.chooseProvider((event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!selected}>${words.term('chooseOperator')}</option>
      ${providers.map((provider) => html`<option value=${provider.code} ?selected=${selected === provider.code}>${provider.name ?? provider.code}</option>`)}
    </select>
  </div>`;
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
          ${renderOperators(host, option)} ${renderProviders(host, providers)}
          ${
            formWordsHere(host)
              ? formFields(host, code).map(({ field, required }) => renderField(host, field, required))
              : html`<p class="status working">${host.words.term('loading')}</p>`
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
