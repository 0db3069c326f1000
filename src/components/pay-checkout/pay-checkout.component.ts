import { LitElement, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { MethodField } from '../../api/field-rules.js';
import type { FetchCheckout } from '../../api/schemas/checkout-response.js';
import type { AvailableOptionsResponse } from '../../api/schemas/options.js';
import type { CheckoutState } from '../../checkout/phase.js';
import { booleanString } from '../../checkout/redirect-params.js';
import type { WatchStop } from '../../checkout/status-source.js';
import { refused, type PayAnySubmitResult, type PaySubmitResult } from '../../checkout/submit-result.js';
import type { LoadStatus } from '../../api/lazy.js';
import { CheckoutController } from './checkout-controller.js';
import { styles } from './pay-checkout.styles.js';
import { renderSelect } from './views/select-view.js';
import { renderError, renderLoading, renderViewsLoading } from './views/status-views.js';
import type { ViewHost } from './views/view-host.js';

export type { CheckoutState, PayAnySubmitResult, PaySubmitResult };

/**
 * The whole checkout of one payment: options, the method's form, creation, the method's own view
 * while pending, its status, and the final result. The flow is a CheckoutSession
 * (src/checkout/session.ts), which the element's CheckoutController runs from the attributes; the
 * element renders its phase. A change of payment (base URL, payin, money, version) starts a new
 * session.
 *
 * A page with its own pay button sets `submit-button="none"`, enables its button on `pay-change`
 * and calls `submit()`, which validates as the built-in button does and settles with the payin or
 * the reason there is none.
 *
 * With `kind="topup"` the same flow is a wallet top-up (the platform's `/topups` endpoints): `amount`
 * is what the customer pays, `credit-amount` what the wallet receives (give one, with both
 * `currency-code` and `credit-currency`), or neither with `amount-presets` / `min-amount` /
 * `max-amount` for the customer to choose what the wallet receives. Before paying the customer sees
 * the quote (both sides, the rate, until when it holds); events carry `{ kind: 'topup', topUp }`.
 *
 * @summary Drop-in checkout for local payment methods.
 *
 * @event pay-ready - Options loaded and shown. `{ options, externalProviders?, merchantName? }`
 * @event pay-method-change - The customer changed method or operator. `{ paymentMethodCode, paymentOperatorCode? }`
 * @event pay-change - The customer's action changed whether the form is complete, or the choice. `{ complete, paymentMethodCode?, paymentOperatorCode? }`
 * @event pay-created - The platform accepted the payin, or it already existed. `{ idPayin, idPayment?, payin, resumed }`; a top-up's `{ kind: 'topup', idTopUp, idPayment?, topUp, resumed }` (and likewise `topUp` in place of `payin` below)
 * @event pay-status - A status was first seen or changed. `{ status, previousStatus?, payin }`
 * @event pay-success - The payment succeeded (once). `{ payin }`
 * @event pay-failed - The payment failed (once). `{ payin, failureReasonCode? }`
 * @event pay-refused - The payment was refused (once). `{ payin, failureReasonCode? }`
 * @event pay-expired - `expireAt` passed while still PROCESSING (once). `{ payin }`
 * @event pay-error - An error to act on. `{ code, message, httpStatus?, retryable }`
 * @event pay-token-expiring - The token expires within a minute (or was refused) while a payin is pending, and nothing renews it: set a fresh `token`. Once per token. `{ idPayin, expiresAt }`
 *
 * @csspart merchant-name - The merchant's channel name.
 * @csspart amount - The amount to pay.
 * @csspart method-list - The list of payment methods.
 * @csspart method - One payment method choice.
 * @csspart form - The payment form.
 * @csspart field - One form field (label, input, message).
 * @csspart submit - The pay button (none with `submit-button="none"`).
 * @csspart qr - The QR code.
 * @csspart instructions - Payment instructions.
 * @csspart status - The payment status.
 * @csspart error - An error message.
 *
 * @cssproperty --pay-color-primary - Buttons, focus and selection.
 * @cssproperty --pay-color-on-primary - Text on primary.
 * @cssproperty --pay-color-text - Text.
 * @cssproperty --pay-color-muted - Secondary text.
 * @cssproperty --pay-color-background - Background.
 * @cssproperty --pay-color-surface - Panels and read-only fields.
 * @cssproperty --pay-color-border - Borders.
 * @cssproperty --pay-color-error - Errors.
 * @cssproperty --pay-color-success - Success.
 * @cssproperty --pay-color-warning - The exact-amount notice.
 * @cssproperty --pay-focus-ring - Focus ring (a box-shadow).
 * @cssproperty --pay-font-family - Font.
 * @cssproperty --pay-font-size - Base font size.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-spacing - Base spacing.
 * @cssproperty --pay-max-width - Maximum width of the element.
 */
export class PayCheckout extends LitElement {
  static override styles = styles;

  /** The payment-scoped JWT, sent as `Authorization: Bearer`. Not needed with `checkout-url` or `fetchCheckout`. */
  @property() token?: string;
  /**
   * The merchant's checkout endpoint (`createCheckoutBackend`'s `POST …/checkouts`): with no
   * `token`, the element POSTs `{}` there with the page's credentials and takes the token, base
   * URL, payin, money, options, merchant name, status and callback URLs from the answer (which
   * wins over the same attributes); it renews the token there while a payin is pending.
   */
  @property({ attribute: 'checkout-url' }) checkoutUrl?: string;
  /** The same as `checkout-url`, the page's own way: `({ handle? }) => Promise<answer | Response>`. */
  @property({ attribute: false }) fetchCheckout?: FetchCheckout;
  /** The platform's base URL (sandbox, live, or the local emulator). */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** The merchant's idPayin; optional when the token carries idPayment. */
  @property({ attribute: 'payin-id' }) payinId?: string;
  /** The amount to pay; optional when the token carries money. */
  @property({ type: Number }) amount?: number;
  @property({ attribute: 'currency-code' }) currencyCode?: string;
  @property({ attribute: 'payment-method-code' }) paymentMethodCode?: string;
  @property({ attribute: 'payment-operator-code' }) paymentOperatorCode?: string;
  /** `"false"`: the customer may not change the preselected option. */
  @property({ attribute: 'options-available', converter: booleanString(true) }) optionsAvailable = true;
  @property({ attribute: 'account-name' }) accountName?: string;
  @property({ attribute: 'account-number' }) accountNumber?: string;
  @property({ attribute: 'email-address' }) emailAddress?: string;
  @property({ attribute: 'phone-number' }) phoneNumber?: string;
  /** `"false"`: supplied customer data is shown read-only. */
  @property({ attribute: 'allow-customer-data-change', converter: booleanString(true) })
  allowCustomerDataChange = true;
  @property({ attribute: 'external-provider-code' }) externalProviderCode?: string;
  @property({ attribute: 'postal-code' }) postalCode?: string;
  @property() city?: string;
  /** Spelled so, as the redirect parameter; `district` is accepted too. */
  @property() disctrict?: string;
  @property() district?: string;
  @property({ attribute: 'passport-number' }) passportNumber?: string;
  @property({ attribute: 'upi-id' }) upiId?: string;
  /** The customer's ID in the merchant's system (kept for the merchant; payins do not carry it). */
  @property({ attribute: 'id-customer' }) idCustomer?: string;
  @property({ attribute: 'product-id' }) productId?: string;
  /** `"true"`: the UPI QR view also offers the UPI app deep link. */
  @property({ attribute: 'show-deep-link', converter: booleanString(false) }) showDeepLink = false;
  /** Where the platform returns the shopper after a bank's page; offered as "Return to the shop" when it is another page than this one. */
  @property({ attribute: 'return-url' }) returnUrl?: string;
  @property({ attribute: 'callback-url' }) callbackUrl?: string;
  /** Value of X-API-Version. */
  @property({ attribute: 'api-version' }) apiVersion = '2';
  /** BCP 47 tag; default the page's language, then English. */
  @property() locale?: string;
  /** The merchant's status stream for this payin (createStatusRelay): while healthy, no polling. */
  @property({ attribute: 'status-url' }) statusUrl?: string;
  /** The shop's name as the merchant gives it (text): shown at the top, and no `GET /merchant-info` is sent. */
  @property({ attribute: 'merchant-name' }) merchantName?: string;
  /** The options answer the merchant's server already has: set before the start, no options request. */
  @property({ attribute: false }) options?: AvailableOptionsResponse;
  /** `"topup"`: a wallet top-up (the platform's /topups flow, token action WALLET_OPERATION_CREATE) in place of a payin. */
  @property() kind?: 'payin' | 'topup';
  /** A top-up: the merchant's idTopUp; optional when the token carries idPayment. */
  @property({ attribute: 'topup-id' }) topupId?: string;
  /** A top-up: what the wallet receives (moneyRequired), in `credit-currency`; give it or `amount`, not both. */
  @property({ attribute: 'credit-amount', type: Number }) creditAmount?: number;
  /** A top-up: the wallet's currency. */
  @property({ attribute: 'credit-currency' }) creditCurrency?: string;
  /** A top-up whose amount the customer chooses: comma-separated presets of what the wallet receives. */
  @property({ attribute: 'amount-presets' }) amountPresets?: string;
  /** A top-up whose amount the customer chooses: the least the wallet may receive. */
  @property({ attribute: 'min-amount', type: Number }) minAmount?: number;
  /** A top-up whose amount the customer chooses: the most the wallet may receive. */
  @property({ attribute: 'max-amount', type: Number }) maxAmount?: number;
  /** A top-up: the FX rate record (or records) of GET /fx-rates the merchant's server read, when the token may not read them; the `fx-rate` attribute is its JSON. */
  @property({ attribute: 'fx-rate' }) fxRate?: unknown;
  /** `"none"` hides the built-in pay button, for a page with its own that calls `submit()`. */
  @property({ attribute: 'submit-button' }) submitButton: 'default' | 'none' = 'default';

  private readonly checkout = new CheckoutController(this);

  /** Where the checkout is: loading, select, submitting, pending, success, failed, refused or error. */
  @property({ reflect: true })
  get state(): CheckoutState {
    return this.checkout.session?.state ?? 'loading';
  }

  // For tests and tools, read-only: whether a payment's views have loaded, why following its
  // status stopped, the method chosen. setValue() sets a field as the customer typing it would.
  get views(): LoadStatus {
    return this.checkout.session?.watch.status ?? 'idle';
  }
  get pollStopped(): WatchStop | undefined {
    return this.checkout.session?.watch.value?.stopped;
  }
  get selectedCode(): string | undefined {
    return this.checkout.session?.form.selectedCode;
  }
  setValue(field: MethodField, value: string): void {
    this.checkout.session?.setValue(field, value);
  }

  /**
   * Validates as the pay button does (the problems shown, the first focused), then creates the
   * payment, once however often it is called. Settles with `{ ok: true, payin }` when the platform
   * accepted it, otherwise `{ ok: false, error }`: INVALID_FORM, a rejection or any other error;
   * anywhere but at the form (`state` other than select or submitting), at once with INVALID_STATE.
   */
  submit(): Promise<PaySubmitResult> {
    const { checkout } = this;
    // Typed as a payin's, as the events are: a top-up's success reads as PayAnySubmitResult.
    return (checkout.session?.submit() ??
      refused(
        checkout.loadTroubleWords(),
        () => checkout.words,
        'INVALID_STATE',
        this.state,
      )) as Promise<PaySubmitResult>;
  }

  /** Whether the form is complete, as submit() would find it. */
  checkValidity(): boolean {
    return !!this.checkout.session?.checkValidity();
  }

  /** checkValidity(), and the problems shown with the first focused. */
  reportValidity(): boolean {
    return !!this.checkout.session?.reportValidity();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.checkout.willUpdate(changed);
  }

  protected override render() {
    const host = this.checkout.viewHost();
    if (!host) return;
    const { words } = host;
    const state = this.state;
    return html`<section lang=${words.lang} dir=${words.dir} aria-label=${words.term('checkoutLabel')} aria-busy=${state === 'loading' || state === 'submitting'}>
      ${this.renderPhase(host)}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.checkout.announcement}</div>
    </section>`;
  }

  /** The view of the checkout's phase. */
  private renderPhase(host: ViewHost) {
    const { session } = host;
    switch (session.phase.name) {
      case 'loading':
        return renderLoading(host);
      case 'error':
        return renderError(host);
      case 'select':
      case 'submitting':
        return renderSelect(host);
      default:
        return (
          this.checkout.views.value?.renderPayment(host) ??
          renderViewsLoading(
            host,
            session.watch.status === 'failed',
            () => void session.watch.get().catch(() => undefined),
          )
        );
    }
  }
}
