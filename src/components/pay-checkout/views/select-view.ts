import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fieldRulesFor, isRequired, type MethodField } from '../../../api/method-rules.js';
import { FIELD_INPUTS } from '../../../methods/fields.js';
import type { ExternalProvider, PaymentOption } from '../../../api/schemas/options.js';
import type { FormNotice } from '../../../checkout/form.js';
import { errorText, fieldErrorText, fieldLabel } from '../../../i18n/texts.js';
import type { Localizer } from '../../../i18n/localize.js';
import { renderHeader } from './status-views.js';
import type { ViewHost } from './view-host.js';

/** The method's human name: localized, then the platform's operator-free code. */
function methodName(l: Localizer, code: string): string {
  return l.lookup('methodNames', code) ?? code.replace(/_/g, ' ');
}

/** The fields a method's form shows: mandatory ones, those the shop prefilled, those the rules offer. */
export function formFields({ session }: ViewHost, code: string): { field: MethodField; required: boolean }[] {
  const currencyCode = session.config!.money.currencyCode;
  const supplied = session.customerData;
  return fieldRulesFor(code, currencyCode)
    .filter((rule) => rule.field !== 'paymentOperatorCode' && rule.field !== 'externalReference.reference')
    .filter((rule) => isRequired(rule, currencyCode) || supplied[rule.field] !== undefined || rule.offered)
    .map((rule) => ({ field: rule.field, required: isRequired(rule, currencyCode) }));
}

function renderField(host: ViewHost, field: MethodField, required: boolean) {
  const { l, session } = host;
  const { form } = session;
  const code = form.selectedCode;
  const input = FIELD_INPUTS[field];
  const id = `f-${field.replace(/\./g, '-')}`;
  const problem = form.fieldErrors[field];
  const error = problem && fieldErrorText(l, field, problem, code);
  const supplied = session.customerData[field] !== undefined;
  const readonly = supplied && !host.allowCustomerDataChange;
  const hint = (code && l.lookup('fieldHints', `${field}.${code}`)) || l.lookup('fieldHints', field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const value = form.values[field] ?? '';
  const onInput = (event: Event) => session.setValue(field, (event.target as HTMLInputElement).value);
  const label = fieldLabel(l, field, code);
  const control =
    input.type === 'select'
      ? html`<select id=${id} data-field=${field} ?required=${required} ?disabled=${readonly} aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)} @change=${onInput}>
          <option value="" ?selected=${!value}>${l.term('chooseOperator')}</option>
          ${(input.choices ?? []).map((choice) => html`<option value=${choice} ?selected=${value === choice}>${l.lookup('accountTypes', choice) ?? choice}</option>`)}
        </select>`
      : html`<input id=${id} data-field=${field} type=${input.type} .value=${value} ?required=${required} ?readonly=${readonly}
          autocomplete=${ifDefined(input.autocomplete)} inputmode=${ifDefined(input.inputmode)}
          aria-invalid=${error ? 'true' : 'false'} aria-describedby=${ifDefined(describedBy)} @input=${onInput} />`;
  return html`<div class="field" part="field">
    <label for=${id}>${label}${required ? nothing : html` <span class="muted">(${l.term('optional')})</span>`}${readonly ? html` <span class="muted">— ${l.term('readOnlyData')}</span>` : nothing}</label>
    ${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : nothing}
    ${control}
    ${error ? html`<span class="field-error" id="${id}-error" part="error">${error}</span>` : nothing}
  </div>`;
}

function renderOperators({ l, session }: ViewHost, option: PaymentOption) {
  const operators = option.paymentOperators ?? [];
  if (!operators.length) return nothing;
  const { form } = session;
  const currencyCode = session.config!.money.currencyCode;
  const rule = fieldRulesFor(option.paymentMethodCode, currencyCode).find((r) => r.field === 'paymentOperatorCode');
  const required = !!rule && isRequired(rule, currencyCode);
  const problem = form.fieldErrors.paymentOperatorCode;
  const error = problem && fieldErrorText(l, 'paymentOperatorCode', problem, form.selectedCode);
  return html`<div class="field" part="field">
    <label for="f-operator">${l.term('operator')}${required ? nothing : html` <span class="muted">(${l.term('optional')})</span>`}</label>
    <select id="f-operator" data-field="paymentOperatorCode" ?required=${required} ?disabled=${session.operatorLocked}
      aria-invalid=${error ? 'true' : 'false'} aria-describedby=${ifDefined(error ? 'f-operator-error' : undefined)}
      @change=${(event: Event) => session.choose(option.paymentMethodCode, (event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!form.selectedOperator}>${l.term('chooseOperator')}</option>
      ${operators.map((operator) => html`<option value=${operator.code} ?selected=${form.selectedOperator === operator.code}>${operator.name ?? operator.code}</option>`)}
    </select>
    ${error ? html`<span class="field-error" id="f-operator-error" part="error">${error}</span>` : nothing}
  </div>`;
}

function renderProviders({ l, session }: ViewHost, providers: ExternalProvider[]) {
  if (!providers.length) return nothing;
  const selected = session.form.selectedProvider;
  // What choosing one changes; English always has it, so it is always there.
  return html`<div class="field" part="field">
    <label for="f-provider">${l.term('externalProvider')} <span class="muted">(${l.term('optional')})</span></label>
    <span class="hint" id="f-provider-hint">${l.lookup('fieldHints', 'externalProviderCode')}</span>
    <select id="f-provider" aria-describedby="f-provider-hint" @change=${(event: Event) => session.chooseProvider((event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!selected}>${l.term('chooseOperator')}</option>
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
      <span>${methodName(host.l, code)}</span>
    </label>
    ${
      selected
        ? html`<div class="method-body">
          ${renderOperators(host, option)} ${renderProviders(host, providers)}
          ${formFields(host, code).map(({ field, required }) => renderField(host, field, required))}
        </div>`
        : nothing
    }
  </div>`;
}

function noticeText(l: Localizer, notice: FormNotice): string {
  return notice.kind === 'chooseMethod'
    ? l.term('chooseMethod')
    : notice.kind === 'fields'
      ? l.term('formHasErrors', notice.count)
      : errorText(l, notice.code);
}

export function renderSelect(host: ViewHost) {
  const { l, session } = host;
  const { phase, form } = session;
  if (phase.name !== 'select' && phase.name !== 'submitting') return nothing;
  const money = session.config!.money;
  const submitting = phase.name === 'submitting';
  const options = session.methodLocked
    ? phase.options.filter((option) => option.paymentMethodCode === form.selectedCode)
    : phase.options;
  const working = l.term(session.busy ? 'busy' : 'submitting');
  // With the page's own pay button, only the page submits: Enter in a field does not pay.
  const own = host.submitButton === 'none';
  return html`${renderHeader(host)}
    <form part="form" novalidate @submit=${(event: Event) => (event.preventDefault(), own || void session.submit())}>
      ${host.topUp?.renderTopUp(host)}
      <fieldset ?disabled=${submitting}>
        <legend>${session.methodLocked ? l.term('methodLocked') : l.term('chooseMethod')}</legend>
        ${
          options.length
            ? html`<div class="methods" part="method-list" role="radiogroup" aria-label=${l.term('chooseMethod')}>
              ${options.map((option) => renderMethod(host, option, phase.providers))}
            </div>`
            : html`<p class="error" part="error" role="alert">${l.term('noMethods')}</p>`
        }
      </fieldset>
      ${form.notice ? html`<p class="error form-error" part="error" role="alert" tabindex="-1">${noticeText(l, form.notice)}</p>` : nothing}
      ${
        own
          ? submitting
            ? html`<p class="status working">${working}</p>`
            : nothing
          : html`<button type="submit" class="primary" part="submit" ?disabled=${submitting || !options.length} aria-disabled=${submitting}>
            ${submitting ? working : (host.topUp?.payLabel(host) ?? l.term('pay', l.money(money.amount, money.currencyCode)))}
          </button>`
      }
    </form>`;
}
