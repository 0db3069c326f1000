/**
 * The token expires within a minute while a payin is pending, and nothing renews it (no
 * `checkout-url` or `fetchCheckout`, or renewing there failed); also when the platform refused
 * the token before then. Following waits quietly, with no `pay-error`, until the page sets a fresh
 * `token` for the same payin. Fired once per token.
 */
export interface PayTokenExpiringDetail {
  idPayin: string;
  /** When the token expires (its `exp`), by the platform's clock: ISO 8601, e.g. `2026-11-23T17:41:00.000Z`. */
  expiresAt: string;
}
export type PayTokenExpiringEvent = CustomEvent<PayTokenExpiringDetail>;
