/** Payin endpoints: options, create, detail, accounts, external reference. */
import {
  idSchema,
  paths,
  payinCreateRequestSchema,
  setExternalReferenceRequestSchema,
  validateInput,
  type PayinCreateRequest,
} from '../../shared.js';
import { HttpError, conflict, invalidRequest } from '../../refusals.js';
import { EXTERNAL_REFERENCE_METHODS, detailView, outcomeOf, validateMethodRequest } from '../payin-flow.js';
import { pathId, type PlatformCall, type PlatformRoute } from '../checks.js';
import type { SandboxContext } from '../../state/context.js';
import { createIncoming, findIncoming, optionsRoute, type IncomingKind } from './incoming.js';

const PAYIN: IncomingKind = {
  kind: 'payin',
  param: 'idPayin',
  label: 'Payin',
  readPath: paths.payin,
  notFound: (id) => new HttpError(404, 'PAYIN_NOT_FOUND', `No payin "${id}" exists for this merchant`),
};

const findPayin = (call: PlatformCall, ctx: SandboxContext) => findIncoming(call, ctx, PAYIN);

/** A payin asks for the money it states, and credits it. */
const createPayin = createIncoming<PayinCreateRequest>(PAYIN, {
  parse(body) {
    const currency = (body as { paymentRequested?: { money?: { currencyCode?: unknown } } } | null)?.paymentRequested
      ?.money?.currencyCode;
    const request = validateMethodRequest(payinCreateRequestSchema, body, currency);
    return { request, stated: request.paymentRequested.money };
  },
  price: ({ stated: money }) => ({
    money,
    credit: money,
    offeredIn: money.currencyCode,
    view: (paymentMethodResponse, idPayment) => ({ paymentRequested: { money }, paymentMethodResponse, idPayment }),
  }),
});

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
  optionsRoute(paths.payinOptions()),
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
