import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fieldRulesFor, isRequired, type MethodField } from '../../../api/method-rules.js';
import { FIELD_INPUTS } from '../../../methods/fields.js';
import type { PaymentOption } from '../../../api/schemas/options.js';
import type { PayCheckout } from '../pay-checkout.component.js';
import { renderHeader } from './status-views.js';

/** The method's human name: localized, then the platform's operator-free code. */
function methodName(host: PayCheckout, code: string): string {
  return host.l.lookup('methodNames', code) ?? code.replace(/_/g, ' ');
}

/** The fields a method's form shows: mandatory ones, those the shop prefilled, those the rules offer. */
export function formFields(host: PayCheckout, code: string): { field: MethodField; required: boolean }[] {
  const currencyCode = host.config!.money.currencyCode;
  const supplied = host.customerData;
  return fieldRulesFor(code, currencyCode)
    .filter((rule) => rule.field !== 'paymentOperatorCode' && rule.field !== 'externalReference.reference')
    .filter((rule) => isRequired(rule, currencyCode) || supplied[rule.field] !== undefined || rule.offered)
    .map((rule) => ({ field: rule.field, required: isRequired(rule, currencyCode) }));
}

function renderField(host: PayCheckout, field: MethodField, required: boolean) {
  const l = host.l;
  const input = FIELD_INPUTS[field];
  const id = `f-${field.replace(/\./g, '-')}`;
  const error = host.fieldErrors[field];
  const supplied = host.customerData[field] !== undefined;
  const readonly = supplied && !host.allowCustomerDataChange;
  const hint = (host.selectedCode && l.lookup('fieldHints', `${field}.${host.selectedCode}`)) || l.lookup('fieldHints', field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const value = host.values[field] ?? '';
  const onInput = (event: Event) => host.setValue(field, (event.target as HTMLInputElement).value);
  const label = host.fieldLabel(field);
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

function renderOperators(host: PayCheckout, option: PaymentOption) {
  const l = host.l;
  const operators = option.paymentOperators ?? [];
  if (!operators.length) return nothing;
  const currencyCode = host.config!.money.currencyCode;
  const rule = fieldRulesFor(option.paymentMethodCode, currencyCode).find((r) => r.field === 'paymentOperatorCode');
  const required = !!rule && isRequired(rule, currencyCode);
  const error = host.fieldErrors.paymentOperatorCode;
  const locked = host.methodLocked && !!host.paymentOperatorCode && host.selectedOperator === host.paymentOperatorCode;
  return html`<div class="field" part="field">
    <label for="f-operator">${l.term('operator')}${required ? nothing : html` <span class="muted">(${l.term('optional')})</span>`}</label>
    <select id="f-operator" data-field="paymentOperatorCode" ?required=${required} ?disabled=${locked}
      aria-invalid=${error ? 'true' : 'false'} aria-describedby=${ifDefined(error ? 'f-operator-error' : undefined)}
      @change=${(event: Event) => host.choose(option.paymentMethodCode, (event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!host.selectedOperator}>${l.term('chooseOperator')}</option>
      ${operators.map((operator) => html`<option value=${operator.code} ?selected=${host.selectedOperator === operator.code}>${operator.name ?? operator.code}</option>`)}
    </select>
    ${error ? html`<span class="field-error" id="f-operator-error" part="error">${error}</span>` : nothing}
  </div>`;
}

function renderProviders(host: PayCheckout) {
  const providers = host.externalProviders;
  if (!providers.length) return nothing;
  return html`<div class="field" part="field">
    <label for="f-provider">${host.l.term('externalProvider')} <span class="muted">(${host.l.term('optional')})</span></label>
    <select id="f-provider" @change=${(event: Event) => (host.selectedProvider = (event.target as HTMLSelectElement).value || undefined)}>
      <option value="" ?selected=${!host.selectedProvider}>${host.l.term('chooseOperator')}</option>
      ${providers.map((provider) => html`<option value=${provider.code} ?selected=${host.selectedProvider === provider.code}>${provider.name ?? provider.code}</option>`)}
    </select>
  </div>`;
}

function renderMethod(host: PayCheckout, option: PaymentOption) {
  const code = option.paymentMethodCode;
  const selected = host.selectedCode === code;
  const locked = host.methodLocked;
  return html`<div class="method-item">
    <label class="method" part="method">
      <input type="radio" name="method" .value=${code} .checked=${selected} ?disabled=${locked && !selected}
        @change=${() => host.choose(code)} />
      <span>${methodName(host, code)}</span>
    </label>
    ${selected
      ? html`<div class="method-body">
          ${renderOperators(host, option)} ${renderProviders(host)}
          ${formFields(host, code).map(({ field, required }) => renderField(host, field, required))}
        </div>`
      : nothing}
  </div>`;
}

export function renderSelect(host: PayCheckout) {
  const l = host.l;
  const money = host.config!.money;
  const submitting = host.state === 'submitting';
  const options = host.methodLocked ? host.options.filter((option) => option.paymentMethodCode === host.selectedCode) : host.options;
  return html`${renderHeader(host)}
    <form part="form" novalidate @submit=${(event: Event) => (event.preventDefault(), void host.submit())}>
      <fieldset ?disabled=${submitting}>
        <legend>${host.methodLocked ? l.term('methodLocked') : l.term('chooseMethod')}</legend>
        ${options.length
          ? html`<div class="methods" part="method-list" role="radiogroup" aria-label=${l.term('chooseMethod')}>
              ${options.map((option) => renderMethod(host, option))}
            </div>`
          : html`<p class="error" part="error" role="alert">${l.term('noMethods')}</p>`}
      </fieldset>
      ${host.formError ? html`<p class="error form-error" part="error" role="alert" tabindex="-1">${host.formError}</p>` : nothing}
      <button type="submit" class="primary" part="submit" ?disabled=${submitting || !options.length} aria-disabled=${submitting}>
        ${submitting ? l.term('submitting') : l.term('pay', l.money(money.amount, money.currencyCode))}
      </button>
    </form>`;
}
