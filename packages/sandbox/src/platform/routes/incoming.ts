/**
 * What payins and top-ups share as routes ("top-ups follow the payin flow"): their options, finding
 * one by its identifier, and creating one. A kind says only what differs: how its request parses
 * and what the stated money turns into; the order of the checks is one, here.
 */
import { availableOptionsRequestSchema, idSchema, validateInput, type Money, type PayinMethod } from '../../shared.js';
import { HttpError, conflict } from '../../refusals.js';
import type { SandboxContext } from '../../state/context.js';
import type { PaymentRecord } from '../../state/payments.js';
import { pathId, type PlatformCall, type PlatformRoute } from '../checks.js';
import { paymentOptionsFor } from '../methods/catalog.js';
import {
  assertOffered,
  assertTokenMoney,
  createMethodPayment,
  scenarioOrReject,
  type MethodPaymentInput,
} from '../payin-flow.js';

export interface IncomingKind {
  kind: 'payin' | 'topup';
  /** The path parameter of its identifier. */
  param: 'idPayin' | 'idTopUp';
  /** As a sentence starts with it: "Payin", "Top-up". */
  label: string;
  /** Where GET reads it (the 409's hint). */
  readPath: (id: string) => string;
  notFound: (id: string) => HttpError;
}

/** A request, parsed: what it asks for, and the money it states (the token's money and the scenario read it). */
export interface ParsedIncoming<R> {
  request: R & { paymentMethod: PayinMethod; callbackUrl?: string; returnUrl?: string };
  stated: Money;
}

/** What a parsed request becomes, once it is known to be new: 400s for what cannot be priced. */
export type IncomingPayment = Pick<MethodPaymentInput, 'money' | 'credit' | 'view'> & {
  /** The currency whose options must include the method. */
  offeredIn: string;
};

export interface IncomingCreate<R> {
  parse(body: unknown): ParsedIncoming<R>;
  price(parsed: ParsedIncoming<R>, id: string, ctx: SandboxContext): IncomingPayment;
}

/** The payment of this kind named by the path, or 404. */
export function findIncoming(call: PlatformCall, ctx: SandboxContext, kind: IncomingKind): PaymentRecord {
  const id = pathId(call.c, kind.param, idSchema);
  const record = ctx.store.get(kind.kind, call.merchant.merchantCode, id);
  if (!record) throw kind.notFound(id);
  return record;
}

/** `POST …/!availablePaymentOptions`: the methods and operators of a currency. */
export const optionsRoute = (path: string): PlatformRoute => ({
  method: 'POST',
  path,
  handle: async (call) =>
    paymentOptionsFor(validateInput(availableOptionsRequestSchema, await call.json()).money.currencyCode),
});

/**
 * Creates one: body (400), the token's money (403), a repeated identifier (409), pricing (400),
 * the method offered (406), the amount's scenario (406), then the record with its outcome scheduled.
 */
export function createIncoming<R>(kind: IncomingKind, create: IncomingCreate<R>) {
  return async (call: PlatformCall, ctx: SandboxContext) => {
    const id = pathId(call.c, kind.param, idSchema);
    const body = await call.json();
    const parsed = create.parse(body);
    assertTokenMoney(call.claims, parsed.stated);
    if (ctx.store.has(kind.kind, call.merchant.merchantCode, id))
      throw conflict(`${kind.label} "${id}" already exists; read it with GET ${kind.readPath(id)}`);
    const { offeredIn, ...priced } = create.price(parsed, id, ctx);
    assertOffered(parsed.request.paymentMethod, offeredIn);
    const row = scenarioOrReject(parsed.stated.amount);
    const payment = createMethodPayment(
      {
        kind: kind.kind,
        id,
        merchant: call.merchant,
        method: parsed.request.paymentMethod,
        callbackUrl: parsed.request.callbackUrl,
        returnUrl: parsed.request.returnUrl,
        origin: call.origin,
        request: body,
        ...priced,
      },
      row,
      ctx,
    );
    return ctx.store.insert(payment).view;
  };
}
