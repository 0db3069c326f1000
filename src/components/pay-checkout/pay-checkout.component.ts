import { LitElement, adoptStyles, html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { CheckoutState } from '../../checkout/phase.js';
import type { FollowStop } from '../../checkout/status-source.js';
import { booleanString } from '../../checkout/redirect-params.js';
import { CheckoutSession, type SessionReport } from '../../checkout/session.js';
import { LocalizeController, loadWords, moreWords, moreWordsHere, type Localizer } from '../../i18n/localize.js';
import { needsMoreWords } from '../../i18n/word-parts.js';
import { hasOwnView } from '../../methods/registry.js';
import { statusText } from '../../i18n/texts.js';
import type { MethodField } from '../../api/method-rules.js';
import type { AvailableOptionsResponse } from '../../api/schemas/options.js';
import type { FetchCheckout } from '../../api/schemas/checkout-response.js';
import { styles } from './pay-checkout.styles.js';
import { renderError, renderLoading, renderViewsLoading } from './views/status-views.js';
import { renderSelect } from './views/select-view.js';
import { focusSelector, type ViewHost } from './views/view-host.js';
import { loadPaymentViews, loadTopUpViews } from './views/load-views.js';
import type * as PaymentViews from './views/payment-views.js';
import type * as TopUpViews from './views/topup-views.js';
import { refused, type PaySubmitResult } from '../../checkout/submit-result.js';

export type { CheckoutState, PaySubmitResult };

/** The top-up attributes (docs/element.md, Top-ups), as properties: declared after the class, in one loop. */
const TOP_UP = [
  'kind',
  'topupId',
  'creditAmount',
  'creditCurrency',
  'amountPresets',
  'minAmount',
  'maxAmount',
  'fxRate',
] as const;

/**
 * Attributes whose change means another payment: the checkout starts again. A fresh `fxRate` is
 * not one: the quote reads it as it is set.
 */
const IDENTITY = [
  'baseUrl',
  'payinId',
  'amount',
  'currencyCode',
  'apiVersion',
  'checkoutUrl',
  ...TOP_UP.slice(0, 7),
] as const;

/**
 * The whole direct payin flow for one payment: options, the method's form, creation, the
 * method's own view while pending, status by polling, and the final result. The flow is a
 * CheckoutSession (src/checkout/session.ts); the element hands it the attributes, renders its
 * phase and dispatches what it reports. A change of payment (base URL, payin, money, version)
 * starts a new session.
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
 * @attr {'payin' | 'topup'} kind - `"topup"`: a wallet top-up in place of a payin. Property `kind`.
 * @attr {string} topup-id - A top-up: the merchant's idTopUp (optional when the token carries idPayment). Property `topupId`.
 * @attr {number} credit-amount - A top-up: what the wallet receives (TopUpRequestedMoneyRequired). Property `creditAmount`.
 * @attr {string} credit-currency - A top-up: the wallet's currency. Property `creditCurrency`.
 * @attr {string} amount-presets - A top-up the customer chooses: comma-separated amounts the wallet may receive. Property `amountPresets`.
 * @attr {number} min-amount - A top-up the customer chooses: the least the wallet may receive. Property `minAmount`.
 * @attr {number} max-amount - A top-up the customer chooses: the most the wallet may receive. Property `maxAmount`.
 * @attr {string} fx-rate - A top-up: the FX rate record(s) of GET /fx-rates as JSON, from the merchant's server. Property `fxRate`.
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
  // The top-up attributes (docs/element.md, Top-ups) are declared after the class, in one loop (see below).
  /** `"topup"`: a wallet top-up (the platform's /topups flow, token action WALLET_OPERATION_CREATE) in place of a payin. */
  declare kind?: 'payin' | 'topup';
  /** A top-up: the merchant's idTopUp; optional when the token carries idPayment. */
  declare topupId?: string;
  /** A top-up: what the wallet receives (moneyRequired), in `credit-currency`; give it or `amount`, not both. */
  declare creditAmount?: number;
  /** A top-up: the wallet's currency. */
  declare creditCurrency?: string;
  /** A top-up whose amount the customer chooses: comma-separated presets of what the wallet receives. */
  declare amountPresets?: string;
  /** A top-up whose amount the customer chooses: the least the wallet may receive. */
  declare minAmount?: number;
  /** A top-up whose amount the customer chooses: the most the wallet may receive. */
  declare maxAmount?: number;
  /** A top-up: the FX rate record (or records) the merchant's server read (GET /fx-rates), when the token may not read them; the `fx-rate` attribute is its JSON. */
  declare fxRate?: unknown;
  /** `"none"` hides the built-in pay button, for a page with its own that calls `submit()`. */
  @property({ attribute: 'submit-button' }) submitButton: 'default' | 'none' = 'default';
  /** Where the checkout is: loading, select, submitting, pending, success, failed, refused or error. */
  @property({ reflect: true })
  get state(): CheckoutState {
    return this.session?.state ?? 'loading';
  }

  // For tests and tools, read-only: whether the payin views have loaded, why polling stopped, the
  // method chosen. setValue() sets a field as the customer typing it would.
  get views(): CheckoutSession['views'] {
    return this.session?.views ?? 'idle';
  }
  get pollStopped(): FollowStop | undefined {
    return this.session?.follow?.stopped;
  }
  get selectedCode(): string | undefined {
    return this.session?.form.selectedCode;
  }
  setValue(field: MethodField, value: string): void {
    this.session?.setValue(field, value);
  }

  /**
   * Validates as the pay button does (the problems shown, the first focused), then creates the
   * payin, once however often it is called. Settles with `{ ok: true, payin }` when the platform
   * accepted it, otherwise `{ ok: false, error }`: INVALID_FORM, a rejection or any other error;
   * anywhere but at the form (`state` other than select or submitting), at once with INVALID_STATE.
   */
  submit(): Promise<PaySubmitResult> {
    return this.session?.submit() ?? refused(moreWords(this.localize.tag), () => this.l, 'INVALID_STATE', this.state);
  }

  /** Whether the form is complete, as submit() would find it. */
  checkValidity(): boolean {
    return !!this.session?.checkValidity();
  }

  /** checkValidity(), and the problems shown with the first focused. */
  reportValidity(): boolean {
    return !!this.session?.reportValidity();
  }

  @state() private announcement = '';
  private session?: CheckoutSession;
  private paymentViews?: typeof PaymentViews;
  private topUpViews?: typeof TopUpViews;
  private readonly localize = new LocalizeController(this);
  private startedFor?: string;
  private reflectedState: CheckoutState = 'loading';
  private focusAfterRender?: string;

  private identity(): string {
    return JSON.stringify(IDENTITY.map((key) => this[key]));
  }

  private get l(): Localizer {
    return this.localize.localizer;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected: read the payment's true state again.
    if (this.hasUpdated) this.restart();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session?.dispose();
    this.startedFor = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A removed element may still finish an update (a chunk or a request that resolved late):
    // it starts again when it is connected again, not before.
    if (!this.isConnected) return;
    const tokenChanged = changed.has('token');
    if (
      this.startedFor !== this.identity() ||
      ((tokenChanged || changed.has('fetchCheckout')) && (this.state === 'error' || this.state === 'loading'))
    ) {
      this.restart();
    } else if (tokenChanged && this.token) {
      // A fresh token for the same payment (e.g. the old one expired): used from now on.
      this.session?.useToken(this.token);
    }
  }

  /** Starts (again) from the page's attributes: a new session, keeping what the customer typed. */
  private readonly restart = (): void => {
    const earlier = this.session;
    earlier?.dispose();
    if (earlier) this.removeController(earlier);
    this.startedFor = this.identity();
    this.focusAfterRender = undefined;
    const session: CheckoutSession = (this.session = new CheckoutSession({
      input: () => this,
      localizer: () => this.l,
      words: () => loadWords(this.localize.tag),
      moreWords: () => moreWords(this.localize.tag),
      loadFollowers: () => loadPaymentViews(session.config?.statusUrl, this.l).then(this.useViews),
      report: (report) => session === this.session && this.onReport(report),
      earlierForm: earlier?.form,
      loadTopUp: () => loadTopUpViews(this.l).then((views) => (this.topUpViews = views)),
    }));
    this.addController(session);
    session.start();
    this.onReport({ type: 'update' });
  };

  /** The payin views arrived: they render pending and final, with their own styles beside ours. */
  private readonly useViews = (views: typeof PaymentViews) => {
    if (!this.paymentViews) adoptStyles(this.renderRoot as ShadowRoot, [...PayCheckout.elementStyles, views.styles]);
    return (this.paymentViews = views);
  };

  private onReport(report: SessionReport): void {
    if (report.type === 'update') {
      // The reflected state follows the phase: tell Lit what it was, so it reflects the change.
      const was = this.reflectedState;
      this.reflectedState = this.state;
      this.requestUpdate('state', was);
      return this.requestUpdate();
    }
    if (report.type === 'focus') {
      this.focusAfterRender = focusSelector(report.target);
      return this.requestUpdate();
    }
    if (report.name === 'pay-status') this.announcement = statusText(this.l, report.detail.status);
    if (report.name === 'pay-expired')
      void moreWords(this.localize.tag).then(() => (this.announcement = this.l.term('expired')));
    this.dispatchEvent(new CustomEvent(report.name, { detail: report.detail, bubbles: true, composed: true }));
  }

  protected override updated(): void {
    if (!this.focusAfterRender) return;
    const target = this.renderRoot.querySelector<HTMLElement>(this.focusAfterRender);
    // The view to focus may not be there yet (the payin views load as a chunk): keep asking.
    if (!target) return;
    this.focusAfterRender = undefined;
    target.focus();
  }

  /** Pending and final: the views chunk, or a placeholder while it loads (pending waits for its method's view and words there too). */
  private renderPayin(host: ViewHost) {
    const views = this.paymentViews;
    if (!views) return renderViewsLoading(host);
    // The words of trouble (word-parts.ts), when the view says some: fetched, and it renders again.
    if (views.troubleShown(host) && !moreWordsHere(this.l.locale)) return renderViewsLoading(host);
    return this.state === 'pending' ? views.renderPending(host, this.wordsHere) : views.renderFinal(host);
  }

  /** Whether the words of `code`'s pending view are here (word-parts.ts): if not, they are fetched, and it renders again. */
  private readonly wordsHere = (code: string | undefined): boolean =>
    !code || !needsMoreWords(code, hasOwnView(code)) || moreWordsHere(this.l.locale);

  protected override render() {
    const { l, state, session } = this;
    if (!session) return;
    const host: ViewHost = {
      session,
      l,
      allowCustomerDataChange: this.allowCustomerDataChange,
      showDeepLink: this.showDeepLink,
      submitButton: this.submitButton,
      topUp: this.topUpViews,
      announce: (text) => (this.announcement = text),
      retry: this.restart,
    };
    const body =
      state === 'loading'
        ? renderLoading(host)
        : state === 'error'
          ? moreWordsHere(this.l.locale)
            ? renderError(host)
            : renderLoading(host)
          : state === 'select' || state === 'submitting'
            ? // The chosen method's words and view, fetched while the form is filled: here by the time its payin is.
              (this.wordsHere(session.form.selectedCode),
              this.paymentViews?.viewsHere(session.form.selectedCode),
              renderSelect(host))
            : this.renderPayin(host);
    return html`<section lang=${l.lang} dir=${l.dir} aria-label=${l.term('checkoutLabel')} aria-busy=${state === 'loading' || state === 'submitting'}>
      ${body}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
    </section>`;
  }
}

/**
 * The top-up attributes, each the kebab-case of its property (`topupId` ↔ `topup-id`), declared in
 * one loop rather than eight decorators: the initial file is at its size budget, and a top-up's
 * own code loads lazily. The class's JSDoc lists them for the manifest.
 */
for (const name of TOP_UP) {
  PayCheckout.createProperty(name, {
    attribute: name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
    type: /Am/.test(name) ? Number : String,
  });
}
