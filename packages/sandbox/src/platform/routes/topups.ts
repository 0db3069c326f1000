/**
 * Top-ups: the payin flow with idTopUp, in one of two modes, converted with the emulator's
 * published FX rates (methods/fx-rates.ts). The scenario amount is the amount the request states.
 */
import {
  paths,
  quoteTopUp,
  topUpCreateRequestSchema,
  topUpQuoteProblem,
  type Money,
  type TopUpCreateRequest,
} from '../../shared.js';
import { HttpError, invalidRequest } from '../../refusals.js';
import { ratesBetween } from '../methods/fx-rates.js';
import { detailView, validateMethodRequest } from '../payin-flow.js';
import type { PlatformRoute } from '../checks.js';
import { createIncoming, findIncoming, optionsRoute, type IncomingKind } from './incoming.js';

const TOPUP: IncomingKind = {
  kind: 'topup',
  param: 'idTopUp',
  label: 'Top-up',
  readPath: paths.topUp,
  notFound: (id) => new HttpError(404, 'NOT_FOUND', `No top-up "${id}" exists for this merchant`),
};

type TopUpBody = {
  topUpRequested?: { moneyProvided?: { currencyCode?: unknown }; currencyProvided?: unknown };
} | null;

/**
 * A top-up states one side's money (what the customer provides, or what the wallet requires) and
 * the other side's currency; the customer is asked for moneyProvided and the wallet credited
 * moneyRequired, converted at the rates GET /fx-rates publishes now.
 */
const createTopUp = createIncoming<TopUpCreateRequest>(TOPUP, {
  parse(body) {
    const requested = (body as TopUpBody)?.topUpRequested;
    const request = validateMethodRequest(
      topUpCreateRequestSchema,
      body,
      requested?.moneyProvided?.currencyCode ?? requested?.currencyProvided,
    );
    const mode = request.topUpRequested;
    const stated: Money = 'moneyProvided' in mode ? mode.moneyProvided : mode.moneyRequired;
    return { request, stated };
  },
  price({ request, stated }, id, ctx) {
    const mode = request.topUpRequested;
    const currencies = {
      provided: 'moneyProvided' in mode ? mode.moneyProvided.currencyCode : mode.currencyProvided,
      required: 'moneyProvided' in mode ? mode.currencyRequired : mode.moneyRequired.currencyCode,
    };
    // The element's quote is this same call (api/fx.ts) on the rates GET /fx-rates publishes now.
    const quote = quoteTopUp(
      'moneyProvided' in mode ? 'moneyProvided' : 'moneyRequired',
      stated.amount,
      currencies,
      ratesBetween(currencies.provided, currencies.required, ctx.clock.now()),
    );
    if (!quote) {
      throw invalidRequest([
        {
          field: 'topUpRequested',
          message: `${currencies.provided} cannot be converted to ${currencies.required}: unsupported currency`,
        },
      ]);
    }
    const { moneyProvided, moneyRequired, rate } = quote;
    // The side the request states passed the amount rule; the converted side must pass it too.
    const problem = topUpQuoteProblem(quote);
    if (problem)
      throw invalidRequest([
        {
          field: 'topUpRequested',
          message: `converted to ${problem.money.currencyCode}, ${problem.side}.amount (${problem.money.amount}) ${problem.problem}`,
        },
      ]);
    return {
      money: moneyProvided,
      credit: moneyRequired,
      offeredIn: currencies.provided,
      view: (paymentMethodResponse, idPayment) => ({
        idTopUp: id,
        idPayment,
        moneyProvided,
        moneyRequired,
        rate,
        paymentMethodResponse,
      }),
    };
  },
});

export const topUpRoutes: PlatformRoute[] = [
  optionsRoute(paths.topUpOptions()),
  { method: 'POST', path: '/topups/:idTopUp', handle: createTopUp },
  { method: 'GET', path: '/topups/:idTopUp', handle: (call, ctx) => detailView(findIncoming(call, ctx, TOPUP)) },
  {
    method: 'GET',
    path: paths.topUpCustomerOptions(),
    handle: (call) => {
      const idCustomer = call.c.req.query('idCustomer');
      return { paymentTypeCode: 'TOPUP_WALLET', ...(idCustomer ? { customer: { idCustomer } } : {}) };
    },
  },
];
