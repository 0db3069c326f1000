/**
 * A payin, what <pay-checkout> pays by default: its configuration (config.ts), its endpoints
 * (POST and GET /payins/{idPayin}, the UTR step) and its start, which asks for the options, the
 * payin when it may exist and the merchant's name at once.
 */
import { createCheckoutClient } from '../api/checkout-client.js';
import { PlatformError } from '../api/errors.js';
import { checkoutPaths as paths } from '../api/paths.js';
import { payinDetailResponseSchema, type Payin } from '../api/schemas/payin.js';
import { tokenPermits } from '../api/token.js';
import { DEFAULT_API_VERSION } from '../api/transport.js';
import { isConfigProblem, readCheckoutConfig, shopUrls, type CheckoutConfig, type ConfigProblem } from './config.js';
import { asPlatformError } from './errors.js';
import { patientRetry } from './patience.js';
import type { Payment } from './payment.js';
import type { PaymentKind } from './payment-kind.js';
import { wasStartedHere } from './started-here.js';

/**
 * An answer about another payment — another idPayin, or other money requested — is BAD_RESPONSE,
 * never a status to show: a platform (or anything between) that answers GET /payins/a with
 * payin b's SUCCESS must not make the customer of a believe they paid.
 */
export function aboutThisPayin(payin: Payin, config: CheckoutConfig): Payment {
  const response = payin.paymentMethodResponse;
  const money = payin.paymentRequested?.money;
  const problem =
    response.idPayin !== undefined && response.idPayin !== config.idPayin
      ? `idPayin ${response.idPayin}`
      : money && (money.amount !== config.money.amount || money.currencyCode !== config.money.currencyCode)
        ? `${money.amount} ${money.currencyCode} requested`
        : undefined;
  if (problem)
    throw new PlatformError({
      code: 'BAD_RESPONSE',
      retryable: true,
      message: `The platform answered about another payment (${problem}) than ${config.idPayin}`,
    });
  const reason = 'failureReasonCode' in payin ? payin.failureReasonCode : undefined;
  return {
    // A create's answer may carry no status yet; a read's always does.
    status: typeof payin.status === 'string' ? payin.status : undefined,
    response,
    money: money ?? response.money ?? config.money,
    idPayment: payin.idPayment,
    failureReasonCode: typeof reason === 'string' ? reason : undefined,
    record: payin,
    carried: { payin },
    named: { idPayin: config.idPayin },
  };
}

/**
 * Whether the token may permit a call: what its operations say; for a by-action token without
 * them, what the document lists for its action (PAYIN_CREATE: the options, creating and reading
 * this payin; PAYIN_INFO: reading it), so no request goes out that can only get 403; true when the
 * token does not say.
 */
export function mayCall(config: CheckoutConfig, method: string, path: string): boolean {
  const { action, operations } = config.payload;
  if (!operations && (action === 'PAYIN_CREATE' || action === 'PAYIN_INFO')) {
    const read = `GET ${paths.payin(config.idPayin)}`;
    const permitted =
      action === 'PAYIN_INFO' ? [read] : [`POST ${paths.payinOptions()}`, `POST ${paths.payin(config.idPayin)}`, read];
    return permitted.includes(`${method} ${path}`);
  }
  return tokenPermits(config.payload, method, path) !== false;
}

/**
 * A 404 to the options request means the page pointed the checkout at something that is not the
 * platform — with the current API version, nothing else answers 404 there — so it is bad page
 * input naming base-url; with another version it is the version the platform does not support.
 */
function startProblem(error: PlatformError, config: CheckoutConfig): PlatformError | ConfigProblem {
  if (error.httpStatus !== 404 || (error.code === 'VERSION_UNSUPPORTED' && config.apiVersion !== DEFAULT_API_VERSION))
    return error;
  return {
    code: 'INVALID_ATTRIBUTE',
    attribute: 'base-url',
    detail: `${config.baseUrl} answered 404 to POST ${paths.payinOptions()}: is it the platform's base URL?`,
  };
}

/** The payin kind; `platform` makes the platform client (tests give a fake one). */
export const payinKind = (platform = createCheckoutClient): PaymentKind => ({
  readConfig: readCheckoutConfig,

  withToken(config, token) {
    const fresh = readCheckoutConfig({ ...config, token, payinId: config.idPayin, ...config.money });
    return isConfigProblem(fresh) ? fresh : { ...config, token, payload: fresh.payload };
  },

  createClient(config, options) {
    const client = platform(options);
    const id = config.idPayin;
    const checked = (answer: Promise<Payin>) => answer.then((payin) => aboutThisPayin(payin, config));
    return {
      options: client.getAvailablePaymentOptions,
      merchantName: (call) => client.getMerchantInfo(call).then((info) => info.channelInfo.name),
      create: (method, call) =>
        checked(
          client.createPayin(
            id,
            {
              paymentRequested: { money: config.money },
              paymentMethod: method as Parameters<typeof client.createPayin>[1]['paymentMethod'],
              ...shopUrls(config),
            },
            call,
          ),
        ),
      read: (call) => checked(client.getPayin(id, call)),
      sendReference: (reference, call) =>
        checked(client.setExternalReference(id, { externalReference: { reference } }, call)),
      pushed: (data) => aboutThisPayin(payinDetailResponseSchema.parse(data), config),
    };
  },

  /**
   * One round trip to the form: the options, the payin (when it may exist: started in this tab,
   * or a token that can only read it) and the merchant's name, asked for at once. With the
   * merchant's own options there is no round trip at all, and the name is asked for after the form
   * shows. The name is asked only when the page did not give it and the token may permit it.
   */
  async start(client, config, signal, start) {
    const call = { signal, retry: patientRetry(start.onRetry) };
    const read = paths.payin(config.idPayin);
    const mayExist = !mayCall(config, 'POST', read) || wasStartedHere(config, start.storage);
    const asksName = !config.merchantName && mayCall(config, 'GET', paths.merchantInfo());
    const [options, payin, merchant] = await Promise.allSettled([
      start.options ?? client.options({ money: config.money }, call),
      mayExist && mayCall(config, 'GET', read) ? client.read(call) : Promise.reject(undefined),
      !start.options && asksName ? client.merchantName({ signal }) : Promise.reject(undefined),
    ]);
    if (signal.aborted) throw signal.reason;
    const merchantName = merchant.status === 'fulfilled' ? merchant.value : undefined;
    if (payin.status === 'fulfilled') return { next: 'resume', payment: payin.value, merchantName };
    if (options.status === 'rejected')
      return { next: 'error', error: startProblem(asPlatformError(options.reason), config) };
    // Any failure to read the payin — not found, or not readable just now — leads to the form:
    // should it exist after all, creating it answers 409 and the checkout resumes it.
    return {
      next: 'select',
      options: options.value,
      merchantName,
      merchantNameLater: start.options && asksName ? () => client.merchantName({ signal }) : undefined,
    };
  },
});
