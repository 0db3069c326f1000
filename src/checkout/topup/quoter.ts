/**
 * A top-up's quote before paying: the amount the customer chose (or the page fixed), the rate for
 * the two currencies, and what each side comes to. The arithmetic is src/api/fx.ts, the one the
 * emulator's top-ups use too; the rate is one the element reads itself (GET /fx-rates, when the
 * token carries that literal operation) or one the merchant's server handed in (`fxRate`). Past
 * its validUpTo in platform time a quote is never shown as valid: it is refreshed where the rate
 * came from, or the customer may not pay on it.
 */
import { PlatformError } from '../../api/errors.js';
import { isRateValid, quoteTopUp, topUpQuoteProblem, type TopUpQuote } from '../../api/fx.js';
import { amountProblem } from '../../api/money.js';
import { fxRatesResponseSchema, type FxRate } from '../../api/schemas/fx.js';
import { topUpPaths, topUpTokenPermits } from '../../api/topup-token.js';
import { createTransport } from '../../api/transport.js';
import type { ConfigProblem } from '../config.js';
import { patientRetry } from '../patience.js';
import type { PaymentHost } from '../payment-kind.js';
import { readHandedRates, type TopUpSetup } from './config.js';

/** Where the quote is: a valid quote, or why there is none. */
export type QuoteState =
  | { kind: 'quoted'; quote: TopUpQuote }
  | { kind: 'loading' }
  | { kind: 'no-amount' }
  | { kind: 'amount'; problem: 'digits' | 'range' }
  | { kind: 'no-rate' }
  | { kind: 'expired' };

export class TopUpQuoter {
  /** What the page asked for: the mode, the currencies, a fixed amount or the customer's choice. */
  setup?: TopUpSetup;
  /** The rates read or handed in, and where they came from. */
  rates: FxRate[] = [];
  private ratesFrom: 'platform' | 'page' | undefined;
  /** The amount the customer chose or typed (text), when the page fixed none. */
  chosen = '';
  /** The quote the customer last saw before paying, kept to compare with the platform's numbers. */
  quoted?: TopUpQuote;
  refreshing = false;
  /** The quote was refreshed at the customer's pay: the view says so until the next choice. */
  refreshed = false;
  /** The customer tried to pay: an amount left out is now said. */
  tried = false;
  private timer?: ReturnType<typeof setTimeout>;
  private handed?: unknown;

  constructor(private readonly host: PaymentHost) {
    host.signal.addEventListener('abort', () => clearTimeout(this.timer));
  }

  /** Whether the token permits a call (by action or by its literal operations). */
  permits(method: string, path: string): boolean {
    const config = this.host.config!;
    return topUpTokenPermits(config.payload, config.idPayin, method, path);
  }

  /**
   * The rates for this top-up's currencies: read from the platform when the token permits GET
   * /fx-rates (the pair either way round, then both through USD), otherwise the handed-in ones.
   * Answers a problem only for a handed-in rate that is not one; no rate at all is a quote state.
   */
  async loadRates(signal: AbortSignal): Promise<ConfigProblem | undefined> {
    const { provided, required } = this.setup!.currencies;
    if (this.permits('GET', topUpPaths.fxRates())) {
      this.ratesFrom = 'platform';
      const read = (base: string, quote: string) => this.readRates(base, quote, signal);
      try {
        let rates = (await Promise.all([read(required, provided), read(provided, required)])).flat();
        if (!quoteTopUp('moneyProvided', 1, { provided, required }, rates))
          rates = [...rates, ...(await Promise.all([read('USD', provided), read('USD', required)])).flat()];
        this.useRates(rates);
      } catch (error) {
        if (signal.aborted) throw error;
        // A failed read leaves no rate: the quote says so, and "get a fresh rate" tries again.
        this.useRates([]);
      }
      return undefined;
    }
    const handed = readHandedRates(this.host.input().fxRate);
    if (!Array.isArray(handed)) return handed;
    this.ratesFrom = handed.length ? 'page' : undefined;
    this.handed = this.host.input().fxRate;
    this.useRates(handed);
    return undefined;
  }

  private readRates(base: string, quote: string, signal: AbortSignal): Promise<FxRate[]> {
    const config = this.host.config!;
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
    if (until === undefined || this.host.signal.aborted) return;
    const wait = Math.max(0, Date.parse(until) - this.now) + 50;
    this.timer = setTimeout(() => void this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  /** A fresh rate where the current one came from; a handed-in rate is read again from the page. */
  async refresh(): Promise<void> {
    const phase = this.host.phase.name;
    if (this.host.signal.aborted || (phase !== 'select' && phase !== 'loading')) return;
    this.refreshing = true;
    this.host.requestUpdate();
    await this.loadRates(this.host.signal).catch(() => undefined);
  }

  /**
   * Before the create, a rate read from the platform is read again (which also reads the
   * platform's clock): a quote that expired meanwhile, or whose numbers moved, is not paid on. The
   * customer stays at the form with the fresh quote and is told so (QUOTE_EXPIRED; the form's
   * generic notice gives way to the quote's own words). A handed-in rate cannot be read again
   * here: the platform's numbers after the create are shown, with any difference said.
   */
  async recheck(signal?: AbortSignal): Promise<void> {
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
      const { form } = this.host;
      if (form.notice?.kind === 'error' && form.notice.code === 'QUOTE_EXPIRED') form.notice = undefined;
      this.host.requestUpdate();
    });
    throw new PlatformError({
      code: 'QUOTE_EXPIRED',
      retryable: true,
      message: 'The quote expired or changed before the create: the fresh quote is shown',
    });
  }

  /** The customer's amount for the options request: the quote's, or the smallest the customer may choose. */
  optionsAmount(): number {
    const state = this.state;
    if (state.kind === 'quoted') return state.quote.moneyProvided.amount;
    const setup = this.setup!;
    const fallback = setup.min ?? Math.min(...setup.presets, Infinity);
    const quote = Number.isFinite(fallback)
      ? quoteTopUp(setup.mode, fallback, setup.currencies, this.rates)
      : undefined;
    return quote && quote.moneyProvided.amount > 0 ? quote.moneyProvided.amount : 1;
  }

  /** The amount of the mode's side: fixed by the page, or the customer's. */
  get amount(): number | undefined {
    const fixed = this.setup?.amount;
    if (fixed !== undefined) return fixed;
    const typed = this.chosen.trim().replace(/,/g, '.');
    return typed && Number.isFinite(Number(typed)) ? Number(typed) : undefined;
  }

  /** The quote as it stands now: computed afresh at each look, so a rate past validUpTo is never shown as valid. */
  get state(): QuoteState {
    const { setup } = this;
    if (!setup) return { kind: 'loading' };
    // The page set a fresh fxRate: use it.
    if (this.ratesFrom !== 'platform' && this.host.input().fxRate !== this.handed)
      void this.loadRates(this.host.signal);
    const amount = this.amount;
    if (amount === undefined) return { kind: 'no-amount' };
    const currency = setup.mode === 'moneyProvided' ? setup.currencies.provided : setup.currencies.required;
    if (amountProblem(amount, currency)) return { kind: 'amount', problem: 'digits' };
    if (amount < (setup.min ?? 0) || amount > (setup.max ?? Infinity)) return { kind: 'amount', problem: 'range' };
    if (this.refreshing) return { kind: 'loading' };
    const quote = quoteTopUp(setup.mode, amount, setup.currencies, this.rates);
    if (!quote || topUpQuoteProblem(quote)) return { kind: 'no-rate' };
    if (!isRateValid(quote.validUpTo, this.now)) return { kind: 'expired' };
    return { kind: 'quoted', quote };
  }

  /** A server timestamp (ISO) in local time, by the platform's clock. */
  toLocal(iso: string): number {
    return this.host.clock.toLocal(Date.parse(iso));
  }

  /** The customer typed or picked an amount. */
  choose(text: string): void {
    this.chosen = text;
    this.refreshed = false;
    this.schedule();
    this.host.requestUpdate();
  }

  /**
   * Before the create: the quote must hold. Answers where the customer's attention goes when it
   * does not (the amount, or the quote); otherwise keeps the quote the customer saw.
   */
  blocks(): { field: string } | undefined {
    const state = this.state;
    this.tried = true;
    if (state.kind !== 'quoted') {
      if (state.kind === 'expired') void this.refresh();
      return { field: 'topUpAmount' };
    }
    this.quoted = state.quote;
    return undefined;
  }
}
