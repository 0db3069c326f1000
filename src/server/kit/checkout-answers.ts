/**
 * The answer of `POST {prefix}/checkouts` for each kind of payment, new or renewed: a fresh token
 * and handle for the one payment, and what the element would otherwise ask the platform for (the
 * payment options; a top-up's rate). A payin's answer is src/api/schemas/checkout-response.ts, a
 * top-up's src/api/schemas/topup-checkout-response.ts.
 */
import { quoteTopUp } from '../../api/fx.js';
import type { CheckoutResponse } from '../../api/schemas/checkout-response.js';
import type { Money } from '../../api/schemas/request-common.js';
import type { TopUpCheckoutResponse } from '../../api/schemas/topup-checkout-response.js';
import type { TopUpRequested } from '../../api/schemas/topup.js';
import { subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import type { RememberedCheckout } from '../stores/checkout-store.js';
import type { FxRateCache } from './fx-rate-cache.js';
import type { CheckoutHandles, TokenScope } from './handle.js';
import type { OptionsCache } from './options-cache.js';
import { statedMoney } from './request.js';
import type { ResolvedOptions } from './resolve-options.js';

/** What the answers are made of: createCheckoutBackend's token queue, handles, store and caches. */
export interface AnswerParts {
  config: ResolvedOptions;
  fxRates: FxRateCache;
  /** Each kind's options cache; absent when the backend does not provide options. */
  options?: Record<PaymentKind, OptionsCache>;
  callbackUrlFor(request: Request): Promise<string>;
  /** Remembers the payment, by its key, as one this backend gave a checkout for. */
  remember(subject: string, checkout: RememberedCheckout): Promise<void>;
  /** The checkout's token, in its turn; the shopper leaving ends the wait. */
  mint(kind: PaymentKind, id: string, money: Money, scope: TokenScope, signal: AbortSignal): Promise<string>;
  handles: CheckoutHandles;
}

/** One payment's checkout: what the order (or the handle, for a renewal) decided. */
export interface CheckoutPlan {
  kind: PaymentKind;
  id: string;
  checkout: RememberedCheckout;
  scope: TokenScope;
}

export type CheckoutAnswer = CheckoutResponse | TopUpCheckoutResponse;

/**
 * A payment's route under the prefix, authorized by the handle: the status stream the element
 * follows (`events`), or the status it polls without one (`status`).
 */
const paymentUrl = (
  config: ResolvedOptions,
  collection: 'payins' | 'topups',
  id: string,
  handle: string,
  route: 'events' | 'status',
) => `${config.prefix}/${collection}/${encodeURIComponent(id)}/${route}?handle=${handle}`;

export function createCheckoutAnswers(parts: AnswerParts) {
  const { config } = parts;
  const named = config.merchantName ? { merchantName: config.merchantName } : {};
  const customerOf = (checkout: RememberedCheckout) => (checkout.customer ? { customer: checkout.customer } : {});

  async function payinAnswer(request: Request, plan: CheckoutPlan): Promise<CheckoutResponse> {
    const { id, checkout, scope } = plan;
    const { money } = checkout;
    const callbackUrl = await parts.callbackUrlFor(request);
    await parts.remember(subjectOf('payin', id), checkout);
    const offered = parts.options?.payin.get(money);
    const token = await parts.mint('payin', id, money, scope, request.signal);
    const { handle } = await parts.handles.sign({ kind: 'payin', id, money, scope });
    const options = await offered;
    return {
      token,
      baseUrl: config.platformUrl,
      apiVersion: config.apiVersion,
      idPayin: id,
      money,
      ...(options ? { options } : {}),
      ...named,
      callbackUrl,
      handle,
      statusUrl: paymentUrl(config, 'payins', id, handle, 'events'),
      statusPollUrl: paymentUrl(config, 'payins', id, handle, 'status'),
      ...customerOf(checkout),
    };
  }

  /** A top-up's answer also carries the rate the quote uses (cached until its validUpTo), and the options for what the customer pays. */
  async function topUpAnswer(request: Request, plan: CheckoutPlan): Promise<TopUpCheckoutResponse> {
    const { id, checkout, scope } = plan;
    const topUpRequested = checkout.topUpRequested as TopUpRequested;
    const money = statedMoney(topUpRequested);
    const byProvided = 'moneyProvided' in topUpRequested;
    const provided = byProvided ? topUpRequested.moneyProvided.currencyCode : topUpRequested.currencyProvided;
    const required = byProvided ? topUpRequested.currencyRequired : topUpRequested.moneyRequired.currencyCode;
    const callbackUrl = await parts.callbackUrlFor(request);
    await parts.remember(subjectOf('topup', id), checkout);
    // The token first: its answer's Date tells the platform's time, by which a cached rate holds.
    const token = await parts.mint('topup', id, money, scope, request.signal);
    // A currency paid into a wallet of the same currency needs no rate.
    const rate = provided === required ? Promise.resolve(undefined) : parts.fxRates.get(provided, required);
    const offered = rate.then((fxRate) => {
      const cache = parts.options?.topup;
      if (!cache) return undefined;
      if (byProvided) return cache.get(topUpRequested.moneyProvided);
      const quote = quoteTopUp('moneyRequired', money.amount, { provided, required }, fxRate ? [fxRate] : []);
      return quote ? cache.get(quote.moneyProvided) : undefined;
    });
    const { handle } = await parts.handles.sign({ kind: 'topup', id, money, scope, topUpRequested });
    const fxRate = await rate;
    const options = await offered;
    return {
      kind: 'topup',
      token,
      baseUrl: config.platformUrl,
      apiVersion: config.apiVersion,
      idTopUp: id,
      topUpRequested,
      ...(fxRate ? { fxRate } : {}),
      ...(options ? { options } : {}),
      ...named,
      callbackUrl,
      handle,
      statusUrl: paymentUrl(config, 'topups', id, handle, 'events'),
      statusPollUrl: paymentUrl(config, 'topups', id, handle, 'status'),
      ...customerOf(checkout),
    };
  }

  const answers = { payin: payinAnswer, topup: topUpAnswer };
  /** Everything an element needs for one payment of either kind. */
  return (request: Request, plan: CheckoutPlan): Promise<CheckoutAnswer> => answers[plan.kind](request, plan);
}
