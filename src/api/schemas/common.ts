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
 * paymentInstructionList: its item shape is not shown. We read a plain string, or an object with a
 * title and steps (or text); anything else is kept and shown as far as it has text.
 */
export const paymentInstructionSchema = z.union([
  z.string(),
  z.looseObject({
    title: opt(z.string()),
    text: opt(z.string()),
    steps: opt(z.array(z.string())),
  }),
]);
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

/** A timestamp: an ISO 8601 string, or epoch seconds or milliseconds as a number. */
export const timestampSchema = z.union([z.string(), z.number()]);
export type Timestamp = z.infer<typeof timestampSchema>;

/** Milliseconds since the epoch for a platform timestamp, or undefined when it cannot be read. */
export function timestampMs(value: Timestamp | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value < 1e11 ? value * 1000 : value;
  if (/^\d+$/.test(value)) return timestampMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
