/**
 * A wallet top-up (kind="topup"): the same checkout as a payin's — options, the method's form,
 * create once, resume, 429 patience, status, expiry — on the platform's /topups endpoints, with
 * its own configuration (config.ts here) and token rule (topup-token.ts), and the quote before
 * paying (quoter.ts). A chunk with the top-up's views: a payin's page never fetches it.
 */
import { PlatformError } from '../../api/errors.js';
import { decodeToken, tokenExpiresInMs } from '../../api/token.js';
import { availableOptionsResponseSchema, merchantInfoResponseSchema } from '../../api/schemas/options.js';
import { topUpResponseSchema, type TopUpResponse } from '../../api/schemas/topup-response.js';
import { topUpPaths, topUpTokenScope, walletActionOperations } from '../../api/topup-token.js';
import { createTransport } from '../../api/transport.js';
import { invalid, isConfigProblem, shopUrls, type CheckoutConfig, type ConfigProblem } from '../config.js';
import { asPlatformError } from '../errors.js';
import { patientRetry } from '../patience.js';
import type { Payment, PaymentClient } from '../payment.js';
import type { PaymentHost, PaymentKind, SessionInput, StartInput, StartResult } from '../payment-kind.js';
import { wasStartedHere } from '../started-here.js';
import { readTopUpConfig } from './config.js';
import { TopUpQuoter } from './quoter.js';

export class TopUpKind implements PaymentKind {
  readonly quoter: TopUpQuoter;

  constructor(private readonly host: PaymentHost) {
    this.quoter = new TopUpQuoter(host);
  }

  readConfig(input: SessionInput): CheckoutConfig | ConfigProblem {
    const config = readTopUpConfig(input);
    if (isConfigProblem(config)) return config;
    const { topUp } = config;
    this.quoter.setup = topUp;
    const first = topUp.presets[0];
    if (topUp.amount === undefined && first !== undefined) this.quoter.chosen = String(first);
    return config;
  }

  /** A fresh token for the same top-up: by the top-up token rule, for this top-up alone. */
  withToken(config: CheckoutConfig, token: string): CheckoutConfig | ConfigProblem {
    const payload = decodeToken(token);
    const left = payload && tokenExpiresInMs(payload);
    const scope = payload && topUpTokenScope(payload);
    if (
      !payload ||
      (left !== undefined && left <= 0) ||
      scope === 'TOKEN_TOO_BROAD' ||
      scope?.idTopUp !== config.idPayin
    )
      return invalid('token', `the token is not a valid token of top-up ${config.idPayin}`);
    // A by-action token stands for its action's literal operations (as readTopUpConfig reads it).
    const operations = payload.action
      ? [...(payload.operations ?? []), ...walletActionOperations(config.idPayin)]
      : payload.operations;
    return { ...config, token, payload: { ...payload, operations } };
  }

  /** The session's calls on the top-up endpoints; every answer is checked to be this top-up. */
  createClient(config: CheckoutConfig, options: Parameters<typeof createTransport>[0]): PaymentClient {
    const { request } = createTransport(options);
    const id = config.idPayin;
    const { quoter } = this;
    return {
      options: (body, call) => request('POST', topUpPaths.options(), availableOptionsResponseSchema, body, call),
      merchantName: (call) =>
        request('GET', topUpPaths.merchantInfo(), merchantInfoResponseSchema, undefined, call).then(
          (info) => info.channelInfo.name,
        ),
      create: async (method, call) => {
        await quoter.recheck(call?.signal);
        const { mode, currencies } = quoter.setup!;
        const quote = quoter.quoted!;
        // POST /topups/{idTopUp}: the mode of the quote the customer saw.
        const topUpRequested =
          mode === 'moneyProvided'
            ? { moneyProvided: quote.moneyProvided, currencyRequired: currencies.required }
            : { moneyRequired: quote.moneyRequired, currencyProvided: currencies.provided };
        const body = {
          topUpRequested,
          paymentMethod: method,
          ...shopUrls(config),
        };
        return request('POST', topUpPaths.topUp(id), topUpResponseSchema, body, call).then((answer) =>
          this.payment(answer, config, true),
        );
      },
      read: (call) =>
        request('GET', topUpPaths.topUp(id), topUpResponseSchema, undefined, call).then((answer) =>
          this.payment(answer, config, false),
        ),
      pushed: (data) => this.payment(topUpResponseSchema.parse(data), config, false),
    };
  }

  /**
   * A top-up record as the checkout follows it: the customer's money is what they pay. An answer
   * about another top-up, other currencies, or (for a fixed amount) another amount is
   * BAD_RESPONSE, never a status to show.
   */
  private payment(topUp: TopUpResponse, config: CheckoutConfig, created: boolean): Payment {
    const { mode, currencies, amount } = this.quoter.setup!;
    const stated = topUp[mode];
    const { paymentMethodResponse: response, moneyProvided: money } = topUp;
    const problem =
      topUp.idTopUp !== undefined && topUp.idTopUp !== config.idPayin
        ? `idTopUp ${topUp.idTopUp}`
        : !response || !money || !topUp.moneyRequired
          ? 'no paymentMethodResponse, moneyProvided or moneyRequired'
          : money.currencyCode !== currencies.provided || topUp.moneyRequired.currencyCode !== currencies.required
            ? `${money.currencyCode} to ${topUp.moneyRequired.currencyCode}`
            : (amount !== undefined || created) && stated?.amount !== (amount ?? this.quoter.quoted?.[mode].amount)
              ? `${stated?.amount} ${stated?.currencyCode} stated`
              : undefined;
    if (problem || !response || !money)
      throw new PlatformError({
        code: 'BAD_RESPONSE',
        retryable: true,
        message: `The platform answered about another top-up (${problem}) than ${config.idPayin}`,
      });
    return {
      status: topUp.status,
      response,
      money,
      idPayment: topUp.idPayment,
      failureReasonCode: topUp.failureReasonCode,
      record: topUp,
      carried: { kind: 'topup', topUp },
      named: { idTopUp: config.idPayin },
    };
  }

  /**
   * The first answers of a top-up: the rate (GET /fx-rates when the token permits it, else the
   * handed-in one), then the options for the customer's money, the top-up itself when it may
   * exist, and the merchant's name when the token permits it.
   */
  async start(
    client: PaymentClient,
    config: CheckoutConfig,
    signal: AbortSignal,
    start: StartInput,
  ): Promise<StartResult> {
    const { quoter } = this;
    const call = { signal, retry: patientRetry(start.onRetry) };
    // Started in this tab (a reload) or not: a fresh top-up is not read before it is created.
    const existing =
      wasStartedHere(config, start.storage) && quoter.permits('GET', topUpPaths.topUp(config.idPayin))
        ? client.read(call)
        : Promise.reject(undefined);
    const merchant =
      !config.merchantName && quoter.permits('GET', topUpPaths.merchantInfo())
        ? client.merchantName({ signal })
        : Promise.reject(undefined);
    existing.catch(() => undefined);
    merchant.catch(() => undefined);
    const rates = await quoter.loadRates(signal);
    if (rates) return { next: 'error', error: rates };
    const [options, payment, name] = await Promise.allSettled([
      start.options ??
        client.options({ money: { amount: quoter.optionsAmount(), currencyCode: config.money.currencyCode } }, call),
      existing,
      merchant,
    ]);
    if (signal.aborted) throw signal.reason;
    const merchantName = name.status === 'fulfilled' ? name.value : undefined;
    if (payment.status === 'fulfilled') return { next: 'resume', payment: payment.value, merchantName };
    if (options.status === 'rejected') return { next: 'error', error: asPlatformError(options.reason) };
    return { next: 'select', options: options.value, merchantName };
  }

  /** Before the create: the quote must hold (quoter.ts). */
  blocks(): { field: string } | undefined {
    return this.quoter.blocks();
  }
}
