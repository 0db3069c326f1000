/**
 * Top-ups: the payin flow with idTopUp, in one of two modes, converted with the emulator's
 * published FX rates (fx.ts). The scenario amount is the amount the request states.
 */
import {
  availableOptionsRequestSchema,
  idSchema,
  paths,
  topUpCreateRequestSchema,
  type Money,
} from '../../api/index.js';
import { quoteTopUp, topUpQuoteProblem } from '../../api/fx.js';
import { paymentOptionsFor } from '../catalog.js';
import { HttpError, conflict, invalidRequest } from '../errors.js';
import { ratesBetween } from '../fx.js';
import {
  assertOffered,
  assertTokenMoney,
  createMethodPayment,
  detailView,
  scenarioOrReject,
  validateMethodRequest,
} from '../payin-flow.js';
import { validateInput } from '../../server/index.js';
import { pathId, type PlatformCall, type PlatformRoute } from '../platform.js';
import type { SandboxContext } from '../context.js';

type TopUpBody = {
  topUpRequested?: { moneyProvided?: { currencyCode?: unknown }; currencyProvided?: unknown };
} | null;

async function createTopUp(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idTopUp', idSchema);
  const body = await call.json();
  const requested = (body as TopUpBody)?.topUpRequested;
  const request = validateMethodRequest(
    topUpCreateRequestSchema,
    body,
    requested?.moneyProvided?.currencyCode ?? requested?.currencyProvided,
  );
  const mode = request.topUpRequested;
  const given: Money = 'moneyProvided' in mode ? mode.moneyProvided : mode.moneyRequired;
  assertTokenMoney(call.claims, given);
  if (ctx.store.has('topup', call.merchant.merchantCode, id))
    throw conflict(`Top-up "${id}" already exists; read it with GET ${paths.topUp(id)}`);

  const currencies = {
    provided: 'moneyProvided' in mode ? mode.moneyProvided.currencyCode : mode.currencyProvided,
    required: 'moneyProvided' in mode ? mode.currencyRequired : mode.moneyRequired.currencyCode,
  };
  // The element's quote is this same call (api/fx.ts) on the rates GET /fx-rates publishes now.
  const quote = quoteTopUp(
    'moneyProvided' in mode ? 'moneyProvided' : 'moneyRequired',
    given.amount,
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
  assertOffered(request.paymentMethod, currencies.provided);
  const scenario = scenarioOrReject(given.amount);
  const record = createMethodPayment(
    {
      kind: 'topup',
      id,
      merchant: call.merchant,
      method: request.paymentMethod,
      money: moneyProvided,
      credit: moneyRequired,
      callbackUrl: request.callbackUrl,
      returnUrl: request.returnUrl,
      origin: call.origin,
      view: (paymentMethodResponse, idPayment) => ({
        idTopUp: id,
        idPayment,
        moneyProvided,
        moneyRequired,
        rate,
        paymentMethodResponse,
      }),
    },
    scenario,
    ctx,
  );
  ctx.store.insert(record);
  return record.view;
}

function findTopUp(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idTopUp', idSchema);
  const record = ctx.store.get('topup', call.merchant.merchantCode, id);
  if (!record) throw new HttpError(404, 'NOT_FOUND', `No top-up "${id}" exists for this merchant`);
  return record;
}

export const topUpRoutes: PlatformRoute[] = [
  {
    method: 'POST',
    path: paths.topUpOptions(),
    handle: async (call) =>
      paymentOptionsFor(validateInput(availableOptionsRequestSchema, await call.json()).money.currencyCode),
  },
  { method: 'POST', path: '/topups/:idTopUp', handle: createTopUp },
  { method: 'GET', path: '/topups/:idTopUp', handle: (call, ctx) => detailView(findTopUp(call, ctx)) },
  {
    method: 'GET',
    path: paths.topUpCustomerOptions(),
    handle: (call) => {
      const idCustomer = call.c.req.query('idCustomer');
      return { paymentTypeCode: 'TOPUP_WALLET', ...(idCustomer ? { customer: { idCustomer } } : {}) };
    },
  },
];
