/**
 * A payment has a kind: a payin (payin-kind.ts) or a wallet top-up (topup/kind.ts, a chunk that
 * only a top-up's page fetches). The session runs one flow for both — the start, the form, one
 * create, following the status, the end — and asks the kind only what differs between them: how
 * the page's attributes read, which endpoints create and read it, and what must hold before paying
 * beside the form (a top-up's quote).
 */
import type { PlatformError } from '../api/errors.js';
import type { AvailableOptionsResponse } from '../api/schemas/options.js';
import type { ClientOptions, RetryOptions } from '../api/transport.js';
import type { CheckoutConfig, ConfigProblem } from './config.js';
import type { CheckoutForm, FocusTarget, FormPreset } from './form.js';
import type { Payment, PaymentClient } from './payment.js';
import type { Phase } from './phase.js';
import type { PlatformClock } from '../api/platform-clock.js';
import type { MarkerStorage } from './started-here.js';
import type { TopUpInput } from './topup/config.js';

/** What the page gave the element: its attributes, read when the session needs them. */
export type SessionInput = TopUpInput & FormPreset & { kind?: string | null };

export interface StartInput {
  /** The options the merchant's server already fetched (the `options` property): none is asked for. */
  options?: AvailableOptionsResponse;
  /** Where the started-here markers live (started-here.ts). */
  storage?: MarkerStorage;
  /** Told before each wait for a busy or failing platform. */
  onRetry?: RetryOptions['onRetry'];
}

export type StartResult =
  | { next: 'resume'; payment: Payment; merchantName?: string }
  | {
      next: 'select';
      options: AvailableOptionsResponse;
      merchantName?: string;
      /** Asks for the merchant's name after the form shows (the options came with the page). */
      merchantNameLater?: () => Promise<string>;
    }
  | { next: 'error'; error: PlatformError | ConfigProblem };

/** What a kind may read of the session that runs it. */
export interface PaymentHost {
  readonly config?: CheckoutConfig;
  readonly clock: PlatformClock;
  readonly phase: Phase;
  /** Aborted when the session ends. */
  readonly signal: AbortSignal;
  /** The page's attributes as they are now. */
  input(): SessionInput;
  /** The form, whose notice a top-up's refreshed quote replaces with its own words. */
  readonly form: Pick<CheckoutForm, 'notice'>;
  requestUpdate(): void;
}

export interface PaymentKind {
  /** The page's attributes as this kind's configuration, or the first problem with them. */
  readConfig(input: SessionInput): CheckoutConfig | ConfigProblem;
  /**
   * The configuration with a fresh token for the same payment (renewed, or set by the page), or
   * the problem when the browser's token rule refuses it for this payment.
   */
  withToken(config: CheckoutConfig, token: string): CheckoutConfig | ConfigProblem;
  /** This payment's calls with a token (a fresh token makes a new client). */
  createClient(config: CheckoutConfig, options: ClientOptions): PaymentClient;
  /** The first answers, asked for at once: the options, the payment when it may exist, the merchant's name. */
  start(client: PaymentClient, config: CheckoutConfig, signal: AbortSignal, start: StartInput): Promise<StartResult>;
  /**
   * What must hold before paying beside the form's fields (a top-up's quote), asked as the
   * customer pays: where their attention goes when it does not, else undefined.
   */
  blocks?(): FocusTarget | undefined;
}
