import type { SVGTemplateResult, TemplateResult, nothing } from 'lit';
import type { MoneyResponse } from '../api/schemas/common.js';
import type { PayinMethodCode } from '../api/schemas/method-table.js';
import type { PaymentMethodResponse } from '../api/schemas/method-responses.js';
import type { Payin } from '../api/schemas/payin.js';
import type { Localizer } from '../i18n/localize.js';

/** What a method view may ask of the checkout. */
export interface ViewActions {
  /**
   * Copies `text`. Given the button that asked (`from`), a refused clipboard falls back to the
   * copy command, then to selecting the `.copy-value` of the button's `.copyable` on screen.
   */
  copy(text: string, from?: Element): void;
  /** Tells the merchant (pay-error UNSAFE_URL) that a platform link was refused. */
  reportUnsafeUrl(url: string): void;
  /** Sends the customer's external reference (UTR) to the platform. */
  submitReference(reference: string): void;
  /** Polls the status now. */
  checkNow(): void;
  /** Renders the view again: a part of it that loads by itself (a QR) has arrived. */
  update(): void;
}

/** How the last copy went: on the clipboard, or selected on screen for the shopper to copy. */
export type CopyOutcome = 'copied' | 'selected';

/** The last copy, while its button shows how it went. */
export interface CopyFeedback {
  text: string;
  outcome: CopyOutcome;
}

/** The external-reference (UTR) step as a view shows it. */
export interface ReferenceStep {
  /** `none`: the payment has no external-reference request (a top-up): the step is not offered. */
  state: 'idle' | 'sending' | 'sent' | 'error' | 'none';
  /** What went wrong, in the shopper's words. */
  error?: string;
}

export interface PendingViewContext {
  code: string;
  /** The payment in a payin's terms: for a top-up, its record with the money the customer pays as the money requested. */
  payin: Payin;
  response: PaymentMethodResponse;
  /** The order's money (paymentRequested). */
  orderMoney: MoneyResponse;
  /** The words of the shopper's locale. */
  words: Localizer;
  /** @deprecated use `words` */
  l: Localizer;
  /** `show-deep-link="true"` */
  showDeepLink: boolean;
  /**
   * The device's primary pointer is a finger (`(pointer: coarse)`, read at each render): the
   * shopper most likely pays on this very phone, so views lead with what works on it.
   */
  touch: boolean;
  /** The last copy, for a few seconds after it. */
  copied?: CopyFeedback;
  /** The customer's UPI ID, when the merchant supplied it (skips the UTR step). */
  upiId?: string;
  reference: ReferenceStep;
  actions: ViewActions;
}

/**
 * The codes whose package views travel with the payin views (builtin.ts): the QR payments and UPI
 * QR, whose views say none of the words of a locale's second part (word-parts.ts).
 * Every other code's view is in other-views.ts, a chunk fetched only for those codes, so a shopper
 * paying by QR never downloads a bank transfer's or a redirect's view. Declared here, below both
 * modules, so each can check its codes against it without importing the other.
 */
export type QrFamilyCode = Extract<
  PayinMethodCode,
  'DUITNOW' | 'PIXQR' | 'PROMPTPAY' | 'QRISPAY' | 'QRPH' | 'VIETQR' | 'ZAPPER_QR' | 'SNAP_SCAN_QR' | 'UPIQR'
>;

/** The codes whose package views are in other-views.ts. */
export type OtherMethodCode = Exclude<PayinMethodCode, QrFamilyCode>;

/**
 * A payment method family's view of the platform's response. Its form comes from the method
 * rules (src/api/method-rules.ts). Adding a method means one module and one line in
 * builtin.ts (a QR family's code) or other-views.ts; <pay-checkout> never branches on a code.
 */
export interface MethodModule {
  /** A small icon of the method's family (QR, bank, wallet, online banking, crypto, cash), 24×24, drawn in currentColor. */
  icon?: SVGTemplateResult;
  /** The view while the payment is pending. */
  renderPending(view: PendingViewContext): TemplateResult | typeof nothing;
}
