/**
 * The start of a checkout: from the page's attributes to the platform's first answers. The words
 * of the page's locale are asked for beside everything else, and nothing shows before them (an
 * error neither: it is said in the shopper's words). The payment's kind may be a chunk (a
 * top-up's); the configuration comes from the attributes, or, with no token, from the merchant's
 * checkout (checkout-source.ts, a chunk of its own), which renews the token later too.
 */
import { PlatformError } from '../api/errors.js';
import { Lazy } from '../api/lazy.js';
import type { ExternalProvider, PaymentOption } from '../api/schemas/options.js';
import { isConfigProblem, type CheckoutConfig, type ConfigProblem } from './config.js';
import type { Payment, PaymentClient } from './payment.js';
import type { PaymentKind, SessionInput } from './payment-kind.js';
import type { MarkerStorage } from './started-here.js';

/** What the start needs of its session, and what it sets there. */
export interface StartHost {
  readonly kind: Lazy<PaymentKind>;
  readonly signal: AbortSignal;
  readonly deps: { loadWords?: () => Promise<void>; storage?: MarkerStorage };
  config?: CheckoutConfig;
  client?: PaymentClient;
  merchantName?: string;
  renew?: (signal: AbortSignal) => Promise<string>;
  input(): SessionInput;
  clientFor(config: CheckoutConfig): PaymentClient;
  /** Told before each wait for a busy or failing platform. */
  readonly waiting: () => void;
  /** The form, with the options shown; false when the method the shop fixed is not offered. */
  ready(options: PaymentOption[], providers: ExternalProvider[]): boolean;
  created(payment: Payment, resumed: boolean): void;
  fail(failure: unknown): void;
  requestUpdate(): void;
}

/** The merchant's checkout, fetched only by a page that uses it (`checkout-url`, `fetchCheckout`). */
const checkoutSource = new Lazy(() => import('./checkout-source.js'));

/** Starts the checkout of `host` from the page's attributes. */
export function startCheckout(host: StartHost): void {
  const input = host.input();
  const { signal } = host;
  if (!input.token && !input.checkoutUrl && !input.fetchCheckout) {
    // A token not there yet is a state to wait in, not an error: frameworks that render on the
    // server upgrade the element before they set its properties (setting the token starts again).
    const hint = setTimeout(
      () => console.info('<pay-checkout> is waiting for its token (a payment-scoped token from your server).'),
      3000,
    );
    return signal.addEventListener('abort', () => clearTimeout(hint));
  }
  // Words that could not load leave the first terms (en-first.ts): enough to say so and try again.
  const words = (host.deps.loadWords?.() ?? Promise.resolve()).catch((cause: unknown) => {
    throw new PlatformError({ code: 'NETWORK', message: "The checkout's words could not be loaded", cause });
  });
  const answers = host.kind.get().then(async (kind) => {
    const { config, renew } = await configure(kind, input, host);
    if (signal.aborted) return undefined;
    host.config = config;
    host.renew = renew;
    const client = (host.client = host.clientFor(config));
    return kind.start(client, config, signal, {
      options: config.options,
      storage: host.deps.storage,
      onRetry: host.waiting,
    });
  });
  void Promise.allSettled([answers, words]).then(([started, wordsIn]) => {
    if (signal.aborted) return;
    if (started.status === 'rejected') return host.fail(started.reason);
    if (wordsIn.status === 'rejected') return host.fail(wordsIn.reason);
    const result = started.value!;
    if (result.next === 'error') return host.fail(result.error);
    host.merchantName = host.config!.merchantName ?? result.merchantName;
    if (result.next === 'resume') return host.created(result.payment, true);
    const { data, externalProviders = [] } = result.options;
    if (!host.ready(data, externalProviders))
      return host.fail(
        new PlatformError({
          code: 'PAYMENT_OPERATOR_UNAVAILABLE',
          message: 'The method the shop fixed is not offered',
        }),
      );
    // With the merchant's own options the form showed at once; the merchant's name follows.
    result.merchantNameLater?.().then(
      (name) => ((host.merchantName = name), host.requestUpdate()),
      () => undefined,
    );
  });
}

/**
 * The checkout's configuration and how to renew its token: from the page's attributes, or from
 * the merchant's checkout. A problem with them is thrown (and warned about in the console).
 */
async function configure(
  kind: PaymentKind,
  input: SessionInput,
  host: StartHost,
): Promise<{ config: CheckoutConfig; renew?: (signal: AbortSignal) => Promise<string> }> {
  const opened: { config: CheckoutConfig | ConfigProblem; renew?: (signal: AbortSignal) => Promise<string> } =
    input.token
      ? { config: kind.readConfig(input) }
      : await (await checkoutSource.get()).openCheckout(kind, input, host.deps.storage, host.signal, host.waiting);
  if (isConfigProblem(opened.config)) {
    console.warn(`<pay-checkout>: ${opened.config.attribute}: ${opened.config.detail}`);
    throw opened.config;
  }
  return { config: opened.config, renew: opened.renew };
}
