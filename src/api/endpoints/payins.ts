/** Payins, their options and the merchant's name: everything the checkout in the browser calls. */
import { checkoutPaths as paths } from '../paths.js';
import {
  availableOptionsResponseSchema,
  merchantInfoResponseSchema,
  type AvailableOptionsRequest,
} from '../schemas/options.js';
import { payinAccountsResponseSchema, payinCreateResponseSchema, payinDetailResponseSchema } from '../schemas/payin.js';
import type { PayinCreateRequest, SetExternalReferenceRequest } from '../schemas/payin-request.js';
import type { CallOptions, Transport } from '../transport.js';

export const payinEndpoints = ({ request }: Transport) => ({
  getAvailablePaymentOptions: (body: AvailableOptionsRequest, call?: CallOptions) =>
    request('POST', paths.payinOptions(), availableOptionsResponseSchema, body, call),
  getMerchantInfo: (call?: CallOptions) =>
    request('GET', paths.merchantInfo(), merchantInfoResponseSchema, undefined, call),
  createPayin: (idPayin: string, body: PayinCreateRequest, call?: CallOptions) =>
    request('POST', paths.payin(idPayin), payinCreateResponseSchema, body, call),
  getPayin: (idPayin: string, call?: CallOptions) =>
    request('GET', paths.payin(idPayin), payinDetailResponseSchema, undefined, call),
  getPayinAccounts: (idPayin: string, call?: CallOptions) =>
    request('GET', paths.payinAccounts(idPayin), payinAccountsResponseSchema, undefined, call),
  setExternalReference: (idPayin: string, body: SetExternalReferenceRequest, call?: CallOptions) =>
    request('POST', paths.payinExternalReference(idPayin), payinDetailResponseSchema, body, call),
});
