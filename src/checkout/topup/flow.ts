/**
 * TopUpFlow: what makes a CheckoutSession a top-up (kind="topup"). The session runs the payin flow
 * as it is — options, the method's form, create once, resume, 429 patience, status, expiry — and
 * this, loaded lazily with the top-up views, supplies what differs: the configuration
 * (config.ts here), a client that speaks the top-up endpoints and hands the session each top-up
 * in a payin's shape (the customer's money as the money requested), the quote before paying and
 * the events' `{ kind: 'topup', topUp }` detail.
 *
 * The quote comes from src/api/fx.ts, the arithmetic the emulator's top-ups use too, and a rate
 * the element reads itself (GET /fx-rates, when the token carries that literal operation) or the
 * merchant's server handed in (`fxRate`). Past its validUpTo in platform time a quote is never
 * shown as valid: it is refreshed where the rate came from, or the customer may not pay on it.
 */
import type { CheckoutClient } from '../../api/checkout-client.js';
import { PlatformError, isPlatformError } from '../../api/errors.js';
import { isRateValid, quoteTopUp, topUpQuoteProblem, type TopUpQuote } from '../../api/fx.js';
import { fxRatesResponseSchema, type FxRate } from '../../api/schemas/fx.js';
import {
  availableOptionsResponseSchema,
  merchantInfoResponseSchema,
  type AvailableOptionsRequest,
} from '../../api/schemas/options.js';
import type { Payin, PayinCreateRequest, PayinDetailResponse } from '../../api/index.js';
import { topUpResponseSchema, type TopUpResponse } from '../../api/schemas/topup-response.js';
import { topUpPaths, topUpTokenPermits } from '../../api/topup-token.js';
import { createTransport, type CallOptions, type ClientOptions } from '../../api/transport.js';
import { amountProblem } from '../../api/money.js';
import type { PayErrorDetail } from '../../events/index.js';
import { patientRetry, type StartInput, type StartResult } from '../flow.js';
import type { Phase } from '../phase.js';
import type { CheckoutForm } from '../form.js';
import type { ServerClock } from '../server-clock.js';
import { wasStartedHere } from '../started-here.js';
import { readHandedRates, readTopUpConfig, type TopUpConfig, type TopUpInput } from './config.js';
import type { CheckoutConfig, ConfigProblem } from '../config.js';

/** The top-up record a payin-shaped object stands for (the events carry it). */
const RECORD = Symbol('topUp');
export type TopUpAsPayin = PayinDetailResponse & { [RECORD]: TopUpResponse };
export const topUpOf = (payin: Payin): TopUpResponse | undefined => (payin as Partial<TopUpAsPayin>)[RECORD];

/** What a TopUpFlow needs of its session. */
export interface TopUpHost {
  readonly config?: CheckoutConfig;
  readonly clock: ServerClock;
  readonly phase: Phase;
  readonly form: Pick<CheckoutForm, 'notice'>;
  requestUpdate(): void;
}

/** Where the quote is: a valid quote, or why there is none. */
export type QuoteState =
  | { kind: 'quoted'; quote: TopUpQuote }
  | { kind: 'loading' }
  | { kind: 'no-amount' }
  | { kind: 'amount'; problem: 'digits' | 'range' }
  | { kind: 'no-rate' }
  | { kind: 'expired' };

const TOP_UP_FOCUS = { field: 'topUpAmount' };

export class TopUpFlow {
  /** The rates read or handed in, and where they came from. */
  rates: FxRate[] = [];
  private ratesFrom: 'platform' | 'page' | undefined;
  /** The amount the customer chose or typed (text), when the page fixed none. */
  chosen = '';
  /** The quote the customer last saw before paying, kept to compare with the platform's numbers. */
  quoted?: TopUpQuote;
  refreshing = false;
  private timer?: ReturnType<typeof setTimeout>;
  private handed?: unknown;

  constructor(
    private readonly host: TopUpHost,
    private readonly signal: AbortSignal,
    private readonly input: () => TopUpInput,
  ) {
    signal.addEventListener('abort', () => clearTimeout(this.timer));
  }

  get config(): TopUpConfig | undefined {
    return this.host.config as TopUpConfig | undefined;
  }

  readConfig(input: TopUpInput): TopUpConfig | ConfigProblem {
    const config = readTopUpConfig(input);
    if ('attribute' in config) return config;
    const first = config.topUp.presets[0];
    if (config.topUp.amount === undefined && first !== undefined) this.chosen = String(first);
    return config;
  }

  /** Whether the token permits a call (by action or by its literal operations). */
  permits(method: string, path: string): boolean {
    const config = this.config!;
    return topUpTokenPermits(config.payload, config.idPayin, method, path);
  }

  /** A client with the session's calls on the top-up endpoints; every answer is checked to be this top-up. */
  createClient(options: ClientOptions): CheckoutClient {
    const { request } = createTransport(options);
    return {
      getAvailablePaymentOptions: (body: AvailableOptionsRequest, call?: CallOptions) =>
        request('POST', topUpPaths.options(), availableOptionsResponseSchema, body, call),
      getMerchantInfo: (call?: CallOptions) =>
        request('GET', topUpPaths.merchantInfo(), merchantInfoResponseSchema, undefined, call),
      createPayin: async (id: string, body: PayinCreateRequest, call?: CallOptions) => {
        await this.recheck(call?.signal);
        return request('POST', topUpPaths.topUp(id), topUpResponseSchema, this.topUpRequest(body), call).then((t) =>
          this.asPayin(t, true),
        );
      },
      getPayin: (id: string, call?: CallOptions) =>
        request('GET', topUpPaths.topUp(id), topUpResponseSchema, undefined, call).then((t) => this.asPayin(t, false)),
      getPayinAccounts: () =>
        Promise.reject(new PlatformError({ code: 'FORBIDDEN', message: 'A top-up has no accounts request' })),
      setExternalReference: () =>
        Promise.reject(new PlatformError({ code: 'FORBIDDEN', message: 'A top-up has no external reference request' })),
    } as unknown as CheckoutClient;
  }

  /**
   * Before the create, a rate read from the platform is read again (which also reads the
   * platform's clock): a quote that expired meanwhile, or whose numbers moved, is not paid on. The
   * customer stays at the form with the fresh quote and is told so (QUOTE_EXPIRED; the form's
   * generic notice gives way to the quote's own words). A handed-in rate cannot be read again
   * here: the platform's numbers after the create are shown, with any difference said.
   */
  private async recheck(signal?: AbortSignal): Promise<void> {
    if (this.ratesFrom !== 'platform' || !signal) return;
    const before = this.quoted;
    await this.loadRates(signal);
    const state = this.state;
    // The read also told the platform's time: a quote it shows past its validUpTo is not paid on, even with the same numbers.
    const same =
      state.kind === 'quoted' &&
      before &&
      isRateValid(before.validUpTo, this.now) &&
      state.quote.moneyProvided.amount === before.moneyProvided.amount &&
      state.quote.moneyRequired.amount === before.moneyRequired.amount;
    if (same) return void (this.quoted = state.quote);
    this.refreshed = true;
    setTimeout(() => {
      const notice = this.host.form.notice;
      if (notice?.kind === 'error' && notice.code === 'QUOTE_EXPIRED') this.host.form.notice = undefined;
      this.host.requestUpdate();
    });
    throw new PlatformError({
      code: 'QUOTE_EXPIRED',
      retryable: true,
      message: 'The quote expired or changed before the create: the fresh quote is shown',
    });
  }

  /** The quote was refreshed at the customer's pay: the view says so until the next choice. */
  refreshed = false;

  /** POST /topups/{idTopUp}: the session's payin request with the mode of the quote the customer saw. */
  private topUpRequest(body: PayinCreateRequest): Record<string, unknown> {
    const { topUp } = this.config!;
    const quote = this.quoted!;
    const topUpRequested =
      topUp.mode === 'moneyProvided'
        ? { moneyProvided: quote.moneyProvided, currencyRequired: topUp.currencies.required }
        : { moneyRequired: quote.moneyRequired, currencyProvided: topUp.currencies.provided };
    const { paymentRequested: _, ...rest } = body;
    return { topUpRequested, ...rest };
  }

  /**
   * A top-up in the shape the session follows: the customer's money as the money requested. An
   * answer about another top-up, other currencies, or (for a fixed amount) another amount is
   * BAD_RESPONSE, never a status to show.
   */
  private asPayin(topUp: TopUpResponse, created: boolean): TopUpAsPayin {
    const config = this.config!;
    const { mode, currencies, amount } = config.topUp;
    const stated = topUp[mode];
    const problem =
      topUp.idTopUp !== undefined && topUp.idTopUp !== config.idPayin
        ? `idTopUp ${topUp.idTopUp}`
        : !topUp.paymentMethodResponse || !topUp.moneyProvided || !topUp.moneyRequired
          ? 'no paymentMethodResponse, moneyProvided or moneyRequired'
          : topUp.moneyProvided.currencyCode !== currencies.provided ||
              topUp.moneyRequired.currencyCode !== currencies.required
            ? `${topUp.moneyProvided.currencyCode} to ${topUp.moneyRequired.currencyCode}`
            : (amount !== undefined || created) && stated?.amount !== (amount ?? this.quoted?.[mode].amount)
              ? `${stated?.amount} ${stated?.currencyCode} stated`
              : undefined;
    if (problem)
      throw new PlatformError({
        code: 'BAD_RESPONSE',
        retryable: true,
        message: `The platform answered about another top-up (${problem}) than ${config.idPayin}`,
      });
    return {
      ...topUp,
      paymentRequested: { money: topUp.moneyProvided! },
      paymentMethodResponse: topUp.paymentMethodResponse!,
      status: topUp.status!,
      [RECORD]: topUp,
    } as TopUpAsPayin;
  }

  /**
   * The session's start for a top-up: the rate (GET /fx-rates when the token permits it, else the
   * handed-in one), then the options for the customer's money, the top-up itself when it may
   * exist, and the merchant's name when the token permits it.
   */
  async start(
    client: CheckoutClient,
    config: CheckoutConfig,
    signal: AbortSignal,
    start: StartInput,
  ): Promise<StartResult> {
    const call = { signal, retry: patientRetry(start.onRetry) };
    const { idPayin: id } = config;
    // Started in this tab (a reload) or not: a fresh top-up is not read before it is created.
    const existing =
      wasStartedHere(config) && this.permits('GET', topUpPaths.topUp(id))
        ? client.getPayin(id, call)
        : Promise.reject(undefined);
    const merchant =
      !config.merchantName && this.permits('GET', topUpPaths.merchantInfo())
        ? client.getMerchantInfo({ signal })
        : Promise.reject(undefined);
    existing.catch(() => undefined);
    merchant.catch(() => undefined);
    const rates = await this.loadRates(signal);
    if (rates) return { kind: 'error', error: rates };
    const [options, payin, info] = await Promise.allSettled([
      start.options ??
        client.getAvailablePaymentOptions(
          { money: { amount: this.optionsAmount(), currencyCode: config.money.currencyCode } },
          call,
        ),
      existing,
      merchant,
    ]);
    if (signal.aborted) throw signal.reason;
    const merchantName = info.status === 'fulfilled' ? info.value.channelInfo.name : undefined;
    if (payin.status === 'fulfilled') return { kind: 'resume', payin: payin.value, merchantName };
    if (options.status === 'rejected')
      return {
        kind: 'error',
        error: isPlatformError(options.reason)
          ? options.reason
          : new PlatformError({
              code: 'BAD_RESPONSE',
              message: String(options.reason),
              cause: options.reason,
            }),
      };
    return { kind: 'select', options: options.value, merchantName };
  }

  /** The customer's amount for the options request: the quote's, or the smallest the customer may choose. */
  private optionsAmount(): number {
    const state = this.state;
    if (state.kind === 'quoted') return state.quote.moneyProvided.amount;
    const { topUp } = this.config!;
    const fallback = topUp.min ?? Math.min(...topUp.presets, Infinity);
    const quote = Number.isFinite(fallback)
      ? quoteTopUp(topUp.mode, fallback, topUp.currencies, this.rates)
      : undefined;
    return quote && quote.moneyProvided.amount > 0 ? quote.moneyProvided.amount : 1;
  }

  /**
   * The rates for this top-up's currencies: read from the platform when the token permits GET
   * /fx-rates (the pair either way round, then both through USD), otherwise the handed-in ones.
   * Answers a problem only for a handed-in rate that is not one; no rate at all is a quote state.
   */
  async loadRates(signal: AbortSignal): Promise<ConfigProblem | undefined> {
    const { provided, required } = this.config!.topUp.currencies;
    if (this.permits('GET', topUpPaths.fxRates())) {
      this.ratesFrom = 'platform';
      const read = (base: string, quote: string) => this.readRates(base, quote, signal);
      try {
        let rates = (await Promise.all([read(required, provided), read(provided, required)])).flat();
        if (!quoteTopUp('moneyProvided', 1, { provided, required }, rates))
          rates = [...rates, ...(await Promise.all([read('USD', provided), read('USD', required)])).flat()];
        this.useRates(rates);
        return undefined;
      } catch (error) {
        if (signal.aborted) throw error;
        // A failed read leaves no rate: the quote says so, and "get a fresh rate" tries again.
        this.useRates([]);
        return undefined;
      }
    }
    const handed = readHandedRates(this.input().fxRate);
    if (!Array.isArray(handed)) return handed;
    this.ratesFrom = handed.length ? 'page' : undefined;
    this.handed = this.input().fxRate;
    this.useRates(handed);
    return undefined;
  }

  private readRates(base: string, quote: string, signal: AbortSignal): Promise<FxRate[]> {
    const config = this.config!;
    const { request } = createTransport({
      baseUrl: config.baseUrl,
      token: config.token,
      apiVersion: config.apiVersion,
      onServerTime: (server, local) => this.host.clock.observe(server, local),
    });
    const query = new URLSearchParams({ baseCurrencyCode: base, quoteCurrencyCode: quote });
    return request('GET', `${topUpPaths.fxRates()}?${query}`, fxRatesResponseSchema, undefined, {
      signal,
      retry: patientRetry(),
    }).then((answer) =>
      answer.data.filter(
        (rate) =>
          rate.baseCurrencyCode === base && rate.quoteCurrencyCode === quote && rate.buyRate > 0 && rate.sellRate > 0,
      ),
    );
  }

  private useRates(rates: FxRate[]): void {
    this.rates = rates;
    this.refreshing = false;
    this.schedule();
    this.host.requestUpdate();
  }

  /** Platform time now, as the server clock sees it. */
  private get now(): number {
    return Date.now() + this.host.clock.offsetMs;
  }

  /** Refreshes the quote when its rate passes validUpTo (platform time), while the customer is at the form. */
  private schedule(): void {
    clearTimeout(this.timer);
    const state = this.state;
    const until = state.kind === 'quoted' ? state.quote.validUpTo : undefined;
    if (until === undefined || this.signal.aborted) return;
    const wait = Math.max(0, Date.parse(until) - this.now) + 50;
    this.timer = setTimeout(() => void this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  /** A fresh rate where the current one came from; a handed-in rate is read again from the page. */
  async refresh(): Promise<void> {
    const phase = this.host.phase.name;
    if (this.signal.aborted || (phase !== 'select' && phase !== 'loading')) return;
    this.refreshing = true;
    this.host.requestUpdate();
    await this.loadRates(this.signal).catch(() => undefined);
  }

  /** The amount of the mode's side: fixed by the page, or the customer's. */
  get amount(): number | undefined {
    const fixed = this.config?.topUp.amount;
    if (fixed !== undefined) return fixed;
    const typed = this.chosen.trim().replace(/,/g, '.');
    return typed && Number.isFinite(Number(typed)) ? Number(typed) : undefined;
  }

  /** The quote as it stands now: computed afresh at each look, so a rate past validUpTo is never shown as valid. */
  get state(): QuoteState {
    const config = this.config;
    if (!config) return { kind: 'loading' };
    // The page set a fresh fxRate: use it.
    if (this.ratesFrom !== 'platform' && this.input().fxRate !== this.handed) void this.loadRates(this.signal);
    const { topUp } = config;
    const amount = this.amount;
    if (amount === undefined) return { kind: 'no-amount' };
    const currency = topUp.mode === 'moneyProvided' ? topUp.currencies.provided : topUp.currencies.required;
    if (amountProblem(amount, currency)) return { kind: 'amount', problem: 'digits' };
    if (amount < (topUp.min ?? 0) || amount > (topUp.max ?? Infinity)) return { kind: 'amount', problem: 'range' };
    if (this.refreshing) return { kind: 'loading' };
    const quote = quoteTopUp(topUp.mode, amount, topUp.currencies, this.rates);
    if (!quote || topUpQuoteProblem(quote)) return { kind: 'no-rate' };
    if (!isRateValid(quote.validUpTo, this.now)) return { kind: 'expired' };
    return { kind: 'quoted', quote };
  }

  /** A server timestamp (ISO) in local time, by the platform's clock. */
  toLocal(iso: string): number {
    return this.host.clock.toLocal(Date.parse(iso));
  }

  /** The customer tried to pay: an amount left out is now said. */
  tried = false;

  /** The customer typed or picked an amount. */
  choose(text: string): void {
    this.chosen = text;
    this.refreshed = false;
    this.schedule();
    this.host.requestUpdate();
  }

  /**
   * Before the create: the quote must hold. Answers where the customer's attention goes when it
   * does not (the amount, or the quote); otherwise keeps the quote the customer saw and sets the
   * session's money to it (the pay button's amount, the create's).
   */
  blocks(): { field: string } | undefined {
    const state = this.state;
    this.tried = true;
    if (state.kind !== 'quoted') {
      if (state.kind === 'expired') void this.refresh();
      return TOP_UP_FOCUS;
    }
    this.quoted = state.quote;
    return undefined;
  }

  /** An event's detail for a top-up: `{ kind: 'topup', topUp }` in place of `payin`, idTopUp in place of idPayin. */
  detail(detail: object): object {
    if (!('payin' in detail)) return detail;
    const { payin, idPayin, ...rest } = detail as { payin: Payin; idPayin?: string };
    return {
      kind: 'topup',
      ...rest,
      ...(idPayin === undefined ? {} : { idTopUp: idPayin }),
      topUp: topUpOf(payin) ?? payin,
    };
  }
}

/** A PayErrorDetail for a quote that cannot be had. */
export const quoteError = (message: string): PayErrorDetail => ({
  code: 'FX_RATE_UNAVAILABLE',
  message,
  retryable: true,
});
