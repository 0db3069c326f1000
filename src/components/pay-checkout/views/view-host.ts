/**
 * What the views of <pay-checkout> may read and do — the session, the words and a few display
 * settings — so they never depend on the element class (and it keeps its internals private).
 */
import type { CSSResult } from 'lit';
import type { FocusTarget } from '../../../checkout/form.js';
import type { CheckoutSession } from '../../../checkout/session.js';
import type { Localizer } from '../../../i18n/localize.js';

/** The session as the views see it: its data, and the customer's actions. */
export type SessionView = Pick<
  CheckoutSession,
  | 'phase'
  | 'state'
  | 'status'
  | 'form'
  | 'config'
  | 'merchantName'
  | 'customerData'
  | 'methodLocked'
  | 'operatorLocked'
  | 'kind'
  | 'watch'
  | 'busy'
  | 'choose'
  | 'chooseProvider'
  | 'setValue'
  | 'submit'
  | 'returnUrl'
  | 'requestUpdate'
>;

export interface ViewHost {
  readonly session: SessionView;
  readonly words: Localizer;
  /** `allow-customer-data-change` */
  readonly allowCustomerDataChange: boolean;
  /** `show-deep-link` */
  readonly showDeepLink: boolean;
  /** `submit-button`: `"none"` when the page has its own pay button. */
  readonly submitButton: string;
  /** A top-up's views (kind="topup", topup-views.ts), once their chunk has loaded. */
  readonly topUp?: TopUpViews;
  /** Says `text` in the element's polite live region (a copy, a status change). */
  announce(text: string): void;
  /** Adds the rules of views that arrived in a chunk of their own (other methods', trouble's) to the element's. */
  adopt(styles: CSSResult): void;
  /** Starts the checkout again (a new session). */
  retry(): void;
}

/** What the top-up chunk (topup-views.ts) renders into the payment's views: declared here, so neither imports the other's types in a cycle. */
export interface TopUpViews {
  /** The amount the customer chooses and the quote, above the methods. */
  renderTopUp(host: ViewHost): unknown;
  /** The pay button's words for a top-up. */
  payLabel(host: ViewHost): string | undefined;
  /** After the create: the platform's numbers and the credit. */
  renderTopUpSummary(host: ViewHost): unknown;
}

/** Where the views put what the session wants the customer's attention on. */
export const focusSelector = (target: FocusTarget): string =>
  target === 'status' ? '.status' : target === 'form-error' ? '.form-error' : `[data-field="${target.field}"]`;
