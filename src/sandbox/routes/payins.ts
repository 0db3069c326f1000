/** Payin endpoints: options, create, detail, accounts, external reference. */
import {
  availableOptionsRequestSchema,
  idSchema,
  payinCreateRequestSchema,
  paths,
  setExternalReferenceRequestSchema,
} from '../../api/index.js';
import { paymentOptionsFor } from '../catalog.js';
import { HttpError, conflict, invalidRequest } from '../errors.js';
import {
  EXTERNAL_REFERENCE_METHODS,
  assertOffered,
  assertTokenMoney,
  createMethodPayment,
  detailView,
  outcomeOf,
  scenarioOrReject,
  validateMethodRequest,
} from '../payin-flow.js';
import { validateInput } from '../../server/index.js';
import { pathId, type PlatformCall, type PlatformRoute } from '../platform.js';
import type { SandboxContext } from '../context.js';

const notFound = (id: string) => new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${id}" exists for this merchant`);

function findPayin(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idPayin', idSchema);
  const record = ctx.store.get('payin', call.merchant.merchantCode, id);
  if (!record) throw notFound(id);
  return record;
}

async function createPayin(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idPayin', idSchema);
  const body = await call.json();
  const currency = (body as { paymentRequested?: { money?: { currencyCode?: unknown } } } | null)?.paymentRequested
    ?.money?.currencyCode;
  const request = validateMethodRequest(payinCreateRequestSchema, body, currency);
  const money = request.paymentRequested.money;
  assertTokenMoney(call.claims, money);
  if (ctx.store.has('payin', call.merchant.merchantCode, id))
    throw conflict(`Payin "${id}" already exists; read it with GET ${paths.payin(id)}`);
  assertOffered(request.paymentMethod, money.currencyCode);
  const scenario = scenarioOrReject(money.amount);
  const record = createMethodPayment(
    {
      kind: 'payin',
      id,
      merchant: call.merchant,
      method: request.paymentMethod,
      money,
      credit: money,
      callbackUrl: request.callbackUrl,
      returnUrl: request.returnUrl,
      origin: call.origin,
      view: (paymentMethodResponse, idPayment) => ({
        paymentRequested: { money },
        paymentMethodResponse,
        idPayment,
      }),
    },
    scenario,
    ctx,
  );
  ctx.store.insert(record);
  return record.view;
}

async function setExternalReference(call: PlatformCall, ctx: SandboxContext) {
  const id = pathId(call.c, 'idPayin', idSchema);
  const { externalReference } = validateInput(setExternalReferenceRequestSchema, await call.json());
  const record = findPayin(call, ctx);
  if (!EXTERNAL_REFERENCE_METHODS.has(record.methodCode ?? '')) {
    throw invalidRequest([{ field: 'externalReference', message: `${record.methodCode} takes no external reference` }]);
  }
  if (record.status !== 'PROCESSING') throw conflict(`Payin "${id}" is already ${record.status}`);
  (record.view.paymentMethodResponse as Record<string, unknown>).externalReference = {
    reference: externalReference.reference,
  };
  if (record.awaitingReference) {
    record.awaitingReference = false;
    const now = ctx.clock.now();
    ctx.store.schedule(record, outcomeOf(record.scenario!, now, record.expireAt!, ctx.settings.settleDelayMs, false));
  }
  return detailView(record);
}

export const payinRoutes: PlatformRoute[] = [
  {
    method: 'POST',
    path: paths.payinOptions(),
    handle: async (call) =>
      paymentOptionsFor(validateInput(availableOptionsRequestSchema, await call.json()).money.currencyCode),
  },
  { method: 'POST', path: '/payins/:idPayin', handle: createPayin },
  { method: 'GET', path: '/payins/:idPayin', handle: (call, ctx) => detailView(findPayin(call, ctx)) },
  {
    method: 'GET',
    path: '/payins/:idPayin/accounts',
    handle: (call, ctx) => {
      const record = findPayin(call, ctx);
      const data = [];
      if (record.requestAccount) data.push({ ...record.requestAccount, source: 'REQUEST' });
      if (record.paymentAccount) data.push({ ...record.paymentAccount, source: 'PAYMENT' });
      return { data };
    },
  },
  { method: 'POST', path: '/payins/:idPayin/!setExternalReference', handle: setExternalReference },
];
