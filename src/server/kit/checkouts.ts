/**
 * `POST {prefix}/checkouts`: a new checkout (`{}`: the merchant's `order` hook decides the payment
 * and its money) or a renewal (`{"handle": …}`: the handle names the payment). Refusals are JSON
 * `{errorCode, message, details?}`, never a 500 for bad input; a shopper who leaves ends their wait.
 */
import { isPlatformError } from '../../api/errors.js';
import { HttpError, jsonResponse, methodNotAllowed } from '../http/error.js';
import type { BusLog } from '../shared/log.js';
import { KIND_WORDS, subjectOf, type PaymentKind } from '../shared/payment-kind.js';
import type { CheckoutStore } from '../stores/checkout-store.js';
import { paymentAttributes, traced, type PaySpan } from '../telemetry/telemetry.js';
import { QueueFullError } from './call-queue.js';
import type { CheckoutAnswer, CheckoutPlan } from './checkout-answers.js';
import type { CheckoutHandlePayload, CheckoutHandles } from './handle.js';
import type { CheckoutBackendOptions } from './options.js';
import { checkOrder, readCheckoutBody, statedMoney, type CheckoutRequestBody } from './request.js';
import type { ResolvedOptions } from './resolve-options.js';

export interface CheckoutParts {
  options: Pick<CheckoutBackendOptions, 'order'>;
  config: ResolvedOptions;
  log: BusLog;
  handles: CheckoutHandles;
  store: CheckoutStore;
  answer(request: Request, plan: CheckoutPlan): Promise<CheckoutAnswer>;
  /** A store call whose failure is 503, never a 500. */
  remembered<T>(call: () => Promise<T>): Promise<T>;
  /** Told what each request came to: `checkout` and `renewal` when granted, `forbidden` on a 403. */
  count(outcome: 'checkout' | 'renewal' | 'forbidden'): void;
}

const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);

/** The other kind: a handle of one kind never renews the other's payment. */
const OTHER: Record<PaymentKind, PaymentKind> = { payin: 'topup', topup: 'payin' };

export function createCheckouts(parts: CheckoutParts) {
  const { options, config, log } = parts;

  async function newCheckout(request: Request, span: PaySpan): Promise<Response> {
    let answer: unknown;
    try {
      answer = await options.order(request);
    } catch (error) {
      log('The order hook failed', error);
      throw new HttpError(500, 'ORDER_FAILED', 'The shop could not prepare this order');
    }
    // The merchant's own refusal (an empty cart, a shopper not signed in), as it is.
    if (answer instanceof Response) return answer;
    let order;
    try {
      order = checkOrder(answer, config.maxAmount);
    } catch (error) {
      log(`The order hook's answer cannot be paid: ${(error as Error).message}`);
      throw error;
    }
    const customer = order.customer ? { customer: order.customer } : {};
    const scope = order.tokenScope ?? config.tokenScope;
    const plan: CheckoutPlan =
      'kind' in order
        ? {
            kind: 'topup',
            id: order.idTopUp,
            checkout: { money: statedMoney(order.topUpRequested), topUpRequested: order.topUpRequested, ...customer },
            scope,
          }
        : { kind: 'payin', id: order.idPayin, checkout: { money: order.money, ...customer }, scope };
    span.set(paymentAttributes(plan.kind, plan.id));
    const body = await parts.answer(request, plan);
    parts.count('checkout');
    return jsonResponse(201, body);
  }

  /** The handle's claims, when they are this shop's and name the payment the body names, if any. */
  async function claimsOf(body: CheckoutRequestBody & { handle: string }): Promise<CheckoutHandlePayload> {
    const claims = await parts.handles.verify(body.handle);
    if (!claims) throw forbidden('This handle is not one this shop gave, or it has expired: start a new checkout');
    const own = KIND_WORDS[claims.kind];
    const other = KIND_WORDS[OTHER[claims.kind]];
    if (body[other.idField] !== undefined)
      throw forbidden(`This handle is the handle of a ${own.noun}, not of a ${other.noun}`);
    if (body[own.idField] !== undefined && body[own.idField] !== claims.id)
      throw forbidden(`This handle is not the handle of that ${own.noun}`);
    return claims;
  }

  async function renewal(
    request: Request,
    body: CheckoutRequestBody & { handle: string },
    span: PaySpan,
  ): Promise<Response> {
    span.rename('pay.renewal');
    const { kind, id, money, topUpRequested, scope } = await claimsOf(body);
    span.set(paymentAttributes(kind, id));
    // Remembered again (or again at all, after the store forgot it): the handle vouches for it.
    const kept = await parts.remembered(() => parts.store.recall(subjectOf(kind, id)));
    const checkout = { ...kept, money, ...(topUpRequested ? { topUpRequested } : {}) };
    const answer = await parts.answer(request, { kind, id, checkout, scope });
    parts.count('renewal');
    return jsonResponse(200, answer);
  }

  function errorResponse(error: unknown, request: Request): Response {
    if (error instanceof HttpError) {
      if (error.status === 403) parts.count('forbidden');
      return error.toResponse();
    }
    if (error instanceof QueueFullError) {
      return jsonResponse(
        503,
        { errorCode: 'BUSY', message: error.message },
        { 'Retry-After': String(error.retryAfterSecs) },
      );
    }
    if (request.signal.aborted)
      return jsonResponse(499, {
        errorCode: 'CLIENT_CLOSED',
        message: 'The shopper left before the checkout was ready',
      });
    if (isPlatformError(error)) {
      log(`The platform refused a checkout token: ${error.httpStatus ?? 'no answer'} ${error.code}`, error);
      return jsonResponse(502, {
        errorCode: error.code,
        message: `The platform answered ${error.httpStatus ?? 'nothing'} ${error.code}: ${error.message}`,
      });
    }
    log('The checkout backend failed unexpectedly', error);
    return jsonResponse(500, {
      errorCode: 'INTERNAL_ERROR',
      message: 'The checkout backend failed to handle this request',
    });
  }

  /**
   * `POST {prefix}/checkouts`: a new checkout (`{}`) or a renewal (`{"handle": …}`), in the span
   * `pay.checkout` (`pay.renewal` once the body says it is one).
   */
  return (request: Request): Promise<Response> =>
    traced('pay.checkout', {}, async (span) => {
      try {
        if (request.method !== 'POST') throw methodNotAllowed('POST');
        const body = await readCheckoutBody(request);
        if (body.handle !== undefined)
          return await renewal(request, body as CheckoutRequestBody & { handle: string }, span);
        if (body.idPayin !== undefined || body.idTopUp !== undefined)
          throw forbidden("Renewing a checkout's token needs the handle its checkout gave; {} starts a new checkout");
        return await newCheckout(request, span);
      } catch (error) {
        return errorResponse(error, request);
      }
    });
}
