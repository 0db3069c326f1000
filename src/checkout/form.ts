/**
 * The payment form as data: the chosen method, operator and provider, the values typed or
 * supplied by the shop, and what is wrong with them. Problems are kept as codes, so the words are
 * those of the locale on screen whenever it renders.
 */
import type { PlatformError } from '../api/errors.js';
import { compactNumber, issuesIn, rulesIn, type MethodField } from '../api/field-rules.js';
import type { ExternalProvider, PaymentOption } from '../api/schemas/options.js';
import type { FieldProblem } from '../i18n/texts.js';
import { customerDataOf, type CustomerAttributes, type FieldValues } from '../methods/fields.js';
import type { PayChangeDetail } from '../events/index.js';
import { formBook, rulesHere } from './form-rules.js';

/** Where the session moves the keyboard focus: the form's error, the status, or one field. */
export type FocusTarget = 'form-error' | 'status' | { field: string };

/** What the form says above the pay button. */
export type FormNotice = { kind: 'chooseMethod' } | { kind: 'fields'; count: number } | { kind: 'error'; code: string };

/** The shop's preselection and data (the redirect parameters). */
export interface FormPreset extends CustomerAttributes {
  paymentMethodCode?: string;
  paymentOperatorCode?: string;
  externalProviderCode?: string;
  optionsAvailable: boolean;
}

/** Where each form field goes in the method object, normalized. */
export function setMethodField(method: Record<string, unknown>, field: MethodField, raw: string): void {
  const value = field === 'phoneNumber' ? compactNumber(raw).replace(/^00/, '+') : raw.trim();
  const keys = field.split('.');
  let node = method;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

export interface MethodChoice {
  code: string;
  operatorCode?: string;
  externalProviderCode?: string;
}

/** The paymentMethod object from the customer's choice and form values. */
export function buildPaymentMethod(
  choice: MethodChoice,
  currencyCode: string,
  values: FieldValues,
): Record<string, unknown> {
  const method: Record<string, unknown> = { paymentMethodCode: choice.code };
  if (choice.operatorCode) method.paymentOperatorCode = choice.operatorCode;
  if (choice.externalProviderCode) method.externalProviderCode = choice.externalProviderCode;
  for (const rule of rulesIn(formBook(), choice.code, currencyCode)) {
    if (rule.field === 'paymentOperatorCode') continue;
    const value = values[rule.field];
    if (value && value.trim()) setMethodField(method, rule.field, value);
  }
  return method;
}

export class CheckoutForm {
  selectedCode?: string;
  selectedOperator?: string;
  selectedProvider?: string;
  values: FieldValues = {};
  fieldErrors: Partial<Record<MethodField, FieldProblem>> = {};
  notice?: FormNotice;
  /** What pay-change last said (or, at the start, what the form was): it fires on a difference. */
  private lastChange?: string;

  /** A form that keeps what the customer chose and typed in an earlier one (the checkout restarted). */
  constructor(earlier?: CheckoutForm) {
    if (!earlier) return;
    this.selectedCode = earlier.selectedCode;
    this.selectedOperator = earlier.selectedOperator;
    this.selectedProvider = earlier.selectedProvider;
    this.values = earlier.values;
  }

  /**
   * Fills the form for the options shown: the shop's data under what the customer typed, and the
   * shop's method, operator and provider where they are offered. False when the shop fixed a
   * method (`options-available="false"`) that is not offered.
   */
  preset(options: PaymentOption[], providers: ExternalProvider[], shop: FormPreset): boolean {
    this.values = { ...customerDataOf(shop), ...this.values };
    const preset = options.find((option) => option.paymentMethodCode === shop.paymentMethodCode);
    if (shop.paymentMethodCode && !preset && !shop.optionsAvailable) return false;
    if (!this.selectedCode || !options.some((option) => option.paymentMethodCode === this.selectedCode)) {
      this.selectedCode =
        preset?.paymentMethodCode ?? (options.length === 1 ? options[0]!.paymentMethodCode : undefined);
      const operators =
        options.find((option) => option.paymentMethodCode === this.selectedCode)?.paymentOperators ?? [];
      this.selectedOperator = operators.some((operator) => operator.code === shop.paymentOperatorCode)
        ? shop.paymentOperatorCode
        : undefined;
      this.selectedProvider = providers.some((provider) => provider.code === shop.externalProviderCode)
        ? shop.externalProviderCode
        : undefined;
    }
    return true;
  }

  /** Chooses a method and operator; false when that is the choice already. */
  choose(code: string, operator?: string): boolean {
    if (code === this.selectedCode && operator === this.selectedOperator) return false;
    this.selectedCode = code;
    this.selectedOperator = operator;
    this.fieldErrors = {};
    this.notice = undefined;
    return true;
  }

  setValue(field: MethodField, value: string): void {
    this.values = { ...this.values, [field]: value };
    if (this.fieldErrors[field]) {
      const { [field]: _, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
    }
  }

  /** The paymentMethod object of the form and its problems by the method rules; none without a method. */
  private check(currencyCode: string) {
    if (!this.selectedCode) return undefined;
    const method = buildPaymentMethod(
      {
        code: this.selectedCode,
        operatorCode: this.selectedOperator,
        externalProviderCode: this.selectedProvider,
      },
      currencyCode,
      this.values,
    );
    return { method, issues: issuesIn(formBook(), method, currencyCode) };
  }

  /** Whether the form would pass, with nothing marked: never while the chosen method's rules are still to come. */
  complete(currencyCode: string): boolean {
    const checked = this.check(currencyCode);
    return !!checked && rulesHere(this.selectedCode) && !checked.issues.length;
  }

  /** pay-change's detail when completeness or the choice differ from the last call's, else undefined. */
  changed(currencyCode: string): PayChangeDetail | undefined {
    const detail: PayChangeDetail = {
      complete: this.complete(currencyCode),
      ...(this.selectedCode ? { paymentMethodCode: this.selectedCode } : {}),
      ...(this.selectedOperator ? { paymentOperatorCode: this.selectedOperator } : {}),
    };
    const key = JSON.stringify(detail);
    if (key === this.lastChange) return undefined;
    this.lastChange = key;
    return detail;
  }

  /**
   * The paymentMethod object of the form, checked by the method rules of the platform document;
   * undefined when something is missing or wrong, with the problems marked.
   */
  paymentMethod(currencyCode: string): Record<string, unknown> | undefined {
    const checked = this.check(currencyCode);
    if (!checked) {
      this.notice = { kind: 'chooseMethod' };
      return undefined;
    }
    const { method, issues } = checked;
    this.fieldErrors = Object.fromEntries(issues.map((issue) => [issue.field, issue.problem]));
    this.notice = issues.length ? { kind: 'fields', count: issues.length } : undefined;
    return issues.length ? undefined : method;
  }

  /** Where the customer's attention goes after a failed submit. */
  get problemTarget(): FocusTarget {
    const first = Object.keys(this.fieldErrors)[0];
    return this.notice?.kind === 'fields' && first ? { field: first } : 'form-error';
  }

  /** The platform did not accept the payin: its reason, and the fields a 400 names. */
  rejected(error: PlatformError): void {
    if (error.code === 'INVALID_REQUEST') {
      const fieldErrors: Partial<Record<MethodField, FieldProblem>> = {};
      for (const { field } of error.details) {
        const methodField = field?.replace(/^paymentMethod\./, '') as MethodField | undefined;
        if (methodField) fieldErrors[methodField] = 'invalid';
      }
      this.fieldErrors = fieldErrors;
    }
    this.notice = { kind: 'error', code: error.code };
  }
}
