import { LitElement, html, type PropertyValues, type ComplexAttributeConverter } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createCheckoutClient, type CheckoutClient } from '../../api/checkout-client.js';
import { PlatformError, isAbortError, isPlatformError } from '../../api/errors.js';
import { EXTERNAL_REFERENCE_PATTERN } from '../../api/patterns.js';
import { timestampMs } from '../../api/schemas/common.js';
import { isFinalStatus, type Payin, type PayinDetailResponse, type PayinStatus } from '../../api/schemas/payin.js';
import type { ExternalProvider, PaymentOption } from '../../api/schemas/options.js';
import { checkPaymentMethod, type MethodField } from '../../api/method-rules.js';
import { readCheckoutConfig, isConfigProblem, type CheckoutConfig } from '../../checkout/config.js';
import type { Countdown } from '../../checkout/countdown.js';
import { buildPayinRequest, buildPaymentMethod, createPayin, startCheckout } from '../../checkout/flow.js';
import { ServerClock } from '../../checkout/server-clock.js';
import type { StatusPoller, PollerStop } from '../../checkout/status-poller.js';
import type { PayEventDetails, PayEventName, PayErrorDetail } from '../../events/index.js';
import { LocalizeController, type Localizer } from '../../i18n/localize.js';
import type { CustomerData, FieldValues } from '../../methods/fields.js';
import type { ReferenceStep } from '../../methods/types.js';
import { styles } from './pay-checkout.styles.js';
import { renderError, renderLoading } from './views/status-views.js';
import { renderSelect } from './views/select-view.js';
import type * as PaymentViews from './views/payment-views.js';

export type CheckoutState = 'loading' | 'select' | 'submitting' | 'pending' | 'success' | 'failed' | 'refused' | 'error';

/** `"true"` / `"false"` attributes, as the redirect parameters have them. */
const booleanString = (fallback: boolean): ComplexAttributeConverter<boolean> => ({
  fromAttribute: (value) => (value === null ? fallback : value.trim().toLowerCase() !== 'false'),
  toAttribute: (value) => String(value),
});

/** Attributes whose change means another payment: the checkout starts again. */
const IDENTITY = ['baseUrl', 'payinId', 'amount', 'currencyCode', 'apiVersion'] as const;

/**
 * The whole direct payin flow for one payment: options, the method's form, creation, the
 * method's own view while pending, status by polling, and the final result.
 *
 * @summary Drop-in checkout for local payment methods.
 *
 * @event pay-ready - Options loaded and shown. `{ options, externalProviders?, merchantName? }`
 * @event pay-method-change - The customer changed method or operator. `{ paymentMethodCode, paymentOperatorCode? }`
 * @event pay-created - The platform accepted the payin, or it already existed. `{ idPayin, idPayment?, payin, resumed }`
 * @event pay-status - A status was first seen or changed. `{ status, previousStatus?, payin }`
 * @event pay-success - The payment succeeded (once). `{ payin }`
 * @event pay-failed - The payment failed (once). `{ payin, failureReasonCode? }`
 * @event pay-refused - The payment was refused (once). `{ payin, failureReasonCode? }`
 * @event pay-expired - `expireAt` passed while still PROCESSING (once). `{ payin }`
 * @event pay-error - An error to act on. `{ code, message, httpStatus?, retryable }`
 *
 * @csspart merchant-name - The merchant's channel name.
 * @csspart amount - The amount to pay.
 * @csspart method-list - The list of payment methods.
 * @csspart method - One payment method choice.
 * @csspart form - The payment form.
 * @csspart field - One form field (label, input, message).
 * @csspart submit - The pay button.
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

  /** The payment-scoped JWT, sent as `Authorization: Bearer`. */
  @property() token?: string;
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
  @property({ attribute: 'allow-customer-data-change', converter: booleanString(true) }) allowCustomerDataChange = true;
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
  @property({ attribute: 'return-url' }) returnUrl?: string;
  @property({ attribute: 'callback-url' }) callbackUrl?: string;
  /** Value of X-API-Version. */
  @property({ attribute: 'api-version' }) apiVersion = '2';
  /** BCP 47 tag; default the page's language, then English. */
  @property() locale?: string;
  /** Where the checkout is: loading, select, submitting, pending, success, failed, refused or error. */
  @property({ reflect: true }) state: CheckoutState = 'loading';

  @state() options: PaymentOption[] = [];
  @state() externalProviders: ExternalProvider[] = [];
  @state() merchantName?: string;
  @state() selectedCode?: string;
  @state() selectedOperator?: string;
  @state() selectedProvider?: string;
  @state() values: FieldValues = {};
  @state() fieldErrors: Partial<Record<MethodField, string>> = {};
  @state() formError?: string;
  @state() error?: PayErrorDetail;
  @state() payin?: Payin;
  @state() status?: PayinStatus;
  @state() expired = false;
  @state() pollProblem?: string;
  @state() pollStopped?: PollerStop;
  @state() reference: ReferenceStep = { state: 'idle' };
  @state() announcement = '';
  /** The views of a payin (every method's): loaded after ready, or at once for a payin that exists. */
  @state() views: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  private paymentViews?: typeof PaymentViews;

  readonly localize = new LocalizeController(this);
  readonly clock = new ServerClock();
  /** Status polling and the countdown: created with the payin views, when a payin exists. */
  poller?: StatusPoller;
  countdown?: Countdown;

  config?: CheckoutConfig;
  private client?: CheckoutClient;
  private run?: AbortController;
  private startedFor?: string;
  private lastStatus?: PayinStatus;
  private finalEmitted = false;
  private expiredEmitted = false;
  /** The error code of the current polling outage, reported once. */
  private outage?: string;
  private reportedUrls = new Set<string>();
  private focusAfterRender?: string;

  get l(): Localizer {
    return this.localize.localizer;
  }

  /** The customer data the merchant supplied, by method field. */
  get customerData(): CustomerData {
    const data: CustomerData = {
      'account.accountName': this.accountName,
      'account.accountNumber': this.accountNumber,
      emailAddress: this.emailAddress,
      phoneNumber: this.phoneNumber,
      upiId: this.upiId,
      passportNumber: this.passportNumber,
      productId: this.productId,
      'paymentLocation.postalCode': this.postalCode,
      'paymentLocation.city': this.city,
      'paymentLocation.district': this.district ?? this.disctrict,
    };
    for (const key of Object.keys(data) as MethodField[]) if (!data[key]) delete data[key];
    return data;
  }

  get expiresAtLocal(): number | undefined {
    const server = timestampMs(this.payin?.paymentMethodResponse.expireAt);
    return server === undefined ? undefined : this.clock.toLocal(server);
  }

  /** Whether the options are fixed by the shop. */
  get methodLocked(): boolean {
    return !this.optionsAvailable && !!this.paymentMethodCode;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected: read the payment's true state again.
    if (this.hasUpdated) this.restart();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.run?.abort();
    this.run = undefined;
    this.startedFor = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A removed element may still finish an update (a chunk or a request that resolved late):
    // it starts again when it is connected again, not before.
    if (!this.isConnected) return;
    if (this.startedFor !== this.identity() || this.needsRestartForToken(changed)) {
      this.restart();
    } else if (changed.has('token') && this.config && this.token) {
      // A fresh token for the same payment (e.g. the old one expired): use it from now on.
      this.client = this.makeClient(this.config, this.token);
      this.config = { ...this.config, token: this.token };
      if (this.state === 'pending' && this.pollStopped === 'error') this.resumePolling();
    }
    // A shown error is the words of its code: say them again in the current locale, whose chunk
    // may arrive after the error (a bad token fails before it loads) or which `locale` may change.
    if (this.error) {
      const message = this.errorText(this.error.code);
      if (message !== this.error.message) this.error = { ...this.error, message };
    }
  }

  private identity(): string {
    return JSON.stringify(IDENTITY.map((key) => this[key]));
  }

  private needsRestartForToken(changed: PropertyValues<this>): boolean {
    return changed.has('token') && (this.state === 'error' || this.state === 'loading');
  }

  private makeClient(config: CheckoutConfig, token: string): CheckoutClient {
    return createCheckoutClient({
      baseUrl: config.baseUrl,
      token,
      apiVersion: this.apiVersion || '2',
      onServerTime: (server, local) => this.clock.observe(server, local),
    });
  }

  /** Starts (again) from the page's attributes. */
  private restart(): void {
    this.run?.abort();
    this.poller?.stop();
    this.countdown?.set(undefined);
    this.startedFor = this.identity();
    Object.assign(this, {
      error: undefined,
      formError: undefined,
      fieldErrors: {},
      payin: undefined,
      status: undefined,
      expired: false,
      pollProblem: undefined,
      pollStopped: undefined,
      reference: { state: 'idle' },
    });
    this.lastStatus = undefined;
    this.focusAfterRender = undefined;
    this.finalEmitted = false;
    this.expiredEmitted = false;
    if (!this.isConnected) return;

    const config = readCheckoutConfig({
      token: this.token,
      baseUrl: this.baseUrl,
      payinId: this.payinId,
      amount: this.amount,
      currencyCode: this.currencyCode,
      returnUrl: this.returnUrl,
      callbackUrl: this.callbackUrl,
    });
    if (isConfigProblem(config)) {
      this.config = undefined;
      console.warn(`<pay-checkout>: ${config.attribute}: ${config.detail}`);
      this.fail({ code: config.code, message: `${this.errorText(config.code)} (${config.attribute}: ${config.detail})`, retryable: false }, this.errorText(config.code));
      return;
    }
    this.config = config;
    this.client = this.makeClient(config, config.token);
    this.state = 'loading';
    const run = (this.run = new AbortController());
    startCheckout(this.client, config, run.signal).then(
      (result) => {
        if (run.signal.aborted) return;
        this.merchantName = result.kind === 'error' ? undefined : result.merchantName;
        if (result.kind === 'resume') this.onCreated(result.payin, true);
        else if (result.kind === 'select') this.ready(result.options.data, result.options.externalProviders ?? []);
        else this.failWith(result.error);
      },
      (error) => {
        if (!run.signal.aborted) this.failWith(error);
      },
    );
  }

  private ready(options: PaymentOption[], providers: ExternalProvider[]): void {
    this.options = options;
    this.externalProviders = providers;
    this.values = { ...this.customerData, ...this.values };
    const preset = options.find((option) => option.paymentMethodCode === this.paymentMethodCode);
    if (this.paymentMethodCode && !preset && !this.optionsAvailable) {
      this.fail({ code: 'PAYMENT_OPERATOR_UNAVAILABLE', message: this.errorText('PAYMENT_OPERATOR_UNAVAILABLE'), retryable: false });
      return;
    }
    if (!this.selectedCode || !options.some((option) => option.paymentMethodCode === this.selectedCode)) {
      this.selectedCode = preset?.paymentMethodCode ?? (options.length === 1 ? options[0]!.paymentMethodCode : undefined);
      const operators = options.find((option) => option.paymentMethodCode === this.selectedCode)?.paymentOperators ?? [];
      this.selectedOperator = operators.some((operator) => operator.code === this.paymentOperatorCode) ? this.paymentOperatorCode : undefined;
      this.selectedProvider = providers.some((provider) => provider.code === this.externalProviderCode) ? this.externalProviderCode : undefined;
    }
    this.state = 'select';
    // Fetch the method views while the customer fills the form, not before the form shows.
    const idle = (globalThis as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
    idle(() => void this.loadViews().catch(() => undefined));
    this.emit('pay-ready', { options, externalProviders: providers.length ? providers : undefined, merchantName: this.merchantName });
  }

  /** The customer picked a method or an operator. */
  choose(code: string, operator?: string): void {
    if (this.state !== 'select' || (this.methodLocked && code !== this.selectedCode)) return;
    if (code === this.selectedCode && operator === this.selectedOperator) return;
    this.selectedCode = code;
    this.selectedOperator = operator;
    this.fieldErrors = {};
    this.formError = undefined;
    this.emit('pay-method-change', { paymentMethodCode: code, ...(operator ? { paymentOperatorCode: operator } : {}) });
  }

  setValue(field: MethodField, value: string): void {
    this.values = { ...this.values, [field]: value };
    if (this.fieldErrors[field]) {
      const { [field]: _, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
    }
  }

  /** Submits the form: validates, then creates the payin once. */
  async submit(): Promise<void> {
    if (this.state !== 'select' || !this.config || !this.client) return;
    const config = this.config;
    if (!this.selectedCode) {
      this.formError = this.l.term('chooseMethod');
      this.focusAfterRender = '.form-error';
      return;
    }
    const method = buildPaymentMethod(
      { code: this.selectedCode, operatorCode: this.selectedOperator, externalProviderCode: this.selectedProvider },
      config.money.currencyCode,
      this.values,
    );
    // The method rules of the platform document, before anything is sent.
    const issues = checkPaymentMethod(method, config.money.currencyCode);
    if (issues.length) {
      this.fieldErrors = Object.fromEntries(issues.map((issue) => [issue.field, this.fieldErrorText(issue.field, issue.problem)]));
      this.formError = this.l.term('formHasErrors', issues.length);
      this.focusAfterRender = `[data-field="${issues[0]!.field}"]`;
      return;
    }
    this.fieldErrors = {};
    this.formError = undefined;
    this.state = 'submitting';
    const run = (this.run = new AbortController());
    try {
      const result = await createPayin(this.client, config, buildPayinRequest(config, method), run.signal);
      if (run.signal.aborted) return;
      if (result.kind === 'failed') return this.onCreateFailed(result.error);
      this.focusAfterRender = '.status';
      this.onCreated(result.payin, result.kind === 'resumed');
    } catch (error) {
      if (!run.signal.aborted && !isAbortError(error)) this.failWith(error);
    }
  }

  private onCreateFailed(error: PlatformError): void {
    const message = this.errorText(error.code);
    const detail: PayErrorDetail = { code: error.code, message, httpStatus: error.httpStatus, retryable: error.retryable };
    if (['UNAUTHORIZED', 'TOKEN_EXPIRED', 'TOKEN_INVALID', 'FORBIDDEN', 'VERSION_UNSUPPORTED', 'BAD_RESPONSE'].includes(error.code)) {
      this.failWith(error);
      return;
    }
    // A rejection, invalid data or a passing failure: the customer stays at the form and may
    // correct the data, try again or choose another method.
    if (error.code === 'INVALID_REQUEST') {
      const fieldErrors: Partial<Record<MethodField, string>> = {};
      for (const { field } of error.details) {
        const methodField = field?.replace(/^paymentMethod\./, '') as MethodField | undefined;
        if (methodField) fieldErrors[methodField] = this.fieldErrorText(methodField, 'invalid');
      }
      this.fieldErrors = fieldErrors;
    }
    this.state = 'select';
    this.formError = message;
    this.focusAfterRender = '.form-error';
    this.emit('pay-error', detail);
  }

  /** A payin was created by us or found existing: show it and follow its status. */
  private onCreated(payin: Payin, resumed: boolean): void {
    const config = this.config!;
    if (this.views !== 'ready' && this.views !== 'loading') void this.loadViews().catch(() => undefined);
    this.payin = payin;
    this.emit('pay-created', { idPayin: config.idPayin, idPayment: payin.idPayment, payin, resumed });
    if (!resumed && !this.clock.sampled) {
      const accepted = timestampMs(payin.paymentMethodResponse.acceptedAt);
      if (accepted !== undefined) this.clock.observe(accepted - 500, Date.now());
    }
    if ('status' in payin && typeof payin.status === 'string') this.onPayinRead(payin as PayinDetailResponse);
    else this.enterPending();
  }

  /** Loads the payin views (a separate chunk) once; a failed load can be retried. */
  loadViews(): Promise<void> {
    if (this.views === 'ready') return Promise.resolve();
    this.views = 'loading';
    return import('./views/payment-views.js').then(
      (views) => {
        this.paymentViews = views;
        this.poller ??= new views.StatusPoller(this, {
          fetchStatus: (signal) => this.client!.getPayin(this.config!.idPayin, { signal }),
          onResult: (payin) => this.onPayinRead(payin),
          onError: (error, willRetry) => this.onPollError(error, willRetry),
          expiresAt: () => this.expiresAtLocal,
          onStop: (reason) => (this.pollStopped = reason),
        });
        this.countdown ??= new views.Countdown(this, () => this.onExpired());
        this.views = 'ready';
        if (this.state === 'pending') this.enterPending();
      },
      (error: unknown) => {
        this.views = 'failed';
        throw error;
      },
    );
  }

  private enterPending(): void {
    this.state = 'pending';
    // Until the views chunk has loaded there is nothing to poll with; loading it enters again.
    if (!this.poller || !this.countdown) return void this.loadViews().catch(() => undefined);
    this.countdown.set(this.expiresAtLocal);
    if (!this.poller.active) this.poller.start();
  }

  /** Every payin read (poll, resume, reference): status events, then the view. */
  private onPayinRead(payin: PayinDetailResponse): void {
    this.payin = payin;
    this.pollProblem = undefined;
    this.outage = undefined;
    const status = payin.status;
    if (status !== this.lastStatus) {
      const previousStatus = this.lastStatus;
      this.lastStatus = status;
      this.status = status;
      this.announcement = this.statusText(status);
      this.emit('pay-status', { status, ...(previousStatus ? { previousStatus } : {}), payin });
    }
    if (isFinalStatus(status)) {
      this.poller?.stop('final');
      this.countdown?.set(undefined);
      this.state = status.toLowerCase() as CheckoutState;
      if (!this.finalEmitted) {
        this.finalEmitted = true;
        const name = status === 'SUCCESS' ? 'pay-success' : status === 'FAILED' ? 'pay-failed' : 'pay-refused';
        this.emit(name, { payin, ...(payin.failureReasonCode ? { failureReasonCode: payin.failureReasonCode } : {}) });
      }
      return;
    }
    this.enterPending();
  }

  private onPollError(error: unknown, willRetry: boolean): void {
    const failure = isPlatformError(error) ? error : new PlatformError({ code: 'NETWORK', message: String(error), retryable: true });
    if (willRetry && failure.code === 'NOT_FOUND') {
      // Just created and not readable yet: keep checking, nothing for anyone to act on.
      this.pollProblem = this.l.term('checkingStatus');
      return;
    }
    this.pollProblem = willRetry ? this.l.term('connectionLost') : this.errorText(failure.code);
    // One pay-error per kind of outage, not one per retry.
    if (willRetry && this.outage === failure.code) return;
    this.outage = willRetry ? failure.code : undefined;
    this.emit('pay-error', { code: failure.code, message: this.errorText(failure.code), httpStatus: failure.httpStatus, retryable: willRetry });
  }

  private onExpired(): void {
    if (isFinalStatus(this.status) || !this.payin) return;
    this.expired = true;
    this.announcement = this.l.term('expired');
    if (!this.expiredEmitted) {
      this.expiredEmitted = true;
      this.emit('pay-expired', { payin: this.payin });
    }
  }

  /** Polls again after polling stopped (expiry, a fixed error) or at the customer's request. */
  resumePolling(): void {
    this.pollStopped = undefined;
    this.pollProblem = undefined;
    this.poller?.checkNow();
  }

  /** Sends the customer's external reference (UTR) for the payin. */
  async submitReference(raw: string): Promise<void> {
    const reference = raw.replace(/\s+/g, '');
    if (!EXTERNAL_REFERENCE_PATTERN.test(reference)) {
      this.reference = { state: 'error', error: this.fieldErrorText('externalReference.reference', 'invalid') };
      return;
    }
    if (this.reference.state === 'sending' || !this.client || !this.config) return;
    this.reference = { state: 'sending' };
    try {
      const payin = await this.client.setExternalReference(this.config.idPayin, { externalReference: { reference } }, { retry: true });
      this.reference = { state: 'sent' };
      this.onPayinRead(payin);
    } catch (error) {
      const code = isPlatformError(error) ? error.code : 'NETWORK';
      this.reference = { state: 'error', error: this.errorText(code) };
      this.emit('pay-error', { code, message: this.errorText(code), httpStatus: isPlatformError(error) ? error.httpStatus : undefined, retryable: isPlatformError(error) ? error.retryable : true });
    }
  }

  copy(text: string): void {
    navigator.clipboard?.writeText(text).then(
      () => (this.announcement = this.l.term('copied')),
      () => undefined,
    );
  }

  /** A platform URL with a scheme we do not follow: tell the merchant once. */
  reportUnsafeUrl(url: string): void {
    if (this.reportedUrls.has(url)) return;
    this.reportedUrls.add(url);
    queueMicrotask(() => this.emit('pay-error', { code: 'UNSAFE_URL', message: `${this.errorText('UNSAFE_URL')} (${url.slice(0, 60)})`, retryable: false }));
  }

  retry(): void {
    this.restart();
  }

  private failWith(error: unknown): void {
    const failure = isPlatformError(error) ? error : new PlatformError({ code: 'BAD_RESPONSE', message: String(error) });
    this.fail({ code: failure.code, message: this.errorText(failure.code), httpStatus: failure.httpStatus, retryable: failure.retryable || failure.code === 'BAD_RESPONSE' });
  }

  private fail(detail: PayErrorDetail, shown = detail.message): void {
    this.error = { ...detail, message: shown };
    this.state = 'error';
    this.poller?.stop('error');
    this.countdown?.set(undefined);
    this.emit('pay-error', detail);
  }

  errorText(code: string): string {
    return this.l.lookup('errors', code) ?? this.l.term('errorUnknown', code);
  }

  statusText(status: string): string {
    return this.l.lookup('status', status) ?? this.l.term('statusUnknown', status);
  }

  fieldLabel(field: MethodField): string {
    return (this.selectedCode && this.l.lookup('fields', `${field}.${this.selectedCode}`)) || this.l.lookup('fields', field) || field;
  }

  private fieldErrorText(field: MethodField, problem: 'required' | 'invalid'): string {
    if (problem === 'required') return this.l.term('fieldRequired', this.fieldLabel(field));
    return (
      (this.selectedCode && this.l.lookup('fieldInvalid', `${field}.${this.selectedCode}`)) ||
      this.l.lookup('fieldInvalid', field) ||
      this.l.term('fieldInvalidGeneric', this.fieldLabel(field))
    );
  }

  /** Dispatches a typed, bubbling, composed event. */
  emit<K extends PayEventName>(name: K, detail: PayEventDetails[K]): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  protected override updated(): void {
    if (!this.focusAfterRender) return;
    const target = this.renderRoot.querySelector<HTMLElement>(this.focusAfterRender);
    // The view to focus may not be there yet (the payin views load as a chunk): keep asking.
    if (!target) return;
    this.focusAfterRender = undefined;
    target.focus();
  }

  /** Pending and final: the views chunk, or a placeholder while it loads. */
  private renderPayin() {
    if (this.paymentViews && this.payin) return this.state === 'pending' ? this.paymentViews.renderPending(this) : this.paymentViews.renderFinal(this);
    if (this.views === 'failed') {
      return html`<p class="error" part="error" role="alert">${this.l.term('viewsFailed')}</p>
        <button type="button" @click=${() => void this.loadViews().catch(() => undefined)}>${this.l.term('tryAgain')}</button>`;
    }
    return html`<p class="muted">${this.statusText(this.status ?? 'PROCESSING')}</p><div class="skeleton" aria-busy="true"></div>`;
  }

  protected override render() {
    const l = this.l;
    const body =
      this.state === 'loading'
        ? renderLoading(this)
        : this.state === 'error'
          ? renderError(this)
          : this.state === 'select' || this.state === 'submitting'
            ? renderSelect(this)
            : this.renderPayin();
    return html`<section lang=${l.lang} dir=${l.dir} aria-label=${l.term('checkoutLabel')} aria-busy=${this.state === 'loading' || this.state === 'submitting'}>
      ${body}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
    </section>`;
  }
}
