/**
 * CheckoutSession: the direct payin flow of one payment, without a DOM — the configuration from
 * the page's attributes, the start, the form, the create, the UTR step, following the status and
 * the deadline, and what each of those tells the merchant. It owns the client, the abort
 * controller, the status source and the countdown, and reports everything through one callback:
 * `update` (render again), `event` (a pay-* event to dispatch) and `focus` (where the customer's
 * attention goes). A restart is a new session.
 *
 * It is also the reactive-controller host (ControllerHost) of what follows a payin.
 */
import { createCheckoutClient, type CheckoutClient } from '../api/checkout-client.js';
import { PlatformError, isAbortError } from '../api/errors.js';
import { timestampMs } from '../api/schemas/common.js';
import type { ExternalProvider, PaymentOption } from '../api/schemas/options.js';
import {
  payinDetailResponseSchema,
  type Payin,
  type PayinDetailResponse,
  type PayinStatus,
} from '../api/schemas/payin.js';
import type { PayErrorDetail, PayEventDetails, PayEventName } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import type { MethodField } from '../api/method-rules.js';
import { customerDataOf, type CustomerData } from '../methods/fields.js';
import {
  readCheckoutConfig,
  isConfigProblem,
  type CheckoutConfig,
  type CheckoutInput,
  type ConfigProblem,
} from './config.js';
import { toErrorDetail } from './errors.js';
import {
  aboutThisPayment,
  asksMerchantName,
  buildPayinRequest,
  clientForPayment,
  createPayin,
  mayCall,
  patientRetry,
  startCheckout,
} from './flow.js';
import { markStartedHere, wasStartedHere, type MarkerStorage } from './started-here.js';
import { checkoutPaths as paths } from '../api/paths.js';
import { CheckoutForm, type FocusTarget, type FormPreset } from './form.js';
import {
  checkoutState,
  initialPhase,
  nextPhase,
  statusOf,
  type CheckoutState,
  type Phase,
  type PhaseEvent,
} from './phase.js';
import { PlatformClock } from '../api/platform-clock.js';
import { safeWebUrl } from '../api/safe-url.js';
import { createTransport } from '../api/transport.js';
import { checkoutResponseSchema } from '../api/schemas/checkout-response.js';
import { ControllerHost } from './controller-host.js';
import type { FollowHost, Followers, PayinFollow } from './follow.js';
import type { TokenWatch } from './token-watch.js';
import { refused, type PaySubmitResult } from './submit-result.js';
import type { TopUpFlow } from './topup/flow.js';

/** What the page gave the element: its attributes, read when the session needs them. */
export type SessionInput = CheckoutInput & FormPreset & { kind?: string | null };

export type PayEvent = { [K in PayEventName]: { name: K; detail: PayEventDetails[K] } }[PayEventName];
export type SessionReport =
  { type: 'update' } | ({ type: 'event' } & PayEvent) | { type: 'focus'; target: FocusTarget };

export interface SessionDeps {
  input: () => SessionInput;
  localizer: () => Localizer;
  /** The words of the page's locale (a chunk for English), fetched beside the first answers: nothing shows before them. */
  words?: () => Promise<void>;
  /**
   * The words of trouble (errors, rejections: the second part of the locale's words,
   * word-parts.ts), fetched only when something goes wrong: a pay-error or a submit() result waits
   * for them, so its `message` is in the shopper's language.
   */
  moreWords: () => Promise<void>;
  /** What follows a payin (status source, countdown): the lazy payin views chunk in a browser. */
  loadFollowers: () => Promise<Followers>;
  report: (report: SessionReport) => void;
  /** The platform client; tests give a fake one. */
  createClient?: typeof createCheckoutClient;
  /** The form of the session this one replaces, whose choices and values it keeps. */
  earlierForm?: CheckoutForm;
  /** Where the started-here markers live (default sessionStorage). */
  storage?: MarkerStorage;
  /** What makes the session a top-up (kind="topup"): the lazy top-up chunk. */
  loadTopUp?: () => Promise<{ TopUpFlow: typeof TopUpFlow }>;
}

/** Create failures after which the checkout cannot go on; any other leaves the customer at the form. */
const ENDS_CHECKOUT = new Set([
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'VERSION_UNSUPPORTED',
  'BAD_RESPONSE',
]);

export class CheckoutSession extends ControllerHost {
  readonly form: CheckoutForm;
  readonly clock = new PlatformClock();
  config?: CheckoutConfig;
  merchantName?: string;
  /** Waiting for a busy or failing platform (at the start or the create), as the view says. */
  busy = false;
  /** The chunk with what follows a payin (and its views). */
  views: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';

  /** A fresh token for this payin from the merchant's checkout, when the token came from there. */
  renew?: (signal: AbortSignal) => Promise<string>;

  private current: Phase = initialPhase;
  /** The current client (a fresh token replaces it). */
  client?: CheckoutClient;
  private readonly run = new AbortController();
  /** What follows a pending payin: with the payin views chunk. */
  private follower?: PayinFollow;
  /** The token's watch, made with the follower (loads token-keeper.ts in time). */
  tokens?: TokenWatch;
  private followersLoad?: Promise<void>;
  private lastStatus?: PayinStatus;
  private finalEmitted = false;
  /** When this first followed the pending payin (local time): the payment ends at most its window later. */
  private followedSince?: number;
  /** Events waiting behind a pay-error that waits for its words (emitError). */
  private queue?: Promise<unknown>;
  /** The create in flight: every submit() while it runs gets its result. */
  private submission?: Promise<PaySubmitResult>;
  /** A top-up's part of the flow (kind="topup"), once its chunk has loaded. */
  topUp?: TopUpFlow;

  constructor(private readonly deps: SessionDeps) {
    super();
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
    return this.signal.aborted;
  }

  /** What follows a pending payin (problems, expiry, the UTR step): there once its chunk is. */
  get follow(): PayinFollow | undefined {
    return this.follower;
  }

  /**
   * The payin's expireAt in local time, corrected by the platform's clock, and never later than its
   * window (acceptedAt to expireAt) after this first followed it: the clock is read to the second
   * from a Date header and may put the deadline up to a second late, which would count a fresh
   * 15-minute payin down from 15:01. A payin resumed late in its window keeps the clock's deadline.
   */
  get expiresAtLocal(): number | undefined {
    const payin = this.current.name === 'pending' || this.current.name === 'final' ? this.current.payin : undefined;
    const server = timestampMs(payin?.paymentMethodResponse.expireAt);
    if (server === undefined) return undefined;
    const local = this.clock.toLocal(server);
    const window = server - (timestampMs(payin!.paymentMethodResponse.acceptedAt) ?? NaN);
    return window > 0 && this.followedSince ? Math.min(local, this.followedSince + window) : local;
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

  get localizer(): Localizer {
    return this.deps.localizer();
  }

  /** Aborted when the session ends. */
  get signal(): AbortSignal {
    return this.run.signal;
  }

  /** Checks the page's input, then asks for options, the payin and the merchant name at once. */
  start(): void {
    const input = this.deps.input();
    if (!input.token) {
      // No token, but the merchant's checkout: the token and the rest come from there.
      if (input.checkoutUrl || input.fetchCheckout) return void this.startFromCheckout(input, this.words());
      // A token not there yet is a state to wait in, not an error: frameworks that render on the
      // server upgrade the element before they set its properties (setting the token starts again).
      const hint = setTimeout(
        () => console.info('<pay-checkout> is waiting for its token (a payment-scoped token from your server).'),
        3000,
      );
      this.signal.addEventListener('abort', () => clearTimeout(hint));
      return;
    }
    // A top-up runs this same flow with its own configuration, client and quote, from a lazy chunk.
    if (input.kind === 'topup' && !this.topUp) {
      return void this.deps.loadTopUp!().then(
        (chunk) =>
          this.disposed ||
          ((this.topUp = new chunk.TopUpFlow(this, this.signal, this.deps.input, patientRetry)), this.start()),
        (error: unknown) => this.fail(error),
      );
    }
    this.begin(this.topUp ? this.topUp.readConfig(input) : readCheckoutConfig(input), this.words());
  }

  /** The words of the page's locale, asked for beside the first answers. */
  private words(): Promise<void> {
    // Words that could not load leave the first terms (en-first.ts): enough to say so and try again.
    return (this.deps.words?.() ?? Promise.resolve()).catch((cause: unknown) => {
      throw new PlatformError({
        code: 'NETWORK',
        message: "The checkout's words could not be loaded",
        cause,
      });
    });
  }

  /**
   * Asks the merchant's checkout (checkout-url, fetchCheckout; its own chunk) for this tab's
   * checkout, then starts as with attributes; the same checkout renews the token later.
   */
  private async startFromCheckout(input: SessionInput, words: Promise<void>): Promise<void> {
    const signal = this.signal;
    try {
      const checkout = await (
        await import('./checkout-source.js')
      ).openCheckout(
        [checkoutResponseSchema, PlatformError, createTransport, readCheckoutConfig, patientRetry, safeWebUrl],
        input,
        this.deps.storage,
        signal,
        this.waiting,
      );
      if (signal.aborted) return;
      this.renew = checkout.renew;
      this.begin(checkout.config, words);
    } catch (error) {
      // Shown in the shopper's words, as any error at the start.
      const fail = () => void (signal.aborted || this.fail(error));
      void words.then(fail, fail);
    }
  }

  private begin(config: CheckoutConfig | ConfigProblem, words: Promise<void>): void {
    const signal = this.signal;
    if (isConfigProblem(config)) {
      console.warn(`<pay-checkout>: ${config.attribute}: ${config.detail}`);
      const fail = () => void (signal.aborted || this.fail(config));
      return void words.then(fail, fail);
    }
    this.config = config;
    this.client = this.makeClient(config.token);
    // A token that cannot create (PAYIN_INFO) can only follow a payin that exists: read it.
    const mayExist = !mayCall(config, 'POST', paths.payin(config.idPayin)) || wasStartedHere(config, this.deps.storage);
    const started = (this.topUp ?? { start: startCheckout }).start(this.client, config, signal, {
      options: config.options,
      mayExist,
      onRetry: this.waiting,
    });
    Promise.all([started, words]).then(
      ([result]) => {
        if (signal.aborted) return;
        if (result.kind === 'error') return this.fail(result.error);
        this.merchantName = config.merchantName ?? result.merchantName;
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
      return this.fail(
        new PlatformError({
          code: 'PAYMENT_OPERATOR_UNAVAILABLE',
          message: 'The method the shop fixed is not offered',
        }),
      );
    }
    this.go({ type: 'options', options, providers });
    // The form as the shop preset it: pay-change tells the customer's changes from here.
    this.form.changed(this.config!.money.currencyCode);
    // Fetch what follows a payin while the customer fills the form, not before the form shows.
    const idle =
      (globalThis as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ??
      ((fn: () => void) => setTimeout(fn, 200));
    idle(() => void this.loadFollowers().catch(() => undefined));
    this.emit('pay-ready', {
      options,
      externalProviders: providers.length ? providers : undefined,
      merchantName: this.merchantName,
    });
    // With the merchant's own options the form showed at once; the merchant name follows.
    const { config, client } = this;
    if (config?.options && client && asksMerchantName(config)) {
      client.getMerchantInfo({ signal: this.signal }).then(
        (info) => ((this.merchantName = info.channelInfo.name), this.requestUpdate()),
        () => undefined,
      );
    }
  }

  /** The platform is busy (429) or failing: the checkout waits where it is, and says so. */
  private readonly waiting = (): void => {
    if (this.busy) return;
    this.busy = true;
    this.requestUpdate();
  };

  /** The customer picked a method or an operator. */
  choose(code: string, operator?: string): void {
    if (this.current.name !== 'select' || (this.methodLocked && code !== this.form.selectedCode)) return;
    if (!this.form.choose(code, operator)) return;
    this.requestUpdate();
    this.emit('pay-method-change', {
      paymentMethodCode: code,
      ...(operator ? { paymentOperatorCode: operator } : {}),
    });
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
    const { config, current } = this;
    return (
      !!config &&
      (current.name === 'select' || current.name === 'submitting') &&
      this.form.complete(config.money.currencyCode) &&
      !this.topUp?.blocks()
    );
  }

  /** checkValidity(), and at the form its problems shown and the first focused, as the pay button does. */
  reportValidity(): boolean {
    return this.current.name === 'select' ? !!this.validMethod() : this.checkValidity();
  }

  /** The form's payment method when it passes; otherwise its problems marked and the first focused. */
  private validMethod(): Record<string, unknown> | undefined {
    const method = this.form.paymentMethod(this.config!.money.currencyCode);
    const topUpProblem = this.topUp?.blocks();
    this.requestUpdate();
    if (!method || topUpProblem) this.focus(method ? topUpProblem! : this.form.problemTarget);
    return topUpProblem ? undefined : method;
  }

  /**
   * Validates as the pay button does, then creates the payin, once: while the create runs, every
   * call gets its result. It always settles; anywhere but at the form, at once.
   */
  submit(): Promise<PaySubmitResult> {
    const { config, client } = this;
    if (this.current.name === 'submitting' && this.submission) return this.submission;
    if (this.current.name !== 'select' || !config || !client)
      return refused(this.deps.moreWords(), () => this.localizer, 'INVALID_STATE', this.state);
    const method = this.validMethod();
    if (!method) return refused(this.deps.moreWords(), () => this.localizer, 'INVALID_FORM');
    this.go({ type: 'submit' });
    // Before the request goes out: a reload from now on resumes this payin.
    markStartedHere(config, this.deps.storage);
    return (this.submission = this.create(config, client, method));
  }

  private async create(
    config: CheckoutConfig,
    client: CheckoutClient,
    method: Record<string, unknown>,
  ): Promise<PaySubmitResult> {
    const signal = this.signal;
    try {
      // The merchant's status stream opens before the create goes out, so no change goes unseen
      // and following needs no first read (PushedStatus.prepare); at most a second's wait.
      if (config.statusUrl)
        await this.loadFollowers().then(
          () => this.follower?.prepare(),
          () => undefined,
        );
      const result = signal.aborted
        ? undefined
        : await createPayin(client, config, buildPayinRequest(config, method), signal, this.waiting);
      if (result && !signal.aborted) {
        if (result.kind === 'failed') return { ok: false, error: await this.onCreateFailed(result.error) };
        this.focus('status');
        this.onCreated(result.payin, result.kind === 'resumed');
        return { ok: true, payin: result.payin };
      }
    } catch (error) {
      if (!signal.aborted && !isAbortError(error)) {
        this.fail(error);
        await this.deps.moreWords();
        return { ok: false, error: toErrorDetail(error, this.localizer) };
      }
    }
    // The session ended (the checkout started again, or the element left the page) first.
    return refused(this.deps.moreWords(), () => this.localizer, 'INVALID_STATE', 'stopped');
  }

  /**
   * pay-error, once the words of trouble are here: its detail is made then, in the shopper's words.
   * The events after it wait behind it, so the merchant hears them in their order.
   */
  emitError(detail: () => PayErrorDetail): void {
    this.enqueue(() => this.send('pay-error', detail()), this.deps.moreWords());
  }

  /** Runs `send` after the events already waiting and `after`, in order. */
  private enqueue(send: () => void, after?: Promise<void>): void {
    const queue = Promise.all([this.queue, after]).then(send);
    this.queue = queue;
    void queue.then(() => this.queue === queue && (this.queue = undefined));
  }

  private async onCreateFailed(error: PlatformError): Promise<PayErrorDetail> {
    // What ends the checkout fails it. A rejection, invalid data or a passing failure keeps the
    // customer at the form, where they may correct the data, try again or choose another method,
    // told why in their words.
    const ends = ENDS_CHECKOUT.has(error.code);
    if (ends) this.fail(error);
    await this.deps.moreWords();
    const detail = toErrorDetail(error, this.localizer);
    if (!ends) {
      this.form.rejected(error);
      this.go({ type: 'rejected' });
      this.focus('form-error');
      this.emit('pay-error', detail);
    }
    return detail;
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
  onPayin(payin: Payin): void {
    const status = statusOf(payin);
    if (status !== undefined) {
      this.follower?.read();
      if (status !== this.lastStatus) {
        const previousStatus = this.lastStatus;
        this.lastStatus = status;
        this.emit('pay-status', {
          status,
          ...(previousStatus ? { previousStatus } : {}),
          payin: payin as PayEventDetails['pay-status']['payin'],
        });
      }
    }
    if (!this.go({ type: 'payin', payin })) return;
    const phase = this.current;
    if (phase.name !== 'final') return this.followPayin();
    this.follower?.end('final');
    if (this.finalEmitted) return;
    this.finalEmitted = true;
    const name = phase.status === 'SUCCESS' ? 'pay-success' : phase.status === 'FAILED' ? 'pay-failed' : 'pay-refused';
    this.emit(name, {
      payin: phase.payin,
      ...(phase.payin.failureReasonCode ? { failureReasonCode: phase.payin.failureReasonCode } : {}),
    });
  }

  /** Follows the pending payin: its deadline and its status. */
  private followPayin(): void {
    this.followedSince ??= Date.now();
    // Until the followers have loaded there is nothing to follow with; their arrival follows.
    if (!this.follower) return void this.loadFollowers().catch(() => undefined);
    this.follower.follow();
  }

  /** Loads what follows a payin once; a failed load can be tried again. */
  loadFollowers(): Promise<void> {
    this.followersLoad ??= this.loadFollowersOnce();
    return this.followersLoad;
  }

  private async loadFollowersOnce(): Promise<void> {
    this.views = 'loading';
    this.requestUpdate();
    let followers: Followers;
    try {
      followers = await this.deps.loadFollowers();
    } catch (error) {
      this.followersLoad = undefined;
      this.views = 'failed';
      this.requestUpdate();
      throw error;
    }
    // The session is its follower's host: a follower exists only once begin() has set the config
    // and the client, which FollowHost reads as always there.
    const host = this as unknown as FollowHost;
    this.tokens = new followers.TokenWatch(host, () => this.follower?.tokenWait());
    this.follower = new followers.PayinFollow(host, followers);
    this.views = 'ready';
    if (this.current.name === 'pending') this.followPayin();
    this.requestUpdate();
  }

  /**
   * A fresh token for the same payment (renewed, or set by the page): used from now on, when the
   * browser's token rule accepts it for this payin and its money (else refused, and false).
   */
  useToken(token: string): boolean {
    const config = this.config;
    if (!config) return false;
    if (token !== config.token) {
      const fresh = readCheckoutConfig({ ...config, token, payinId: config.idPayin, ...config.money });
      if (isConfigProblem(fresh)) {
        console.warn('<pay-checkout>: token refused:', fresh.detail);
        return false;
      }
      this.config = { ...config, token, payload: fresh.payload };
      this.client = this.makeClient(token);
      this.tokens?.changed();
    }
    if (this.current.name === 'pending' && this.follower?.stopped === 'error') this.follower.checkNow();
    return true;
  }

  /** The authorized stream's payin, parsed and checked as a read's answer (else it throws, and is read). */
  pushedPayin(data: unknown): PayinDetailResponse {
    return aboutThisPayment(payinDetailResponseSchema.parse(data), this.config!);
  }

  /** Ends the session: nothing it started goes on, and it reports nothing more. */
  dispose(): void {
    this.run.abort();
    this.follower?.end('stopped');
  }

  private fail(failure: unknown): void {
    if (!this.go({ type: 'fail', detail: toErrorDetail(failure, this.localizer) })) return;
    this.follower?.end('error');
    this.emitError(() => toErrorDetail(failure, this.localizer));
  }

  private go(event: PhaseEvent): boolean {
    const next = nextPhase(this.current, event);
    if (!next) return false;
    this.current = next;
    this.busy = false;
    this.requestUpdate();
    return true;
  }

  private makeClient(token: string): CheckoutClient {
    const config = this.config!;
    const options = {
      baseUrl: config.baseUrl,
      token,
      apiVersion: config.apiVersion,
      onServerTime: (server: number, local: number) => this.clock.observe(server, local),
    };
    return this.topUp
      ? this.topUp.createClient(options)
      : clientForPayment((this.deps.createClient ?? createCheckoutClient)(options), config);
  }

  private focus(target: FocusTarget): void {
    if (!this.disposed) this.deps.report({ type: 'focus', target });
  }

  emit<K extends PayEventName>(name: K, detail: PayEventDetails[K]): void {
    if (this.queue) this.enqueue(() => this.send(name, detail));
    else this.send(name, detail);
  }

  private send<K extends PayEventName>(name: K, detail: PayEventDetails[K]): void {
    if (!this.disposed)
      this.deps.report({
        type: 'event',
        name,
        detail: this.topUp?.detail(detail) ?? detail,
      } as SessionReport);
  }

  /** A change to render (the status source and the countdown render through the session too). */
  requestUpdate(): void {
    if (!this.disposed) this.deps.report({ type: 'update' });
  }
}
