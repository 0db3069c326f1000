/**
 * Read-only endpoints: merchant info, FX, balances, code lists, settlement options. A query value
 * that is unsupported or invalid is ignored, as the document says of query parameters.
 */
import { paths } from '../../shared.js';
import { CURRENCIES, SETTLEMENT_OPTIONS, allOperators, isKnownCurrency } from '../methods/catalog.js';
import { FX_PAIRS, fxRate } from '../methods/fx-rates.js';
import type { PlatformRoute } from '../checks.js';

/** A known currency code, or undefined for anything else (then the filter is not applied). */
const knownCurrency = (value: string | undefined) => {
  const code = value?.trim();
  return code && isKnownCurrency(code) ? code : undefined;
};

export const referenceRoutes: PlatformRoute[] = [
  {
    method: 'GET',
    path: paths.merchantInfo(),
    handle: (call) => ({ channelInfo: { name: call.merchant.channelName } }),
  },
  { method: 'GET', path: paths.fxRatePairs(), handle: () => ({ data: FX_PAIRS }) },
  {
    method: 'GET',
    path: paths.fxRates(),
    handle: (call, ctx) => {
      const base = knownCurrency(call.c.req.query('baseCurrencyCode'));
      const quote = knownCurrency(call.c.req.query('quoteCurrencyCode'));
      const now = ctx.clock.now();
      const data = FX_PAIRS.filter(
        (p) => (!base || p.baseCurrencyCode === base) && (!quote || p.quoteCurrencyCode === quote),
      ).map((p) => fxRate(p, now));
      return { data };
    },
  },
  {
    method: 'GET',
    path: paths.balances(),
    handle: (call, ctx) => {
      const wanted = (call.c.req.query('currencies') ?? '')
        .split(',')
        .map(knownCurrency)
        .filter((code): code is string => !!code);
      const balances = ctx.ledger.list(call.merchant.merchantCode);
      return { data: wanted.length ? balances.filter((b) => wanted.includes(b.currencyCode)) : balances };
    },
  },
  { method: 'GET', path: paths.settlementPaymentOptions(), handle: () => SETTLEMENT_OPTIONS },
  {
    method: 'GET',
    path: paths.currencies(),
    handle: () => ({ data: CURRENCIES.map(({ code, name, crypto }) => ({ code, name, crypto })) }),
  },
  { method: 'GET', path: paths.paymentOperators(), handle: () => ({ data: allOperators() }) },
];
