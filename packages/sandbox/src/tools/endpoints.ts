/** The emulator's own endpoints (`/__sandbox/…`), as `GET /__sandbox` and the command's banner list them. */
export const SANDBOX_ENDPOINTS = [
  'GET    /__sandbox/clock                    sandbox time and its offset from the wall clock',
  'POST   /__sandbox/clock/advance            {"seconds": N} moves sandbox time forward',
  'GET    /__sandbox/scenarios                the amount table',
  'POST   /__sandbox/payins/{idPayin}/status  {"status", "failureReasonCode"?, "merchantCode"?} sets a final status now',
  'GET    /__sandbox/requests                 recent platform requests (?method=&path=); DELETE clears',
  'GET    /__sandbox/callbacks                callback deliveries and their attempts; DELETE clears',
  'GET    /__sandbox/faults                   injected faults; POST merges, PUT replaces, DELETE turns all off',
  'POST   /__sandbox/reset                    forgets every payment and restores opening balances',
  'GET    /__sandbox/redirect/{idPayin}       the simulated bank or wallet page of a payment: Approve, Decline, Let it expire',
  "POST   /__sandbox/redirect/{idPayin}       decision=approve|decline|expire (the page's form), then back to returnUrl",
];
