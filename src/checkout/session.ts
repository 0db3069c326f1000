/**
 * CheckoutSession: one payment's checkout, without a DOM. It holds where the checkout is (the
 * phase, the configuration, the form) and runs its parts, each with one job: the payment's kind
 * (payment.ts: a payin, or a top-up's chunk), the start (start.ts), the customer's submission
 * (submission.ts: one create), what follows a pending payment (PaymentWatch, with the views'
 * chunk), and the events' outbox (outbox.ts). It reports through one callback: `update` (render
 * again), `event` (a pay-* event to dispatch) and `focus` (where the customer's attention goes).
 * A restart is a new session. It is also the reactive-controller host of the watch's controllers.
 */
import type { createCheckoutClient } from '../api/checkout-client.js';
import { Lazy } from '../api/lazy.js';
import type { PayinStatus } from '../api/schemas/payin.js';
import { safeWebUrl } from '../api/safe-url.js';
import type { PayErrorDetail, PayEventName } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import type { MethodField } from '../api/field-rules.js';
import { customerDataOf, type CustomerData } from '../methods/fields.js';
import { isConfigProblem, type CheckoutConfig } from './config.js';
import { ControllerHost } from './controller-host.js';
import { toErrorDetail } from './errors.js';
import { CheckoutForm, type FocusTarget } from './form.js';
import { EventOutbox } from './outbox.js';
import { payinKind } from './payin-kind.js';
import { PaymentEvents } from './payment-events.js';
import type { PaymentClient, SessionEventDetails } from './payment.js';
import type { PaymentHost, PaymentKind, SessionInput } from './payment-kind.js';
import type { PaymentWatch, WatchHost, WatchParts } from './payment-watch.js';
import { checkoutState, initialPhase, nextPhase, type CheckoutState, type Phase, type PhaseEvent } from './phase.js';
import { PlatformClock } from '../api/platform-clock.js';
import { startCheckout } from './start.js';
import type { MarkerStorage } from './started-here.js';
import { Submission } from './submission.js';
import type { PayAnySubmitResult } from './submit-result.js';

export type { SessionInput };

export type SessionEvent = { [K in PayEventName]: { name: K; detail: SessionEventDetails[K] } }[PayEventName];
export type SessionReport =
  { type: 'update' } | ({ type: 'event' } & SessionEvent) | { type: 'focus'; target: FocusTarget };

export interface SessionDeps {
  input: () => SessionInput;
  words: () => Localizer;
  /** The words of the page's locale, fetched beside the first answers: nothing shows before them. */
  loadWords?: () => Promise<void>;
  /**
   * The words of trouble (errors, rejections: word-parts.ts), fetched only when something goes
   * wrong: a pay-error or a submit() result waits for them, so its `message` is in the shopper's
   * language.
   */
  loadTroubleWords: () => Promise<void>;
  /** The element's views of a payment: what follows a payment is ready once they are here too. */
  loadViews?: () => Promise<unknown>;
  /** What a payment's watch follows it with (a status source, a countdown); tests give fakes. */
  watchParts?: WatchParts;
  /** The payment's kind when it is not a payin: a top-up's, from its chunk. */
  kind?: (host: PaymentHost) => Promise<PaymentKind>;
  report: (report: SessionReport) => void;
  /** The platform client of a payin; tests give a fake one. */
  createClient?: typeof createCheckoutClient;
  /** The form of the session this one replaces, whose choices and values it keeps. */
  earlierForm?: CheckoutForm;
  /** Where the started-here markers and the checkout's handle live (default sessionStorage). */
  storage?: MarkerStorage;
}

export class CheckoutSession extends ControllerHost implements PaymentHost, WatchHost {
  readonly form: CheckoutForm;
  readonly clock = new PlatformClock();
  config?: CheckoutConfig;
  /** The current client (a fresh token replaces it). */
  client?: PaymentClient;
  merchantName?: string;
  /** Waiting for a busy or failing platform (at the start or the create), as the view says. */
  busy = false;
  /** A fresh token for this payment from the merchant's checkout, when the token came from there. */
  renew?: (signal: AbortSignal) => Promise<string>;
  /** What kind of payment this is: a payin unless the page asks for another kind. */
  readonly kind: Lazy<PaymentKind>;
  /** What follows a pending payment, with the payment's views: fetched while the form is filled. */
  readonly watch: Lazy<PaymentWatch>;

  private current: Phase = initialPhase;
  private readonly run = new AbortController();
  private readonly outbox = new EventOutbox<SessionEvent>(
    (event) => this.deps.report({ type: 'event', ...event }),
    () => this.disposed,
  );
  private readonly submission = new Submission(this);
  /** What the page hears of the payment, and the phase its records move to (payment-events.ts). */
  readonly events = new PaymentEvents(this);

  constructor(readonly deps: SessionDeps) {
    super();
    this.form = new CheckoutForm(deps.earlierForm);
    this.kind = new Lazy(() => deps.kind?.(this) ?? Promise.resolve(payinKind(deps.createClient)));
    this.watch = new Lazy(
      () =>
        Promise.all([import('./payment-watch.js'), deps.loadViews?.()]).then(([{ openWatch }]) =>
          openWatch(this, deps.watchParts),
        ),
      (status) => {
        // Arrived while a payment is pending: follow it.
        if (status === 'ready' && this.current.name === 'pending') this.watch.value!.follow();
        this.requestUpdate();
      },
    );
  }

  get phase(): Phase {
    return this.current;
  }

  get state(): CheckoutState {
    return checkoutState(this.current);
  }

  /** The payment's last status seen (none until one is read). */
  get status(): PayinStatus | undefined {
    const phase = this.current;
    return phase.name === 'final' ? phase.status : phase.name === 'pending' ? phase.payment.status : undefined;
  }

  get disposed(): boolean {
    return this.signal.aborted;
  }

  /** The shop's `return-url` when it is a safe web URL, also when the rest of the page's input is not. */
  get returnUrl(): string | undefined {
    return this.config?.returnUrl ?? safeWebUrl(this.input().returnUrl ?? undefined);
  }

  /** The customer data the shop supplied, by method field. */
  get customerData(): CustomerData {
    return customerDataOf(this.input());
  }

  /** Whether the shop fixed the method (`options-available="false"` with a method code). */
  get methodLocked(): boolean {
    const input = this.input();
    return !input.optionsAvailable && !!input.paymentMethodCode;
  }

  /** Whether the operator is the one the shop fixed together with the method. */
  get operatorLocked(): boolean {
    const fixed = this.input().paymentOperatorCode;
    return this.methodLocked && !!fixed && this.form.selectedOperator === fixed;
  }

  get words(): Localizer {
    return this.deps.words();
  }

  /** Aborted when the session ends. */
  get signal(): AbortSignal {
    return this.run.signal;
  }

  input(): SessionInput {
    return this.deps.input();
  }

  /** Starts from the page's attributes (start.ts); without a token, or the merchant's checkout to ask for one, it waits. */
  start(): void {
    startCheckout(this);
  }

  /** The platform is busy (429) or failing: the checkout waits where it is, and says so. */
  readonly waiting = (): void => {
    if (this.busy) return;
    this.busy = true;
    this.requestUpdate();
  };

  /** The customer picked a method or an operator. */
  choose(code: string, operator?: string): void {
    if (this.current.name !== 'select' || (this.methodLocked && code !== this.form.selectedCode)) return;
    if (!this.form.choose(code, operator)) return;
    this.requestUpdate();
    this.emit('pay-method-change', { paymentMethodCode: code, ...(operator ? { paymentOperatorCode: operator } : {}) });
    this.formChanged();
  }

  chooseProvider(code: string | undefined): void {
    this.form.selectedProvider = code;
    this.requestUpdate();
    this.formChanged();
  }

  setValue(field: MethodField, value: string): void {
    this.form.setValue(field, value);
    this.requestUpdate();
    this.formChanged();
  }

  /** pay-change, when the customer's action changed the form's completeness or choice. */
  private formChanged(): void {
    const change = this.config && this.form.changed(this.config.money.currencyCode);
    if (change) this.emit('pay-change', change);
  }

  /** Whether the form would pass submit()'s validation: at the form, or creating from it. */
  checkValidity(): boolean {
    return this.submission.valid();
  }

  /** checkValidity(), and at the form its problems shown and the first focused, as the pay button does. */
  reportValidity(): boolean {
    return this.current.name === 'select' ? !!this.submission.checked() : this.checkValidity();
  }

  /** Validates as the pay button does, then creates the payment, once (submission.ts). */
  submit(): Promise<PayAnySubmitResult> {
    return this.submission.submit();
  }

  /**
   * A fresh token for the same payment (renewed, or set by the page): used from now on, when the
   * browser's token rule accepts it for this payment (else refused, and false).
   */
  useToken(token: string): boolean {
    const { config, kind } = this;
    if (!config || !kind.value) return false;
    if (token !== config.token) {
      const fresh = kind.value.withToken(config, token);
      if (isConfigProblem(fresh)) {
        console.warn('<pay-checkout>: token refused:', fresh.detail);
        return false;
      }
      this.config = fresh;
      this.client = this.clientFor(fresh);
      this.watch.value?.tokens.changed();
    }
    const watch = this.watch.value;
    if (this.current.name === 'pending' && watch?.stopped === 'error') watch.checkNow();
    return true;
  }

  /** The kind's client for a configuration, telling the platform's clock each answer's time. */
  clientFor(config: CheckoutConfig): PaymentClient {
    return this.kind.value!.createClient(config, {
      baseUrl: config.baseUrl,
      token: config.token,
      apiVersion: config.apiVersion,
      onServerTime: (server, local) => this.clock.observe(server, local),
    });
  }

  /** Ends the session: nothing it started goes on, and it reports nothing more. */
  dispose(): void {
    this.run.abort();
    this.watch.value?.end('stopped');
  }

  /** The checkout cannot go on: the error phase, and pay-error in the shopper's words. */
  fail(failure: unknown): void {
    if (!this.go({ type: 'fail', detail: toErrorDetail(failure, this.words) })) return;
    this.watch.value?.end('error');
    this.emitError(() => toErrorDetail(failure, this.words));
  }

  go(event: PhaseEvent): boolean {
    const next = nextPhase(this.current, event);
    if (!next) return false;
    this.current = next;
    this.busy = false;
    this.requestUpdate();
    return true;
  }

  focus(target: FocusTarget): void {
    if (!this.disposed) this.deps.report({ type: 'focus', target });
  }

  emit<K extends PayEventName>(name: K, detail: SessionEventDetails[K]): void {
    this.outbox.post({ name, detail } as SessionEvent);
  }

  /** pay-error, once the words of trouble are here: its detail is made then, in the shopper's words. */
  emitError(detail: () => PayErrorDetail): void {
    this.outbox.after(this.deps.loadTroubleWords(), () => ({ name: 'pay-error', detail: detail() }));
  }

  /** A change to render (the watch's status source and countdown render through the session too). */
  requestUpdate(): void {
    if (!this.disposed) this.deps.report({ type: 'update' });
  }
}
