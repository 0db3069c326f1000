/** What a shopper of the load benchmark is told to do when it opens the checkout. */
export interface ShopperSettings {
  /** The checkout's status stream is given to the element (else left out: the element polls the kit). */
  relay: boolean;
  /** How long a shopper waits for the shop's checkout before giving up (the shop then shows an error). */
  checkoutPatienceMs: number;
}

/** What one shopper of the load benchmark went through, in wall-clock milliseconds (Date.now()). */
export interface ShopperEvent {
  type: string;
  at: number;
  status?: string;
  code?: string;
  retryable?: boolean;
  message?: string;
}

export interface ShopperRecord {
  idPayin?: string;
  openedAt: number;
  /** The shop's backend answered with a checkout (token minted). */
  tokenAt?: number;
  readyAt?: number;
  /** The element reached state `pending` (the payin was created). */
  pendingAt?: number;
  /** The shop's own call for a checkout failed: the shop shows an error. */
  checkoutFailure?: string;
  withOptions?: boolean;
  state?: string;
  events: ShopperEvent[];
}

/** Whether the shopper was shown an error: no checkout, the error view, or any pay-error. */
export const shownError = (shopper: ShopperRecord) =>
  !!shopper.checkoutFailure || shopper.state === 'error' || shopper.events.some((event) => event.type === 'pay-error');

/** When the shopper first saw this status in a pay-status. */
export const statusSeenAt = (shopper: ShopperRecord, status: string) =>
  shopper.events.find((event) => event.type === 'pay-status' && event.status === status)?.at;

export interface CrowdProgress {
  opened: number;
  tokens: number;
  ready: number;
  pending: number;
  final: number;
  errors: number;
  /** Shoppers whose checkout ended before a payin: the shop failed, or the error view. */
  ended: number;
}

export function progressOf(records: ShopperRecord[]): CrowdProgress {
  return {
    opened: records.length,
    tokens: records.filter((r) => r.tokenAt !== undefined).length,
    ready: records.filter((r) => r.readyAt !== undefined).length,
    pending: records.filter((r) => r.pendingAt !== undefined).length,
    final: records.filter((r) => r.state === 'success' || r.state === 'failed' || r.state === 'refused').length,
    errors: records.filter(shownError).length,
    ended: records.filter((r) => r.pendingAt === undefined && (!!r.checkoutFailure || r.state === 'error')).length,
  };
}

/** A crowd of shoppers, in Chromium or as Node clients. */
export interface Crowd {
  /** What the shoppers are: shown in the table and the JSON. */
  readonly kind: string;
  /** Gets N shoppers ready to open the checkout (tabs loaded). */
  prepare(count: number): Promise<void>;
  /** Every shopper opens the checkout now. */
  go(settings: ShopperSettings): Promise<void>;
  progress(): Promise<CrowdProgress>;
  records(): Promise<ShopperRecord[]>;
  close(): Promise<void>;
}
