/** The merchant's own money and reference data: FX, top-ups, payouts, balances, code lists. */
import { paths } from '../paths.js';
import { fxRatePairsResponseSchema, fxRatesResponseSchema, type FxRatesQuery } from '../schemas/fx.js';
import {
  availableOptionsResponseSchema,
  currenciesResponseSchema,
  paymentOperatorsResponseSchema,
  settlementOptionsResponseSchema,
  type AvailableOptionsRequest,
} from '../schemas/options.js';
import { payoutCreateResponseSchema, payoutDetailResponseSchema, type PayoutCreateRequest } from '../schemas/payout.js';
import {
  balancesResponseSchema,
  topUpOptionsResponseSchema,
  topUpResponseSchema,
  type TopUpCreateRequest,
} from '../schemas/topup.js';
import type { CallOptions, Transport } from '../transport.js';

export const merchantEndpoints = ({ request, query }: Transport) => ({
  // FX
  getFxRatePairs: (call?: CallOptions) =>
    request('GET', paths.fxRatePairs(), fxRatePairsResponseSchema, undefined, call),
  getFxRates: (filter: FxRatesQuery = {}, call?: CallOptions) =>
    request(
      'GET',
      paths.fxRates() +
        query({ baseCurrencyCode: filter.baseCurrencyCode, quoteCurrencyCode: filter.quoteCurrencyCode }),
      fxRatesResponseSchema,
      undefined,
      call,
    ),

  // Top-ups
  createTopUp: (idTopUp: string, body: TopUpCreateRequest, call?: CallOptions) =>
    request('POST', paths.topUp(idTopUp), topUpResponseSchema, body, call),
  getTopUp: (idTopUp: string, call?: CallOptions) =>
    request('GET', paths.topUp(idTopUp), topUpResponseSchema, undefined, call),
  getTopUpAvailablePaymentOptions: (body: AvailableOptionsRequest, call?: CallOptions) =>
    request('POST', paths.topUpOptions(), availableOptionsResponseSchema, body, call),
  getTopUpOptions: (call?: CallOptions) =>
    request('GET', paths.topUpCustomerOptions(), topUpOptionsResponseSchema, undefined, call),

  // Payouts and balances
  createPayout: (idPayout: string, body: PayoutCreateRequest, call?: CallOptions) =>
    request('POST', paths.payout(idPayout), payoutCreateResponseSchema, body, call),
  getPayout: (idPayout: string, call?: CallOptions) =>
    request('GET', paths.payout(idPayout), payoutDetailResponseSchema, undefined, call),
  getBalances: (currencies?: readonly string[], call?: CallOptions) =>
    request(
      'GET',
      paths.balances() + query({ currencies: currencies?.join(',') }),
      balancesResponseSchema,
      undefined,
      call,
    ),

  // Code lists and settlement
  getSettlementPaymentOptions: (call?: CallOptions) =>
    request('GET', paths.settlementPaymentOptions(), settlementOptionsResponseSchema, undefined, call),
  getCurrencies: (call?: CallOptions) => request('GET', paths.currencies(), currenciesResponseSchema, undefined, call),
  getPaymentOperators: (call?: CallOptions) =>
    request('GET', paths.paymentOperators(), paymentOperatorsResponseSchema, undefined, call),
});
