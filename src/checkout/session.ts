/**
 * CheckoutSession: the direct payin flow of one payment, without a DOM — the configuration from
 * the page's attributes, the start, the form, the create, the UTR step, following the status and
 * the deadline, and what each of those tells the merchant. It owns the client, the abort
 * controller, the status source and the countdown, and reports everything through one callback:
 * `update` (render again), `event` (a pay-* event to dispatch) and `focus` (where the customer's
 * attention goes). A restart is a new session.
 *
 * It is also the reactive-controller host of what follows a payin (status source, countdown), so
 * those run the same under <pay-checkout> and in a test with no element at all.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createCheckoutClient, type CheckoutClient } from '../api/checkout-client.js';
import { PlatformError, isAbortError } from '../api/errors.js';
import { EXTERNAL_REFERENCE_PATTERN } from '../api/patterns.js';
import { timestampMs } from '../api/schemas/common.js';
import type { ExternalProvider, PaymentOption } from '../api/schemas/options.js';
import type { Payin, PayinStatus } from '../api/schemas/payin.js';
import type { PayEventDetails, PayEventName } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import { errorText, type FieldProblem } from '../i18n/texts.js';
import type { MethodField } from '../api/method-rules.js';
import { customerDataOf, type CustomerData } from '../methods/fields.js';
import { readCheckoutConfig, isConfigProblem, type CheckoutConfig, type CheckoutInput } from './config.js';
import { toErrorDetail } from './errors.js';
import { buildPayinRequest, createPayin, startCheckout } from './flow.js';
import { CheckoutForm, type FormPreset } from './form.js';
import { checkoutState, initialPhase, nextPhase, type CheckoutState, type Phase, type PhaseEvent } from './phase.js';
import { ServerClock } from './server-clock.js';
import { safeWebUrl } from './safe-url.js';
import type { DeadlineCountdown, Followers, FollowStop, StatusSource } from './status-source.js';

/** What the page gave the element: its attributes, read when the session needs them. */
export interface SessionInput extends CheckoutInput, FormPreset {
  apiVersion?: string;
}

export type PayEvent = { [K in PayEventName]: { name: K; detail: PayEventDetails[K] } }[PayEventName];
export type FocusTarget = 'form-error' | 'status' | { field: string };
export type SessionReport = { type: 'update' } | ({ type: 'event' } & PayEvent) | { type: 'focus'; target: FocusTarget };

export interface SessionDeps {
  input: () => SessionInput;
  localizer: () => Localizer;
  /** What follows a payin (status source, countdown): the lazy payin views chunk in a browser. */
  loadFollowers: () => Promise<Followers>;
  report: (report: SessionReport) => void;
  /** The platform client; tests give a fake one. */
  createClient?: typeof createCheckoutClient;
  /** The form of the session this one replaces, whose choices and values it keeps. */
  earlierForm?: CheckoutForm;
}

/** Why a pending payin's status is not fresh: just created, the connection, or an error to fix. */
export type FollowProblem = { kind: 'checking' } | { kind: 'connection' } | { kind: 'error'; code: string };

/** The UTR step: its problem is 'invalid' (the customer's input) or the code of a failed send. */
export interface ReferenceProgress {
  state: 'idle' | 'sending' | 'sent' | 'error';
  problem?: FieldProblem | string;
}

/** Create failures after which the checkout cannot go on; any other leaves the customer at the form. */
const ENDS_CHECKOUT = new Set(['UNAUTHORIZED', 'TOKEN_EXPIRED', 'TOKEN_INVALID', 'FORBIDDEN', 'VERSION_UNSUPPORTED', 'BAD_RESPONSE']);

const statusOf = (payin: Payin): PayinStatus | undefined => ('status' in payin && typeof payin.status === 'string' ? payin.status : undefined);

export class CheckoutSession implements ReactiveControllerHost, ReactiveController {
  readonly form: CheckoutForm;
  readonly clock = new ServerClock();
  config?: CheckoutConfig;
  merchantName?: string;
  /** expireAt passed while the payment is still pending. */
  expired = false;
  followProblem?: FollowProblem;
  followStopped?: FollowStop;
  reference: ReferenceProgress = { state: 'idle' };
  /** The chunk with what follows a payin (and its views). */
  views: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';

  private current: Phase = initialPhase;
  private client?: CheckoutClient;
  private readonly run = new AbortController();
  private source?: StatusSource;
  private countdown?: DeadlineCountdown;
  private followersLoad?: Promise<void>;
  private lastStatus?: PayinStatus;
  private finalEmitted = false;
  private expiredEmitted = false;
  /** The error code of the current outage while following, reported once. */
  private outage?: string;
  private readonly reportedUrls = new Set<string>();
  private readonly controllers = new Set<ReactiveController>();
  private connected = false;

  constructor(private readonly deps: SessionDeps) {
    this.form = new CheckoutForm(deps.earlierForm);
  }

  get phase(): Phase {
    return this.current;
  }

  get state(): CheckoutState {
    return checkoutState(this.current);
  }

  /** The payin's last status seen (PROCESSING until one is read). */
  get status(): PayinStatus | undefined {
    const phase = this.current;
    return phase.name === 'final' ? phase.status : phase.name === 'pending' ? statusOf(phase.payin) : undefined;
  }

  get disposed(): boolean {
    return this.run.signal.aborted;
  }

  /** Milliseconds left to pay, while a deadline is counted. */
  get remainingMs(): number | undefined {
    return this.countdown?.remainingMs;
  }

  /** The payin's expireAt in local time, corrected by the platform's clock. */
  get expiresAtLocal(): number | undefined {
    const payin = this.current.name === 'pending' || this.current.name === 'final' ? this.current.payin : undefined;
    const server = timestampMs(payin?.paymentMethodResponse.expireAt);
    return server === undefined ? undefined : this.clock.toLocal(server);
  }

  /** The shop's `return-url` when it is a safe web URL, also when the rest of the page's input is not. */
  get returnUrl(): string | undefined {
    return this.config?.returnUrl ?? safeWebUrl(this.deps.input().returnUrl ?? undefined);
  }

  /** The customer data the shop supplied, by method field. */
  get customerData(): CustomerData {
    return customerDataOf(this.deps.input());
  }

  /** Whether the shop fixed the method (`options-available="false"` with a method code). */
  get methodLocked(): boolean {
    const input = this.deps.input();
    return !input.optionsAvailable && !!input.paymentMethodCode;
  }

  /** Whether the operator is the one the shop fixed together with the method. */
  get operatorLocked(): boolean {
    const fixed = this.deps.input().paymentOperatorCode;
    return this.methodLocked && !!fixed && this.form.selectedOperator === fixed;
  }

  private get l(): Localizer {
    return this.deps.localizer();
  }

  /** Checks the page's input, then asks for options, the payin and the merchant name at once. */
  start(): void {
    const config = readCheckoutConfig(this.deps.input());
    if (isConfigProblem(config)) {
      console.warn(`<pay-checkout>: ${config.attribute}: ${config.detail}`);
      return this.fail(config);
    }
    this.config = config;
    this.client = this.makeClient(config.token);
    const signal = this.run.signal;
    startCheckout(this.client, config, signal).then(
      (result) => {
        if (signal.aborted) return;
        if (result.kind === 'error') return this.fail(result.error);
        this.merchantName = result.merchantName;
        if (result.kind === 'resume') this.onCreated(result.payin, true);
        else this.ready(result.options.data, result.options.externalProviders ?? []);
      },
      (error: unknown) => {
        if (!signal.aborted) this.fail(error);
      },
    );
  }

  private ready(options: PaymentOption[], providers: ExternalProvider[]): void {
    if (!this.form.preset(options, providers, this.deps.input())) {
      return this.fail(new PlatformError({ code: 'PAYMENT_OPERATOR_UNAVAILABLE', message: 'The method the shop fixed is not offered' }));
    }
    this.go({ type: 'options', options, providers });
    // Fetch what follows a payin while the customer fills the form, not before the form shows.
    const idle = (globalThis as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
    idle(() => void this.loadFollowers().catch(() => undefined));
    this.emit('pay-ready', { options, externalProviders: providers.length ? providers : undefined, merchantName: this.merchantName });
  }

  /** The customer picked a method or an operator. */
  choose(code: string, operator?: string): void {
    if (this.current.name !== 'select' || (this.methodLocked && code !== this.form.selectedCode)) return;
    if (!this.form.choose(code, operator)) return;
    this.update();
    this.emit('pay-method-change', { paymentMethodCode: code, ...(operator ? { paymentOperatorCode: operator } : {}) });
  }

  chooseProvider(code: string | undefined): void {
    this.form.selectedProvider = code;
    this.update();
  }

  setValue(field: MethodField, value: string): void {
    this.form.setValue(field, value);
    this.update();
  }

  /** Validates the form, then creates the payin once. */
  async submit(): Promise<void> {
    const { config, client } = this;
    if (this.current.name !== 'select' || !config || !client) return;
    const method = this.form.paymentMethod(config.money.currencyCode);
    if (!method) {
      this.update();
      return this.focus(this.form.problemTarget);
    }
    this.go({ type: 'submit' });
    const signal = this.run.signal;
    try {
      const result = await createPayin(client, config, buildPayinRequest(config, method), signal);
      if (signal.aborted) return;
      if (result.kind === 'failed') return this.onCreateFailed(result.error);
      this.focus('status');
      this.onCreated(result.payin, result.kind === 'resumed');
    } catch (error) {
      if (!signal.aborted && !isAbortError(error)) this.fail(error);
    }
  }

  private onCreateFailed(error: PlatformError): void {
    if (ENDS_CHECKOUT.has(error.code)) return this.fail(error);
    // A rejection, invalid data or a passing failure: the customer stays at the form and may
    // correct the data, try again or choose another method.
    this.form.rejected(error);
    this.go({ type: 'rejected' });
    this.focus('form-error');
    this.emit('pay-error', toErrorDetail(error, this.l));
  }

  /** A payin was created by us or found existing: show it and follow its status. */
  private onCreated(payin: Payin, resumed: boolean): void {
    void this.loadFollowers().catch(() => undefined);
    this.emit('pay-created', { idPayin: this.config!.idPayin, idPayment: payin.idPayment, payin, resumed });
    if (!resumed && !this.clock.sampled) {
      const accepted = timestampMs(payin.paymentMethodResponse.acceptedAt);
      if (accepted !== undefined) this.clock.observe(accepted - 500, Date.now());
    }
    this.onPayin(payin);
  }

  /** Every payin seen (created, resumed, read, after the UTR): status events, then the phase. */
  private onPayin(payin: Payin): void {
    const status = statusOf(payin);
    if (status !== undefined) {
      this.followProblem = undefined;
      this.outage = undefined;
      if (status !== this.lastStatus) {
        const previousStatus = this.lastStatus;
        this.lastStatus = status;
        this.emit('pay-status', { status, ...(previousStatus ? { previousStatus } : {}), payin: payin as PayEventDetails['pay-status']['payin'] });
      }
    }
    if (!this.go({ type: 'payin', payin })) return;
    const phase = this.current;
    if (phase.name !== 'final') return this.follow();
    this.source?.stop('final');
    this.countdown?.set(undefined);
    if (this.finalEmitted) return;
    this.finalEmitted = true;
    const name = phase.status === 'SUCCESS' ? 'pay-success' : phase.status === 'FAILED' ? 'pay-failed' : 'pay-refused';
    this.emit(name, { payin: phase.payin, ...(phase.payin.failureReasonCode ? { failureReasonCode: phase.payin.failureReasonCode } : {}) });
  }

  /** Follows the pending payin: its deadline and its status. */
  private follow(): void {
    // Until the followers have loaded there is nothing to follow with; their arrival follows.
    if (!this.source || !this.countdown) return void this.loadFollowers().catch(() => undefined);
    this.countdown.set(this.expiresAtLocal);
    if (!this.source.active) this.source.start();
  }

  /** Loads what follows a payin once; a failed load can be tried again. */
  loadFollowers(): Promise<void> {
    this.followersLoad ??= this.loadFollowersOnce();
    return this.followersLoad;
  }

  private async loadFollowersOnce(): Promise<void> {
    this.views = 'loading';
    this.update();
    let followers: Followers;
    try {
      followers = await this.deps.loadFollowers();
    } catch (error) {
      this.followersLoad = undefined;
      this.views = 'failed';
      this.update();
      throw error;
    }
    this.source = followers.createStatusSource(this, {
      fetchStatus: (signal) => this.client!.getPayin(this.config!.idPayin, { signal }),
      onResult: (payin) => this.onPayin(payin),
      onError: (error, willRetry) => this.onFollowError(error, willRetry),
      expiresAt: () => this.expiresAtLocal,
      onStop: (reason) => {
        this.followStopped = reason;
        this.update();
      },
    });
    this.countdown = followers.createCountdown(this, () => this.onExpired());
    this.views = 'ready';
    if (this.current.name === 'pending') this.follow();
    this.update();
  }

  private onFollowError(error: unknown, willRetry: boolean): void {
    const detail = toErrorDetail(error, this.l);
    // Just created and not readable yet: keep checking, nothing for anyone to act on.
    const notYet = willRetry && detail.code === 'NOT_FOUND';
    this.followProblem = notYet ? { kind: 'checking' } : willRetry ? { kind: 'connection' } : { kind: 'error', code: detail.code };
    this.update();
    // One pay-error per kind of outage, not one per retry.
    if (notYet || (willRetry && this.outage === detail.code)) return;
    this.outage = willRetry ? detail.code : undefined;
    this.emit('pay-error', { ...detail, retryable: willRetry });
  }

  private onExpired(): void {
    if (this.current.name !== 'pending') return;
    this.expired = true;
    this.update();
    if (this.expiredEmitted) return;
    this.expiredEmitted = true;
    this.emit('pay-expired', { payin: this.current.payin });
  }

  /** Reads the status now: after following stopped (expiry, an error) or at the customer's request. */
  checkNow(): void {
    this.followStopped = undefined;
    this.followProblem = undefined;
    this.update();
    this.source?.checkNow();
  }

  /** Sends the customer's external reference (UTR) for the payin. */
  async submitReference(raw: string): Promise<void> {
    const reference = raw.replace(/\s+/g, '');
    if (!EXTERNAL_REFERENCE_PATTERN.test(reference)) {
      this.reference = { state: 'error', problem: 'invalid' };
      return this.update();
    }
    if (this.reference.state === 'sending' || !this.client || !this.config) return;
    this.reference = { state: 'sending' };
    this.update();
    try {
      const payin = await this.client.setExternalReference(this.config.idPayin, { externalReference: { reference } }, { retry: true, signal: this.run.signal });
      this.reference = { state: 'sent' };
      this.onPayin(payin);
      this.update();
    } catch (error) {
      if (this.disposed) return;
      const detail = toErrorDetail(error, this.l);
      this.reference = { state: 'error', problem: detail.code };
      this.update();
      this.emit('pay-error', detail);
    }
  }

  /** A fresh token for the same payment (the old one expired): used from now on. */
  useToken(token: string): void {
    if (!this.config) return;
    this.config = { ...this.config, token };
    this.client = this.makeClient(token);
    if (this.current.name === 'pending' && this.followStopped === 'error') this.checkNow();
  }

  /** A platform URL with a scheme we do not follow: tell the merchant once. */
  reportUnsafeUrl(url: string): void {
    if (this.reportedUrls.has(url)) return;
    this.reportedUrls.add(url);
    const message = `${errorText(this.l, 'UNSAFE_URL')} (${url.slice(0, 60)})`;
    queueMicrotask(() => this.emit('pay-error', { code: 'UNSAFE_URL', message, retryable: false }));
  }

  /** Ends the session: nothing it started goes on, and it reports nothing more. */
  dispose(): void {
    this.run.abort();
    this.source?.stop('stopped');
    this.countdown?.set(undefined);
  }

  private fail(failure: unknown): void {
    const detail = toErrorDetail(failure, this.l);
    if (!this.go({ type: 'fail', detail })) return;
    this.source?.stop('error');
    this.countdown?.set(undefined);
    this.emit('pay-error', detail);
  }

  private go(event: PhaseEvent): boolean {
    const next = nextPhase(this.current, event);
    if (!next) return false;
    this.current = next;
    this.update();
    return true;
  }

  private makeClient(token: string): CheckoutClient {
    return (this.deps.createClient ?? createCheckoutClient)({
      baseUrl: this.config!.baseUrl,
      token,
      apiVersion: this.deps.input().apiVersion || '2',
      onServerTime: (server, local) => this.clock.observe(server, local),
    });
  }

  private update(): void {
    if (!this.disposed) this.deps.report({ type: 'update' });
  }

  private focus(target: FocusTarget): void {
    if (!this.disposed) this.deps.report({ type: 'focus', target });
  }

  private emit<K extends PayEventName>(name: K, detail: PayEventDetails[K]): void {
    if (!this.disposed) this.deps.report({ type: 'event', name, detail } as SessionReport);
  }

  // The host of the status source and the countdown (reactive controllers).
  addController(controller: ReactiveController): void {
    this.controllers.add(controller);
    if (this.connected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.controllers.delete(controller);
  }

  requestUpdate(): void {
    this.update();
  }

  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }

  hostConnected(): void {
    this.connected = true;
    for (const controller of this.controllers) controller.hostConnected?.();
  }

  hostDisconnected(): void {
    this.connected = false;
    for (const controller of this.controllers) controller.hostDisconnected?.();
  }
}
