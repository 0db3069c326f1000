/**
 * The customer pays: the form is checked as the pay button checks it (with what the payment's
 * kind asks beside it, a top-up's quote), then the payment is created exactly once (create.ts,
 * in the payment's chunk, which the session fetched while the form was filled). While the create
 * runs, every submit() gets its result. It always settles.
 */
import { PlatformError, isAbortError } from '../api/errors.js';
import { Lazy } from '../api/lazy.js';
import type { CheckoutConfig } from './config.js';
import { toErrorDetail } from './errors.js';
import { loadOtherRules, rulesHere } from './form-rules.js';
import type { PaymentClient } from './payment.js';
import { markStartedHere } from './started-here.js';
import type { SubmissionHost } from './create.js';
import { refused, type PayAnySubmitResult } from './submit-result.js';

/** Creating a payment: in the payment's chunk (vite.config.ts), fetched with its views. */
const creating = new Lazy(() =>
  import('./create.js').catch((cause: unknown) => {
    throw new PlatformError({
      code: 'NETWORK',
      message: 'The checkout could not load what creates the payment',
      cause,
    });
  }),
);

export class Submission {
  /** The create in flight: every submit() while it runs gets its result. */
  private inFlight?: Promise<PayAnySubmitResult>;

  constructor(private readonly host: SubmissionHost) {}

  /** Whether the form would pass submit()'s checks: at the form, or creating from it. */
  valid(): boolean {
    const { config, phase, form, kind } = this.host;
    return (
      !!config &&
      (phase.name === 'select' || phase.name === 'submitting') &&
      form.complete(config.money.currencyCode) &&
      !kind.value?.blocks?.()
    );
  }

  /** The form's payment method when it passes; otherwise its problems marked and the first focused. */
  checked(): Record<string, unknown> | undefined {
    const { host } = this;
    // Another method's rules still on their way: nothing to check or mark yet.
    if (!rulesHere(host.form.selectedCode)) return undefined;
    const method = host.form.paymentMethod(host.config!.money.currencyCode);
    const blocked = host.kind.value?.blocks?.();
    host.requestUpdate();
    if (!method || blocked) host.focus(method && blocked ? blocked : host.form.problemTarget);
    return blocked ? undefined : method;
  }

  /**
   * Checks as the pay button does, then creates the payment, once: while the create runs, every
   * call gets its result. It always settles; anywhere but at the form, at once.
   */
  submit(): Promise<PayAnySubmitResult> {
    const { host } = this;
    const { config, client, phase } = host;
    if (phase.name === 'submitting' && this.inFlight) return this.inFlight;
    if (phase.name !== 'select' || !config || !client) return this.refused('INVALID_STATE', host.state);
    // Another method's rules may still be on their way (form-rules.ts): the form is checked once they are here.
    if (!rulesHere(host.form.selectedCode))
      return loadOtherRules().then(
        () => this.submit(),
        (cause: unknown) => this.rulesMissing(cause),
      );
    const method = this.checked();
    if (!method) return this.refused('INVALID_FORM');
    host.go({ type: 'submit' });
    // Before the request goes out: a reload from now on resumes this payment.
    markStartedHere(config, host.deps.storage);
    return (this.inFlight = this.create(config, client, method));
  }

  /** The chosen method's rules did not load: the form stays, and says so (select-view.ts); the result is a network error. */
  private async rulesMissing(cause: unknown): Promise<PayAnySubmitResult> {
    const { host } = this;
    host.requestUpdate();
    await host.deps.loadTroubleWords();
    const error = new PlatformError({
      code: 'NETWORK',
      message: "The checkout could not load the rules of this method's form",
      cause,
    });
    return { ok: false, error: toErrorDetail(error, host.words) };
  }

  private refused(code: 'INVALID_FORM' | 'INVALID_STATE', state?: string): Promise<PayAnySubmitResult> {
    return refused(this.host.deps.loadTroubleWords(), () => this.host.words, code, state);
  }

  private async create(
    config: CheckoutConfig,
    client: PaymentClient,
    method: Record<string, unknown>,
  ): Promise<PayAnySubmitResult> {
    const { host } = this;
    try {
      const result = await (await creating.get()).createPayment(host, config, client, method);
      if (result) return result;
    } catch (error) {
      // Something the create could not handle, or its chunk that did not load: the checkout cannot go on.
      if (!host.signal.aborted && !isAbortError(error)) {
        host.fail(error);
        await host.deps.loadTroubleWords();
        return { ok: false, error: toErrorDetail(error, host.words) };
      }
    }
    // The session ended (the checkout started again, or the element left the page) first.
    return this.refused('INVALID_STATE', 'stopped');
  }
}
