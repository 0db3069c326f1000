/**
 * The form's completeness or the customer's choice changed: a page with its own pay button
 * enables it on `complete`. Fired for the customer's actions only, never for the page's
 * attributes (read `checkValidity()` at `pay-ready` for the form as the page preset it).
 */
export interface PayChangeDetail {
  /** Whether the form, as it is, would pass `submit()`'s validation. */
  complete: boolean;
  paymentMethodCode?: string;
  paymentOperatorCode?: string;
}
export type PayChangeEvent = CustomEvent<PayChangeDetail>;
