/**
 * The kit's routes under its prefix, one small handler each:
 *
 *   POST {prefix}/checkouts               a new checkout (`{}`) or a renewal (`{"handle": …}`)
 *   POST {prefix}/callbacks               the platform's status callback
 *   GET  {prefix}/payins/{idPayin}/events a payin's status stream (OPTIONS: a page's preflight)
 *   GET  {prefix}/topups/{idTopUp}/events a top-up's
 *   GET  {prefix}/payins/{idPayin}/status a payin's status from the kit's store, for an element
 *                                         without a stream (OPTIONS: a page's preflight)
 *   GET  {prefix}/topups/{idTopUp}/status a top-up's
 */
import { createRouter, type Route } from '../http/router.js';
import { invalidId, isPaymentId, type PaymentKind } from '../shared/payment-kind.js';

export interface KitHandlers {
  handleCheckout(request: Request): Promise<Response>;
  handleCallback(request: Request): Promise<Response>;
  handleEvents(request: Request, id: string, options: { kind: PaymentKind }): Promise<Response>;
  handleStatus(request: Request, id: string, options: { kind: PaymentKind }): Promise<Response>;
}

/** The kind a path parameter names. */
const PARAM_KINDS: Record<string, PaymentKind> = { idPayin: 'payin', idTopUp: 'topup' };

export function kitRoutes(kit: KitHandlers): Route[] {
  /** A payment's routes of each kind: its stream and its status, each with its page's preflight. */
  const perPayment = (collection: string, param: string, kind: PaymentKind): Route[] =>
    ['GET', 'OPTIONS'].flatMap((method): Route[] => [
      {
        method,
        path: `/${collection}/:${param}/events`,
        handler: (request, params) => kit.handleEvents(request, params[param]!, { kind }),
      },
      {
        method,
        path: `/${collection}/:${param}/status`,
        handler: (request, params) => kit.handleStatus(request, params[param]!, { kind }),
      },
    ]);
  return [
    { method: 'POST', path: '/checkouts', handler: (request) => kit.handleCheckout(request) },
    { method: 'POST', path: '/callbacks', handler: (request) => kit.handleCallback(request) },
    ...perPayment('payins', 'idPayin', 'payin'),
    ...perPayment('topups', 'idTopUp', 'topup'),
  ];
}

/** The kit's whole surface as one fetch handler, mounted under `prefix`. */
export const kitRouter = (kit: KitHandlers, prefix: string) =>
  createRouter(kitRoutes(kit), {
    prefix,
    param(name, decoded) {
      if (decoded === undefined || !isPaymentId(decoded)) throw invalidId(PARAM_KINDS[name]);
      return decoded;
    },
  });
