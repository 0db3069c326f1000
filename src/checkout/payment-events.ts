/**
 * What the page hears of a payment as its records come in — created or found (pay-created), a
 * status first seen or changed (pay-status), its end (pay-success, pay-failed or pay-refused,
 * once) — and the phase each record moves the checkout to. A late record (a read after the final
 * status) cannot undo a phase. Pending, the payment is followed by its watch, once that is here.
 */
import type { Lazy } from '../api/lazy.js';
import { timestampMs } from '../api/schemas/common.js';
import type { PayinStatus } from '../api/schemas/payin.js';
import type { PayEventName } from '../events/index.js';
import type { Payment, SessionEventDetails } from './payment.js';
import type { PaymentWatch } from './payment-watch.js';
import type { Phase, PhaseEvent } from './phase.js';
import type { PlatformClock } from '../api/platform-clock.js';

/** What the payment's events need of their session. */
export interface EventsHost {
  readonly phase: Phase;
  readonly clock: PlatformClock;
  readonly watch: Lazy<PaymentWatch>;
  go(event: PhaseEvent): boolean;
  emit<K extends PayEventName>(name: K, detail: SessionEventDetails[K]): void;
}

export class PaymentEvents {
  private lastStatus?: PayinStatus;
  private finalEmitted = false;

  constructor(private readonly host: EventsHost) {}

  /** A payment was created by us or found existing: pay-created, then what its record says. */
  created(payment: Payment, resumed: boolean): void {
    const { host } = this;
    host.watch.get().catch(() => undefined);
    host.emit('pay-created', { ...payment.named, idPayment: payment.idPayment, ...payment.carried, resumed });
    // The platform's clock from the answer's acceptedAt, when no Date header has told it.
    const accepted = timestampMs(payment.response.acceptedAt);
    if (!resumed && !host.clock.sampled && accepted !== undefined) host.clock.observe(accepted - 500, Date.now());
    this.seen(payment);
  }

  /** Every record of the payment seen (created, resumed, read, after the UTR step): status events, then the phase. */
  seen(payment: Payment): void {
    const { host } = this;
    const { status, carried } = payment;
    const watch = host.watch.value;
    if (status !== undefined) {
      watch?.read();
      if (status !== this.lastStatus) {
        const previousStatus = this.lastStatus;
        this.lastStatus = status;
        host.emit('pay-status', { status, ...(previousStatus ? { previousStatus } : {}), ...carried });
      }
    }
    if (!host.go({ type: 'payment', payment })) return;
    const { phase } = host;
    if (phase.name !== 'final') return watch?.follow();
    watch?.end('final');
    if (this.finalEmitted) return;
    this.finalEmitted = true;
    const name = phase.status === 'SUCCESS' ? 'pay-success' : phase.status === 'FAILED' ? 'pay-failed' : 'pay-refused';
    const reason = payment.failureReasonCode;
    host.emit(name, { ...carried, ...(reason ? { failureReasonCode: reason } : {}) });
  }
}
