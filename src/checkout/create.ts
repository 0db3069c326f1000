/**
 * Creating the payment the customer submitted, in the payment's chunk with what follows it: a
 * shopper who never pays never fetches it. The create is patient (patience.ts) and happens once:
 * a network failure is retried, and if the first attempt did reach the platform the retry answers
 * 409 and the existing payment is read. A create the platform does not accept leaves the customer
 * at the form, told why in their words, unless it ends the checkout.
 */
import type { PlatformError } from '../api/errors.js';
import type { Lazy } from '../api/lazy.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Localizer } from '../i18n/localize.js';
import type { CheckoutConfig } from './config.js';
import { asPlatformError, toErrorDetail } from './errors.js';
import type { CheckoutForm, FocusTarget } from './form.js';
import { patientRetry } from './patience.js';
import type { Payment, PaymentClient } from './payment.js';
import type { PaymentEvents } from './payment-events.js';
import type { PaymentKind } from './payment-kind.js';
import type { PaymentWatch } from './payment-watch.js';
import type { CheckoutState, Phase, PhaseEvent } from './phase.js';
import type { MarkerStorage } from './started-here.js';
import type { PayAnySubmitResult } from './submit-result.js';

/** What a submission (submission.ts) and its create need of their session. */
export interface SubmissionHost {
  readonly phase: Phase;
  readonly state: CheckoutState;
  readonly config?: CheckoutConfig;
  readonly client?: PaymentClient;
  readonly form: CheckoutForm;
  readonly kind: Lazy<PaymentKind>;
  readonly watch: Lazy<PaymentWatch>;
  readonly signal: AbortSignal;
  readonly words: Localizer;
  readonly deps: { loadTroubleWords(): Promise<void>; storage?: MarkerStorage };
  readonly waiting: () => void;
  go(event: PhaseEvent): boolean;
  focus(target: FocusTarget): void;
  fail(failure: unknown): void;
  readonly events: Pick<PaymentEvents, 'created'>;
  emit(name: 'pay-error', detail: PayErrorDetail): void;
  requestUpdate(): void;
}

/** Create failures after which the checkout cannot go on; any other leaves the customer at the form. */
const ENDS_CHECKOUT = new Set([
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'VERSION_UNSUPPORTED',
  'BAD_RESPONSE',
]);

type Created = { kind: 'created' | 'resumed'; payment: Payment } | { kind: 'failed'; error: PlatformError };

async function createOnce(
  client: PaymentClient,
  method: Record<string, unknown>,
  signal: AbortSignal,
  onRetry: () => void,
): Promise<Created> {
  const call = { signal, retry: patientRetry(onRetry) };
  try {
    return { kind: 'created', payment: await client.create(method, call) };
  } catch (error) {
    if (signal.aborted) throw error;
    const failure = asPlatformError(error);
    if (failure.code !== 'CONFLICT' && failure.code !== 'BAD_RESPONSE') return { kind: 'failed', error: failure };
    try {
      const payment = await client.read(call);
      // After an unreadable answer to our own create, the payment is ours: not a resumption.
      return { kind: failure.code === 'CONFLICT' ? 'resumed' : 'created', payment };
    } catch (readError) {
      if (signal.aborted) throw readError;
      return { kind: 'failed', error: failure.code === 'CONFLICT' ? asPlatformError(readError) : failure };
    }
  }
}

/**
 * Creates the payment of a submission; undefined when the session ended first. The merchant's
 * status stream opens before the create goes out, so no change goes unseen and following needs no
 * first read (PushedStatus.prepare); at most a second's wait.
 */
export async function createPayment(
  host: SubmissionHost,
  config: CheckoutConfig,
  client: PaymentClient,
  method: Record<string, unknown>,
): Promise<PayAnySubmitResult | undefined> {
  const { signal } = host;
  if (config.statusUrl)
    await host.watch.get().then(
      (watch) => watch.prepare(),
      () => undefined,
    );
  const result = signal.aborted ? undefined : await createOnce(client, method, signal, host.waiting);
  if (!result || signal.aborted) return undefined;
  if (result.kind === 'failed') return { ok: false, error: await notAccepted(host, result.error) };
  host.focus('status');
  host.events.created(result.payment, result.kind === 'resumed');
  return { ok: true, ...result.payment.carried };
}

/**
 * What ends the checkout fails it. A rejection, invalid data or a passing failure keeps the
 * customer at the form, where they may correct the data, try again or choose another method.
 */
async function notAccepted(host: SubmissionHost, error: PlatformError): Promise<PayErrorDetail> {
  const ends = ENDS_CHECKOUT.has(error.code);
  if (ends) host.fail(error);
  await host.deps.loadTroubleWords();
  const detail = toErrorDetail(error, host.words);
  if (!ends) {
    host.form.rejected(error);
    host.go({ type: 'rejected' });
    host.focus('form-error');
    host.emit('pay-error', detail);
  }
  return detail;
}
