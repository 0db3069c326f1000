import type { TemplateResult, nothing } from 'lit';
import type { MethodField } from '../api/method-rules.js';
import type { MoneyResponse } from '../api/schemas/common.js';
import type { PaymentMethodResponse } from '../api/schemas/methods.js';
import type { Payin } from '../api/schemas/payin.js';
import type { Localizer } from '../i18n/localize.js';
import type { FieldValues } from './fields.js';

/** What a method view may ask of the checkout. */
export interface ViewActions {
  copy(text: string): void;
  /** Tells the merchant (pay-error UNSAFE_URL) that a platform link was refused. */
  reportUnsafeUrl(url: string): void;
  /** Sends the customer's external reference (UTR) to the platform. */
  submitReference(reference: string): void;
  /** Polls the status now. */
  checkNow(): void;
}

export interface ReferenceStep {
  state: 'idle' | 'sending' | 'sent' | 'error';
  error?: string;
}

export interface PendingViewContext {
  code: string;
  payin: Payin;
  response: PaymentMethodResponse;
  /** The order's money (paymentRequested). */
  orderMoney: MoneyResponse;
  l: Localizer;
  /** `show-deep-link="true"` */
  showDeepLink: boolean;
  /** The customer's UPI ID, when the merchant supplied it (skips the UTR step). */
  upiId?: string;
  reference: ReferenceStep;
  actions: ViewActions;
}

export interface FormContext {
  code: string;
  currencyCode: string;
  values: FieldValues;
  operatorCode?: string;
  externalProviderCode?: string;
}

/**
 * A payment method family: its form and its view. Adding a method means one module and one
 * line in the registry; <pay-checkout> never branches on a code.
 */
export interface MethodModule {
  /** Optional fields the form offers even when the shop supplied nothing. */
  readonly offeredFields?: readonly MethodField[];
  /** App schemes its deep links may use (besides http and https). */
  readonly deepLinkSchemes?: readonly string[];
  /** Adjusts the method object built from the form (e.g. a fixed field). */
  buildMethod?(method: Record<string, unknown>, form: FormContext): Record<string, unknown>;
  /** The view while the payment is pending. */
  renderPending(view: PendingViewContext): TemplateResult | typeof nothing;
}
