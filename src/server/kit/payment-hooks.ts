/**
 * What the merchant's hooks hear after a callback: each fresh payment read, of either kind, and
 * every read. One hook serves both kinds; `kind` tells which payment it is, and narrows its type.
 */
import type { PayinDetailResponse } from '../../api/schemas/payin.js';
import type { TopUpResponse } from '../../api/schemas/topup.js';
import type { PaymentKind } from '../shared/payment-kind.js';

/** A payment as the platform answers GET /payins/{idPayin} or GET /topups/{idTopUp}. */
export type Payment<K extends PaymentKind = PaymentKind> = K extends 'topup' ? TopUpResponse : PayinDetailResponse;

/** A fresh payment read after its callback, different from the last one handed over. */
export type PaymentUpdate = {
  [K in PaymentKind]: {
    kind: K;
    id: string;
    payment: Payment<K>;
    /** The payment as it was last handed to the hook; undefined the first time. */
    previous?: Payment<K>;
  };
}[PaymentKind];

export type PaymentUpdateHook = (update: PaymentUpdate) => unknown;

/**
 * One read of a payment after a callback: the payment and whether it differs from the last one
 * the update hook took, or the error of a read that failed for good (the payment's element then
 * reads it itself).
 */
export type PaymentRead =
  | { [K in PaymentKind]: { kind: K; id: string; payment: Payment<K>; changed: boolean } }[PaymentKind]
  | { kind: PaymentKind; id: string; error: unknown };

export type PaymentReadHook = (read: PaymentRead) => unknown;

/** What `onPayinUpdate` is told besides the fresh payin. */
export interface PayinUpdateContext {
  idPayin: string;
  /** The payin as it was last handed to onPayinUpdate; undefined the first time. */
  previous?: PayinDetailResponse;
}

/** @deprecated Use `PaymentUpdateHook` (`onPaymentUpdate`). */
export type PayinUpdateHook = (payin: PayinDetailResponse, context: PayinUpdateContext) => unknown;

/** What `onTopUpUpdate` is told besides the fresh top-up. */
export interface TopUpUpdateContext {
  idTopUp: string;
  /** The top-up as it was last handed to onTopUpUpdate; undefined the first time. */
  previous?: TopUpResponse;
}

/** @deprecated Use `PaymentUpdateHook` (`onPaymentUpdate`). */
export type TopUpUpdateHook = (topUp: TopUpResponse, context: TopUpUpdateContext) => unknown;

/** @deprecated Use `PaymentRead` (`onPaymentRead`). A read of a payin after a callback. */
export type PayinRead =
  { idPayin: string; payin: PayinDetailResponse; changed: boolean } | { idPayin: string; error: unknown };

/** @deprecated Use `PaymentReadHook` (`onPaymentRead`). */
export type PayinReadHook = (read: PayinRead) => unknown;

/** The hooks of the deprecated options, as the kind-neutral ones they stand for. */
export interface KindHooks {
  onUpdate?: PaymentUpdateHook;
  onRead?: PaymentReadHook;
  /** The name of the hook the merchant gave, for the log. */
  hookName(hook: 'onUpdate' | 'onRead', kind: PaymentKind): string;
}

export interface HookOptions {
  onPaymentUpdate?: PaymentUpdateHook;
  onPaymentRead?: PaymentReadHook;
  onPayinUpdate?: PayinUpdateHook;
  onTopUpUpdate?: TopUpUpdateHook;
  onPayinRead?: PayinReadHook;
}

/** The merchant's hooks as one update hook and one read hook, whichever names the merchant gave. */
export function kindHooks(options: HookOptions): KindHooks {
  const { onPayinUpdate, onTopUpUpdate, onPayinRead } = options;
  const onUpdate: PaymentUpdateHook | undefined =
    options.onPaymentUpdate ??
    (onPayinUpdate || onTopUpUpdate
      ? (update) =>
          update.kind === 'payin'
            ? onPayinUpdate?.(update.payment, { idPayin: update.id, ...pick(update, 'previous') })
            : onTopUpUpdate?.(update.payment, { idTopUp: update.id, ...pick(update, 'previous') })
      : undefined);
  const onRead: PaymentReadHook | undefined =
    options.onPaymentRead ??
    (onPayinRead
      ? (read) => {
          if (read.kind !== 'payin') return;
          return onPayinRead(
            'error' in read
              ? { idPayin: read.id, error: read.error }
              : { idPayin: read.id, payin: read.payment as PayinDetailResponse, changed: read.changed },
          );
        }
      : undefined);
  return {
    ...(onUpdate ? { onUpdate } : {}),
    ...(onRead ? { onRead } : {}),
    hookName(hook, kind) {
      if (hook === 'onRead') return options.onPaymentRead ? 'onPaymentRead' : 'onPayinRead';
      if (options.onPaymentUpdate) return 'onPaymentUpdate';
      return kind === 'topup' ? 'onTopUpUpdate' : 'onPayinUpdate';
    },
  };
}

/** `{ previous }` when the update has one, else `{}`: an absent property stays absent. */
function pick<T extends { previous?: unknown }>(update: T, key: 'previous'): Pick<T, 'previous'> {
  return update[key] === undefined ? {} : { previous: update[key] };
}
