import * as z from 'zod/mini';
import { opt } from '../zod.js';

export const moneyResponseSchema = z.looseObject({
  amount: z.number(),
  currencyCode: z.string(),
});
export type MoneyResponse = z.infer<typeof moneyResponseSchema>;

/** Account as returned. bankBranch, bankCity and bankProvince are deprecated and ignored. */
export const accountResponseSchema = z.looseObject({
  accountName: opt(z.string()),
  accountNumber: opt(z.string()),
  bankCode: opt(z.string()),
  bankName: opt(z.string()),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const paymentOperatorSchema = z.looseObject({
  code: z.string(),
  name: opt(z.string()),
});
export type PaymentOperator = z.infer<typeof paymentOperatorSchema>;

export const accountCustomerSchema = z.looseObject({
  accountName: opt(z.string()),
  accountNumber: opt(z.string()),
});
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;

export const externalReferenceResponseSchema = z.looseObject({ reference: opt(z.string()) });

export const paymentAddressSchema = z.looseObject({
  name: opt(z.string()),
  idAddress: opt(z.string()),
});
export type PaymentAddress = z.infer<typeof paymentAddressSchema>;

export const paymentLocationResponseSchema = z.looseObject({
  postalCode: opt(z.string()),
  city: opt(z.string()),
  district: opt(z.string()),
  disctrict: opt(z.string()),
});

/**
 * paymentInstructionList: its item shape is not shown. Items are kept as they come; a view shows
 * a string, or an object's title and steps (or text), and skips what has no text — an item of
 * an unexpected shape must not make the whole payin unreadable.
 */
export const paymentInstructionSchema = z.unknown();
export type PaymentInstruction = unknown;

/**
 * A timestamp: an ISO 8601 string, or epoch seconds or milliseconds as a number (the format is not
 * shown). Kept as it comes; timestampMs reads it, and one it cannot read means "unknown", not an
 * unreadable payin.
 */
export const timestampSchema = z.unknown();
export type Timestamp = unknown;

/** Milliseconds since the epoch for a platform timestamp, or undefined when it cannot be read. */
export function timestampMs(value: Timestamp): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? (value < 1e11 ? value * 1000 : value) : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^\d+$/.test(value)) return timestampMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
