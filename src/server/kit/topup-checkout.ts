/**
 * The kit's answer for a top-up checkout (an order of `kind: 'topup'`, or a renewal of one):
 * src/api/schemas/topup-checkout-response.ts. Its pieces come from createCheckoutBackend (the token
 * queue, the handles, the store, the caches); this module puts them together.
 */
import { quoteTopUp } from '../../api/fx.js';
import type { TopUpCheckoutResponse } from '../../api/schemas/topup-checkout-response.js';
import type { Money } from '../../api/schemas/request-common.js';
import type { TopUpRequested } from '../../api/schemas/topup.js';
import type { CheckoutHandles, TokenScope } from './handle.js';
import type { ResolvedOptions } from './options.js';
import { statedMoney } from './request.js';
import type { RememberedCheckout } from '../stores/checkout-store.js';
import type { FxRateCache } from './fx-rate-cache.js';
import type { OptionsCache } from './options-cache.js';

export interface TopUpCheckoutParts {
  config: ResolvedOptions;
  fxRates: FxRateCache;
  /** Absent when the backend does not provide options. */
  topUpOptions?: OptionsCache;
  callbackUrlFor(request: Request): Promise<string>;
  /** Remembers the top-up as one this backend gave a checkout for. */
  remember(idTopUp: string, checkout: RememberedCheckout): Promise<void>;
  /** The checkout's token, in its turn; the shopper leaving ends the wait. */
  mint(idTopUp: string, money: Money, scope: TokenScope, signal: AbortSignal): Promise<string>;
  sign: CheckoutHandles['sign'];
}

export function createTopUpCheckouts(parts: TopUpCheckoutParts) {
  const { config, fxRates, topUpOptions } = parts;
  /**
   * Everything an element needs for one top-up: a fresh token and handle, the rate the quote uses
   * (cached until its validUpTo), and the top-up options for what the customer pays.
   */
  return async function topUpCheckoutFor(
    request: Request,
    idTopUp: string,
    checkout: RememberedCheckout & { topUpRequested: TopUpRequested },
    scope: TokenScope,
  ): Promise<TopUpCheckoutResponse> {
    const { topUpRequested, customer } = checkout;
    const money = statedMoney(topUpRequested);
    const provided =
      'moneyProvided' in topUpRequested ? topUpRequested.moneyProvided.currencyCode : topUpRequested.currencyProvided;
    const required =
      'moneyProvided' in topUpRequested ? topUpRequested.currencyRequired : topUpRequested.moneyRequired.currencyCode;
    const callbackUrl = await parts.callbackUrlFor(request);
    await parts.remember(idTopUp, checkout);
    // The token first: its answer's Date tells the platform's time, by which a cached rate holds.
    const token = await parts.mint(idTopUp, money, scope, request.signal);
    // A currency paid into a wallet of the same currency needs no rate.
    const rate = provided === required ? Promise.resolve(undefined) : fxRates.get(provided, required);
    const offered = rate.then((fxRate) => {
      if (!topUpOptions) return undefined;
      if ('moneyProvided' in topUpRequested) return topUpOptions.get(topUpRequested.moneyProvided);
      const quote = quoteTopUp('moneyRequired', money.amount, { provided, required }, fxRate ? [fxRate] : []);
      return quote ? topUpOptions.get(quote.moneyProvided) : undefined;
    });
    const { handle } = await parts.sign({ idPayin: idTopUp, money, scope, topUpRequested });
    const fxRate = await rate;
    const options = await offered;
    return {
      kind: 'topup',
      token,
      baseUrl: config.platformUrl,
      apiVersion: config.apiVersion,
      idTopUp,
      topUpRequested,
      ...(fxRate ? { fxRate } : {}),
      ...(options ? { options } : {}),
      ...(config.merchantName ? { merchantName: config.merchantName } : {}),
      callbackUrl,
      handle,
      statusUrl: `${config.prefix}/topups/${encodeURIComponent(idTopUp)}/events?handle=${handle}`,
      ...(customer ? { customer } : {}),
    };
  };
}
