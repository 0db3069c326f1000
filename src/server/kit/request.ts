/**
 * What `POST {prefix}/checkouts` accepts, and what it makes of the merchant's order: the body
 * (`{}` for a new checkout, `{"handle": …}` for a renewal), and the order hook's answer checked by
 * the one id rule and the one money rule before any platform request.
 */
import * as z from 'zod/mini';
import { checkoutCustomerSchema } from '../../api/schemas/checkout-response.js';
import { idSchema } from '../../api/schemas/payin-request.js';
import { moneySchema, type Money } from '../../api/schemas/request-common.js';
import {
  topUpRequestedMoneyProvidedSchema,
  topUpRequestedMoneyRequiredSchema,
  type TopUpRequested,
} from '../../api/schemas/topup.js';
import { opt } from '../../api/zod.js';
import { TOKEN_SCOPES } from './handle.js';
import type { CheckoutOrder, TopUpCheckoutOrder } from './options.js';
import { parseJson, readBodyText } from '../http/body.js';
import { HttpError } from '../http/error.js';

/** The largest checkout request body read (a handle is about 250 characters). */
const MAX_BODY_BYTES = 8 * 1024;
/** The longest string of customer data taken from the order hook. */
const MAX_CUSTOMER_FIELD = 256;

/**
 * The body: unknown properties are tolerated (a newer element may send more) and never read. A
 * renewal's `idPayin`, when sent, must be the handle's.
 */
const bodySchema = z.looseObject({
  handle: opt(z.string()),
  idPayin: opt(idSchema),
  idTopUp: opt(idSchema),
});
export type CheckoutRequestBody = z.infer<typeof bodySchema>;

const customerSchema = opt(
  z.strictObject(
    Object.fromEntries(
      Object.keys(checkoutCustomerSchema.def.shape).map((key) => [
        key,
        opt(z.string().check(z.maxLength(MAX_CUSTOMER_FIELD))),
      ]),
    ) as {
      [K in keyof typeof checkoutCustomerSchema.def.shape]: z.ZodMiniOptional<z.ZodMiniString>;
    },
  ),
);

const orderSchema = z.strictObject({
  idPayin: idSchema,
  money: moneySchema,
  customer: customerSchema,
  tokenScope: opt(z.enum(TOKEN_SCOPES)),
});

/** A top-up order, its mode read by the shape its `topUpRequested` has, so a problem is named at its field. */
const topUpOrderFields = {
  kind: z.literal('topup'),
  idTopUp: idSchema,
  customer: customerSchema,
  tokenScope: opt(z.enum(TOKEN_SCOPES)),
};
const topUpOrderSchemas = {
  provided: z.strictObject({
    ...topUpOrderFields,
    topUpRequested: z.strictObject(topUpRequestedMoneyProvidedSchema.def.shape),
  }),
  required: z.strictObject({
    ...topUpOrderFields,
    topUpRequested: z.strictObject(topUpRequestedMoneyRequiredSchema.def.shape),
  }),
};

/** The amount a top-up's request states, in its currency: what the token limits the create to. */
export const statedMoney = (requested: TopUpRequested): Money =>
  'moneyProvided' in requested ? requested.moneyProvided : requested.moneyRequired;

const detailsOf = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));

/** A JSON content type: a form another site posts (no preflight) is refused before it costs a token. */
function requireJson(request: Request): void {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the checkout request as JSON (Content-Type: application/json)',
      { headers: { Accept: 'application/json' } },
    );
  }
}

/** The checkout request's body; an empty one is `{}`. */
export async function readCheckoutBody(request: Request): Promise<CheckoutRequestBody> {
  requireJson(request);
  const text = await readBodyText(request, MAX_BODY_BYTES);
  const body = text.trim() === '' ? {} : parseJson(text);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(
      400,
      'INVALID_REQUEST',
      'The body must be a JSON object: {} for a new checkout, {"handle": "…"} to renew one',
      {
        details: [{ field: '(body)', message: 'must be a JSON object' }],
      },
    );
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    const details = detailsOf(parsed.error.issues);
    throw new HttpError(
      400,
      'INVALID_REQUEST',
      `The checkout request is invalid: ${details.map((d) => d.field).join(', ')}`,
      { details },
    );
  }
  return parsed.data;
}

/**
 * The order hook's answer, checked: the id rule, the money rule (src/api/money.ts) and the
 * merchant's `maxAmount`. An order that breaks them is 422 `INVALID_ORDER` (the shop's data, not
 * the browser's, so not a 400), with details, before any platform request.
 */
export function checkOrder(order: unknown, maxAmount: number): CheckoutOrder | TopUpCheckoutOrder {
  if (order !== null && typeof order === 'object' && (order as { kind?: unknown }).kind === 'topup')
    return checkTopUpOrder(order, maxAmount);
  const parsed = orderSchema.safeParse(order);
  const details = parsed.success ? [] : detailsOf(parsed.error.issues);
  if (parsed.success && parsed.data.money.amount > maxAmount) {
    details.push({
      field: 'money.amount',
      message: `must be at most ${maxAmount.toLocaleString('en')} (the shop's maxAmount)`,
    });
  }
  if (details.length > 0 || !parsed.success) {
    throw new HttpError(
      422,
      'INVALID_ORDER',
      `The order cannot be paid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
      { details },
    );
  }
  const { idPayin, money, customer, tokenScope } = parsed.data;
  const given = customer && Object.fromEntries(Object.entries(customer).filter(([, value]) => value !== undefined));
  return {
    idPayin,
    money: { amount: money.amount, currencyCode: money.currencyCode },
    ...(given && Object.keys(given).length > 0 ? { customer: given } : {}),
    ...(tokenScope ? { tokenScope } : {}),
  };
}

/** A top-up order, checked as a payin's is: the id rule, the mode's money rule and `maxAmount` on the amount it states. */
function checkTopUpOrder(order: unknown, maxAmount: number): TopUpCheckoutOrder {
  const requested = (order as { topUpRequested?: unknown }).topUpRequested;
  const byRequired =
    requested !== null &&
    typeof requested === 'object' &&
    ('moneyRequired' in requested || 'currencyProvided' in requested) &&
    !('moneyProvided' in requested);
  const parsed = (byRequired ? topUpOrderSchemas.required : topUpOrderSchemas.provided).safeParse(order);
  const details = parsed.success ? [] : detailsOf(parsed.error.issues);
  if (parsed.success) {
    const stated = statedMoney(parsed.data.topUpRequested);
    const side = 'moneyProvided' in parsed.data.topUpRequested ? 'moneyProvided' : 'moneyRequired';
    if (stated.amount > maxAmount)
      details.push({
        field: `topUpRequested.${side}.amount`,
        message: `must be at most ${maxAmount.toLocaleString('en')} (the shop's maxAmount)`,
      });
  }
  if (details.length > 0 || !parsed.success) {
    throw new HttpError(
      422,
      'INVALID_ORDER',
      `The top-up cannot be paid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
      { details },
    );
  }
  const { idTopUp, topUpRequested, customer, tokenScope } = parsed.data;
  const given = customer && Object.fromEntries(Object.entries(customer).filter(([, value]) => value !== undefined));
  return {
    kind: 'topup',
    idTopUp,
    topUpRequested,
    ...(given && Object.keys(given).length > 0 ? { customer: given } : {}),
    ...(tokenScope ? { tokenScope } : {}),
  };
}
