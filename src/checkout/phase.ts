/**
 * Where a checkout is, as data. Each phase carries what its view needs, and every move from one
 * phase to another is decided here, in `nextPhase`: a move the table does not allow is refused,
 * so a late answer (a poll after the final status, a start after an error) cannot undo a phase.
 */
import type { ExternalProvider, PaymentOption } from '../api/schemas/options.js';
import { isFinalStatus, type FinalPayinStatus } from '../api/schemas/payin.js';
import type { PayErrorDetail } from '../events/index.js';
import type { Payment } from './payment.js';

export type FinalStatus = FinalPayinStatus;

export interface OptionsShown {
  options: PaymentOption[];
  providers: ExternalProvider[];
}

export type Phase =
  | { name: 'loading' }
  | ({ name: 'select' } & OptionsShown)
  | ({ name: 'submitting' } & OptionsShown)
  | { name: 'pending'; payment: Payment }
  | { name: 'final'; status: FinalStatus; payment: Payment }
  | { name: 'error'; detail: PayErrorDetail };

/** The reflected `state` attribute of <pay-checkout>. */
export type CheckoutState =
  'loading' | 'select' | 'submitting' | 'pending' | 'success' | 'failed' | 'refused' | 'error';

export type PhaseEvent =
  /** The options arrived: the form. */
  | ({ type: 'options' } & OptionsShown)
  /** The customer submitted a valid form. */
  | { type: 'submit' }
  /** The create was not accepted (a rejection, invalid data, a passing failure): the form again. */
  | { type: 'rejected' }
  /** A payment was created, found or read: pending, or final by its status. */
  | { type: 'payment'; payment: Payment }
  /** The checkout cannot go on. */
  | { type: 'fail'; detail: PayErrorDetail };

export const initialPhase: Phase = { name: 'loading' };

export function checkoutState(phase: Phase): CheckoutState {
  return phase.name === 'final' ? (phase.status.toLowerCase() as CheckoutState) : phase.name;
}

/** The phase after an event, or undefined when the event does not apply in this phase. */
export function nextPhase(phase: Phase, event: PhaseEvent): Phase | undefined {
  switch (event.type) {
    case 'options':
      return phase.name === 'loading'
        ? { name: 'select', options: event.options, providers: event.providers }
        : undefined;
    case 'submit':
      return phase.name === 'select' ? { ...phase, name: 'submitting' } : undefined;
    case 'rejected':
      return phase.name === 'submitting' ? { ...phase, name: 'select' } : undefined;
    case 'payment': {
      if (phase.name === 'final' || phase.name === 'error' || phase.name === 'select') return undefined;
      const { payment } = event;
      return isFinalStatus(payment.status)
        ? { name: 'final', status: payment.status, payment }
        : { name: 'pending', payment };
    }
    case 'fail':
      return phase.name === 'final' || phase.name === 'error' ? undefined : { name: 'error', detail: event.detail };
  }
}
