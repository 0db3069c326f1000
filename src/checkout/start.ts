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
import { isConfigProblem, type CheckoutConfig } from './config.js';
import type { PayEventName } from '../events/index.js';
import type { CheckoutForm } from './form.js';
import type { PaymentClient, SessionEventDetails } from './payment.js';
import type { PaymentEvents } from './payment-events.js';
import type { PaymentWatch } from './payment-watch.js';
import type { PhaseEvent } from './phase.js';
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
  readonly form: CheckoutForm;
  readonly watch: Lazy<PaymentWatch>;
  readonly events: Pick<PaymentEvents, 'created'>;
  go(event: PhaseEvent): boolean;
  emit<K extends PayEventName>(name: K, detail: SessionEventDetails[K]): void;
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
    // The configuration, from the attributes or the merchant's checkout (which renews the token too).
    const opened = input.token
      ? { config: kind.readConfig(input), renew: undefined }
      : await (await checkoutSource.get()).openCheckout(kind, input, host.deps.storage, signal, host.waiting);
    const { config } = opened;
    if (isConfigProblem(config)) {
      console.warn(`<pay-checkout>: ${config.attribute}: ${config.detail}`);
      throw config;
    }
    if (signal.aborted) return undefined;
    host.config = config;
    host.renew = opened.renew;
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
    if (result.next === 'resume') return host.events.created(result.payment, true);
    const { data, externalProviders = [] } = result.options;
    if (!showForm(host, data, externalProviders))
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

/** The first answers are in: the form, with the options shown; false when the method the shop fixed is not offered. */
function showForm(host: StartHost, options: PaymentOption[], providers: ExternalProvider[]): boolean {
  const { form } = host;
  if (!form.preset(options, providers, host.input())) return false;
  host.go({ type: 'options', options, providers });
  // The form as the shop preset it: pay-change tells the customer's changes from here.
  form.changed(host.config!.money.currencyCode);
  // Fetch what follows a payment while the customer fills the form, not before the form shows.
  const idle =
    (globalThis as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ??
    ((fn: () => void) => setTimeout(fn, 200));
  idle(() => void host.watch.get().catch(() => undefined));
  host.emit('pay-ready', {
    options,
    externalProviders: providers.length ? providers : undefined,
    merchantName: host.merchantName,
  });
  return true;
}
